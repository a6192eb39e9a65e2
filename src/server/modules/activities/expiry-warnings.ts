import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { calendarDateText } from '../../../shared/dates.js';
import { changedFields } from '../../../shared/events.js';
import { hoursCountText } from '../../../shared/format.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { localDate } from '../../../shared/weekly.js';
import type { Provider } from '../../config.js';
import { companyTurn } from '../../database/port.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { companyAdminRecipients, providerRecipients } from '../../mail/recipients.js';
import { renderEmail, type RenderedEmail } from '../../mail/templates.js';
import { recordEvent, SCHEDULED_WORK, type NewEvent } from '../events/service.js';
import { providerOf, readSettings } from '../settings/service.js';
import type { HourBlock } from './blocks.js';

/*
 * Warnings of hours about to expire: two weeks ahead and a day ahead, each once per block, to the
 * company's admins and the provider. A block with no unused hours as the ledger stands is not
 * warned of; one first seen within a day of its expiry gets the day-ahead warning alone. Each
 * warning is recorded as the scheduled work's, on the block warned of.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const EARLY_WARNING_DAYS = 14;
export const LATE_WARNING_DAYS = 1;

/** Blocks read per statement while warning. */
const WARNING_BATCH = 200;

type Warning = 'early' | 'late';

/** The warning a block is due, if any, at `now`. */
function warningDue(block: Pick<HourBlock, 'expiresAt' | 'warnedEarlyAt' | 'warnedLateAt'>, now: Date): Warning | undefined {
  const left = block.expiresAt.getTime() - now.getTime();
  if (left <= 0) return undefined;
  if (left <= LATE_WARNING_DAYS * DAY_MS) return block.warnedLateAt === null ? 'late' : undefined;
  if (left <= EARLY_WARNING_DAYS * DAY_MS) return block.warnedEarlyAt === null ? 'early' : undefined;
  return undefined;
}

/** The blocks that may be due a warning at `now`, after block id `after`. */
function candidates(tx: Tx, now: Date, after: string) {
  const { hourBlocks } = tx.t;
  return tx
    .select()
    .from(hourBlocks)
    .where(
      and(
        isNull(hourBlocks.expiredAt),
        gt(hourBlocks.expiresAt, now),
        lte(hourBlocks.expiresAt, new Date(now.getTime() + EARLY_WARNING_DAYS * DAY_MS)),
        gt(hourBlocks.unusedHundredths, 0),
        or(isNull(hourBlocks.warnedEarlyAt), isNull(hourBlocks.warnedLateAt)),
        gt(hourBlocks.id, after),
      ),
    )
    .orderBy(asc(hourBlocks.id))
    .limit(WARNING_BATCH);
}

/**
 * Sends the warnings due at `now`, each in its company's transaction with the mark that it was
 * sent, so a run repeated (or run by another process) sends nothing twice. Answers how many blocks
 * were warned of.
 */
export async function warnOfExpiringHours(deps: AppDeps, now: Date): Promise<number> {
  let warned = 0;
  let after = '';
  for (;;) {
    const batch = await candidates(deps.db, now, after);
    for (const { id, companyId } of batch) {
      if (await deps.db.transaction((tx) => warnOfBlock(deps, tx, id, now), companyTurn(companyId))) warned += 1;
    }
    if (batch.length < WARNING_BATCH) return warned;
    after = batch.at(-1)!.id;
  }
}

