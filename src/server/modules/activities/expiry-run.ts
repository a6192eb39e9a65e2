import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../../db.js';
import { newId } from '../../lib/ids.js';
import { inChunks, valueByKey } from '../../lib/many-rows.js';
import { recordEvents, SCHEDULED_WORK, type NewEvent } from '../events/service.js';
import { blockEntry, EXPIRED_ENTRY, expiredEvent, ROLLED_IN_ENTRY, ROLLED_OUT_ENTRY, rolledBlockRow, rolledOverEvent, settleBlocks, type BlockEntryDescription, type HourBlock } from './blocks.js';
import type { LedgerDeps } from './company-hours.js';
import { insertEntries, type Activity } from './entries.js';

/*
 * The scheduled expiry run: every block whose expiry has come is written into the ledger (blocks.ts
 * says what an expiry writes). A block's stored figures are the replay's as of its company's last
 * ledger write, and an expiry itself changes no replay, so the run writes what the figures say,
 * a batch of blocks per transaction in a few statements, instead of replaying each company.
 * Where the figures cannot be trusted to be complete (a block whose rolled-over hours would already
 * have expired in turn, or one settled before the figure of its rolled-over block was kept), the
 * company is replayed as any write would (settleBlocks). Between batches the event loop has a turn,
 * so the run never holds requests up for long. Running it again, or in several processes at once,
 * writes nothing twice: each batch reads the blocks still due inside its own transaction. Each
 * expiry is recorded as the scheduled work's, a batch's events in a few statements with its writes.
 */

/**
 * Due blocks written per transaction: the first few batches small while the statements are new to
 * the connection, then up to the engine's most. On SQLite a batch's work holds the event loop (about
 * 10 ms for 50 blocks, cut in three by turns of the loop); on PostgreSQL it mostly waits for the
 * server, and fewer round trips count more.
 */
export const FIRST_EXPIRY_BATCH = 10;
export const MOST_EXPIRY_BATCH = { sqlite: 50, postgres: 250 } as const;

/** Due blocks read at a time, soonest expiry first; each page is then written in batches. */
const DUE_PAGE = 1_000;

/**
 * Writes every expiry due by `now`; answers how many blocks expired. The due blocks of each page are
 * taken in the order of their companies, so that a batch's writes fall on neighbouring pages of the
 * ledger's indexes (which lead with the company) rather than all over them. Between two batches the
 * event loop turns: an immediate comes back after the loop has been round its timers and its poll for
 * network events, so requests and timers both get their turn, without the millisecond at least that
 * a timer of 0 would wait each time (some 600 turns when 10,000 blocks are due).
 */
export async function expireDueBlocks(deps: LedgerDeps, db: Db, now: Date): Promise<number> {
  let expired = 0;
  let size = FIRST_EXPIRY_BATCH;
  let after: { expiresAt: Date; id: string } | undefined;
  for (;;) {
    const page = await dueBlocks(db, now, after);
    after = page.at(-1);
    page.sort((a, b) => (a.companyId < b.companyId ? -1 : a.companyId > b.companyId ? 1 : 0));
    for (let at = 0; at < page.length; at += size, size = Math.min(size * 2, MOST_EXPIRY_BATCH[db.engine])) {
      await setImmediate();
      const ids = page.slice(at, at + size).map((block) => block.id);
      expired += await db.transaction((tx) => expireBatch(deps, tx, ids, now));
    }
    if (page.length < DUE_PAGE) return expired;
  }
}

/** A page of the blocks due by `now` and not yet expired, after the block `after` in expiry order. */
async function dueBlocks(db: Db, now: Date, after: { expiresAt: Date; id: string } | undefined) {
  const { hourBlocks } = db.t;
  // the bound on the expiry alone lets the index scan start at the last page's end (PostgreSQL keeps the or for a filter)
  const past = after && and(gte(hourBlocks.expiresAt, after.expiresAt), or(gt(hourBlocks.expiresAt, after.expiresAt), and(eq(hourBlocks.expiresAt, after.expiresAt), gt(hourBlocks.id, after.id))));
  return db
    .select({ id: hourBlocks.id, companyId: hourBlocks.companyId, expiresAt: hourBlocks.expiresAt })
    .from(hourBlocks)
    .where(and(isNull(hourBlocks.expiredAt), lte(hourBlocks.expiresAt, now), past))
    .orderBy(asc(hourBlocks.expiresAt), asc(hourBlocks.id))
    .limit(DUE_PAGE);
}

