import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/payment-options.js';
import { centsToDollars } from '../../../shared/hours.js';
import type { PendingReportsDto, ReportedPaymentDto, ReportStatus } from '../../../shared/reported-payments.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';

/*
 * Reading reported payments: with their invoice's number, their company's name, who reported them
 * and their proof's type and size (never its bytes, which only the proof download reads).
 */

/** Reports matching `where`, in `order`, up to `limit`. */
async function reportsWhere(tx: Tx, where: SQL | undefined, order: SQL[], limit?: number): Promise<ReportedPaymentDto[]> {
  const { reportedPayments: reports, reportedPaymentProofs: proofs, invoices, companies, users } = tx.t;
  const query = tx
    .select({
      report: reports,
      invoiceNumber: invoices.invoiceNumber,
      companyName: companies.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
      proofType: proofs.contentType,
      proofSize: proofs.size,
    })
    .from(reports)
    .innerJoin(invoices, eq(invoices.id, reports.invoiceId))
    .innerJoin(companies, eq(companies.id, reports.companyId))
    .leftJoin(users, eq(users.id, reports.reportedBy))
    .leftJoin(proofs, eq(proofs.reportedPaymentId, reports.id))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(({ report, invoiceNumber, companyName, firstName, lastName, proofType, proofSize }) => ({
    _id: report.id,
    invoice: { _id: report.invoiceId, invoiceId: invoiceNumber },
    company: report.companyId,
    companyName,
    method: report.method as PaymentMethod,
    amount: centsToDollars(report.amountCents),
    paidOn: report.paidOn,
    reference: report.reference,
    status: report.status as ReportStatus,
    rejectReason: report.rejectReason,
    payment: report.paymentId,
    reportedBy: firstName === null ? '' : `${firstName} ${lastName ?? ''}`.trim(),
    reportedAt: report.createdAt.toISOString(),
    decidedAt: report.decidedAt?.toISOString() ?? null,
    proof: proofType === null ? null : { contentType: proofType, bytes: proofSize ?? 0 },
  }));
}

/** The report with that id; a 404 when there is none, or when `companyId` is given and it is another company's. */
export async function findReport(tx: Tx, id: string, companyId?: string): Promise<ReportedPaymentDto> {
  const { reportedPayments: reports } = tx.t;
  const [report] = await reportsWhere(tx, and(eq(reports.id, id), companyId === undefined ? undefined : eq(reports.companyId, companyId)), []);
  if (!report) throw notFound('Reported payment');
  return report;
}

/** Each invoice's latest report, for a page of invoices in one read (an invoice has a few at most). */
export async function latestReportsOf(tx: Tx, invoiceIds: readonly string[]): Promise<Map<string, ReportedPaymentDto>> {
  const latest = new Map<string, ReportedPaymentDto>();
  if (invoiceIds.length === 0) return latest;
  const { reportedPayments: reports } = tx.t;
  const rows = await reportsWhere(tx, inArray(reports.invoiceId, [...invoiceIds]), [asc(reports.invoiceId), desc(reports.createdAt), desc(sql`${reports}.rowid`)]);
  for (const row of rows) if (!latest.has(row.invoice._id)) latest.set(row.invoice._id, row);
  return latest;
}

/** The id of the invoice's report still waiting for the provider, if it has one. */
export async function pendingReportOf(tx: Tx, invoiceId: string): Promise<string | undefined> {
  const { reportedPayments: reports } = tx.t;
  const [row] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.invoiceId, invoiceId), eq(reports.status, 'pending')))
    .limit(1);
  return row?.id;
}

/** How many reports wait for the provider, and the oldest `shown` of them (first come, first seen). */
export async function pendingReports(tx: Tx, shown: number): Promise<PendingReportsDto> {
  const { reportedPayments: reports } = tx.t;
  const pending = eq(reports.status, 'pending');
  const [counted] = await tx.select({ count: count() }).from(reports).where(pending);
  const oldest = await reportsWhere(tx, pending, [asc(reports.createdAt), asc(sql`${reports}.rowid`)], shown);
  return { count: Number(counted?.count ?? 0), oldest };
}

/** A report's proof with its bytes, for the download. */
export async function readProof(tx: Tx, reportId: string): Promise<{ contentType: string; data: Buffer } | undefined> {
  const { reportedPaymentProofs: proofs } = tx.t;
  const [proof] = await tx.select({ contentType: proofs.contentType, data: proofs.data }).from(proofs).where(eq(proofs.reportedPaymentId, reportId));
  return proof;
}
