import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { hourBlocks } from '../../../../drizzle/schema.js';
import { changedFields } from '../../../shared/events.js';
import { BALANCE_ENTRY_STATUS } from '../../../shared/hour-balance.js';
import { LIVE_BLOCKS_LIMIT, replayBlocks, type BlockOutcome, type LiveBlockDto, type ExpiringBlock, type LedgerMove, type RolloverUnit } from '../../../shared/hour-blocks.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { localDate } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { plainRows, plainSelect, preparedPer } from '../../lib/prepared.js';
import { AUTOMATIC, recordEvent, type EventSource, type NewEvent } from '../events/service.js';
import type { LedgerDeps } from './company-hours.js';
import { changeEntry, deleteEntry, insertEntry, type Activity } from './entries.js';

/*
 * The blocks of hours that expire, kept as a replay of the ledger gives them (src/shared/hour-blocks.ts).
 * A purchase paid in full with a validity opens a block (openBlock); after every change of a
 * company's ledger, settleBlocks replays its completed purchases and work and brings each block in
 * step: the hours it will leave unused at its expiry, and, once the expiry has come, the entries
 * that write it into the ledger (the unused hours Expired; a Rollover pair and the rolled-over block,
 * which expires in turn). A change dated before an expiry that has been written changes what that
 * expiry wrote, so the balance is always the replay's. Settling twice changes nothing. An expiry
 * is recorded (hours.expired, and hours.rolled_over for the block its hours roll into) when it is
 * first written; what a later change corrects in it is no expiry of its own.
 */

export type HourBlock = typeof hourBlocks.$inferSelect;

/** A new block's terms: its expiry and, if any, how much rolls over and until when. */
export type NewBlockTerms = {
  expiresAt: Date;
  rollover: { limit: number; unit: RolloverUnit; expiresAt: Date } | null;
};

export const EXPIRED_ENTRY = 'Unused hours expired';
export const ROLLED_OUT_ENTRY = 'Unused hours rolled over into a new block';
export const ROLLED_IN_ENTRY = 'Hours rolled over from an expired block';
const BLOCK_ENTRY = 'Hours entry of this block';
export type BlockEntryDescription = typeof EXPIRED_ENTRY | typeof ROLLED_OUT_ENTRY | typeof ROLLED_IN_ENTRY;

/** A block's terms, as they were when it opened. */
export const termsOf = (block: HourBlock): NewBlockTerms => ({
  expiresAt: block.expiresAt,
  rollover:
    block.rolloverLimit !== null && block.rolloverUnit !== null && block.rolloverExpiresAt !== null
      ? { limit: block.rolloverLimit, unit: block.rolloverUnit, expiresAt: block.rolloverExpiresAt }
      : null,
});

/** Opens the block of a purchase's entry, paid in full now. */
export async function openBlock(tx: Tx, entry: Activity, terms: NewBlockTerms, now: Date): Promise<void> {
  await tx.insert(tx.t.hourBlocks).values({
    id: newId(),
    companyId: entry.companyId,
    entryId: entry.id,
    rolledFromId: null,
    expiresAt: terms.expiresAt,
    rolloverLimit: terms.rollover?.limit ?? null,
    rolloverUnit: terms.rollover?.unit ?? null,
    rolloverExpiresAt: terms.rollover?.expiresAt ?? null,
    createdAt: now,
  });
}

/** What a block's expiry did, as hours.expired records it: when, and the hours that left the balance (decimal hours). */
type Expiry = { expiredAt: string | null; expiredHours: number };
const EXPIRY_FIELDS = ['expiredAt', 'expiredHours'] as const;
const NOT_EXPIRED: Expiry = { expiredAt: null, expiredHours: 0 };

/** The hours.expired event of a block whose expiry is written at `now`, `expiring` hundredths leaving the balance (none when all were used or roll over). */
export function expiredEvent(block: HourBlock, expiring: number, now: Date): NewEvent {
  const expiry: Expiry = { expiredAt: now.toISOString(), expiredHours: hundredthsToHours(expiring) };
  return { type: 'hours.expired', companyId: block.companyId, subjectType: 'hour_block', subjectId: block.id, changes: changedFields(NOT_EXPIRED, expiry, EXPIRY_FIELDS) };
}

/** A block rolled into, as hours.rolled_over records its making: its hours (decimal hours), its expiry, and the block they rolled over from. */
type RolledBlock = { hours: number; expiresAt: string; rolledFrom: string };
const ROLLED_BLOCK_FIELDS = ['hours', 'expiresAt', 'rolledFrom'] as const;

