import { and, asc, desc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { termsDto } from '../packages/terms.js';
import { invoiceBalanceCents, invoices as invoiceColumns, invoiceStatusWordSql, type payments } from '../../../../drizzle/schema.js';
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
import type { Syntax } from '../../database/syntax.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import type { InvoicePdfData } from '../../pdf/invoice-pdf.js';
import { signPdfPath } from '../../pdf/signed-link.js';
import { openInvoice } from '../billing/settlement.js';
import { companyNameOrder } from '../companies/queries.js';
import { withinDays } from '../../lib/periods.js';
import { latestReportsOf } from '../reported-payments/queries.js';
import type { ReportedPaymentDto } from '../../../shared/reported-payments.js';

export type InvoiceRow = typeof invoiceColumns.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export const PDF_LINK_LIFETIME_MS = 10 * 60 * 1000;

/** A short-lived signed link to the invoice's PDF, made fresh on every read, so an iframe needs no token. */
export function pdfUrlOf(deps: AppDeps, invoiceId: string): string {
  return signPdfPath(deps.linkSigningKey, invoiceId, new Date(deps.clock.now().getTime() + PDF_LINK_LIFETIME_MS));
}

async function paymentsOf(tx: Tx, invoiceIds: string[]): Promise<Map<string, PaymentRow[]>> {
  const byInvoice = new Map<string, PaymentRow[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const { payments } = tx.t;
  const rows = await tx
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, invoiceIds))
    .orderBy(asc(payments.paymentDate), asc(payments.createdAt), asc(payments.id));
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row]);
  return byInvoice;
}

/** How an invoice row's status reads (invoiceStatus), from its stored status and paid total. */
export function statusOfInvoiceRow(row: Pick<InvoiceRow, 'completeStatus' | 'status' | 'priceCents' | 'paidCents'>): ShownInvoiceStatus {
  return invoiceStatus({ ...row, price: centsToDollars(row.priceCents), remainingBalance: centsToDollars(remainingCentsOf(row)) });
}

/** The invoice on the wire; its balance is the price less the paid total settleInvoice stored (paid_cents). */
export function toInvoiceDto(deps: AppDeps, row: InvoiceRow, companyName: string, paid: PaymentRow[], reportedPayment: ReportedPaymentDto | null): InvoiceDto {
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
    reportedPayment,
    ...termsDto(row),
  };
}

/**
 * The invoice's fields its events record, as toInvoiceDto shows them: not its company's name (its
 * company's own), its PDF link (new on every read), its payments (recorded as payment events) or its
 * reported payment (recorded as reported_payment events).
 */
export const INVOICE_EVENT_FIELDS = [
  'invoiceId',
  'company',
  'description',
  'hours',
  'rate',
  'price',
  'remainingBalance',
  'status',
  'completeStatus',
  'selectedPaymentMethod',
  'sendInvoiceEmail',
  'transactionDate',
  'validityMonths',
  'rollover',
] as const satisfies readonly (keyof InvoiceDto)[];

/*
 * The sort keys, the rowid and the balance below are SQL built once from the schema's columns: they
 * render the same text whichever engine's tables a query reads.
 */
const invoiceRowid = sql<number>`${invoiceColumns}.rowid`;

/**
 * What each sortable column of the invoice lists sorts by, each the order of an index (see
 * drizzle/schema.ts), so the first page is read in order instead of sorting every invoice; rowid
 * breaks ties in the same direction.
 */
const invoiceSortColumns = (syntax: Syntax): Record<InvoiceSortKey, (SQL | AnyColumn)[]> => ({
  transactionDate: [invoiceColumns.transactionDate, invoiceRowid],
  // companies by name, then each company's invoices by date (invoices_company_idx)
  companyName: [...companyNameOrder(syntax), invoiceColumns.transactionDate, invoiceRowid],
  hours: [invoiceColumns.hundredths, invoiceRowid],
  price: [invoiceColumns.priceCents, invoiceRowid],
  remainingBalance: [invoiceBalanceCents(invoiceColumns), invoiceRowid],
  description: [invoiceColumns.description, invoiceRowid],
  selectedPaymentMethod: [invoiceColumns.selectedPaymentMethod, invoiceRowid],
  status: [invoiceStatusWordSql(invoiceColumns), invoiceRowid],
});

/**
 * Whose invoices a page reads (one company's, chosen by the caller: a customer's own or the
 * super-admin's company filter; every company's when undefined), the zone its date range is read
 * in, and its search as searchOfRepeatedValues found it (else a LIKE, row by row).
 */
type InvoiceScope = { companyId: string | undefined; providerZone?: string | undefined; search?: ColumnSearch | undefined };

