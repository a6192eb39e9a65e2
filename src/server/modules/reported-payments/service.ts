import { and, eq } from 'drizzle-orm';
import { changedFields, type EventType } from '../../../shared/events.js';
import type { DownloadLink } from '../../../shared/exports.js';
import { formatDollars } from '../../../shared/format.js';
import { centsToDollars, dollarsToCents } from '../../../shared/hours.js';
import { remainingCentsOf } from '../../../shared/pricing.js';
import {
  INVOICE_ALREADY_PAID,
  PROOF_MAX_BYTES,
  PROOF_TOO_LARGE,
  PROOF_WRONG_TYPE,
  REPORT_ALREADY_DECIDED,
  REPORT_ALREADY_PENDING,
  REPORT_AMOUNT_OVER_OWED,
  REPORT_DATE_IN_FUTURE,
  REPORT_DATE_TOO_OLD,
  REPORT_MAX_AGE_DAYS,
  REPORTS_SHOWN,
  type ConfirmReportInput,
  type PendingReportsDto,
  type ReportedPaymentDto,
  type ReportPaymentInput,
} from '../../../shared/reported-payments.js';
import { addDays, epochDay, localDate } from '../../../shared/weekly.js';
import type { Tx } from '../../db.js';
import { companyTurn } from '../../database/port.js';
import { inCompanyTurn } from '../../database/company-turn.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { base64OfDataUrl, FILE_EXTENSIONS, fileTypeOf, type KnownFileType } from '../../lib/file-types.js';
import { newId } from '../../lib/ids.js';
import { zoneCalendar } from '../../lib/zone-calendar.js';
import { companyAdminRecipients, providerRecipients } from '../../mail/recipients.js';
import { changeEvents, recordEvents, type EventSource } from '../events/service.js';
import { downloadLink, recordDownload } from '../exports/links.js';
import { createPayment } from '../payments/service.js';
import { providerOf, readSettings } from '../settings/service.js';
import { paymentReportedEmail, reportRejectedEmail } from './emails.js';
import { findReport, pendingReportOf, pendingReports, readProof } from './queries.js';

/*
 * Payments the customer reports (docs/product-rules.md#payments-the-customer-reports). A report is
 * only a claim: it writes no payment and moves no balance. Confirming it makes the payment through
 * the payments service, in the same transaction, so the invoice, its hours and the receipt follow
 * exactly as for a payment the provider records by hand.
 */

/** The fields a report's events record, in the API's names. */
const REPORT_EVENT_FIELDS = ['invoice', 'method', 'amount', 'paidOn', 'reference', 'status', 'rejectReason', 'payment', 'proof'] as const satisfies readonly (keyof ReportedPaymentDto)[];

const reportEvents = (type: EventType, before: ReportedPaymentDto | undefined, after: ReportedPaymentDto) =>
  changeEvents(type, { companyId: after.company, subjectType: 'reported_payment', subjectId: after._id }, before, after, REPORT_EVENT_FIELDS);

type Proof = { contentType: KnownFileType; data: Buffer };

/** The proof a data URL carries, its type read from its bytes (the type it claims is not trusted). */
export function decodeProof(dataUrl: string): Proof {
  const base64 = base64OfDataUrl(dataUrl);
  if (base64 === null) throw new AppError('BAD_REQUEST', PROOF_WRONG_TYPE, 'proof');
  const data = Buffer.from(base64, 'base64');
  if (data.length > PROOF_MAX_BYTES) throw new AppError('BAD_REQUEST', PROOF_TOO_LARGE, 'proof');
  const contentType = fileTypeOf(data);
  if (!contentType) throw new AppError('BAD_REQUEST', PROOF_WRONG_TYPE, 'proof');
  return { contentType, data };
}

/** The day is not after today where the customer may be (a day ahead of the provider at most), nor too long ago. */
function checkPaidOn(paidOn: string, today: string): void {
  if (paidOn > addDays(today, 1)) throw new AppError('BAD_REQUEST', REPORT_DATE_IN_FUTURE, 'paidOn');
  if (paidOn < addDays(today, -REPORT_MAX_AGE_DAYS)) throw new AppError('BAD_REQUEST', REPORT_DATE_TOO_OLD, 'paidOn');
}

