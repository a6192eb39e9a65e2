import type { z } from 'zod';
import { companyListInput } from '../../../shared/companies.js';
import { runOutDateText } from '../../../shared/forecast.js';
import { dateText, dateTimeText } from '../../../shared/dates.js';
import { changesText, eventListInput } from '../../../shared/events.js';
import type { ExportList } from '../../../shared/exports.js';
import { allInvoiceListInput, invoiceStatus } from '../../../shared/invoices.js';
import { packageListInput } from '../../../shared/packages.js';
import { paymentListInput } from '../../../shared/payments.js';
import { allOpenTaskListInput } from '../../../shared/tasks.js';
import { timeLogListInput } from '../../../shared/timelogs.js';
import { userListInput } from '../../../shared/users.js';
import type { CsvValue } from '../../lib/csv.js';
import { offsetSlices, type ListReader, type Slice, type SliceCursor } from '../../lib/paging.js';
import type { AppDeps } from '../../deps.js';
import { companyListReader } from '../companies/queries.js';
import { eventListReader } from '../events/queries.js';
import { readSettings } from '../settings/service.js';
import { invoiceListReader } from '../invoices/queries.js';
import { packageListReader } from '../packages/queries.js';
import { paymentListReader } from '../payments/queries.js';
import { openTaskListReader } from '../tasks/queries.js';
import { timeLogListReader } from '../timelogs/queries.js';
import { userListReader } from '../users/queries.js';

/*
 * Each back-office list as a CSV: the list's own input schema (its sort keys and filters), its own
 * reader (the SQL its page runs), and the columns its screen shows. Hours and money are numbers
 * (two decimals at most, no currency sign), dates the screen's texts in the export's time zone.
 */

export type Column<Row> = readonly [header: string, cell: (row: Row, timeZone: string) => CsvValue];

/** Reads the records of a list a slice at a time, each after the one before. */
export type RecordSlices = (limit: number, from: SliceCursor) => Promise<Slice<CsvValue[]>>;

/** A list ready to write: its headers and its records, a slice at a time, in the list's order. */
export type ListExport = {
  /** The file name's first part. */
  fileName: string;
  /** The list call's own input schema; an export ignores its paging. */
  input: z.ZodType<object>;
  headers: string[];
  records: (deps: AppDeps, query: object, timeZone: string) => Promise<RecordSlices>;
};

