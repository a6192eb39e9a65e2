import { describe, expect, it } from 'vitest';
import { csvField, csvLine, guardedText } from './csv.js';

describe('csvField', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('Acme Corp')).toBe('Acme Corp');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(0)).toBe('0');
  });

  it('writes a negative number as a number, not guarded', () => {
    expect(csvField(-1.25)).toBe('-1.25');
  });

  it('quotes a field with a comma, a quote, CR or LF and doubles its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=SUM(A1:A9)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('prefixes the formula-like text %j with a quote', (text) => {
    expect(csvField(text).replace(/^"|"$/g, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('guards before quoting, so the quote is inside the quoted field', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('-1,5')).toBe(`"'-1,5"`);
  });

  it('does not guard a formula character after the first', () => {
    expect(guardedText('a=b')).toBe('a=b');
    expect(guardedText('1-2')).toBe('1-2');
  });

  it('keeps unicode as it is', () => {
    expect(csvField('Zoë Ørsted — 東京')).toBe('Zoë Ørsted — 東京');
    expect(csvField('emoji 🎉, yes')).toBe('"emoji 🎉, yes"');
  });

  it('writes null, undefined and a non-finite number as an empty field', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });
});

describe('csvLine', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
