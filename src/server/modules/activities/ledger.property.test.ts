import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db, Tx } from '../../db.js';
import { AppError } from '../../errors.js';
import { tempDatabase } from '../../testing/database.js';
import { createCompany, createInvoiceRow, createTimeLogRow } from '../../testing/factories.js';
import { companyHours, hourBalance, pendingHours } from '../../testing/ledger-sums.js';
import { MAX_PER_PAGE, offsetOf } from '../../../shared/list.js';
import { replayBlocks, type ExpiringBlock, type LedgerMove } from '../../../shared/hour-blocks.js';
import type { Clock } from '../../lib/clock.js';
import type { NewBlockTerms } from './blocks.js';
import { expireDueBlocks } from './expiry-run.js';
import type { LedgerDeps } from './company-hours.js';
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
 * Purchases may be paid with a validity (and rollover terms), time passes, and the expiry run
 * writes the expiries due: the blocks must then be what a replay of the model's entries gives
 * (src/shared/hour-blocks.ts, itself checked against a hundredth-by-hundredth reference), their
 * expiries written into the ledger exactly when due, and running the expiry again must change
 * nothing. No one watches the balances here: the figures are read back instead.
 */

let now = 0;
const clock: Clock = { now: () => new Date(now) };
const ledger: LedgerDeps = { balanceWatcher: async () => {}, clock };

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

/** A validity in hours from the payment, and rollover terms whose block lasts `hours` more. */
type Terms = { life: number; rollover: { limit: number; unit: 'hours' | 'percent'; hours: number } | null };

type Operation =
  | ({ op: 'addInvoiceHours' } & NewEntry)
  | { op: 'completeInvoiceHours'; pick: number; terms: Terms | null }
  | { op: 'reopenInvoiceHours' | 'removeInvoiceHours'; pick: number }
  | { op: 'advance'; hours: number }
  | { op: 'expire' }
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
const terms: fc.Arbitrary<Terms | null> = fc.option(
  fc.record({
    life: fc.integer({ min: 1, max: 8 }),
    rollover: fc.option(fc.record({ limit: fc.nat({ max: 3_000 }), unit: fc.constantFrom('hours' as const, 'percent' as const), hours: fc.integer({ min: 1, max: 6 }) }), { freq: 2 }),
  }),
  // most purchases here are paid with a validity, so that expiries and rollovers are common
  { freq: 4 },
);
const change = fc.record({ hundredths, description, company, timeStamp: instant }, { requiredKeys: [] });

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('addInvoiceHours' as const), ...newEntry }) },
  // paying is the common fate of an invoice, so it comes up more often than reopening
  { weight: 3, arbitrary: fc.record({ op: fc.constant('completeInvoiceHours' as const), pick, terms }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reopenInvoiceHours' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateInvoiceHours' as const), pick, change }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeInvoiceHours' as const), pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('recordTimeLogHours' as const), ...newEntry }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('updateTimeLogHours' as const), pick, change }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('removeTimeLogHours' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('expire' as const) }) },
);

// --- the model ---

type ModelEntry = {
  id: string;
  companyId: string;
  activityType: 'TimeAdd' | 'TimeLog' | 'Expired' | 'Rollover';
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
  /** The expiring block of each purchase paid with terms, by its invoice id: when it expires, and its rollover's terms. */
  blocks: Map<string, Omit<ExpiringBlock, 'id'>>;
  /** When the expiry run last ran: every block expiring by then has its expiry written. */
  expiredUpTo: number;
};