/** The hours.rolled_over event of `hundredths` of `block` rolling into the new block `into`. */
export function rolledOverEvent(block: HourBlock, into: { id: string; expiresAt: Date }, hundredths: number): NewEvent {
  const rolled: RolledBlock = { hours: hundredthsToHours(hundredths), expiresAt: into.expiresAt.toISOString(), rolledFrom: block.id };
  return { type: 'hours.rolled_over', companyId: block.companyId, subjectType: 'hour_block', subjectId: into.id, changes: changedFields(undefined, rolled, ROLLED_BLOCK_FIELDS) };
}

function expiringBlock(block: HourBlock): ExpiringBlock {
  const { expiresAt, rollover } = termsOf(block);
  return { id: block.id, expiresAt: expiresAt.getTime(), rollover: rollover && { limit: rollover.limit, unit: rollover.unit, expiresAt: rollover.expiresAt.getTime() } };
}

/** The company's completed purchases and work, as the replay reads them. */
async function ledgerMoves(tx: Tx, companyId: string, blockOfEntry: Map<string, HourBlock>): Promise<LedgerMove[]> {
  const { activities } = tx.t;
  const entries = await tx
    .select({ id: activities.id, activityType: activities.activityType, hundredths: activities.hundredths, timeStamp: activities.timeStamp, createdAt: activities.createdAt })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), eq(activities.status, BALANCE_ENTRY_STATUS), inArray(activities.activityType, ['TimeAdd', 'TimeLog'])));
  return entries.map((entry) => {
    const key = { at: entry.timeStamp.getTime(), createdAt: entry.createdAt.getTime(), id: entry.id };
    if (entry.activityType === 'TimeLog') return { kind: 'debit', key, hundredths: -entry.hundredths };
    const block = blockOfEntry.get(entry.id);
    return { kind: 'credit', key, hundredths: entry.hundredths, block: block ? expiringBlock(block) : null };
  });
}

/**
 * Brings every block of the company in step with its ledger, writing the expiries that are due by
 * `now`, recorded as `expiries`: the scheduled work's in its run, else the app's own (AUTOMATIC) as
 * the consequence of the write that found them due.
 */
export async function settleBlocks(deps: LedgerDeps, tx: Tx, companyId: string, now: Date, expiries: EventSource = AUTOMATIC): Promise<void> {
  const { hourBlocks } = tx.t;
  const blocks = await tx.select().from(hourBlocks).where(eq(hourBlocks.companyId, companyId));
  if (blocks.length === 0) return;
  const purchases = blocks.filter((block) => block.rolledFromId === null);
  const rolledFrom = new Map(blocks.filter((block) => block.rolledFromId !== null).map((block) => [block.rolledFromId!, block]));
  const moves = await ledgerMoves(tx, companyId, new Map(purchases.map((block) => [block.entryId, block])));
  const credited = new Set(moves.filter((move) => move.kind === 'credit').map((move) => move.key.id));
  const replay = replayBlocks(moves);
  for (const block of purchases) {
    const child = rolledFrom.get(block.id);
    // a purchase no longer paid in full (or moved away) has no block
    if (!credited.has(block.entryId)) await dropBlock(deps, tx, block, child);
    else await settleBlock(deps, tx, block, child, replay.blocks.get(block.id)!, now, expiries);
  }
}

/** One purchase's block (and the block it rolled over into) brought to its outcome; the expiries it writes are `expiries`'. */
async function settleBlock(deps: LedgerDeps, tx: Tx, block: HourBlock, child: HourBlock | undefined, outcome: BlockOutcome, now: Date, expiries: EventSource): Promise<void> {
  const rolled = (await settleExpiry(deps, tx, block, outcome, now, expiries)) ? outcome.rolled : 0;
  const rolledOut = await keepEntry(deps, tx, block, block.rolloverEntryId, -rolled, ROLLED_OUT_ENTRY, now);
  if (rolledOut !== null && rolledOut !== block.rolloverEntryId) {
    await tx.update(tx.t.hourBlocks).set({ rolloverEntryId: rolledOut }).where(eq(tx.t.hourBlocks.id, block.id));
  }
  if (rolled === 0) {
    if (child) await dropBlock(deps, tx, child, undefined);
    return;
  }
  const rolledBlock = child ?? (await openRolledBlock(deps, tx, block, rolled, now, expiries));
  await keepEntry(deps, tx, rolledBlock, rolledBlock.entryId, rolled, ROLLED_IN_ENTRY, now);
  await settleExpiry(deps, tx, rolledBlock, { unused: outcome.rolledUnused, rolled: 0, rolledUnused: 0 }, now, expiries);
}

