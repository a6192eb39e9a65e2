import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { invoices as invoiceColumns, payments as paymentColumns } from '../../../../drizzle/schema.js';
import { centsToDollars } from '../../../shared/hours.js';
import type { Page } from '../../../shared/list.js';
import type { PaymentDto, PaymentListQuery, PaymentSortKey } from '../../../shared/payments.js';
import type { Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import { notFound } from '../../errors.js';
import { keyedSlices, countOfMatches, countUpTo, matchedRowsOnly, pageOf, pageOrderBy, pageOrderOf, searchAny, type ListReader, type PageOrder } from '../../lib/paging.js';
import { companyNameOrder } from '../companies/queries.js';
import { withinDays } from '../../lib/periods.js';

export type PaymentRow = typeof paymentColumns.$inferSelect;

/*
 * The rowid and the sort keys below are SQL built once from the schema's columns: they render the
 * same text whichever engine's tables a query reads.
 */
const paymentRowid = sql<number>`${paymentColumns}.rowid`;

/** The table a payment page walks first, in the sort's order, with the other two joined to it. */
type LeadingTable = 'payments' | 'invoices' | 'companies';

/**
 * Payments with their invoice's number and their company's name, in one query, `where` applied;
 * `extra` adds columns (sort keys). Led by invoices or companies, a CROSS JOIN keeps that table the
 * outer loop, which SQLite would not choose itself.
 */
function paymentsQuery(tx: Tx, where: SQL | undefined, extra: Record<string, SQL> = {}, lead: LeadingTable = 'payments') {
  const { companies, invoices, payments } = tx.t;
  const joined = { payment: payments, invoiceNumber: invoices.invoiceNumber, companyName: companies.companyName };
  const select = tx.select({ ...joined, ...extra } as typeof joined);
  const ofInvoice = eq(invoices.id, payments.invoiceId);
  const ofCompany = eq(companies.id, payments.companyId);
  if (lead === 'invoices') return select.from(invoices).crossJoin(payments).innerJoin(companies, ofCompany).where(and(ofInvoice, where)).$dynamic();
  if (lead === 'companies') return select.from(companies).crossJoin(payments).innerJoin(invoices, ofInvoice).where(and(ofCompany, where)).$dynamic();
  return select.from(payments).innerJoin(invoices, ofInvoice).innerJoin(companies, ofCompany).where(where).$dynamic();
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

/** The payment's fields its events record, as toDto shows them (its company's name is its company's own). */
export const PAYMENT_EVENT_FIELDS = ['invoice', 'company', 'amount', 'description', 'status', 'method', 'paymentDate', 'transactionId', 'sendEmail'] as const satisfies readonly (keyof PaymentDto)[];

/**
 * What each sortable column sorts by, each the order of an index (see drizzle/schema.ts), so the
 * first page is read in order instead of sorting every payment; rowid breaks ties in the same direction.
 */
const paymentSortColumns = (syntax: Syntax): Record<PaymentSortKey, (SQL | AnyColumn)[]> => ({
  paymentDate: [paymentColumns.paymentDate, paymentRowid],
  // companies by name, then each company's payments by date (payments_company_idx)
  companyName: [...companyNameOrder(syntax), paymentColumns.paymentDate, paymentRowid],
  amount: [paymentColumns.amountCents, paymentRowid],
  method: [paymentColumns.method, paymentRowid],
  // invoice numbers are unique: invoices by number, then each invoice's payments in the order they were made (payments_invoice_idx)
  invoice: [invoiceColumns.invoiceNumber, paymentRowid],
  status: [paymentColumns.status, paymentRowid],
});

/**
 * Which table a page walks first: sorted by another table's column, that table by its index, each
 * row's payments by theirs. The invoice sort of one company's payments reads them by company and
 * sorts them; so does a sort of a search's few matches.
 */
function leadingTable(query: Pick<PaymentListQuery, 'sort' | 'company'>, order: PageOrder): LeadingTable {
  if (order === 'sortMatches') return 'payments';
  if (query.sort === 'companyName') return 'companies';
  if (query.sort === 'invoice' && !query.company) return 'invoices';
  return 'payments';
}

/** Payments for a search, company filter and sort, a slice at a time; Search matches the description. */
export function paymentListReader(tx: Tx, query: Omit<PaymentListQuery, 'page' | 'perPage'>, providerZone: string): ListReader<PaymentDto> {
  const { payments } = tx.t;
  const where = and(
    query.company ? eq(payments.companyId, query.company) : undefined,
    withinDays(payments.paymentDate, query, providerZone),
    searchAny(query.search, [payments.description], tx.syntax),
    // most payments have no note, and an empty description matches no search: the description
    // index's range after '' skips them on both engines
    query.search ? sql`${payments.description} > ''` : undefined,
  );
  const keys = paymentSortColumns(tx.syntax)[query.sort];
  const narrowed = Boolean(query.search || query.from || query.to);
  const order = pageOrderOf(narrowed, async (limit) => (await tx.select({ rowid: paymentRowid }).from(payments).where(where).limit(limit)).map((row) => row.rowid));
  const read = async (extra: Record<string, SQL>, after: SQL | undefined, limit: number, offset: number) => {
    const pageOrder = await order();
    return paymentsQuery(tx, and(where, after, await matchedRowsOnly(order, paymentRowid, Boolean(query.search))), extra, leadingTable(query, pageOrder))
      .orderBy(...pageOrderBy(pageOrder, query.dir, keys, tx.syntax))
      .limit(limit)
      .offset(offset);
  };
  return {
    rows: async (limit, offset) => (await read({}, undefined, limit, offset)).map(toDto),
    count: (atMost) => countOfMatches(order, atMost, (most) => countUpTo(tx, payments, where, most)),
    slice: keyedSlices(query.dir, keys, read, toDto),
  };
}

/** One page of payments. */
export async function listPayments(tx: Tx, query: PaymentListQuery, providerZone: string): Promise<Page<PaymentDto>> {
  return pageOf(query, paymentListReader(tx, query, providerZone));
}

export async function findPayment(tx: Tx, id: string): Promise<PaymentDto> {
  const { payments } = tx.t;
  const [row] = await paymentsQuery(tx, eq(payments.id, id));
  if (!row) throw notFound('Payment');
  return toDto(row);
}

export async function findPaymentRow(tx: Tx, id: string): Promise<PaymentRow> {
  const { payments } = tx.t;
  const [row] = await tx.select().from(payments).where(eq(payments.id, id));
  if (!row) throw notFound('Payment');
  return row;
}