function chronological(a: ModelEntry, b: ModelEntry): number {
  return a.timeStamp - b.timeStamp || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function entriesOf(model: Model, companyId: string, written: ModelEntry[] = []): ModelEntry[] {
  return [...model.entries.values(), ...written].filter((entry) => entry.companyId === companyId).sort(chronological);
}

function expectedListing(model: Model, companyId: string, written: ModelEntry[]): ActivityDto[] {
  let balance = 0;
  const listing = entriesOf(model, companyId, written).map((entry) => {
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

function expectedHours(model: Model, companyId: string, written: ModelEntry[]) {
  const entries = entriesOf(model, companyId, written);
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

function blockTerms(terms: Terms): NewBlockTerms {
  const expiresAt = now + terms.life * HOUR;
  const rollover = terms.rollover && { limit: terms.rollover.limit, unit: terms.rollover.unit, expiresAt: new Date(expiresAt + terms.rollover.hours * HOUR) };
  return { expiresAt: new Date(expiresAt), rollover };
}

function completeInvoice(tx: Tx, model: Model, invoiceId: string, terms: Terms | null): Promise<void> {
  const block = terms ? blockTerms(terms) : undefined;
  return onEntry(model, invoiceId, () => completeInvoiceHours(ledger, tx, invoiceId, block), (entry) => {
    // a block opens when the purchase becomes paid in full, not when it is paid again
    if (block && entry.status === 'pending') {
      const rollover = block.rollover && { ...block.rollover, expiresAt: block.rollover.expiresAt.getTime() };
      model.blocks.set(invoiceId, { expiresAt: block.expiresAt.getTime(), rollover });
    }
    entry.status = 'completed';
  });
}

async function applyOperation(tx: Tx, model: Model, operation: Operation): Promise<void> {
  switch (operation.op) {
    case 'advance':
      now += operation.hours * HOUR;
      return;
    case 'expire':
      throw new Error('The expiry run takes its own transactions: run it outside applyOperation.');
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
      return completeInvoice(tx, model, sourceId, operation.terms);
    case 'reopenInvoiceHours':
      return onEntry(model, sourceId, () => reopenInvoiceHours(ledger, tx, sourceId), (entry) => {
        entry.status = 'pending';
        model.blocks.delete(sourceId);
      });
    case 'updateInvoiceHours': {
      const change = toHoursChange(model, operation.change);
      const call = () => updateInvoiceHours(ledger, tx, sourceId, change);
      return onEntry(model, sourceId, call, (entry) => applyChange(entry, change, 1));
    }
    case 'removeInvoiceHours':
      return onEntry(model, sourceId, () => removeInvoiceHours(ledger, tx, sourceId), () => {
        model.entries.delete(sourceId);
        model.blocks.delete(sourceId);
      });
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

type BlockRow = typeof db.t.hourBlocks.$inferSelect;

/** The replay's moves for the model's completed purchases and work of a company; block ids are invoice ids. */
function modelMoves(model: Model, companyId: string): LedgerMove[] {
  const moves: LedgerMove[] = [];
  for (const [sourceId, entry] of model.entries) {
    if (entry.companyId !== companyId || entry.status !== 'completed') continue;
    const key = { at: entry.timeStamp, createdAt: entry.createdAt, id: entry.id };
    const block = model.blocks.get(sourceId);
    if (entry.activityType === 'TimeLog') moves.push({ kind: 'debit', key, hundredths: -entry.hundredths });
    else moves.push({ kind: 'credit', key, hundredths: entry.hundredths, block: block ? { id: sourceId, ...block } : null });
  }
  return moves;
}

/**
 * Checks the company's blocks against a replay of the model and answers the entries their expiries
 * wrote (read back, once checked): written exactly when due, for exactly the replay's hours.
 */
async function expectBlocksOfModel(model: Model, companyId: string): Promise<ModelEntry[]> {
  const { activities, hourBlocks } = db.t;
  const replay = replayBlocks(modelMoves(model, companyId));
  const rows = await db.select().from(hourBlocks).where(eq(hourBlocks.companyId, companyId));
  const entryIds = new Map([...model.entries].map(([sourceId, entry]) => [entry.id, sourceId]));
  const purchases = rows.filter((row) => row.rolledFromId === null);
  expect(purchases.map((row) => entryIds.get(row.entryId)).sort()).toEqual([...replay.blocks.keys()].sort());
  const expected: { activityType: string; hundredths: number; timeStamp: number }[] = [];
  const expectExpiry = (row: BlockRow, unused: number, rolled: number) => {
    expect(row.unusedHundredths).toBe(unused);
    expect(row.rolledHundredths).toBe(rolled);
    expect(unused).toBeGreaterThanOrEqual(rolled);
    expect(rolled).toBeGreaterThanOrEqual(0);
    const written = row.expiredAt !== null;
    // written once due, and certainly by the last expiry run after it came
    if (written) expect(row.expiresAt.getTime()).toBeLessThanOrEqual(now);
    if (row.expiresAt.getTime() <= model.expiredUpTo) expect(written).toBe(true);
    if (written && unused > rolled) expected.push({ activityType: 'Expired', hundredths: -(unused - rolled), timeStamp: row.expiresAt.getTime() });
    return written;
  };
  for (const row of purchases) {
    const block = model.blocks.get(entryIds.get(row.entryId)!)!;
    expect(row.expiresAt.getTime()).toBe(block.expiresAt);
    const outcome = replay.blocks.get(entryIds.get(row.entryId)!)!;
    const child = rows.find((candidate) => candidate.rolledFromId === row.id);
    const written = expectExpiry(row, outcome.unused, outcome.rolled);
    if (!written || outcome.rolled === 0) {
      expect(child).toBeUndefined();
      continue;
    }
    expect(child?.expiresAt.getTime()).toBe(block.rollover!.expiresAt);
    expected.push({ activityType: 'Rollover', hundredths: -outcome.rolled, timeStamp: block.expiresAt });
    expected.push({ activityType: 'Rollover', hundredths: outcome.rolled, timeStamp: block.expiresAt });
    expectExpiry(child!, outcome.rolledUnused, 0);
  }
  expect(rows.length).toBe(purchases.length + purchases.filter((row) => rows.some((child) => child.rolledFromId === row.id)).length);
  const written = await db.select().from(activities).where(eq(activities.companyId, companyId));
  const blockEntries = written.filter((entry) => entry.activityType === 'Expired' || entry.activityType === 'Rollover');
  const shape = (entry: { activityType: string; hundredths: number; timeStamp: number }) => `${entry.activityType} ${entry.hundredths} ${entry.timeStamp}`;
  expect(blockEntries.map((entry) => shape({ ...entry, timeStamp: entry.timeStamp.getTime() })).sort()).toEqual(expected.map(shape).sort());
  return blockEntries.map((entry) => ({ ...entry, timeStamp: entry.timeStamp.getTime(), createdAt: entry.createdAt.getTime() }));
}

async function expectServiceMatchesModel(model: Model, query: PageQuery): Promise<void> {
  const written = new Map<string, ModelEntry[]>();
  for (const companyId of model.companyIds) written.set(companyId, await expectBlocksOfModel(model, companyId));
  for (const companyId of model.companyIds) {
    const expected = expectedHours(model, companyId, written.get(companyId)!);
    const hours = { balance: expected.balance, pending: expected.pending };
    expect(await hourBalance(db, companyId)).toBe(expected.balance);
    expect(await pendingHours(db, companyId)).toBe(expected.pending);
    expect(await companyHours(db, companyId)).toEqual(hours);
    expect(await storedHours(companyId)).toEqual(hours);
    expect(await latestCompletedPurchase(db, companyId)).toBe(expected.lastPurchase);

    const listing = expectedListing(model, companyId, written.get(companyId)!);
    expect(await activitiesPage(db, companyId, { page: 1, perPage: MAX_PER_PAGE })).toEqual({ items: listing, total: listing.length });
    const recent = listing.filter((entry) => entry.status === 'completed').slice(0, RECENT);
    expect(await recentCompletedActivities(db, companyId, RECENT, await hourBalance(db, companyId))).toEqual(recent);
  }

  const companyId = model.companyIds[query.company]!;
  const listing = expectedListing(model, companyId, written.get(companyId)!);
  const start = offsetOf(query);
  expect(await activitiesPage(db, companyId, query)).toEqual({ items: listing.slice(start, start + query.perPage), total: listing.length });
}

/** Every row of the ledger and the blocks of the companies, to compare before and after a run that must change nothing. */
async function ledgerRows(companyIds: string[]) {
  const { activities, hourBlocks } = db.t;
  return {
    entries: await db.select().from(activities).where(inArray(activities.companyId, companyIds)).orderBy(activities.id),
    blocks: await db.select().from(hourBlocks).where(inArray(hourBlocks.companyId, companyIds)).orderBy(hourBlocks.id),
  };
}

it('agrees with a plain model of the ledger after any sequence of operations, on any page', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 40, size: 'large' }), pageQuery, async (operations, query) => {
      const companyIds: string[] = [];
      for (let n = 0; n < COMPANIES; n += 1) companyIds.push((await createCompany(db)).id);
      const model: Model = { companyIds, invoiceIds: [], timeLogIds: [], entries: new Map(), blocks: new Map(), expiredUpTo: -Infinity };
      now = START;
      for (const operation of operations) {
        if (operation.op === 'expire') {
          await expireDueBlocks(ledger, db, clock.now());
          model.expiredUpTo = now;
        } else {
          await db.transaction((tx) => applyOperation(tx, model, operation));
        }
      }
      await expectServiceMatchesModel(model, query);
      // an expiry run writes what is due, and a second one at the same time changes nothing
      await expireDueBlocks(ledger, db, clock.now());
      model.expiredUpTo = now;
      await expectServiceMatchesModel(model, query);
      const before = await ledgerRows(companyIds);
      await expireDueBlocks(ledger, db, clock.now());
      expect(await ledgerRows(companyIds)).toEqual(before);
    }),
    { numRuns: 250 },
  );
});
