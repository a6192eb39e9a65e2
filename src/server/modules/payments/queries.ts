import { and, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, invoices, payments } from '../../../../drizzle/schema.js';
import { centsToDollars } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { PaymentDto, PaymentListQuery, PaymentSortKey } from '../../../shared/payments.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { keyedSlices, orderOf, pageOf, searchAny, type ListReader } from '../../lib/paging.js';

export type PaymentRow = typeof payments.$inferSelect;

const paymentRowid = sql`${payments}.rowid`;

const paymentColumns = { payment: payments, invoiceNumber: invoices.invoiceNumber, companyName: companies.companyName };

/** Payments with their invoice's number and their company's name, in one query; `extra` adds columns (sort keys). */
function paymentsQuery(tx: Tx, extra: Record<string, SQL> = {}) {
  return tx
    .select({ ...paymentColumns, ...extra } as typeof paymentColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .$dynamic();
}

type JoinedRow = { payment: PaymentRow; invoiceNumber: string; companyName: string };

function toDto({ payment, invoiceNumber, companyName }: JoinedRow): PaymentDto {
  return {
    _id: payment.id,
    invoice: { _id: payment.invoiceId, invoiceId: invoiceNumber },
    amount: centsToDollars(payment.amountCents),
    description: payment.description,
    status: payment.status,
    method: payment.method,
    paymentDate: payment.paymentDate.toISOString(),
    company: payment.companyId,
    companyName,
    transactionId: payment.transactionId,
    sendEmail: payment.sendEmail,
  };
}

/** What each sortable column sorts by; rowid breaks ties in the same direction. */
const paymentSortColumns: Record<PaymentSortKey, (SQL | AnyColumn)[]> = {
  paymentDate: [payments.paymentDate, paymentRowid],
  companyName: [companies.companyName, payments.paymentDate, paymentRowid],
  amount: [payments.amountCents, paymentRowid],
  method: [payments.method, paymentRowid],
  invoice: [invoices.invoiceNumber, paymentRowid],
  status: [payments.status, paymentRowid],
};

/** Payments for a search, company filter and sort, a slice at a time; Search matches the description. */
export function paymentListReader(tx: Tx, query: Omit<PaymentListQuery, 'page' | 'perPage'>): ListReader<PaymentDto> {
  const where = and(query.company ? eq(payments.companyId, query.company) : undefined, searchAny(query.search, [payments.description]));
  const keys = paymentSortColumns[query.sort];
  const read = (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) =>
    paymentsQuery(tx, extra).where(and(where, after)).orderBy(...orderOf(query.dir, keys)).limit(limit).offset(offset).all();
  return {
    rows: (limit, offset) => read({}, undefined, limit, offset).map(toDto),
    count: () => tx.select({ total: count() }).from(payments).where(where).get()?.total ?? 0,
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of payments. */
export function listPayments(tx: Tx, query: PaymentListQuery): Page<PaymentDto> {
  return pageOf(query, paymentListReader(tx, query));
}

export function findPayment(tx: Tx, id: string): PaymentDto {
  const row = paymentsQuery(tx).where(eq(payments.id, id)).get();
  if (!row) throw notFound('Payment');
  return toDto(row);
}

export function findPaymentRow(tx: Tx, id: string): PaymentRow {
  const row = tx.select().from(payments).where(eq(payments.id, id)).get();
  if (!row) throw notFound('Payment');
  return row;
}
