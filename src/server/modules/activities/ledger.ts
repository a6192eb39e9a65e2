import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { ActivityDto } from '../../../shared/activities.js';
import { BALANCE_ENTRY_STATUS, hourShareOf } from '../../../shared/hour-balance.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { ListQuery, Page } from '../../../shared/list.js';
import type { Db, Tx } from '../../db.js';
import { AppError } from '../../errors.js';
import { countUpTo, pageOf } from '../../lib/paging.js';
import { plainRows, plainSelect, preparedPer } from '../../lib/prepared.js';
import { AUTOMATIC } from '../events/service.js';
import { dropBlocksOfEntry, openBlock, settleBlocks, termsOf, type NewBlockTerms } from './blocks.js';
import type { LedgerDeps } from './company-hours.js';
import { changeEntry, deleteEntry, insertEntry, type Activity } from './entries.js';

/*
 * The hours ledger. Every amount here is in integer hundredths of an hour except the wire
 * objects (ActivityDto), which carry hours. A TimeAdd entry follows its invoice; a TimeLog
 * entry follows its time log and carries the hours worked as a negative amount. Each write runs
 * inside its caller's transaction and takes the caller's LedgerDeps, whose balance watcher hears
 * of every change of a company's balance it makes (company-hours.ts).
 */

export type { Activity };
export type ActivityStatus = Activity['status'];

/** An activity as the API sends it; runningHourBalance is the balance after it, in hours. */
export type { ActivityDto };

export type InvoiceHours = {
  companyId: string;
  invoiceId: string;
  hundredths: number;
  description: string;
  timeStamp: Date;
  now: Date;
  /** Pending unless the invoice is already paid in full (a price of 0). */
  status?: ActivityStatus;
};

export type TimeLogHours = {
  companyId: string;
  timeLogId: string;
  /** The time worked, positive; the ledger stores it negated. */
  hundredths: number;
  description: string;
  timeStamp: Date;
  now: Date;
};

/** Fields left out stay as they are. */
export type HoursChange = {
  hundredths?: number;
  description?: string;
  companyId?: string;
  timeStamp?: Date;
};

const INVOICE_ENTRY = 'Hours entry for this invoice';
const TIME_LOG_ENTRY = 'Hours entry for this time log';

type Activities = Tx['t']['activities'];

/** SQL: the entry counts toward the balance (hourShareOf in shared/hour-balance.ts). */
const countsInBalance = (activities: Activities) => eq(activities.status, BALANCE_ENTRY_STATUS);

/** The ledger's order, newest first (activities_timeline_idx). */
const newestFirst = (activities: Activities) => [desc(activities.timeStamp), desc(activities.createdAt), desc(activities.id)];

function assertHundredths(hundredths: number): void {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new AppError('BAD_REQUEST', 'Hours must be zero or more, in whole hundredths.');
  }
}

/** 0 - 0 is 0, whereas -0 would leak into JSON comparisons as negative zero. */
const spent = (hundredths: number) => 0 - hundredths;

function changedFields(change: HoursChange, toLedger: (hundredths: number) => number) {
  if (change.hundredths !== undefined) assertHundredths(change.hundredths);
  return {
    hundredths: change.hundredths === undefined ? undefined : toLedger(change.hundredths),
    description: change.description,
    companyId: change.companyId,
    timeStamp: change.timeStamp,
  };
}

const ofInvoice = (tx: Tx, invoiceId: string) => eq(tx.t.activities.invoiceId, invoiceId);
const ofTimeLog = (tx: Tx, timeLogId: string) => eq(tx.t.activities.timeLogId, timeLogId);

/**
 * Settles the blocks of the company (or companies, when an entry moved) whose ledger a write changed.
 * An expiry it finds due is the app's own doing, whoever made the write (AUTOMATIC).
 */
async function settleAfter(deps: LedgerDeps, tx: Tx, ...companyIds: string[]): Promise<void> {
  for (const companyId of new Set(companyIds)) await settleBlocks(deps, tx, companyId, deps.clock.now(), AUTOMATIC);
}

/** The TimeAdd entry created with an invoice, pending until the invoice is paid in full. */
export async function addInvoiceHours(deps: LedgerDeps, tx: Tx, input: InvoiceHours): Promise<Activity> {
  assertHundredths(input.hundredths);
  const entry = await insertEntry(deps, tx, {
    companyId: input.companyId,
    activityType: 'TimeAdd',
    status: input.status ?? 'pending',
    hundredths: input.hundredths,
    description: input.description,
    timeStamp: input.timeStamp,
    invoiceId: input.invoiceId,
    timeLogId: null,
    createdAt: input.now,
  });
  await settleAfter(deps, tx, entry.companyId);
  return entry;
}

