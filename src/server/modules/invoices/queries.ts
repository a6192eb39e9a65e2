import { and, asc, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, invoiceBalanceCents, invoices, invoiceStatusWordSql, payments } from '../../../../drizzle/schema.js';
import { centsToDollars, hundredthsToHours } from '../../../shared/hours.js';
import {
  INVOICE_CHOICES_LIMIT,
  type InvoiceChoice,
  type InvoiceDto,
  type InvoiceListQuery,
  type InvoiceSortKey,
  invoiceStatus,
  type ShownInvoiceStatus,
} from '../../../shared/invoices.js';
import type { Page } from '../../../shared/list.js';
import type { InvoicePaymentMethod } from '../../../shared/payment-options.js';
import { countsTowardBalance } from '../../../shared/payments.js';
import { remainingCentsOf } from '../../../shared/pricing.js';
import {
  keyedSlices,
  countOfMatches,
  countUpTo,
  matchedRowsOnly,
  pageOf,
  pageOrderBy,
  pageOrderOf,
  searchAny,
  searchOfRepeatedValues,
  type ColumnSearch,
  type ListReader,
  type PageOrder,
} from '../../lib/paging.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { InvoicePdfData } from '../../pdf/invoice-pdf.js';
import { signPdfPath } from '../../pdf/signed-link.js';
import { openInvoiceSql } from '../billing/settlement.js';
import { companyNameOrder } from '../companies/queries.js';
import { withinDays } from '../../lib/periods.js';

export type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export const PDF_LINK_LIFETIME_MS = 10 * 60 * 1000;

/** A short-lived signed link to the invoice's PDF, made fresh on every read, so an iframe needs no token. */
export function pdfUrlOf(deps: AppDeps, invoiceId: string): string {
  return signPdfPath(deps.linkSigningKey, invoiceId, new Date(deps.clock.now().getTime() + PDF_LINK_LIFETIME_MS));
}

function paymentsOf(tx: Tx, invoiceIds: string[]): Map<string, PaymentRow[]> {
  const byInvoice = new Map<string, PaymentRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = tx
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.paymentDate), asc(payments.createdAt), asc(payments.id))
    .all();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

/** How an invoice row's status reads (invoiceStatus), from its stored status and paid total. */
export function statusOfInvoiceRow(row: Pick<InvoiceRow, 'completeStatus' | 'status' | 'priceCents' | 'paidCents'>): ShownInvoiceStatus {
  return invoiceStatus({ ...row, price: centsToDollars(row.priceCents), remainingBalance: centsToDollars(remainingCentsOf(row)) });
}

/** The invoice on the wire; its balance is the price less the paid total settleInvoice stored (paid_cents). */
export function toInvoiceDto(deps: AppDeps, row: InvoiceRow, companyName: string, paid: PaymentRow[]): InvoiceDto {
  return {
    _id: row.id,
    invoiceId: row.invoiceNumber,
    company: row.companyId,
    companyName,
    hours: hundredthsToHours(row.hundredths),
    rate: centsToDollars(row.rateCents),
    price: centsToDollars(row.priceCents),
    remainingBalance: centsToDollars(remainingCentsOf(row)),
    description: row.description,
    sendInvoiceEmail: row.sendInvoiceEmail,
    transactionDate: row.transactionDate.toISOString(),
    selectedPaymentMethod: row.selectedPaymentMethod as InvoicePaymentMethod,
    status: row.status,
    completeStatus: row.completeStatus,
    pdfUrl: pdfUrlOf(deps, row.id),
    payments: paid.map((payment) => ({
      _id: payment.id,
      amount: centsToDollars(payment.amountCents),
      paymentDate: payment.paymentDate.toISOString(),
      method: payment.method,
      status: payment.status,
      description: payment.description,
      transactionId: payment.transactionId,
    })),
  };
}

const invoiceRowid = sql<number>`${invoices}.rowid`;

/**
 * What each sortable column of the invoice lists sorts by, each the order of an index (see
 * drizzle/schema.ts), so the first page is read in order instead of sorting every invoice; rowid
 * breaks ties in the same direction.
 */
const invoiceSortColumns: Record<InvoiceSortKey, (SQL | AnyColumn)[]> = {
  transactionDate: [invoices.transactionDate, invoiceRowid],
  // companies by name, then each company's invoices by date (invoices_company_idx)
  companyName: [...companyNameOrder, invoices.transactionDate, invoiceRowid],
  hours: [invoices.hundredths, invoiceRowid],
  price: [invoices.priceCents, invoiceRowid],
  remainingBalance: [invoiceBalanceCents(invoices), invoiceRowid],
  description: [invoices.description, invoiceRowid],
  selectedPaymentMethod: [invoices.selectedPaymentMethod, invoiceRowid],
  status: [invoiceStatusWordSql(invoices), invoiceRowid],
};

