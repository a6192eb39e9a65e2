import * as pgTables from '../../../drizzle/schema-postgres.js';
import { openPostgres } from '../db-postgres.js';
import type { Database, Tx } from './port.js';

/*
 * Hourbank on PostgreSQL, through the same port as SQLite. Transactions are serializable: whatever
 * rule a transaction checks (an invoice not overpaid, a company's stored balance equal to its
 * ledger, a cap on purchases) holds as if transactions ran one after another, as they do on SQLite.
 * PostgreSQL refuses a transaction that would break that with a serialization failure; it is run
 * again from the start, a few times at most, after a short random pause.
 */

const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 8;

function isConflict(error: unknown): boolean {
  for (let cause = error; cause instanceof Error || (typeof cause === 'object' && cause !== null); cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === SERIALIZATION_FAILURE || code === DEADLOCK_DETECTED) return true;
    if (!(cause as { cause?: unknown }).cause) break;
  }
  return false;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** attempt));

export async function openPostgresDatabase(url: string, options: { maxConnections?: number } = {}): Promise<Database> {
  const handle = await openPostgres(url, options);
  const t = pgTables as unknown as Tx['t'];
  const view = (queries: object, transaction: Tx['transaction']): Tx =>
    Object.create(queries, { engine: { value: 'postgres' }, t: { value: t }, transaction: { value: transaction } }) as Tx;

  const transaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await handle.db.transaction(
          async (pgTx) => {
            const inside: Tx = view(pgTx, (nested) => nested(inside) as never);
            return work(inside);
          },
          { isolationLevel: 'serializable' },
        );
      } catch (error) {
        if (attempt >= ATTEMPTS || !isConflict(error)) throw error;
        await pause(attempt);
      }
    }
  };
  return { db: view(handle.db, transaction), engine: 'postgres', close: handle.close };
}
