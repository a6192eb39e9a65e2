import { inArray, lt, sql } from 'drizzle-orm';
import { setImmediate } from 'node:timers/promises';
import type { AppDeps } from '../../deps.js';
import type { WriteScope } from '../../database/port.js';
import { readSettings } from '../settings/service.js';

/*
 * The audit log's retention (docs/product-rules.md, events): with a retention set, the scheduled
 * work deletes the events older than it, oldest first, a batch per transaction with a turn of the
 * event loop between, so a first purge of years of events holds neither the writes nor the loop.
 * Without one (the default), events are kept forever.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Events deleted per transaction. */
const PURGE_BATCH = 2_000;
/** The purge's own turn: it deletes old events only, which no change's rules reach. */
const RETENTION_TURN: WriteScope = { turn: 'events-retention' };

/** Deletes the events past the retention at `now`; how many it deleted. */
export async function purgeExpiredEvents(deps: Pick<AppDeps, 'config' | 'db'>, now: Date): Promise<number> {
  const { eventRetentionDays } = await readSettings(deps.config, deps.db);
  if (eventRetentionDays === null) return 0;
  const cutoff = new Date(now.getTime() - eventRetentionDays * DAY_MS);
  const { events } = deps.db.t;
  const rowid = sql<number>`${events}.rowid`;
  let deleted = 0;
  for (;;) {
    const gone = await deps.db.transaction(async (tx) => {
      const oldest = tx.select({ rowid }).from(events).where(lt(events.occurredAt, cutoff)).orderBy(events.occurredAt).limit(PURGE_BATCH);
      return (await tx.delete(events).where(inArray(rowid, oldest)).returning({ id: events.id })).length;
    }, RETENTION_TURN);
    deleted += gone;
    if (gone < PURGE_BATCH) return deleted;
    await setImmediate();
  }
}
