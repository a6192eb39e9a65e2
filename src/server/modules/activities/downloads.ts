import type { DownloadLink, StatementPeriod } from '../../../shared/exports.js';
import { STATEMENT_IN_FUTURE } from '../../../shared/exports.js';
import { changedFields } from '../../../shared/events.js';
import { dateText } from '../../../shared/dates.js';
import { localDate } from '../../../shared/weekly.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { renderStatementPdf } from '../../pdf/statement-pdf.js';
import { offsetSlices } from '../../lib/paging.js';
import { findCompanyRow } from '../companies/queries.js';
import { csvChunks } from '../exports/csv-stream.js';
import { downloadLink, recordDownload, recordedOnceRead } from '../exports/links.js';
import type { EventSource, NewEvent } from '../events/service.js';
import type { CsvDownload } from '../exports/service.js';
import { timelineRows } from './ledger.js';
import { checkStatementLines, statementData } from './statement.js';
import { readLogo } from '../settings/logo.js';
import { providerOf, readSettings } from '../settings/service.js';

/*
 * A company's own downloads: its whole ledger as CSV (any of its users) and a statement PDF for a
 * period (its admins, as it shows invoices and payments). The signed link names the company, taken
 * from the caller's session, never from the input.
 */

export const ACTIVITIES_CSV_PATH = '/api/activities/export.csv';
export const STATEMENT_PDF_PATH = '/api/activities/statement.pdf';

type ActivitiesPayload = { company: string; timeZone: string };
type StatementPayload = ActivitiesPayload & { from: string; to: string };

/** The file names' company part: letters, digits and dashes. */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'company';

/** Who asks for a customer download: the user (whose download limit it counts against) and their company. */
export type CustomerCaller = { userId: string; companyId: string };

export async function activitiesExportLink(deps: AppDeps, { userId, companyId }: CustomerCaller, timeZone: string | undefined): Promise<DownloadLink> {
  const payload: ActivitiesPayload = { company: companyId, timeZone: timeZone ?? (await readSettings(deps.config, deps.db)).timeZone };
  return downloadLink(deps, ACTIVITIES_CSV_PATH, userId, payload);
}

/**
 * The company's ledger newest first, as the Activities page lists it, with the balance after each
 * entry, fetched by `source`; recorded once served (export.downloaded, the list 'activities').
 */
export async function activitiesCsv(deps: AppDeps, source: EventSource, payload: unknown): Promise<CsvDownload> {
  const { company: companyId, timeZone } = payload as ActivitiesPayload;
  const company = await findCompanyRow(deps.db, companyId);
  const changes = changedFields(undefined, { list: 'activities' }, ['list']);
  const event: NewEvent = { type: 'export.downloaded', companyId, subjectType: 'export', subjectId: null, changes };
  const rows = csvChunks(['Date', 'Description', 'Type', 'Status', 'Hours', 'Balance'], offsetSlices(async (limit, offset) =>
    (await timelineRows(deps.db, companyId, limit, offset)).map((entry) => [
      dateText(entry.timeStamp, timeZone),
      entry.description,
      entry.activityType,
      entry.status,
      entry.hours,
      entry.runningHourBalance,
    ]),
  ));
  return {
    fileName: `activities-${slug(company.companyName)}-${localDate(deps.clock.now(), timeZone)}.csv`,
    chunks: recordedOnceRead(rows, deps, source, event),
  };
}

/** A link to the statement of a period that has ended by today (in the zone it is read in) and is not too long to print. */
export async function statementLink(deps: AppDeps, { userId, companyId }: CustomerCaller, period: StatementPeriod): Promise<DownloadLink> {
  const timeZone = period.timeZone ?? (await readSettings(deps.config, deps.db)).timeZone;
  if (period.to > localDate(deps.clock.now(), timeZone)) throw new AppError('BAD_REQUEST', STATEMENT_IN_FUTURE, 'to');
  const payload: StatementPayload = { company: companyId, from: period.from, to: period.to, timeZone };
  await checkStatementLines(deps.db, companyId, payload);
  return downloadLink(deps, STATEMENT_PDF_PATH, userId, payload);
}

export type PdfDownload = { fileName: string; pdf: Uint8Array };

/** The statement PDF a signed link names, fetched by `source`; recorded once made (statement.downloaded) with its company and period. */
export async function statementPdf(deps: AppDeps, source: EventSource, payload: unknown): Promise<PdfDownload> {
  const { company, from, to, timeZone } = payload as StatementPayload;
  // one transaction, so the balances, entries, invoices and payments it reads agree with each other
  const data = await deps.db.transaction((tx) => statementData(tx, company, { from, to, timeZone }));
  const pdf = await renderStatementPdf(data, await providerOf(deps.config, deps.db), deps.clock.now(), await readLogo(deps.db));
  const period = changedFields(undefined, { from, to }, ['from', 'to']);
  await recordDownload(deps, source, { type: 'statement.downloaded', companyId: company, subjectType: 'statement', subjectId: null, changes: period });
  return { fileName: `statement-${slug(data.company.name)}-${from}-to-${to}.pdf`, pdf };
}