/**
 * Stores the block's figures and, once its expiry is due, writes it: the unused hours that do not
 * roll over, Expired; recorded as `source`'s the first time. Answers whether the expiry is written.
 */
async function settleExpiry(deps: LedgerDeps, tx: Tx, block: HourBlock, { unused, rolled, rolledUnused }: BlockOutcome, now: Date, source: EventSource): Promise<boolean> {
  const { hourBlocks } = tx.t;
  const due = block.expiredAt !== null || block.expiresAt.getTime() <= now.getTime();
  // recorded before the entry, so an alert it raises comes after the expiry that raised it
  if (due && block.expiredAt === null) await recordEvent(tx, source, now, expiredEvent(block, unused - rolled, now));
  const expiredEntryId = due ? await keepEntry(deps, tx, block, block.expiredEntryId, -(unused - rolled), EXPIRED_ENTRY, now) : null;
  const expiredAt = due ? (block.expiredAt ?? now) : null;
  const stored = { unusedHundredths: unused, rolledHundredths: rolled, rolledUnusedHundredths: rolledUnused, expiredAt, expiredEntryId };
  if ((Object.keys(stored) as (keyof typeof stored)[]).some((key) => block[key] !== stored[key])) {
    await tx.update(hourBlocks).set(stored).where(eq(hourBlocks.id, block.id));
  }
  return due;
}

/** The rolled-over block of `block`: its Rollover entry in, and its row; recorded as `source`'s. */
async function openRolledBlock(deps: LedgerDeps, tx: Tx, block: HourBlock, hundredths: number, now: Date, source: EventSource): Promise<HourBlock> {
  const entry = await insertEntry(deps, tx, blockEntry(block, hundredths, ROLLED_IN_ENTRY, now));
  const [rolled] = await tx.insert(tx.t.hourBlocks).values(rolledBlockRow(block, entry.id, now)).returning();
  await recordEvent(tx, source, now, rolledOverEvent(block, rolled!, hundredths));
  return rolled!;
}

/** The row of the block `block` rolls over into, brought by the entry `entryId`; its figures are settled after. */
export function rolledBlockRow(block: HourBlock, entryId: string, now: Date): typeof hourBlocks.$inferInsert & { id: string } {
  return { id: newId(), companyId: block.companyId, entryId, rolledFromId: block.id, expiresAt: block.rolloverExpiresAt!, createdAt: now };
}

/**
 * An entry a block's expiry writes: dated at the expiry, completed. Written together, they are told
 * apart by their creation time, a millisecond apart, so the history reads in the order they happen:
 * the hours that expire, those that roll out of the block, those that arrive in the new one.
 */
export function blockEntry(block: HourBlock, hundredths: number, description: BlockEntryDescription, now: Date): Omit<Activity, 'id'> {
  const { activityType, order } = BLOCK_ENTRY_KINDS[description];
  return { companyId: block.companyId, activityType, status: 'completed', hundredths, description, timeStamp: block.expiresAt, invoiceId: null, timeLogId: null, createdAt: new Date(now.getTime() + order) };
}

const BLOCK_ENTRY_KINDS: Record<BlockEntryDescription, { activityType: 'Expired' | 'Rollover'; order: number }> = {
  [EXPIRED_ENTRY]: { activityType: 'Expired', order: 0 },
  [ROLLED_OUT_ENTRY]: { activityType: 'Rollover', order: 1 },
  [ROLLED_IN_ENTRY]: { activityType: 'Rollover', order: 2 },
};

/**
 * The entry with id `current` (if any) made to carry `hundredths`: changed, written anew, or, when
 * there are none, removed (the block's pointer to it cleared first). Answers its id, null if none.
 */
async function keepEntry(
  deps: LedgerDeps,
  tx: Tx,
  block: HourBlock,
  current: string | null,
  hundredths: number,
  description: BlockEntryDescription,
  now: Date,
): Promise<string | null> {
  const { activities } = tx.t;
  if (current === null) return hundredths === 0 ? null : (await insertEntry(deps, tx, blockEntry(block, hundredths, description, now))).id;
  const ofCurrent = eq(activities.id, current);
  if (hundredths === 0) {
    await unlinkEntry(tx, block, current);
    await deleteEntry(deps, tx, ofCurrent, BLOCK_ENTRY);
    return null;
  }
  await changeEntry(deps, tx, ofCurrent, { hundredths }, BLOCK_ENTRY);
  return current;
}