/**
 * Whose invoices a page reads (a customer's own, or the query's company filter), the zone its date
 * range is read in, and its search as searchOfRepeatedValues found it (else a LIKE, row by row).
 */
type InvoiceScope = { companyId?: string | undefined; providerZone?: string | undefined; search?: ColumnSearch | undefined };

/** The sorts invoices_company_idx (company, date) serves for one company; the others read the company's invoices by a sort index or sort them. */
const companyIndexOrder = (sort: InvoiceSortKey) => sort === 'transactionDate' || sort === 'companyName';

/**
 * The invoices a list shows. `walkSortIndex`: the company is checked invoice by invoice (a unary +,
 * so SQLite cannot read the company's invoices by its index and sort them), for a page walked in
 * the order of the sort's own index.
 */
function invoiceFilter(
  query: Pick<InvoiceListQuery, 'company' | 'search' | 'openOnly' | 'from' | 'to' | 'id'>,
  scope: InvoiceScope,
  walkSortIndex = false,
  forPage = false,
): SQL | undefined {
  const company = scope.companyId ?? query.company;
  const dated = query.from || query.to;
  if (dated && !scope.providerZone) throw new Error('A date range needs the time zone its days are read in.');
  return and(
    company ? (walkSortIndex ? sql`+${invoices.companyId} = ${company}` : eq(invoices.companyId, company)) : undefined,
    query.openOnly ? openInvoiceSql : undefined,
    query.id ? eq(invoices.id, query.id) : undefined,
    dated ? withinDays(invoices.transactionDate, query, scope.providerZone!) : undefined,
    scope.search ? (forPage ? scope.search.checked : scope.search.indexed) : searchAny(query.search, [invoices.description]),
  );
}

type InvoiceFilter = Omit<InvoiceListQuery, 'page' | 'perPage'>;

/**
 * The statement that reads a slice of the invoice list (exported so tests can check its plan). Walking
 * in company-name order, it reads companies by name and each one's invoices; SQLite would rather sort
 * every invoice, so a CROSS JOIN keeps companies the outer loop.
 */
export function invoicePageQuery(
  tx: Tx,
  query: InvoiceFilter,
  slice: { limit: number; offset: number; extra?: Record<string, SQL>; after?: SQL },
  scope: InvoiceScope = {},
  order: PageOrder = 'walk',
) {
  const columns = { invoice: invoices, companyName: companies.companyName };
  const select = tx.select({ ...columns, ...slice.extra } as typeof columns);
  const ofCompany = eq(companies.id, invoices.companyId);
  const companiesFirst = query.sort === 'companyName' && order === 'walk';
  const joined = companiesFirst ? select.from(companies).crossJoin(invoices).$dynamic() : select.from(invoices).innerJoin(companies, ofCompany).$dynamic();
  const walkSortIndex = order === 'walk' && !companyIndexOrder(query.sort);
  return joined
    .where(and(companiesFirst ? ofCompany : undefined, invoiceFilter(query, scope, walkSortIndex, true), slice.after))
    .orderBy(...pageOrderBy(order, query.dir, invoiceSortColumns[query.sort]))
    .limit(slice.limit)
    .offset(slice.offset);
}

/** Invoices with their payments, a slice at a time: the slice, then its payments in one query. */
export function invoiceListReader(tx: Tx, deps: AppDeps, query: InvoiceFilter, companyId?: string): ListReader<InvoiceDto> {
  type Row = { invoice: InvoiceRow; companyName: string };
  const withPayments = (rows: Row[]) => {
    const byInvoice = paymentsOf(tx, rows.map((row) => row.invoice.id));
    return rows.map(({ invoice, companyName }) => toInvoiceDto(deps, invoice, companyName, byInvoice.get(invoice.id) ?? []));
  };
  const scope = { companyId, providerZone: deps.config.timeZone, search: searchOfRepeatedValues(tx, invoices, invoices.description, query.search) };
  const filter = invoiceFilter(query, scope);
  // one company's invoices in an order its index does not hold: sorted when few, else found walking the sort's index
  const oneCompany = Boolean(scope.companyId ?? query.company) && !companyIndexOrder(query.sort);
  const narrowed = Boolean(query.search || query.from || query.to || query.id || oneCompany);
  const order = pageOrderOf(narrowed, (limit) => tx.select({ rowid: invoiceRowid }).from(invoices).where(filter).limit(limit).all().map((row) => row.rowid));
  const keyed = keyedSlices(
    query.dir,
    invoiceSortColumns[query.sort],
    (extra, after, limit, offset) => invoicePageQuery(tx, query, { limit, offset, extra, after: and(after, matchedRowsOnly(order, invoiceRowid, Boolean(query.search))) }, scope, order()).all(),
    (row: Row) => row,
  );
  return {
    rows: (limit, offset) => withPayments(invoicePageQuery(tx, query, { limit, offset, after: matchedRowsOnly(order, invoiceRowid, Boolean(query.search)) }, scope, order()).all()),
    count: (atMost) => countOfMatches(order, atMost, (most) => countUpTo(tx, invoices, filter, most)),
    slice: (limit, from) => {
      const { items, next } = keyed(limit, from);
      return { items: withPayments(items), next };
    },
  };
}

