import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db, Tx } from '../../db.js';
import { AppError } from '../../errors.js';
import { tempDatabase } from '../../testing/database.js';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { companyHours, hourBalance, pendingHours } from '../../testing/ledger-sums.js';
import { MAX_PER_PAGE, offsetOf } from '../../../shared/list.js';
import { unwatchedLedger } from './company-hours.js';
import {
  activitiesPage,
  addInvoiceHours,
  completeInvoiceHours,
  latestCompletedPurchase,
  recentCompletedActivities,
  recordTimeLogHours,
  removeInvoiceHours,
  removeTimeLogHours,
  reopenInvoiceHours,
  updateInvoiceHours,
  updateTimeLogHours,
  type ActivityDto,
  type HoursChange,
} from './ledger.js';

/*
 * Random sequences of ledger operations over three companies, applied both to the service and to
 * a plain in-memory model; afterwards every read of the service must match what the model says.
 * No one watches the balances here (unwatchedLedger): the figures are read back instead.
 */

const ledger = unwatchedLedger;

const temp = tempDatabase('hourbank-ledger-property-');
let db: Db;

beforeAll(() => {
  db = temp.open().db;
});

afterAll(() => temp.remove());

const COMPANIES = 3;
const RECENT = 3;
const START = Date.UTC(2026, 0, 1);
const HOUR = 3_600_000;

// --- operations ---

type Change = { hundredths?: number; description?: string; company?: number; timeStamp?: number };
type NewEntry = { company: number; hundredths: number; description: string; timeStamp: number; now: number };

type Operation =
  | ({ op: 'addInvoiceHours' } & NewEntry)
  | { op: 'completeInvoiceHours' | 'reopenInvoiceHours' | 'removeInvoiceHours'; pick: number }
  | { op: 'updateInvoiceHours'; pick: number; change: Change }
  | ({ op: 'recordTimeLogHours' } & NewEntry)
  | { op: 'removeTimeLogHours'; pick: number }
  | { op: 'updateTimeLogHours'; pick: number; change: Change };

const company = fc.nat({ max: COMPANIES - 1 });
const hundredths = fc.integer({ min: 0, max: 5_000 });
// few distinct instants, so that equal timeStamps and equal creation times are common
const instant = fc.nat({ max: 6 }).map((n) => START + n * HOUR);
const description = fc.string({ maxLength: 6 });
const pick = fc.nat({ max: 50 });

const newEntry = { company, hundredths, description, timeStamp: instant, now: instant };
const change = fc.record({ hundredths, description, company, timeStamp: instant }, { requiredKeys: [] });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('addInvoiceHours' as const), ...newEntry }) },
  // paying is the common fate of an invoice, so it comes up more often than reopening
  { weight: 3, arbitrary: fc.record({ op: fc.constant('completeInvoiceHours' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reopenInvoiceHours' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateInvoiceHours' as const), pick, change }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeInvoiceHours' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('recordTimeLogHours' as const), ...newEntry }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateTimeLogHours' as const), pick, change }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeTimeLogHours' as const), pick }) },
);

// --- the model ---

type ModelEntry = {
  id: string;
  companyId: string;
  activityType: 'TimeAdd' | 'TimeLog';
  status: 'pending' | 'completed';
  hundredths: number;
  description: string;
  timeStamp: number;
  createdAt: number;
};

type Model = {
  companyIds: string[];
  /** Every invoice / time log row made in this run, with or without a ledger entry. */
  invoiceIds: string[];
  timeLogIds: string[];
  /** Ledger entries by the id of the invoice or time log they belong to. */
  entries: Map<string, ModelEntry>;
};

