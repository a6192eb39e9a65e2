import { and, count, eq, sql } from 'drizzle-orm';
import { tasks } from '../../../../drizzle/schema.js';
import type { Tx } from '../../db.js';

/** An open task is neither done nor deleted. */
export const isOpenTask = and(eq(tasks.done, false), eq(tasks.deleted, false));

/**
 * Recounts the company's open tasks onto its row, where the Company List filters and sorts by
 * them; every task write calls it in its transaction. The count reads the open-task index only.
 */
export async function refreshOpenTasks(tx: Tx, companyId: string): Promise<void> {
  const { companies, tasks } = tx.t;
  const openCount = tx.select({ open: count() }).from(tasks).where(and(eq(tasks.companyId, companyId), isOpenTask));
  await tx.update(companies).set({ openTasks: sql`(${openCount})` }).where(eq(companies.id, companyId));
}