/**
 * The invoice is paid in full: its hours count toward the balance, as a block expiring on the
 * terms' date if it has terms. Repeating it changes nothing.
 */
export async function completeInvoiceHours(deps: LedgerDeps, tx: Tx, invoiceId: string, block?: NewBlockTerms): Promise<Activity> {
  const { before, after } = await changeEntry(deps, tx, ofInvoice(tx, invoiceId), { status: 'completed' }, INVOICE_ENTRY);
  if (block && before.status !== after.status) await openBlock(tx, after, block, deps.clock.now());
  await settleAfter(deps, tx, after.companyId);
  return after;
}

/** A removed payment reopened the invoice: its hours are pending again, and their block is gone. */
export async function reopenInvoiceHours(deps: LedgerDeps, tx: Tx, invoiceId: string): Promise<Activity> {
  const { after } = await changeEntry(deps, tx, ofInvoice(tx, invoiceId), { status: 'pending' }, INVOICE_ENTRY);
  await settleAfter(deps, tx, after.companyId);
  return after;
}

/** A purchase moved to another company takes its block along, its expiry written anew there when due. */
export async function updateInvoiceHours(deps: LedgerDeps, tx: Tx, invoiceId: string, change: HoursChange): Promise<Activity> {
  const values = changedFields(change, (hundredths) => hundredths);
  const [current] = await tx.select({ id: tx.t.activities.id, companyId: tx.t.activities.companyId }).from(tx.t.activities).where(ofInvoice(tx, invoiceId));
  const moving = current && values.companyId !== undefined && values.companyId !== current.companyId;
  const moved = moving ? await dropBlocksOfEntry(deps, tx, current.id) : [];
  const { before, after } = await changeEntry(deps, tx, ofInvoice(tx, invoiceId), values, INVOICE_ENTRY);
  for (const block of moved) await openBlock(tx, after, termsOf(block), deps.clock.now());
  await settleAfter(deps, tx, before.companyId, after.companyId);
  return after;
}

/** Must run before the invoice row is deleted: the entry references it. */
export async function removeInvoiceHours(deps: LedgerDeps, tx: Tx, invoiceId: string): Promise<void> {
  const [entry] = await tx.select({ id: tx.t.activities.id }).from(tx.t.activities).where(ofInvoice(tx, invoiceId));
  if (entry) await dropBlocksOfEntry(deps, tx, entry.id);
  const removed = await deleteEntry(deps, tx, ofInvoice(tx, invoiceId), INVOICE_ENTRY);
  await settleAfter(deps, tx, removed.companyId);
}

export async function recordTimeLogHours(deps: LedgerDeps, tx: Tx, input: TimeLogHours): Promise<Activity> {
  assertHundredths(input.hundredths);
  const entry = await insertEntry(deps, tx, {
    companyId: input.companyId,
    activityType: 'TimeLog',
    status: 'completed',
    hundredths: spent(input.hundredths),
    description: input.description,
    timeStamp: input.timeStamp,
    invoiceId: null,
    timeLogId: input.timeLogId,
    createdAt: input.now,
  });
  await settleAfter(deps, tx, entry.companyId);
  return entry;
}

/** change.hundredths is the time worked, positive, as in recordTimeLogHours. */
export async function updateTimeLogHours(deps: LedgerDeps, tx: Tx, timeLogId: string, change: HoursChange): Promise<Activity> {
  const { before, after } = await changeEntry(deps, tx, ofTimeLog(tx, timeLogId), changedFields(change, spent), TIME_LOG_ENTRY);
  await settleAfter(deps, tx, before.companyId, after.companyId);
  return after;
}

/** Must run before the time log row is deleted: the entry references it. */
export async function removeTimeLogHours(deps: LedgerDeps, tx: Tx, timeLogId: string): Promise<void> {
  const removed = await deleteEntry(deps, tx, ofTimeLog(tx, timeLogId), TIME_LOG_ENTRY);
  await settleAfter(deps, tx, removed.companyId);
}