async function warnOfBlock(deps: AppDeps, tx: Tx, blockId: string, now: Date): Promise<boolean> {
  const { hourBlocks, companies } = tx.t;
  const [block] = await tx.select().from(hourBlocks).where(eq(hourBlocks.id, blockId));
  const warning = block && block.expiredAt === null && block.unusedHundredths > 0 ? warningDue(block, now) : undefined;
  if (!block || !warning) return false;
  const [company] = await tx.select({ companyName: companies.companyName }).from(companies).where(eq(companies.id, block.companyId));
  const provider = await providerOf(deps.config, tx);
  const notice: ExpiryNotice = {
    companyId: block.companyId,
    companyName: company?.companyName ?? '',
    hours: hundredthsToHours(block.unusedHundredths),
    rolledHours: hundredthsToHours(block.rolledHundredths),
    expiresOn: calendarDateText(localDate(block.expiresAt, (await readSettings(deps.config, tx)).timeZone), 'date'),
    warning,
  };
  const admins = await companyAdminRecipients(tx, block.companyId);
  if (admins.length > 0) await deps.outbox.enqueue(tx, { to: admins, ...expiringHoursEmail(provider, notice, deps.config.appUrl) });
  await deps.outbox.enqueue(tx, { to: await providerRecipients(tx, provider), ...providerExpiringHoursNotice(provider, notice, admins.length, deps.config.appUrl) });
  const marks = { warnedEarlyAt: block.warnedEarlyAt ?? now, warnedLateAt: warning === 'late' ? now : block.warnedLateAt };
  await tx.update(hourBlocks).set(marks).where(eq(hourBlocks.id, block.id));
  await recordEvent(tx, SCHEDULED_WORK, now, warningEvent(block, marks));
  return true;
}

/** When a block's warnings were sent (ISO), as hours.expiry_warning_sent records the one just sent. */
type WarnedAt = { warnedEarlyAt: string | null; warnedLateAt: string | null };
const WARNED_FIELDS = ['warnedEarlyAt', 'warnedLateAt'] as const;
const warnedAt = (block: Pick<HourBlock, 'warnedEarlyAt' | 'warnedLateAt'>): WarnedAt => ({
  warnedEarlyAt: block.warnedEarlyAt?.toISOString() ?? null,
  warnedLateAt: block.warnedLateAt?.toISOString() ?? null,
});

/** The hours.expiry_warning_sent event of a block's warning, its marks as they were and became. */
function warningEvent(block: HourBlock, marks: Pick<HourBlock, 'warnedEarlyAt' | 'warnedLateAt'>): NewEvent {
  return { type: 'hours.expiry_warning_sent', companyId: block.companyId, subjectType: 'hour_block', subjectId: block.id, changes: changedFields(warnedAt(block), warnedAt(marks), WARNED_FIELDS) };
}

type ExpiryNotice = { companyId: string; companyName: string; hours: number; rolledHours: number; expiresOn: string; warning: Warning };

const whenText = (notice: ExpiryNotice) => (notice.warning === 'late' ? `tomorrow, ${notice.expiresOn}` : `on ${notice.expiresOn}`);

export function expiringHoursEmail(provider: Provider, notice: ExpiryNotice, appUrl: string): RenderedEmail {
  return renderEmail(provider, `Prepaid hours expire ${notice.warning === 'late' ? 'tomorrow' : `on ${notice.expiresOn}`}`, [
    `Hello ${notice.companyName} team,`,
    `${hoursCountText(notice.hours)} of your prepaid hours with ${provider.name} expire ${whenText(notice)}, unless they are used before then.`,
    notice.rolledHours > 0 ? `${hoursCountText(notice.rolledHours)} of them will roll over into a new block; the rest expire.` : '',
    'Work logged before then uses these hours first.',
    { link: `${appUrl}/activities`, label: 'See your hours' },
  ].filter((block) => block !== ''));
}

export function providerExpiringHoursNotice(provider: Provider, notice: ExpiryNotice, told: number, appUrl: string): RenderedEmail {
  return renderEmail(provider, `${notice.companyName}: ${hoursCountText(notice.hours)} expire ${notice.warning === 'late' ? 'tomorrow' : `on ${notice.expiresOn}`}`, [
    `${notice.companyName} has ${hoursCountText(notice.hours)} unused that expire ${whenText(notice)}${notice.rolledHours > 0 ? ` (${hoursCountText(notice.rolledHours)} of them roll over)` : ''}.`,
    told === 0 ? 'The company has no approved admin to email, so nobody there was told.' : `Its ${told === 1 ? 'admin was' : `${told} admins were`} warned.`,
    { link: `${appUrl}/companies/${notice.companyId}`, label: `Open ${notice.companyName}` },
  ]);
}