/** Writes the expiries of the blocks named that are still due, read again inside the transaction (another process may have written them). */
async function expireBatch(deps: LedgerDeps, tx: Tx, ids: readonly string[], now: Date): Promise<number> {
  const { hourBlocks } = tx.t;
  const due = await tx
    .select()
    .from(hourBlocks)
    .where(and(inArray(hourBlocks.id, ids), isNull(hourBlocks.expiredAt)));
  const replayed = new Set(due.filter((block) => needsReplay(block, now)).map((block) => block.companyId));
  for (const companyId of replayed) await settleBlocks(deps, tx, companyId, now, SCHEDULED_WORK);
  // the event loop turns inside the transaction too (no other write can enter it: the write turn is held)
  await setImmediate();
  await writeExpiries(deps, tx, due.filter((block) => !replayed.has(block.companyId)), now);
  return due.length;
}

/** Whether the block's stored figures leave out something its expiry must write. */
function needsReplay(block: HourBlock, now: Date): boolean {
  if (block.rolledUnusedHundredths === null) return true;
  return block.rolledHundredths > 0 && block.rolloverExpiresAt!.getTime() <= now.getTime();
}

/**
 * Writes the expiries of the blocks from their stored figures: the unused hours that do not roll
 * over, Expired; those that do, a Rollover pair and the block they roll into, which starts with the
 * figure its parent kept for it. Records each block's expiry, and where its hours rolled.
 */
async function writeExpiries(deps: LedgerDeps, tx: Tx, blocks: readonly HourBlock[], now: Date): Promise<void> {
  if (blocks.length === 0) return;
  const { hourBlocks } = tx.t;
  const entries: Activity[] = [];
  const rolledBlocks: (typeof hourBlocks.$inferInsert)[] = [];
  const expiredEntryIds: [string, string][] = [];
  const rolloverEntryIds: [string, string][] = [];
  const events: NewEvent[] = [];
  const entry = (block: HourBlock, hundredths: number, description: BlockEntryDescription) => {
    const written = { id: newId(), ...blockEntry(block, hundredths, description, now) };
    entries.push(written);
    return written.id;
  };
  for (const block of blocks) {
    const rolled = block.rolledHundredths;
    const expiring = block.unusedHundredths - rolled;
    if (expiring !== 0) expiredEntryIds.push([block.id, entry(block, -expiring, EXPIRED_ENTRY)]);
    events.push(expiredEvent(block, expiring, now));
    if (rolled === 0) continue;
    rolloverEntryIds.push([block.id, entry(block, -rolled, ROLLED_OUT_ENTRY)]);
    const rolledIn = rolledBlockRow(block, entry(block, rolled, ROLLED_IN_ENTRY), now);
    rolledBlocks.push({ ...rolledIn, unusedHundredths: block.rolledUnusedHundredths!, rolledHundredths: 0, rolledUnusedHundredths: 0 });
    events.push(rolledOverEvent(block, rolledIn, rolled));
  }
  // recorded first, so the alerts the entries raise come after the expiries that raised them
  await recordEvents(tx, SCHEDULED_WORK, now, events);
  await insertEntries(deps, tx, entries);
  await setImmediate();
  await inChunks(rolledBlocks, INSERT_BATCH, (chunk) => tx.insert(hourBlocks).values(chunk));
  await tx
    .update(hourBlocks)
    .set({ expiredAt: now, expiredEntryId: entryByBlock(hourBlocks.id, expiredEntryIds), rolloverEntryId: entryByBlock(hourBlocks.id, rolloverEntryIds) })
    .where(inArray(hourBlocks.id, blocks.map((block) => block.id)));
}

/** Rows per insert statement of the rolled-over blocks. */
const INSERT_BATCH = 100;

/** The entry id each block links to, null for a block not named. */
const entryByBlock = (id: SQLWrapper, pairs: readonly [string, string][]): SQL | null => (pairs.length === 0 ? null : valueByKey(id, pairs, sql`null`));
