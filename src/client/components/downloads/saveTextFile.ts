/** Saves text the page already holds as a file (e.g. recovery-codes.txt), with no round trip to the server. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the click has handed the file to the browser; the object URL is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
