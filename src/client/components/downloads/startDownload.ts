/**
 * Fetches a file from a signed link the way a link click would: the server answers it as an
 * attachment, so the page stays where it is. A link of our own origin needs no session header.
 */
export function startDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
