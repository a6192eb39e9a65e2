import type { PDFFont } from 'pdf-lib';

/*
 * The standard PDF fonts encode only WinAnsi (Latin-1 plus a few typographic marks); pdf-lib throws on
 * anything else. Customer text can hold emoji, arrows or other scripts, so each character Helvetica
 * lacks becomes a close ASCII look-alike or its unaccented letter; emoji are dropped, anything else
 * becomes '?'. Newlines are kept for wrapping; drawing never receives them.
 */
const lookAlikes: Record<string, string> = {
  '→': '->', '←': '<-', '⇒': '=>', '↔': '<->', '≤': '<=', '≥': '>=', '≠': '!=', '−': '-',
  '‐': '-', '‑': '-', '‒': '-', '✓': 'v', '✔': 'v', '✗': 'x', '✘': 'x', '★': '*', '☆': '*',
  'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd', 'ı': 'i', 'Ħ': 'H', 'ħ': 'h', '\t': ' ',
  '\u00a0': ' ', '\u2007': ' ', '\u202f': ' ', '\u2009': ' ', '\u200a': ' ', '\u2002': ' ', '\u2003': ' ',
};

const supportedCodePoints = new Map<PDFFont, Set<number>>();
let helveticaCodePoints: Set<number> | undefined;

function codePointsOf(font: PDFFont | undefined): Set<number> {
  if (!font) return (helveticaCodePoints ??= winAnsiCodePoints());
  let set = supportedCodePoints.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    supportedCodePoints.set(font, set);
  }
  return set;
}

/** WinAnsi as Helvetica encodes it, for text (metadata) that is not drawn with a particular font. */
function winAnsiCodePoints(): Set<number> {
  const extras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
  const codes = new Set<number>();
  for (let code = 0x20; code <= 0x7e; code += 1) codes.add(code);
  for (let code = 0xa0; code <= 0xff; code += 1) codes.add(code);
  for (const char of extras) codes.add(char.codePointAt(0) ?? 0);
  return codes;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Printable ASCII, which every standard font encodes: most text, passed through without a look. */
const PRINTABLE_ASCII = /^[\x20-\x7e\n]*$/;

export function toWinAnsi(text: string, font?: PDFFont): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  const supported = codePointsOf(font);
  const isSupported = (value: string) => [...value].every((char) => supported.has(char.codePointAt(0) ?? -1));
  let result = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC').replace(/\r\n?/g, '\n'))) {
    result += segment === '\n' || isSupported(segment) ? segment : lookAlikeOf(segment, isSupported);
  }
  return result;
}

function lookAlikeOf(grapheme: string, isSupported: (value: string) => boolean): string {
  const listed = lookAlikes[grapheme];
  if (listed !== undefined) return listed;
  const unaccented = grapheme.normalize('NFKD').replace(/\p{M}/gu, '');
  if (unaccented && isSupported(unaccented)) return unaccented;
  if (/^[\p{Cc}\p{Cf}]+$/u.test(grapheme) || /\p{Extended_Pictographic}/u.test(grapheme)) return '';
  return '?';
}