function toDto(row: Activity, balanceAfter: number): ActivityDto {
  return {
    id: row.id,
    description: row.description,
    hours: hundredthsToHours(row.hundredths),
    status: row.status,
    activityType: row.activityType,
    timeStamp: row.timeStamp.toISOString(),
    runningHourBalance: hundredthsToHours(balanceAfter),
  };
}

/**
 * Completed hundredths of the company's newest `count` entries: what separates its balance from the
 * balance after the last of them. A scalar subquery read newest first on activities_timeline_idx alone.
 */
function completedInNewest(tx: Tx, companyId: string, count: number): SQL<number> {
  if (count === 0) return sql<number>`0`;
  const { activities } = tx.t;
  const newest = tx
    .select({ status: activities.status, hundredths: activities.hundredths })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .orderBy(...newestFirst(activities))
    .limit(count)
    .as('newest');
  return sql<number>`(select coalesce(sum(case when ${newest.status} = ${BALANCE_ENTRY_STATUS} then ${newest.hundredths} end), 0) from ${newest})`;
}

/**
 * The entries of one page, each with the balance after it: the company's balance (kept on its row)
 * minus the completed hours of every newer entry. Reads the page and the entries before it, never
 * the older part of the ledger, in one statement: a write landing between separate reads would
 * give the page balances that belong to neither side of it.
 */
export async function timelineRows(tx: Tx, companyId: string, limit: number, offset: number): Promise<ActivityDto[]> {
  const { activities, companies } = tx.t;
  const rows = await tx
    .select({
      entry: activities,
      balanceAfterNewer: sql<number>`(select ${companies.balanceHundredths} from ${companies} where ${companies.id} = ${companyId}) - ${completedInNewest(tx, companyId, offset)}`.mapWith(Number),
    })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .orderBy(...newestFirst(activities))
    .limit(limit)
    .offset(offset);
  if (rows.length === 0) return [];
  return withBalances(
    rows.map((row) => row.entry),
    rows[0]!.balanceAfterNewer,
  );
}

/** Entries newest first, each with the balance after it, starting from the balance after the first. */
function withBalances(rows: Activity[], balanceAfterFirst: number): ActivityDto[] {
  let balanceAfter = balanceAfterFirst;
  return rows.map((row) => {
    const dto = toDto(row, balanceAfter);
    balanceAfter -= hourShareOf(row).balance;
    return dto;
  });
}

/**
 * One page of the company's ledger, newest first, and how many entries it has. Entries are ordered
 * by timeStamp, then createdAt, then id; runningHourBalance is the balance after the entry, a
 * pending entry carrying the balance reached by the completed entries before it.
 */
export async function activitiesPage(tx: Tx, companyId: string, query: Pick<ListQuery, 'page' | 'perPage'>): Promise<Page<ActivityDto>> {
  const { activities } = tx.t;
  return pageOf(query, {
    rows: (limit, offset) => timelineRows(tx, companyId, limit, offset),
    count: (atMost) => countUpTo(tx, activities, eq(activities.companyId, companyId), atMost),
  });
}

/**
 * The latest completed entries, newest first, for the dashboard, given the company's balance: being
 * the latest, the balance after each is the balance minus the newer ones.
 */
export async function recentCompletedActivities(db: Db, companyId: string, limit: number, balance: number): Promise<ActivityDto[]> {
  return withBalances(await plainRows(db, recentCompleted(db), { companyId, limit }), balance);
}

const recentCompleted = preparedPer((db) => {
  const { activities } = db.t;
  const fields = getTableColumns(activities);
  const statement = db
    .select(fields)
    .from(activities)
    .where(and(eq(activities.companyId, sql.placeholder('companyId')), countsInBalance(activities)))
    .orderBy(...newestFirst(activities))
    .limit(sql.placeholder('limit'))
    .prepare();
  return plainSelect(statement, fields);
});

/** Hundredths of the company's most recent completed TimeAdd entry, 0 if there is none. */
export async function latestCompletedPurchase(db: Db, companyId: string): Promise<number> {
  const [row] = await plainRows(db, latestPurchase(db), { companyId });
  return row?.hundredths ?? 0;
}

const latestPurchase = preparedPer((db) => {
  const { activities } = db.t;
  const fields = { hundredths: activities.hundredths };
  const statement = db
    .select(fields)
    .from(activities)
    .where(and(eq(activities.companyId, sql.placeholder('companyId')), countsInBalance(activities), eq(activities.activityType, 'TimeAdd')))
    .orderBy(...newestFirst(activities))
    .limit(1)
    .prepare();
  return plainSelect(statement, fields);
});