/** One page of invoices with their payments (and, past page 1's end, a count). */
export function listInvoices(tx: Tx, deps: AppDeps, query: InvoiceListQuery, companyId?: string): Page<InvoiceDto> {
  return pageOf(query, invoiceListReader(tx, deps, query, companyId));
}

const balanceCents = invoiceBalanceCents(invoices);

/**
 * The company's invoices a payment may go to, newest first (capped), with their balance; openOnly
 * keeps those with a balance above 0. `include` (an invoice of the company) is always among them.
 */
/** What a payment's invoice choice shows and fills in: number, balance and the intended method. */
const choiceColumns = { _id: invoices.id, invoiceId: invoices.invoiceNumber, balanceCents, selectedPaymentMethod: invoices.selectedPaymentMethod };

export function invoiceChoices(tx: Tx, companyId: string, openOnly: boolean, include: string): InvoiceChoice[] {
  const rows = tx
    .select(choiceColumns)
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), openOnly ? gt(balanceCents, 0) : undefined))
    .orderBy(desc(invoices.transactionDate), desc(sql`${invoices}.rowid`))
    .limit(INVOICE_CHOICES_LIMIT)
    .all();
  if (include && !rows.some((row) => row._id === include)) {
    const chosen = tx
      .select(choiceColumns)
      .from(invoices)
      .where(and(eq(invoices.id, include), eq(invoices.companyId, companyId)))
      .get();
    if (chosen) rows.unshift(chosen);
  }
  return rows.map(({ balanceCents: cents, selectedPaymentMethod, ...row }) => ({
    ...row,
    remainingBalance: centsToDollars(cents),
    selectedPaymentMethod: selectedPaymentMethod as InvoicePaymentMethod,
  }));
}

function oneInvoice(tx: Tx, deps: AppDeps, id: string): InvoiceDto | undefined {
  const row = tx
    .select({ invoice: invoices, companyName: companies.companyName })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id))
    .get();
  if (!row) return undefined;
  return toInvoiceDto(deps, row.invoice, row.companyName, paymentsOf(tx, [id]).get(id) ?? []);
}

export function findInvoiceRow(tx: Tx, id: string): InvoiceRow {
  const row = tx.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!row) throw notFound('Invoice');
  return row;
}

export function findInvoice(tx: Tx, deps: AppDeps, id: string): InvoiceDto {
  const invoice = oneInvoice(tx, deps, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** Everything the invoice PDF shows but the moment of the copy; only counted payments. 404 for an unknown id. */
export function invoicePdfData(tx: Tx, invoiceId: string): Omit<InvoicePdfData, 'issuedAt'> {
  const row = tx
    .select({ invoice: invoices, company: companies })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, invoiceId))
    .get();
  if (!row) throw notFound('Invoice');
  const { invoice, company } = row;
  const paid = paymentsOf(tx, [invoice.id]).get(invoice.id) ?? [];
  return {
    invoiceNumber: invoice.invoiceNumber,
    transactionDate: invoice.transactionDate,
    company: { name: company.companyName, address: company.companyAddress },
    description: invoice.description,
    hours: hundredthsToHours(invoice.hundredths),
    rate: centsToDollars(invoice.rateCents),
    price: centsToDollars(invoice.priceCents),
    payments: paid
      .filter((payment) => countsTowardBalance(payment.status))
      .map((payment) => ({ date: payment.paymentDate, method: payment.method, amount: centsToDollars(payment.amountCents), transactionId: payment.transactionId })),
    paid: centsToDollars(invoice.paidCents),
    balance: centsToDollars(remainingCentsOf(invoice)),
    status: statusOfInvoiceRow(invoice).text,
    completeStatus: invoice.completeStatus,
    selectedPaymentMethod: invoice.selectedPaymentMethod,
  };
}
