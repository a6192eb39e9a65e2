import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../shared/settings.js';
import { changedFields } from '../../../shared/events.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { fileTypeOf } from '../../lib/file-types.js';
import type { EventSource } from '../events/service.js';
import { recordSettingsChange } from './events.js';

/*
 * The business logo, printed on invoices and statements and shown in emails. It lives in the
 * settings table under two keys: the bytes, read only by the PDFs and the logo route, and a small
 * description (type, size, version) that every email and the Settings page read.
 */

const DATA_KEY = 'logo';
const INFO_KEY = 'logo.info';

/** Where the logo is served; the version changes with the image so mail clients and browsers refetch it. */
export const LOGO_PATH = '/api/branding/logo';

export type LogoType = (typeof LOGO_TYPES)[number];
type StoredInfo = { contentType: LogoType; bytes: number; version: string };
export type Logo = StoredInfo & { data: Buffer };

export const LOGO_NOT_AN_IMAGE = 'The logo must be a PNG or JPEG image.';
export const LOGO_TOO_LARGE = `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`;
export const LOGO_UNREADABLE = 'The logo could not be read as an image; save it again as PNG or JPEG.';

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

async function storedInfo(tx: Tx): Promise<StoredInfo | null> {
  const { settings } = tx.t;
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, INFO_KEY));
  return row ? (JSON.parse(row.value) as StoredInfo) : null;
}

/** The logo's address (with its version), type and size, or null when there is none. */
export async function logoInfo(tx: Tx): Promise<{ url: string; contentType: string; bytes: number } | null> {
  const info = await storedInfo(tx);
  return info ? { url: `${LOGO_PATH}?v=${info.version}`, contentType: info.contentType, bytes: info.bytes } : null;
}

/** The logo with its bytes, for the PDFs and the logo route. */
export async function readLogo(tx: Tx): Promise<Logo | null> {
  const info = await storedInfo(tx);
  if (!info) return null;
  const { settings } = tx.t;
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, DATA_KEY));
  return row ? { ...info, data: Buffer.from(row.value, 'base64') } : null;
}

/** The image a data URL carries, checked to be a PNG or JPEG of the allowed size that a PDF can embed. */
async function decodeLogo(dataUrl: string): Promise<{ contentType: LogoType; data: Buffer }> {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new AppError('BAD_REQUEST', LOGO_NOT_AN_IMAGE);
  const contentType = match[1] as LogoType;
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > LOGO_MAX_BYTES) throw new AppError('BAD_REQUEST', LOGO_TOO_LARGE);
  if (fileTypeOf(data) !== contentType) throw new AppError('BAD_REQUEST', LOGO_NOT_AN_IMAGE);
  try {
    const document = await PDFDocument.create();
    await (contentType === 'image/png' ? document.embedPng(data) : document.embedJpg(data));
  } catch {
    throw new AppError('BAD_REQUEST', LOGO_UNREADABLE);
  }
  return { contentType, data };
}

type LogoDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Saves the logo; a new image is recorded (settings.updated) as the Settings page shows the logo (address, type and size), never its bytes. */
export async function saveLogo(deps: LogoDeps, source: EventSource, dataUrl: string) {
  const { contentType, data } = await decodeLogo(dataUrl);
  const info: StoredInfo = { contentType, bytes: data.length, version: createHash('sha256').update(data).digest('hex').slice(0, 16) };
  await changeLogo(deps, source, async (tx) => {
    const { settings } = tx.t;
    for (const [key, value] of [[DATA_KEY, data.toString('base64')], [INFO_KEY, JSON.stringify(info)]] as const) {
      await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    }
  });
  return logoInfo(deps.db);
}

/** Removes the logo, in a transaction of its own (or the one open on `db`); recorded as saveLogo records a new one. */
export async function removeLogo(deps: LogoDeps, source: EventSource): Promise<void> {
  await changeLogo(deps, source, async (tx) => {
    const { settings } = tx.t;
    await tx.delete(settings).where(inArray(settings.key, [DATA_KEY, INFO_KEY]));
  });
}

/** Makes a change of the logo and records it, with the logo before and after, in one transaction. */
async function changeLogo(deps: LogoDeps, source: EventSource, change: (tx: Tx) => Promise<void>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await logoInfo(tx);
    await change(tx);
    const changes = changedFields({ logo: before }, { logo: await logoInfo(tx) }, ['logo']);
    await recordSettingsChange(tx, source, deps.clock.now(), 'settings.updated', changes);
  });
}
