import { DOWNLOAD_LINK_LIFETIME_MS, type DownloadLink } from '../../../shared/exports.js';
import type { AppDeps } from '../../deps.js';
import { newId } from '../../lib/ids.js';
import { signLink, verifyLink, type LinkCheck } from '../../pdf/signed-link.js';
import { namedUserSource } from '../account/sign-in-events.js';
import { recordEvent, type EventSource, type NewEvent } from '../events/service.js';
import { getUser } from '../users/lookup.js';

/*
 * A download link carries what it downloads as JSON in one signed parameter `q`: the caller's
 * checked input (and, for a customer, their company), so the download itself needs no session. It
 * also names the link itself and the user who asked for it, so a link fetched again counts again
 * against that user's download limit (LinkFetches).
 */

type Signed = { link: string; by: string };

export function downloadLink(deps: AppDeps, path: string, userId: string, payload: object): DownloadLink {
  const expiresAt = new Date(deps.clock.now().getTime() + DOWNLOAD_LINK_LIFETIME_MS);
  const signed: Signed = { link: newId(), by: userId };
  return { url: signLink(deps.linkSigningKey, `${path}?q=${encodeURIComponent(JSON.stringify({ ...payload, ...signed }))}`, expiresAt) };
}

export type OpenedLink = { check: Exclude<LinkCheck, 'valid'> } | ({ check: 'valid'; path: string; payload: unknown } & Signed);

/** Checks a request URL made from downloadLink; a valid one answers its path, what it signs, its id and its user. */
export function openDownloadLink(deps: AppDeps, url: string): OpenedLink {
  const { check, query } = verifyLink(deps.linkSigningKey, url, deps.clock.now());
  if (check !== 'valid') return { check };
  const q = query.get('q');
  if (q === null) return { check: 'invalid' };
  let payload: Partial<Signed>;
  try {
    payload = JSON.parse(q) as Partial<Signed>;
  } catch {
    return { check: 'invalid' };
  }
  // a genuine link issued before links named themselves and their user: start the download again
  if (typeof payload.link !== 'string' || typeof payload.by !== 'string') return { check: 'expired' };
  return { check, path: url.slice(0, url.indexOf('?')), payload, link: payload.link, by: payload.by };
}

/**
 * Every download counts once against its user's download limit, however it is fetched. The link
 * call counted the first fetch of its link; each further fetch of the same link (a replay, a
 * browser's retry) counts another, so a link cannot be fetched more often than the limit allows.
 * A link is known as fetched for as long as it lives, where the rate limits count (so by every
 * process on a shared database); a restart of a single process forgives, as with every rate limit.
 */
export async function countLinkFetch(deps: Pick<AppDeps, 'rateLimiter'>, link: string, userId: string): Promise<void> {
  if (await deps.rateLimiter.isFirst(`download-link|${link}`, DOWNLOAD_LINK_LIFETIME_MS)) return;
  await deps.rateLimiter.consumeByUser('download', userId);
}

/** Who fetches a download: the user its link names (who asked for it), from the fetch's address `ip`. */
export async function downloadSource(deps: Pick<AppDeps, 'db'>, userId: string, ip: string): Promise<EventSource> {
  return namedUserSource(await getUser(deps.db, userId), userId, ip);
}

/**
 * Records a download served (export.downloaded, statement.downloaded), in a transaction of its
 * own: serving it changes nothing else.
 */
export async function recordDownload(deps: Pick<AppDeps, 'db' | 'clock'>, source: EventSource, event: NewEvent): Promise<void> {
  await deps.db.transaction((tx) => recordEvent(tx, source, deps.clock.now(), event));
}

/**
 * A CSV's chunks, its download recorded once the last has been read (recordDownload), before the
 * reply ends: a file cut off is not recorded as served, and the file is read before its own event
 * exists, so the audit log's own CSV holds the rows its page showed.
 */
export async function* recordedOnceRead(chunks: AsyncGenerator<string>, deps: Pick<AppDeps, 'db' | 'clock'>, source: EventSource, event: NewEvent): AsyncGenerator<string> {
  yield* chunks;
  await recordDownload(deps, source, event);
}
