/**
 * The link with the first character of its signature changed: a link that must be refused. (A
 * fixed replacement such as 'A' would leave one signature in 64 as it was.)
 */
export function tamperedSignature(url: string): string {
  return url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
}
