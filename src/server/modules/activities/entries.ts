import { eq, type SQL } from 'drizzle-orm';
import type { activities } from '../../../../drizzle/schema.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { inChunks } from '../../lib/many-rows.js';
import { addEntriesToCompanies, keepCompanyHours, type LedgerDeps } from './company-hours.js';

/*
 * The ledger's three writes of one entry. Each keeps the company's stored figures in step with the
 * entry, in the caller's transaction (company-hours.ts); what else a change implies (the blocks of
 * hours, blocks.ts) is the caller's to do.
 */

export type Activity = typeof activities.$inferSelect;

export async function insertEntry(deps: LedgerDeps, tx: Tx, entry: Omit<Activity, 'id'>): Promise<Activity> {
  const { activities } = tx.t;
  const [row] = await tx
    .insert(activities)
    .values({ id: newId(), ...entry })
    .returning();
  await keepCompanyHours(deps, tx, undefined, row!);
  return row!;
}

/** Rows per insert statement of insertEntries: a few hundred parameters each. */
const INSERT_BATCH = 100;

/** Writes many new entries (their ids given) in a few statements, and keeps their companies' figures with them. */
export async function insertEntries(deps: LedgerDeps, tx: Tx, entries: readonly Activity[]): Promise<void> {
  await inChunks(entries, INSERT_BATCH, (chunk) => tx.insert(tx.t.activities).values(chunk));
  await addEntriesToCompanies(deps, tx, entries);
}

/** Changes the entry `where` selects, answering it as it was and as it is; `what` names it when there is none. */
export async function changeEntry(
  deps: LedgerDeps,
  tx: Tx,
  where: SQL | undefined,
  values: Partial<Omit<Activity, 'id'>>,
  what: string,
): Promise<{ before: Activity; after: Activity }> {
  const { activities } = tx.t;
  const [before] = await tx.select().from(activities).where(where);
  if (!before) throw notFound(what);
  // nothing to change (drizzle skips undefined values, and refuses an update with nothing left to set)
  if (Object.entries(values).every(([key, value]) => value === undefined || before[key as keyof Activity] === value)) return { before, after: before };
  const [after] = await tx.update(activities).set(values).where(eq(activities.id, before.id)).returning();
  await keepCompanyHours(deps, tx, before, after);
  return { before, after: after! };
}

export async function deleteEntry(deps: LedgerDeps, tx: Tx, where: SQL | undefined, what: string): Promise<Activity> {
  const { activities } = tx.t;
  const [removed] = await tx.delete(activities).where(where).returning();
  if (!removed) throw notFound(what);
  await keepCompanyHours(deps, tx, removed, undefined);
  return removed;
}