function chronological(a: ModelEntry, b: ModelEntry): number {
  return a.timeStamp - b.timeStamp || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function entriesOf(model: Model, companyId: string): ModelEntry[] {
  return [...model.entries.values()].filter((entry) => entry.companyId === companyId).sort(chronological);
}

function expectedListing(model: Model, companyId: string): ActivityDto[] {
  let balance = 0;
  const listing = entriesOf(model, companyId).map((entry) => {
    if (entry.status === 'completed') balance += entry.hundredths;
    return {
      id: entry.id,
      description: entry.description,
      hours: entry.hundredths / 100,
      status: entry.status,
      activityType: entry.activityType,
      timeStamp: new Date(entry.timeStamp).toISOString(),
      runningHourBalance: balance / 100,
    };
  });
  return listing.reverse();
}

function expectedHours(model: Model, companyId: string) {
  const entries = entriesOf(model, companyId);
  const sum = (list: ModelEntry[]) => list.reduce((total, entry) => total + entry.hundredths, 0);
  const completed = entries.filter((entry) => entry.status === 'completed');
  const pendingPurchases = entries.filter((entry) => entry.status === 'pending' && entry.activityType === 'TimeAdd');
  const lastPurchase = completed.filter((entry) => entry.activityType === 'TimeAdd').at(-1);
  return { balance: sum(completed), pending: sum(pendingPurchases), lastPurchase: lastPurchase?.hundredths ?? 0 };
}

// --- applying an operation to both ---

function toHoursChange(model: Model, change: Change): HoursChange {
  return {
    hundredths: change.hundredths,
    description: change.description,
    companyId: change.company === undefined ? undefined : model.companyIds[change.company],
    timeStamp: change.timeStamp === undefined ? undefined : new Date(change.timeStamp),
  };
}

function applyChange(entry: ModelEntry, change: HoursChange, sign: 1 | -1): void {
  if (change.hundredths !== undefined) entry.hundredths = sign * change.hundredths + 0;
  if (change.description !== undefined) entry.description = change.description;
  if (change.companyId !== undefined) entry.companyId = change.companyId;
  if (change.timeStamp !== undefined) entry.timeStamp = change.timeStamp.getTime();
}

async function expectNotFound(call: () => Promise<unknown>): Promise<void> {
  let caught: unknown;
  try {
    await call();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe('NOT_FOUND');
}

/** Runs the service call for a row with an entry; for one without, the service must refuse. */
async function onEntry(model: Model, sourceId: string, call: () => Promise<unknown>, updateModel: (entry: ModelEntry) => void): Promise<void> {
  const entry = model.entries.get(sourceId);
  if (!entry) return expectNotFound(call);
  await call();
  updateModel(entry);
}

async function addInvoice(tx: Tx, model: Model, input: NewEntry): Promise<void> {
  const companyId = model.companyIds[input.company]!;
  const invoiceId = (await createInvoiceRow(tx, { companyId })).id;
  model.invoiceIds.push(invoiceId);
  const row = await addInvoiceHours(ledger, tx, {
    companyId,
    invoiceId,
    hundredths: input.hundredths,
    description: input.description,
    timeStamp: new Date(input.timeStamp),
    now: new Date(input.now),
  });
  model.entries.set(invoiceId, {
    id: row.id,
    companyId,
    activityType: 'TimeAdd',
    status: 'pending',
    hundredths: input.hundredths,
    description: input.description,
    timeStamp: input.timeStamp,
    createdAt: input.now,
  });
}

async function recordTimeLog(tx: Tx, model: Model, input: NewEntry): Promise<void> {
  const companyId = model.companyIds[input.company]!;
  const timeLogId = (await createTimeLogRow(tx, { companyId })).id;
  model.timeLogIds.push(timeLogId);
  const row = await recordTimeLogHours(ledger, tx, {
    companyId,
    timeLogId,
    hundredths: input.hundredths,
    description: input.description,
    timeStamp: new Date(input.timeStamp),
    now: new Date(input.now),
  });
  model.entries.set(timeLogId, {
    id: row.id,
    companyId,
    activityType: 'TimeLog',
    status: 'completed',
    hundredths: -input.hundredths + 0,
    description: input.description,
    timeStamp: input.timeStamp,
    createdAt: input.now,
  });
}

/** Picks among every row made so far, including those whose entry was removed. */
const picked = (ids: string[], index: number) => ids[index % ids.length];

async function applyOperation(tx: Tx, model: Model, operation: Operation): Promise<void> {
  switch (operation.op) {
    case 'addInvoiceHours':
      return addInvoice(tx, model, operation);
    case 'recordTimeLogHours':
      return recordTimeLog(tx, model, operation);
  }
  const isInvoiceOperation = operation.op.endsWith('InvoiceHours');
  const sourceId = picked(isInvoiceOperation ? model.invoiceIds : model.timeLogIds, operation.pick);
  if (sourceId === undefined) return;
  switch (operation.op) {
    case 'completeInvoiceHours':
      return onEntry(model, sourceId, () => completeInvoiceHours(ledger, tx, sourceId), (entry) => {
        entry.status = 'completed';
      });
    case 'reopenInvoiceHours':
      return onEntry(model, sourceId, () => reopenInvoiceHours(ledger, tx, sourceId), (entry) => {
        entry.status = 'pending';
      });
    case 'updateInvoiceHours': {
      const change = toHoursChange(model, operation.change);
      const call = () => updateInvoiceHours(ledger, tx, sourceId, change);
      return onEntry(model, sourceId, call, (entry) => applyChange(entry, change, 1));
    }
    case 'removeInvoiceHours':
      return onEntry(model, sourceId, () => removeInvoiceHours(ledger, tx, sourceId), () => model.entries.delete(sourceId));
    case 'updateTimeLogHours': {
      const change = toHoursChange(model, operation.change);
      const call = () => updateTimeLogHours(ledger, tx, sourceId, change);
      return onEntry(model, sourceId, call, (entry) => applyChange(entry, change, -1));
    }
    case 'removeTimeLogHours':
      return onEntry(model, sourceId, () => removeTimeLogHours(ledger, tx, sourceId), () => model.entries.delete(sourceId));
  }
}

// --- checking the service against the model ---

type PageQuery = { company: number; page: number; perPage: number };

// pages past the end of a short ledger come up too, and must be empty with the right total
const pageQuery: fc.Arbitrary<PageQuery> = fc.record({ company, page: fc.integer({ min: 1, max: 8 }), perPage: fc.integer({ min: 1, max: 7 }) });

/** The figures the company's row keeps for the Company List. */
async function storedHours(companyId: string) {
  const { companies } = db.t;
  const [row] = await db.select({ balance: companies.balanceHundredths, pending: companies.pendingHundredths }).from(companies).where(eq(companies.id, companyId));
  return row;
}

async function expectServiceMatchesModel(model: Model, query: PageQuery): Promise<void> {
  for (const companyId of model.companyIds) {
    const expected = expectedHours(model, companyId);
    const hours = { balance: expected.balance, pending: expected.pending };
    expect(await hourBalance(db, companyId)).toBe(expected.balance);
    expect(await pendingHours(db, companyId)).toBe(expected.pending);
    expect(await companyHours(db, companyId)).toEqual(hours);
    expect(await storedHours(companyId)).toEqual(hours);
    expect(await latestCompletedPurchase(db, companyId)).toBe(expected.lastPurchase);

    const listing = expectedListing(model, companyId);
    expect(await activitiesPage(db, companyId, { page: 1, perPage: MAX_PER_PAGE })).toEqual({ items: listing, total: listing.length });
    const recent = listing.filter((entry) => entry.status === 'completed').slice(0, RECENT);
    expect(await recentCompletedActivities(db, companyId, RECENT, await hourBalance(db, companyId))).toEqual(recent);
  }

  const companyId = model.companyIds[query.company]!;
  const listing = expectedListing(model, companyId);
  const start = offsetOf(query);
  expect(await activitiesPage(db, companyId, query)).toEqual({ items: listing.slice(start, start + query.perPage), total: listing.length });
}

it('agrees with a plain model of the ledger after any sequence of operations, on any page', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40 }), pageQuery, async (operations, query) => {
      const companyIds: string[] = [];
      for (let n = 0; n < COMPANIES; n += 1) companyIds.push((await createCompany(db)).id);
      const model: Model = { companyIds, invoiceIds: [], timeLogIds: [], entries: new Map() };
      await db.transaction(async (tx) => {
        for (const operation of operations) await applyOperation(tx, model, operation);
      });
      await expectServiceMatchesModel(model, query);
    }),
    { numRuns: 150 },
  );
});
