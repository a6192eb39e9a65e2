/*
 * What a file is, decided from its first bytes alone: never from its name, or from the type a browser
 * or a script says it has. An uploaded logo and a payment's proof are both checked here, so a page of
 * HTML renamed to .pdf or .png is refused wherever files come in.
 */

/** The file types the app accepts anywhere, with the bytes each begins with. */
const SIGNATURES = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
} satisfies Record<string, number[][]>;

export type KnownFileType = keyof typeof SIGNATURES;

/** The file name ending each type is saved with. */
export const FILE_EXTENSIONS: Record<KnownFileType, string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The type the bytes begin as, or null for anything else (text, HTML, an unknown format). */
export function fileTypeOf(data: Uint8Array): KnownFileType | null {
  for (const [type, signatures] of Object.entries(SIGNATURES) as [KnownFileType, number[][]][]) {
    if (signatures.some((signature) => signature.every((byte, index) => data[index] === byte))) return type;
  }
  return null;
}

/** The base64 of a data URL (`data:<any type>;base64,<data>`), whatever type it claims; null when it is not one. */
export function base64OfDataUrl(dataUrl: string): string | null {
  return /^data:(?:[\w.+-]+\/[\w.+-]+)?;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl)?.[1] ?? null;
}