/** Clears the block's pointer to an entry about to be removed. */
async function unlinkEntry(tx: Tx, block: HourBlock, entryId: string): Promise<void> {
  const { hourBlocks } = tx.t;
  if (block.expiredEntryId === entryId) await tx.update(hourBlocks).set({ expiredEntryId: null }).where(eq(hourBlocks.id, block.id));
  if (block.rolloverEntryId === entryId) await tx.update(hourBlocks).set({ rolloverEntryId: null }).where(eq(hourBlocks.id, block.id));
}

/** Removes a block, what its expiry wrote, and the block it rolled over into; a purchase's own entry stays. */
async function dropBlock(deps: LedgerDeps, tx: Tx, block: HourBlock, child: HourBlock | undefined): Promise<void> {
  const { activities, hourBlocks } = tx.t;
  if (child) await dropBlock(deps, tx, child, undefined);
  await tx.delete(hourBlocks).where(eq(hourBlocks.id, block.id));
  const written = [block.expiredEntryId, block.rolloverEntryId, block.rolledFromId === null ? null : block.entryId].filter((id) => id !== null);
  for (const id of written) await deleteEntry(deps, tx, eq(activities.id, id), BLOCK_ENTRY);
}

/** Removes the blocks of a purchase's entry, before the entry itself is removed or moved to another company. */
export async function dropBlocksOfEntry(deps: LedgerDeps, tx: Tx, entryId: string): Promise<HourBlock[]> {
  const { hourBlocks } = tx.t;
  const [block] = await tx.select().from(hourBlocks).where(eq(hourBlocks.entryId, entryId));
  if (!block) return [];
  const [child] = await tx.select().from(hourBlocks).where(eq(hourBlocks.rolledFromId, block.id));
  await dropBlock(deps, tx, block, child);
  return [block];
}

/** A block with hours left that has not expired: the hundredths unused as the ledger stands, when they expire, and whether they rolled over. */
export type LiveBlock = { unused: number; expiresAt: Date; rolledOver: boolean };

/** The company's blocks with hours left, soonest expiry first: the hours they will leave unused as the ledger stands. */
export async function liveBlocks(tx: Tx, companyId: string, timeZone: string): Promise<LiveBlockDto[]> {
  return liveBlockDtos((await liveBlocksOf(tx, [companyId])).get(companyId) ?? [], timeZone);
}

/** The first few of a company's live blocks as the customer sees them, the expiry a day in the provider's zone. */
export function liveBlockDtos(blocks: readonly LiveBlock[], timeZone: string): LiveBlockDto[] {
  return blocks.slice(0, LIVE_BLOCKS_LIMIT).map((block) => ({ hours: hundredthsToHours(block.unused), expiresOn: localDate(block.expiresAt, timeZone), rolledOver: block.rolledOver }));
}

/** Each company's live blocks, soonest expiry first. */
export async function liveBlocksOf(tx: Tx, companyIds: readonly string[]): Promise<Map<string, LiveBlock[]>> {
  const byCompany = new Map<string, LiveBlock[]>();
  if (companyIds.length === 0) return byCompany;
  for (const row of await plainRows(tx, liveBlocksOfCompanies(tx), { ids: tx.syntax.valueList(companyIds) })) {
    const blocks = byCompany.get(row.companyId) ?? [];
    if (blocks.length === 0) byCompany.set(row.companyId, blocks);
    blocks.push({ unused: row.unused, expiresAt: new Date(Number(row.expiresAt)), rolledOver: row.rolledFromId !== null });
  }
  // a company has a few live blocks: sorted here, the read keeps to the company index with no sort of every company's rows
  for (const blocks of byCompany.values()) blocks.sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
  return byCompany;
}

/* The ids are bound as one value, so a page of any size runs the one statement built once (hour_blocks_company_idx). */
const liveBlocksOfCompanies = preparedPer((tx) => {
  const { hourBlocks } = tx.t;
  const fields = {
    companyId: hourBlocks.companyId,
    unused: hourBlocks.unusedHundredths,
    expiresAt: sql<number>`${hourBlocks.expiresAt}`,
    rolledFromId: hourBlocks.rolledFromId,
  };
  const statement = tx
    .select(fields)
    .from(hourBlocks)
    .where(and(tx.syntax.inPlaceholder(hourBlocks.companyId, sql.placeholder('ids')), isNull(hourBlocks.expiredAt), gt(hourBlocks.unusedHundredths, 0)))
    .prepare();
  return plainSelect(statement, fields);
});
