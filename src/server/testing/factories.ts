import type { companies, invoices, packages, tasks, timeLogs, users } from '../../../drizzle/schema.js';
import type { Tx } from '../db.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { refreshOpenTasks } from '../modules/tasks/open-count.js';
import { addInvoiceHours, completeInvoiceHours, recordTimeLogHours } from '../modules/activities/ledger.js';
import type { NewBlockTerms } from '../modules/activities/blocks.js';
import { unwatchedLedger } from '../modules/activities/company-hours.js';

/*
 * The one set of factories: API tests, browser tests and the demo seed all make their
 * companies and users here, so they agree on what a valid row is. Each writes in a transaction of
 * its own, or joins the one it is given. Hours put on the ledger here raise no balance alerts: they
 * stand for data that was there before the test began.
 */
let sequence = 0;
const next = () => (sequence += 1);

export type CompanyFields = Partial<typeof companies.$inferInsert>;

export async function createCompany(db: Tx, fields: CompanyFields = {}) {
  const n = next();
  const row = {
    id: newId(),
    companyName: `Company ${n}`,
    companyAddress: `${n} Main Street, Springfield`,
    companyPhone: '555-0100',
    website: `https://company${n}.example.com`,
    projectDescription: '',
    createdAt: new Date(),
    ...fields,
  };
  await db.transaction((tx) => tx.insert(tx.t.companies).values(row));
  return row;
}

export type UserFields = Partial<typeof users.$inferInsert> & { password?: string | null };

export const DEFAULT_PASSWORD = 'correct horse battery';

/** A user with a password (DEFAULT_PASSWORD unless given; null for none), approved unless told. */
export async function createUser(db: Tx, fields: UserFields = {}) {
  const n = next();
  const { password = DEFAULT_PASSWORD, ...rest } = fields;
  const row = {
    id: newId(),
    companyId: null as string | null,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    emailAddress: `user${n}.${newId().slice(0, 6)}@example.com`,
    mobile: '',
    role: 'admin',
    approved: true,
    createdAt: new Date(),
    ...rest,
    passwordHash: password === null ? null : await hashPassword(password),
  };
  await db.transaction((tx) => tx.insert(tx.t.users).values(row));
  return { ...row, password };
}

/** A bare invoice row (no ledger entry, no PDF): enough for tests that need something to reference. */
export async function createInvoiceRow(db: Tx, fields: Partial<typeof invoices.$inferInsert> & { companyId: string }) {
  const id = newId();
  const row = {
    id,
    invoiceNumber: `T-${id}`,
    description: 'Hours',
    priceCents: 0,
    transactionDate: new Date(),
    createdAt: new Date(),
    ...fields,
  };
  await db.transaction((tx) => tx.insert(tx.t.invoices).values(row));
  return row;
}

/** A bare time-log row (no ledger entry). */
export async function createTimeLogRow(db: Tx, fields: Partial<typeof timeLogs.$inferInsert> & { companyId: string }) {
  const row = { id: newId(), timeStamp: new Date(), hundredths: 0, createdAt: new Date(), ...fields };
  await db.transaction((tx) => tx.insert(tx.t.timeLogs).values(row));
  return row;
}

/** An open task, written directly (no history, no email). */
export async function createTask(db: Tx, fields: Partial<typeof tasks.$inferInsert> & { companyId: string }) {
  const n = next();
  const now = new Date();
  const row = { id: newId(), title: `Task ${n}`, description: `Details of task ${n}`, priority: 5, creationDate: now, timeStamp: now, ...fields };
  await db.transaction(async (tx) => {
    await tx.insert(tx.t.tasks).values(row);
    await refreshOpenTasks(tx, row.companyId);
  });
  return row;
}

/** A package on offer since yesterday: 10 hours at $150 unless told otherwise; general unless companyId is given. */
export async function createPackage(db: Tx, fields: Partial<typeof packages.$inferInsert> = {}, now = new Date()) {
  const n = next();
  const row = {
    id: newId(),
    description: `${n} hours of support`,
    hundredths: 1000,
    rateCents: 15000,
    companyId: null,
    startDate: new Date(now.getTime() - 24 * 60 * 60 * 1000),
    endDate: null,
    createdAt: now,
    ...fields,
  };
  await db.transaction((tx) => tx.insert(tx.t.packages).values(row));
  return row;
}

/**
 * Hours bought on the ledger: an invoice row and its TimeAdd entry, completed when paid, as a block
 * on `block`'s terms when given (its expiry written at once if due).
 */
export async function purchasedHours(db: Tx, companyId: string, hundredths: number, description: string, when: Date, paid = true, block?: NewBlockTerms): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId });
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths, description, timeStamp: when, now: when });
    if (paid) await completeInvoiceHours(unwatchedLedger, tx, invoice.id, block);
  });
}

/** Hours worked on the ledger: a time-log row and its TimeLog entry. */
export async function workedHours(db: Tx, companyId: string, hundredths: number, description: string, when: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const log = await createTimeLogRow(tx, { companyId });
    await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths, description, timeStamp: when, now: when });
  });
}