/** The sorts invoices_company_idx (company, date) serves for one company; the others read the company's invoices by a sort index or sort them. */
const companyIndexOrder = (sort: InvoiceSortKey) => sort === 'transactionDate' || sort === 'companyName';

/**
 * The invoices a list shows. `walkSortIndex`: the company is checked invoice by invoice (a unary +,
 * so SQLite cannot read the company's invoices by its index and sort them), for a page walked in
 * the order of the sort's own index.
 */
function invoiceFilter(
  tx: Tx,
  query: Pick<InvoiceListQuery, 'search' | 'openOnly' | 'from' | 'to' | 'id'>,
  scope: InvoiceScope,
  walkSortIndex = false,
  forPage = false,
): SQL | undefined {
  const { invoices } = tx.t;
  const company = scope.companyId;
  const dated = query.from || query.to;
  if (dated && !scope.providerZone) throw new Error('A date range needs the time zone its days are read in.');
  return and(
    company ? (walkSortIndex ? sql`${tx.syntax.unindexed(invoices.companyId)} = ${company}` : eq(invoices.companyId, company)) : undefined,
    query.openOnly ? openInvoice(invoices) : undefined,
    query.id ? eq(invoices.id, query.id) : undefined,
    dated ? withinDays(invoices.transactionDate, query, scope.providerZone!) : undefined,
    scope.search ? (forPage ? scope.search.checked : scope.search.indexed) : searchAny(query.search, [invoices.description], tx.syntax),
  );
}

type InvoiceFilter = Omit<InvoiceListQuery, 'page' | 'perPage'>;

/**
 * The statement that reads a slice of the invoice list (exported so tests can check its plan). Walking
 * in company-name order, it reads companies by name and each one's invoices; SQLite would rather sort
 * every invoice, so a CROSS JOIN keeps companies the outer loop. The company is the scope's alone,
 * never the query's filter.
 */
export function invoicePageQuery(
  tx: Tx,
  query: InvoiceFilter,
  slice: { limit: number; offset: number; extra?: Record<string, SQL>; after?: SQL },
  scope: InvoiceScope = { companyId: undefined },
  order: PageOrder = 'walk',
) {
  const { companies, invoices } = tx.t;
  const columns = { invoice: invoices, companyName: companies.companyName };
  const select = tx.select({ ...columns, ...slice.extra } as typeof columns);
  const ofCompany = eq(companies.id, invoices.companyId);
  const companiesFirst = query.sort === 'companyName' && order === 'walk';
  const joined = companiesFirst ? select.from(companies).crossJoin(invoices).$dynamic() : select.from(invoices).innerJoin(companies, ofCompany).$dynamic();
  const walkSortIndex = order === 'walk' && !companyIndexOrder(query.sort);
  return joined
    .where(and(companiesFirst ? ofCompany : undefined, invoiceFilter(tx, query, scope, walkSortIndex, true), slice.after))
    .orderBy(...pageOrderBy(order, query.dir, invoiceSortColumns(tx.syntax)[query.sort], tx.syntax))
    .limit(slice.limit)
    .offset(slice.offset);
}

/**
 * Invoices with their payments, a slice at a time: the slice, then its payments in one query. Only
 * `companyId`'s invoices when given, every company's otherwise; the query's company filter is not read.
 */
async function readerOf(tx: Tx, deps: AppDeps, query: InvoiceFilter, companyId: string | undefined): Promise<ListReader<InvoiceDto>> {
  const { invoices } = tx.t;
  type Row = { invoice: InvoiceRow; companyName: string };
  const withPayments = async (rows: Row[]) => {
    const ids = rows.map((row) => row.invoice.id);
    const [byInvoice, reports] = [await paymentsOf(tx, ids), await latestReportsOf(tx, ids)];
    return rows.map(({ invoice, companyName }) => toInvoiceDto(deps, invoice, companyName, byInvoice.get(invoice.id) ?? [], reports.get(invoice.id) ?? null));
  };
  const scope = { companyId, providerZone: deps.config.timeZone, search: await searchOfRepeatedValues(tx, invoices, invoices.description, query.search) };
  const filter = invoiceFilter(tx, query, scope);
  // one company's invoices in an order its index does not hold: sorted when few, else found walking the sort's index
  const oneCompany = Boolean(companyId) && !companyIndexOrder(query.sort);
  const narrowed = Boolean(query.search || query.from || query.to || query.id || oneCompany);
  const order = pageOrderOf(narrowed, async (limit) => (await tx.select({ rowid: invoiceRowid }).from(invoices).where(filter).limit(limit)).map((row) => row.rowid));
  const matchedOnly = () => matchedRowsOnly(order, invoiceRowid, Boolean(query.search));
  const keyed = keyedSlices(
    query.dir,
    invoiceSortColumns(tx.syntax)[query.sort],
    async (extra, after, limit, offset) => invoicePageQuery(tx, query, { limit, offset, extra, after: and(after, await matchedOnly()) }, scope, await order()),
    (row: Row) => row,
  );
  return {
    rows: async (limit, offset) => withPayments(await invoicePageQuery(tx, query, { limit, offset, after: await matchedOnly() }, scope, await order())),
    count: (atMost) => countOfMatches(order, atMost, (most) => countUpTo(tx, invoices, filter, most)),
    slice: async (limit, from) => {
      const { items, next } = await keyed(limit, from);
      return { items: await withPayments(items), next };
    },
  };
}

