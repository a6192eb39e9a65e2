import { JSON_TOO_DEEP, MAX_JSON_DEPTH } from '../shared/limits.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const OPEN_OBJECT = 123;
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;

/**
 * A 400 error for JSON text nested deeper than MAX_JSON_DEPTH, else undefined. One pass that jumps
 * over strings, so it costs a few milliseconds for a megabyte, far less than the parse it saves.
 * Malformed text is left for JSON.parse to refuse.
 */
export function jsonNestingError(text: string): (Error & { statusCode: number }) | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = closingQuote(text, i);
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return Object.assign(new Error(JSON_TOO_DEEP), { statusCode: 400 });
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return undefined;
}

/** The index of the quote that ends the string opening at `start` (the text's end if none does). */
function closingQuote(text: string, start: number): number {
  let at = start;
  do {
    at = text.indexOf('"', at + 1);
    if (at === -1) return text.length;
  } while (escaped(text, at));
  return at;
}

function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  for (let i = at - 1; i >= 0 && text.charCodeAt(i) === BACKSLASH; i -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}