/** The invoice may take a report: the company's own (else 404), not paid in full, with no report pending, owing at least `amountCents`. */
async function checkReportable(tx: Tx, companyId: string, invoiceId: string, amountCents: number): Promise<void> {
  const { invoices } = tx.t;
  const [invoice] = await tx.select().from(invoices).where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
  if (!invoice) throw notFound('Invoice');
  const owedCents = remainingCentsOf(invoice);
  if (invoice.completeStatus || owedCents <= 0) throw new AppError('CONFLICT', INVOICE_ALREADY_PAID);
  if (await pendingReportOf(tx, invoiceId)) throw new AppError('CONFLICT', REPORT_ALREADY_PENDING);
  if (amountCents > owedCents) throw new AppError('BAD_REQUEST', REPORT_AMOUNT_OVER_OWED(formatDollars(centsToDollars(owedCents))), 'amount');
}

/** A company admin reports a payment sent for one of the company's invoices; the provider is emailed. */
export async function reportPayment(deps: AppDeps, source: EventSource, reporter: { userId: string; companyId: string }, input: ReportPaymentInput): Promise<ReportedPaymentDto> {
  const proof = input.proof ? decodeProof(input.proof) : null;
  const amountCents = dollarsToCents(input.amount);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    checkPaidOn(input.paidOn, localDate(now, (await readSettings(deps.config, tx)).timeZone));
    await checkReportable(tx, reporter.companyId, input.invoice, amountCents);
    const { reportedPayments, reportedPaymentProofs } = tx.t;
    const id = newId();
    await tx.insert(reportedPayments).values({
      id,
      invoiceId: input.invoice,
      companyId: reporter.companyId,
      reportedBy: reporter.userId,
      method: input.method,
      amountCents,
      paidOn: input.paidOn,
      reference: input.reference,
      createdAt: now,
    });
    if (proof) await tx.insert(reportedPaymentProofs).values({ reportedPaymentId: id, contentType: proof.contentType, size: proof.data.length, data: proof.data });
    const report = await findReport(tx, id);
    const provider = await providerOf(deps.config, tx);
    await deps.outbox.enqueue(tx, { to: await providerRecipients(tx, provider), ...paymentReportedEmail(provider, report, deps.config.appUrl) });
    await recordEvents(tx, source, now, reportEvents('reported_payment.created', undefined, report));
    return report;
  }, companyTurn(reporter.companyId));
}

/** The reports waiting for the provider: how many, and the oldest few (the overview's card). */
export function reportsAwaitingDecision(deps: AppDeps): Promise<PendingReportsDto> {
  return pendingReports(deps.db, REPORTS_SHOWN);
}

/** The company a report is of, for the turn its decision takes; null when there is no such report. */
async function companyOfReport(tx: Tx, id: string): Promise<string | null> {
  const { reportedPayments } = tx.t;
  const [row] = await tx.select({ companyId: reportedPayments.companyId }).from(reportedPayments).where(eq(reportedPayments.id, id));
  return row?.companyId ?? null;
}

/** Runs a decision on a report still pending (409 once decided), in the company's turn, and records it. */
async function decide(deps: AppDeps, source: EventSource, id: string, type: EventType, apply: (tx: Tx, report: ReportedPaymentDto) => Promise<void>): Promise<ReportedPaymentDto> {
  return inCompanyTurn(deps.db, (tx) => companyOfReport(tx, id), async (tx) => {
    const before = await findReport(tx, id);
    if (before.status !== 'pending') throw new AppError('CONFLICT', REPORT_ALREADY_DECIDED);
    await apply(tx, before);
    const after = await findReport(tx, id);
    await recordEvents(tx, source, deps.clock.now(), reportEvents(type, before, after));
    return after;
  });
}

