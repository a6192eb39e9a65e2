import { companyTurn, type Tx } from './port.js';

/** Thrown inside the guessed turn when the row's company is no longer the one guessed. */
class TurnMissed extends Error {}

/**
 * Runs `work` in a transaction in the turn of the one company it writes (port.ts, WriteScope), so
 * that on PostgreSQL it waits only for writes of that company. `companyOf` reads that company from
 * the rows the work is about (null when it writes more than one, as in a move, or the rows are not
 * there): read once to choose the turn, and again inside it, where no other write of the company
 * can change it. When the two differ, or when there is none, the work runs in the whole turn,
 * where it meets a missing row or a move as it would have anyway.
 */
export async function inCompanyTurn<T>(db: Tx, companyOf: (tx: Tx) => Promise<string | null>, work: (tx: Tx) => Promise<T>): Promise<T> {
  const guess = await companyOf(db);
  if (guess === null) return db.transaction(work);
  try {
    return await db.transaction(async (tx) => {
      if ((await companyOf(tx)) !== guess) throw new TurnMissed();
      return work(tx);
    }, companyTurn(guess));
  } catch (error) {
    if (error instanceof TurnMissed) return db.transaction(work);
    throw error;
  }
}
