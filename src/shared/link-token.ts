/**
 * Reset and set-password links carry a JWT whose payload has `exp` in seconds. The reset screen
 * reads it before asking the server, to offer a new link at once; the signature is the server's business.
 */
export type LinkTokenState = 'valid' | 'expired' | 'invalid';

export function linkTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}

export function linkTokenState(token: string, nowMs: number): LinkTokenState {
  const exp = linkTokenExpiry(token);
  if (exp === null) return 'invalid';
  return exp * 1000 <= nowMs ? 'expired' : 'valid';
}