/** A list's export from its reader (some readers look at the database before their first read) and the columns of its screen. */
function listExport<Query extends object, Row>(definition: {
  fileName: string;
  input: z.ZodType<Query>;
  reader: (deps: AppDeps, query: Query, timeZone: string) => ListReader<Row> | Promise<ListReader<Row>>;
  columns: readonly Column<Row>[];
}): ListExport {
  const { fileName, input, reader, columns } = definition;
  return {
    fileName,
    input,
    headers: columns.map(([header]) => header),
    records: async (deps, query, timeZone) => {
      const read = await reader(deps, query as Query, timeZone);
      const slice = read.slice ?? offsetSlices(read.rows);
      return async (limit, from) => {
        const { items, next } = await slice(limit, from);
        return { items: items.map((row) => columns.map(([, cell]) => cell(row, timeZone))), next };
      };
    },
  };
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** A package's start and end are calendar days, kept as UTC midnights. */
const calendarDayText = (iso: string | null) => (iso ? dateText(iso, 'UTC') : '');

export const providerLists: Record<ExportList, ListExport> = {
  companies: listExport({
    fileName: 'companies',
    input: companyListInput,
    reader: (deps, query) => companyListReader(deps, deps.db, query),
    columns: [
      ['Company Name', (company) => company.companyName],
      ['Hour Balance', (company) => company.hourBalance],
      ['Open Tasks', (company) => company.openTasks],
      ['Runs Out', (company) => (company.forecast ? runOutDateText(company.forecast) : '')],
    ],
  }),
  users: listExport({
    fileName: 'users',
    input: userListInput,
    reader: (deps, query) => userListReader(deps.db, query),
    columns: [
      ['First Name', (user) => user.firstName],
      ['Last Name', (user) => user.lastName],
      ['Email', (user) => user.emailAddress],
      ['Company', (user) => user.companyName ?? ''],
      ['Role', (user) => user.role],
      ['Approved', (user) => yesNo(user.approved)],
    ],
  }),
  packages: listExport({
    fileName: 'packages',
    input: packageListInput,
    reader: (deps, query) => packageListReader(deps.db, query),
    columns: [
      ['Description', (pkg) => pkg.description],
      ['Hours', (pkg) => pkg.hours],
      ['Rate', (pkg) => pkg.rate],
      ['Price', (pkg) => pkg.price],
      ['Company', (pkg) => pkg.companyName ?? ''],
      ['Start Date', (pkg) => calendarDayText(pkg.startDate)],
      ['End Date', (pkg) => calendarDayText(pkg.endDate)],
    ],
  }),
  tasks: listExport({
    fileName: 'open-tasks',
    input: allOpenTaskListInput,
    reader: (deps, query) => openTaskListReader(deps.db, query),
    columns: [
      ['Company', (task) => task.companyName],
      ['Title', (task) => task.title],
      ['Description', (task) => task.description],
      ['Priority', (task) => task.priority],
    ],
  }),
  timelogs: listExport({
    fileName: 'time-logs',
    input: timeLogListInput,
    // Search matches the date-times as written in the export's zone, as the screen's do in the browser's.
    reader: (deps, query, timeZone) => timeLogListReader(deps.db, query, timeZone, deps.config.timeZone),
    columns: [
      ['Company', (log) => log.companyName],
      ['DateTime', (log, timeZone) => dateTimeText(log.timeStamp, timeZone)],
      ['Hours', (log) => log.invertedHours],
      ['Description', (log) => log.description],
      ['Task', (log) => log.taskTitle ?? ''],
    ],
  }),
  invoices: listExport({
    fileName: 'invoices',
    input: allInvoiceListInput,
    reader: (deps, query) => invoiceListReader(deps.db, deps, query),
    columns: [
      ['Invoice', (invoice) => invoice.invoiceId],
      ['Company', (invoice) => invoice.companyName],
      ['Hours', (invoice) => invoice.hours],
      ['Price', (invoice) => invoice.price],
      ['Balance', (invoice) => invoice.remainingBalance],
      ['Description', (invoice) => invoice.description],
      ['Payment Method', (invoice) => invoice.selectedPaymentMethod || 'None'],
      ['Transaction Date', (invoice, timeZone) => dateText(invoice.transactionDate, timeZone)],
      // the badge and the partly paid note beside it, as one cell
      ['Status', (invoice) => invoiceStatus(invoice).text],
    ],
  }),
  payments: listExport({
    fileName: 'payments',
    input: paymentListInput,
    reader: (deps, query) => paymentListReader(deps.db, query, deps.config.timeZone),
    columns: [
      ['Company Name', (payment) => payment.companyName],
      ['Amount', (payment) => payment.amount],
      ['Date', (payment, timeZone) => dateTimeText(payment.paymentDate, timeZone)],
      ['Method', (payment) => payment.method],
      ['Invoice', (payment) => payment.invoice.invoiceId],
      ['Status', (payment) => payment.status],
      ['Description', (payment) => payment.description],
      ['Transaction Id', (payment) => payment.transactionId],
    ],
  }),
  events: listExport({
    fileName: 'audit-log',
    input: eventListInput,
    // the date filter's days are the provider's, as on the screen
    reader: async (deps, query) => eventListReader(deps.db, query, (await readSettings(deps.config, deps.db)).timeZone),
    columns: [
      ['DateTime', (event, timeZone) => dateTimeText(event.occurredAt, timeZone)],
      ['Event', (event) => event.type],
      ['Actor', (event) => event.actorLabel],
      ['Address', (event) => event.ipAddress ?? ''],
      ['Company', (event) => event.companyName ?? ''],
      ['Record', (event) => event.subjectType],
      ['Record Id', (event) => event.subjectId ?? ''],
      ['Changes', (event) => changesText(event.changes)],
    ],
  }),
};
