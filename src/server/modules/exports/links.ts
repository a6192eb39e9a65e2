import { DOWNLOAD_LINK_LIFETIME_MS, type DownloadLink } from '../../../shared/exports.js';
import type { AppDeps } from '../../deps.js';
import { signLink, verifyLink, type LinkCheck } from '../../pdf/signed-link.js';

/*
 * A download link carries what it downloads as JSON in one signed parameter `q`: the caller's
 * checked input (and, for a customer, their company), so the download itself needs no session.
 */

export function downloadLink(deps: AppDeps, path: string, payload: object): DownloadLink {
  const expiresAt = new Date(deps.clock.now().getTime() + DOWNLOAD_LINK_LIFETIME_MS);
  return { url: signLink(deps.linkSigningKey, `${path}?q=${encodeURIComponent(JSON.stringify(payload))}`, expiresAt) };
}

export type OpenedLink = { check: Exclude<LinkCheck, 'valid'> } | { check: 'valid'; path: string; payload: unknown };

/** Checks a request URL made from downloadLink; a valid one answers its path and what it signs. */
export function openDownloadLink(deps: AppDeps, url: string): OpenedLink {
  const { check, query } = verifyLink(deps.linkSigningKey, url, deps.clock.now());
  if (check !== 'valid') return { check };
  const q = query.get('q');
  if (q === null) return { check: 'invalid' };
  try {
    return { check, path: url.slice(0, url.indexOf('?')), payload: JSON.parse(q) as unknown };
  } catch {
    return { check: 'invalid' };
  }
}