/** The super-admin's invoices with their payments, every company's or the one its filter names, a slice at a time. */
export function invoiceListReader(tx: Tx, deps: AppDeps, query: InvoiceFilter): Promise<ListReader<InvoiceDto>> {
  return readerOf(tx, deps, query, query.company || undefined);
}

/** One page of the super-admin's invoices with their payments (and, past page 1's end, a count). */
export async function listInvoices(tx: Tx, deps: AppDeps, query: InvoiceListQuery): Promise<Page<InvoiceDto>> {
  return pageOf(query, await invoiceListReader(tx, deps, query));
}

/** One page of the company's own invoices with their payments; the query's company filter is not read. */
export async function listCompanyInvoices(tx: Tx, deps: AppDeps, query: InvoiceListQuery, ownCompany: string): Promise<Page<InvoiceDto>> {
  return pageOf(query, await readerOf(tx, deps, query, ownCompany));
}

const balanceCents = invoiceBalanceCents(invoiceColumns);

/** What a payment's invoice choice shows and fills in: number, balance and the intended method. */
const choiceColumns = { _id: invoiceColumns.id, invoiceId: invoiceColumns.invoiceNumber, balanceCents, selectedPaymentMethod: invoiceColumns.selectedPaymentMethod };

/**
 * The company's invoices a payment may go to, newest first (capped), with their balance; openOnly
 * keeps those with a balance above 0. `include` (an invoice of the company) is always among them.
 */
export async function invoiceChoices(tx: Tx, companyId: string, openOnly: boolean, include: string): Promise<InvoiceChoice[]> {
  const { invoices } = tx.t;
  const rows = await tx
    .select(choiceColumns)
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), openOnly ? gt(balanceCents, 0) : undefined))
    .orderBy(desc(invoices.transactionDate), desc(sql`${invoices}.rowid`))
    .limit(INVOICE_CHOICES_LIMIT);
  if (include && !rows.some((row) => row._id === include)) {
    const [chosen] = await tx
      .select(choiceColumns)
      .from(invoices)
      .where(and(eq(invoices.id, include), eq(invoices.companyId, companyId)));
    if (chosen) rows.unshift(chosen);
  }
  return rows.map(({ balanceCents: cents, selectedPaymentMethod, ...row }) => ({
    ...row,
    remainingBalance: centsToDollars(cents),
    selectedPaymentMethod: selectedPaymentMethod as InvoicePaymentMethod,
  }));
}

async function oneInvoice(tx: Tx, deps: AppDeps, id: string): Promise<InvoiceDto | undefined> {
  const { companies, invoices } = tx.t;
  const [row] = await tx
    .select({ invoice: invoices, companyName: companies.companyName })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id));
  if (!row) return undefined;
  return toInvoiceDto(deps, row.invoice, row.companyName, (await paymentsOf(tx, [id])).get(id) ?? [], (await latestReportsOf(tx, [id])).get(id) ?? null);
}

export async function findInvoiceRow(tx: Tx, id: string): Promise<InvoiceRow> {
  const { invoices } = tx.t;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('Invoice');
  return row;
}

export async function findInvoice(tx: Tx, deps: AppDeps, id: string): Promise<InvoiceDto> {
  const invoice = await oneInvoice(tx, deps, id);
  if (!invoice) throw notFound('Invoice');
  return invoice;
}

/** Everything the invoice PDF shows but the moment of the copy; only counted payments. 404 for an unknown id. */
export async function invoicePdfData(tx: Tx, invoiceId: string): Promise<Omit<InvoicePdfData, 'issuedAt'>> {
  const { companies, invoices } = tx.t;
  const [row] = await tx
    .select({ invoice: invoices, company: companies })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, invoiceId));
  if (!row) throw notFound('Invoice');
  const { invoice, company } = row;
  const paid = (await paymentsOf(tx, [invoice.id])).get(invoice.id) ?? [];
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