/**
 * The provider confirms a report: the payment is made (completed) with the values of the dialog,
 * prefilled from the report, and the report is marked confirmed with it, in one transaction.
 */
export async function confirmReport(deps: AppDeps, source: EventSource, deciderId: string, input: ConfirmReportInput): Promise<ReportedPaymentDto> {
  return decide(deps, source, input.id, 'reported_payment.confirmed', async (tx, report) => {
    const timeZone = (await readSettings(deps.config, tx)).timeZone;
    const payment = await createPayment({ ...deps, db: tx }, source, {
      company: report.company,
      invoice: report.invoice._id,
      amount: input.amount,
      method: input.method,
      status: 'completed',
      paymentDate: new Date(zoneCalendar(timeZone).dayStart(epochDay(input.paidOn))).toISOString(),
      description: `Reported by ${report.reportedBy || 'the customer'} on ${report.reportedAt.slice(0, 10)}`,
      transactionId: input.reference,
      sendEmail: input.sendEmail,
    });
    const { reportedPayments } = tx.t;
    await tx
      .update(reportedPayments)
      .set({ status: 'confirmed', paymentId: payment._id, decidedBy: deciderId, decidedAt: deps.clock.now() })
      .where(eq(reportedPayments.id, report._id));
  });
}

/** The provider rejects a report with a reason; the company's admins and whoever reported it are emailed it. */
export async function rejectReport(deps: AppDeps, source: EventSource, deciderId: string, id: string, reason: string): Promise<ReportedPaymentDto> {
  return decide(deps, source, id, 'reported_payment.rejected', async (tx, report) => {
    const { reportedPayments, users } = tx.t;
    await tx
      .update(reportedPayments)
      .set({ status: 'rejected', rejectReason: reason, decidedBy: deciderId, decidedAt: deps.clock.now() })
      .where(eq(reportedPayments.id, report._id));
    const [reporter] = await tx
      .select({ emailAddress: users.emailAddress })
      .from(users)
      .innerJoin(reportedPayments, eq(reportedPayments.reportedBy, users.id))
      .where(eq(reportedPayments.id, report._id));
    const to = [...new Set([...(reporter ? [reporter.emailAddress] : []), ...(await companyAdminRecipients(tx, report.company))])];
    const rejected = await findReport(tx, report._id);
    if (to.length > 0) await deps.outbox.enqueue(tx, { to, ...reportRejectedEmail(await providerOf(deps.config, tx), rejected, deps.config.appUrl) });
  });
}

/** Where a report's proof is downloaded. */
export const proofPath = (reportId: string) => `/api/reported-payments/${encodeURIComponent(reportId)}/proof`;

/** Who asks for a proof: the provider (any report), or a company admin (their company's reports only). */
export type ProofCaller = { userId: string; companyId: string | null };

/** A signed link to a report's proof; a 404 for a report of another company, or one without a proof. */
export async function proofLink(deps: AppDeps, caller: ProofCaller, id: string): Promise<DownloadLink> {
  const report = await findReport(deps.db, id, caller.companyId ?? undefined);
  if (!report.proof) throw notFound('Proof');
  return downloadLink(deps, proofPath(id), caller.userId, { report: id, company: report.company });
}

export type ProofDownload = { fileName: string; contentType: string; data: Buffer };

/** The proof a signed link names, fetched by `source`; recorded once read (proof.downloaded). */
export async function proofDownload(deps: AppDeps, source: EventSource, payload: unknown): Promise<ProofDownload> {
  const { report: id } = payload as { report: string };
  const report = await findReport(deps.db, id);
  const proof = await readProof(deps.db, id);
  if (!proof) throw notFound('Proof');
  const fileName = `payment-proof-${report.invoice.invoiceId}.${FILE_EXTENSIONS[proof.contentType as KnownFileType]}`;
  const changes = changedFields(undefined, { file: fileName }, ['file']);
  await recordDownload(deps, source, { type: 'proof.downloaded', companyId: report.company, subjectType: 'reported_payment', subjectId: id, changes });
  return { fileName, contentType: proof.contentType, data: proof.data };
}
