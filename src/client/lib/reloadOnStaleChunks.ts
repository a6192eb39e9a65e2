const RELOADED_AT = 'hourbank:stale-chunk-reload-at';

/**
 * Pages load as separate chunks with hashed names, and a new build replaces them: a tab opened
 * before it then fails to fetch the page it moves to. Vite reports that as vite:preloadError;
 * loading the new index.html fixes it. At most once in 10 s, so a server that is down does not
 * cause a reload loop.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', () => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  });
}
