import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { activities } from '../../../../drizzle/schema.js';
import type { ActivityDto } from '../../../shared/activities.js';
import { BALANCE_ENTRY_STATUS, hourShareOf } from '../../../shared/hour-balance.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import type { ListQuery, Page } from '../../../shared/list.js';
import type { Db, Tx } from '../../db.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { countUpTo, pageOf } from '../../lib/paging.js';
import { preparedPerDb } from '../../lib/prepared.js';
import { keepCompanyHours, storedCompanyHours } from './company-hours.js';

/*
 * The hours ledger. Every amount here is in integer hundredths of an hour except the wire
 * objects (ActivityDto), which carry hours. A TimeAdd entry follows its invoice; a TimeLog
 * entry follows its time log and carries the hours worked as a negative amount.
 */

export type Activity = typeof activities.$inferSelect;
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


/** SQL: the entry counts toward the balance (hourShareOf in shared/hour-balance.ts). */
const countsInBalance = eq(activities.status, BALANCE_ENTRY_STATUS);

const newestFirst = [desc(activities.timeStamp), desc(activities.createdAt), desc(activities.id)];

function assertHundredths(hundredths: number): void {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0) {
    throw new AppError('BAD_REQUEST', 'Hours must be zero or more, in whole hundredths.');
  }
}

/** 0 - 0 is 0, whereas -0 would leak into JSON comparisons as negative zero. */
const spent = (hundredths: number) => 0 - hundredths;

function insertEntry(tx: Tx, entry: Omit<Activity, 'id'>): Activity {
  const row = tx
    .insert(activities)
    .values({ id: newId(), ...entry })
    .returning()
    .get();
  keepCompanyHours(tx, undefined, row);
  return row;
}

function changeEntry(
  tx: Tx,
  where: SQL | undefined,
  values: Partial<Omit<Activity, 'id'>>,
  what: string,
): Activity {
  const before = tx.select().from(activities).where(where).get();
  if (!before) throw notFound(what);
  // drizzle skips undefined values but refuses an update with nothing left to set
  if (Object.values(values).every((value) => value === undefined)) return before;
  const after = tx.update(activities).set(values).where(eq(activities.id, before.id)).returning().get()!;
  keepCompanyHours(tx, before, after);
  return after;
}

function deleteEntry(tx: Tx, where: SQL | undefined, what: string): void {
  const removed = tx.delete(activities).where(where).returning().get();
  if (!removed) throw notFound(what);
  keepCompanyHours(tx, removed, undefined);
}

function changedFields(change: HoursChange, toLedger: (hundredths: number) => number) {
  if (change.hundredths !== undefined) assertHundredths(change.hundredths);
  return {
    hundredths: change.hundredths === undefined ? undefined : toLedger(change.hundredths),
    description: change.description,
    companyId: change.companyId,
    timeStamp: change.timeStamp,
  };
}

const ofInvoice = (invoiceId: string) => eq(activities.invoiceId, invoiceId);
const ofTimeLog = (timeLogId: string) => eq(activities.timeLogId, timeLogId);

/** The TimeAdd entry created with an invoice, pending until the invoice is paid in full. */
export function addInvoiceHours(tx: Tx, input: InvoiceHours): Activity {
  assertHundredths(input.hundredths);
  return insertEntry(tx, {
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
}

/** The invoice is paid in full: its hours count toward the balance. Repeating it changes nothing. */
export function completeInvoiceHours(tx: Tx, invoiceId: string): Activity {
  return changeEntry(tx, ofInvoice(invoiceId), { status: 'completed' }, INVOICE_ENTRY);
}

/** A removed payment reopened the invoice: its hours are pending again. */
export function reopenInvoiceHours(tx: Tx, invoiceId: string): Activity {
  return changeEntry(tx, ofInvoice(invoiceId), { status: 'pending' }, INVOICE_ENTRY);
}

export function updateInvoiceHours(tx: Tx, invoiceId: string, change: HoursChange): Activity {
  const values = changedFields(change, (hundredths) => hundredths);
  return changeEntry(tx, ofInvoice(invoiceId), values, INVOICE_ENTRY);
}

/** Must run before the invoice row is deleted: the entry references it. */
export function removeInvoiceHours(tx: Tx, invoiceId: string): void {
  deleteEntry(tx, ofInvoice(invoiceId), INVOICE_ENTRY);
}

export function recordTimeLogHours(tx: Tx, input: TimeLogHours): Activity {
  assertHundredths(input.hundredths);
  return insertEntry(tx, {
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
}

/** change.hundredths is the time worked, positive, as in recordTimeLogHours. */
export function updateTimeLogHours(tx: Tx, timeLogId: string, change: HoursChange): Activity {
  return changeEntry(tx, ofTimeLog(timeLogId), changedFields(change, spent), TIME_LOG_ENTRY);
}

/** Must run before the time log row is deleted: the entry references it. */
export function removeTimeLogHours(tx: Tx, timeLogId: string): void {
  deleteEntry(tx, ofTimeLog(timeLogId), TIME_LOG_ENTRY);
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
 * balance after the last of them. Read newest first on activities_timeline_idx alone.
 */
function completedInNewest(tx: Tx, companyId: string, count: number): number {
  if (count === 0) return 0;
  const newest = tx
    .select({ status: activities.status, hundredths: activities.hundredths })
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .orderBy(...newestFirst)
    .limit(count)
    .as('newest');
  const row = tx
    .select({ total: sql<number>`coalesce(sum(case when ${newest.status} = ${BALANCE_ENTRY_STATUS} then ${newest.hundredths} end), 0)` })
    .from(newest)
    .get();
  return row?.total ?? 0;
}

/**
 * The entries of one page, each with the balance after it: the company's balance (kept on its row)
 * minus the completed hours of every newer entry. Reads the page and the entries before it, never
 * the older part of the ledger.
 */
export function timelineRows(tx: Tx, companyId: string, limit: number, offset: number): ActivityDto[] {
  const rows = tx
    .select()
    .from(activities)
    .where(eq(activities.companyId, companyId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .all();
  return withBalances(rows, storedCompanyHours(tx, companyId).balance - completedInNewest(tx, companyId, offset));
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
export function activitiesPage(tx: Tx, companyId: string, query: Pick<ListQuery, 'page' | 'perPage'>): Page<ActivityDto> {
  return pageOf(query, {
    rows: (limit, offset) => timelineRows(tx, companyId, limit, offset),
    count: (atMost) => countUpTo(tx, activities, eq(activities.companyId, companyId), atMost),
  });
}

const recentCompleted = preparedPerDb((db) =>
  db
    .select()
    .from(activities)
    .where(and(eq(activities.companyId, sql.placeholder('companyId')), countsInBalance))
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare(),
);

/**
 * The latest completed entries, newest first, for the dashboard, given the company's balance: being
 * the latest, the balance after each is the balance minus the newer ones.
 */
export function recentCompletedActivities(db: Db, companyId: string, limit: number, balance: number): ActivityDto[] {
  return withBalances(recentCompleted(db).all({ companyId, limit }), balance);
}

const latestPurchase = preparedPerDb((db) =>
  db
    .select({ hundredths: activities.hundredths })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, sql.placeholder('companyId')),
        countsInBalance,
        eq(activities.activityType, 'TimeAdd'),
      ),
    )
    .orderBy(...newestFirst)
    .limit(1)
    .prepare(),
);

/** Hundredths of the company's most recent completed TimeAdd entry, 0 if there is none. */
export function latestCompletedPurchase(db: Db, companyId: string): number {
  return latestPurchase(db).get({ companyId })?.hundredths ?? 0;
}
