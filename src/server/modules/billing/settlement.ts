import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { payments as paymentColumns } from '../../../../drizzle/schema.js';
import { changedFields } from '../../../shared/events.js';
import { formatDollars } from '../../../shared/format.js';
import { centsToDollars } from '../../../shared/hours.js';
import { COUNTING_PAYMENT_STATUS } from '../../../shared/payments.js';
import { invoiceStatusOf, isPaidInFull, type InvoiceStatus } from '../../../shared/pricing.js';
import type { Db, Tx } from '../../db.js';
import { equalsConstant } from '../../database/syntax.js';
import { AppError, notFound } from '../../errors.js';
import type { AppDeps } from '../../deps.js';
import type { NewBlockTerms } from '../activities/blocks.js';
import type { LedgerDeps } from '../activities/company-hours.js';
import { blockTermsAt, termsColumnsOf, type TermsColumns } from '../packages/terms.js';
import { readSettings } from '../settings/service.js';
import { completeInvoiceHours, reopenInvoiceHours, type ActivityStatus } from '../activities/ledger.js';
import { AUTOMATIC, recordEvents, type EventSource, type NewEvent } from '../events/service.js';

/*
 * Where invoices and payments meet. Only completed payments count toward an invoice; they may add
 * up to its price and never more. An invoice paid in full is Completed and its hours count toward
 * the company's balance; until then its hours stay pending. Every change of an invoice's price or
 * of its payments ends with settleInvoice, inside the same transaction, so a refused change
 * writes nothing, and the paid total it stores (paid_cents, which the balance sort and the
 * receivable figures read) is always the sum of the completed payments. The SQL conditions below
 * name the columns of the schema's tables, which render the same text on either engine. Whether an
 * invoice is paid in full is decided here, so the events of its hours (hours.activated and
 * hours.deactivated) are composed here too, for every change of an invoice or of its payments.
 */

/**
 * SQL: the payment counts toward its invoice, the rule of countsTowardBalance in shared/payments.ts
 * (any letter case, spaces around it ignored). Being an expression, it also keeps SQLite from
 * reading an invoice's payments through payments_status_idx (the list's status sort): nearly every
 * payment is completed, so that would read them all; payments_invoice_idx is right.
 */
export const countsTowardBalanceSql = sql`lower(trim(${paymentColumns.status})) = ${COUNTING_PAYMENT_STATUS}`;

/**
 * SQL: the invoice is not paid in full, the condition of the partial index invoices_open_idx. The
 * engine's own table (tx.t.invoices) maps false to its flag (0 on SQLite, false on PostgreSQL).
 */
export const openInvoice = (invoices: Tx['t']['invoices']): SQL => equalsConstant(invoices.completeStatus, false);

/** The cents counted toward the invoice. */
export async function paidCents(tx: Tx, invoiceId: string): Promise<number> {
  const { payments } = tx.t;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), countsTowardBalanceSql));
  return row?.total ?? 0;
}

export type Settlement = { status: InvoiceStatus; completeStatus: boolean };

/**
 * The status of an invoice with this price and these counted payments; refuses payments beyond the
 * price, naming `field` (the form's input that went too far: a payment's amount, an invoice's price).
 */
export function settlementOf(invoice: { invoiceNumber: string; priceCents: number }, paid: number, field?: string): Settlement {
  if (paid > invoice.priceCents) {
    throw new AppError(
      'BAD_REQUEST',
      `The completed payments on invoice ${invoice.invoiceNumber} would come to ${formatDollars(centsToDollars(paid))}, more than its price of ${formatDollars(centsToDollars(invoice.priceCents))}.`,
      field,
    );
  }
  return { status: invoiceStatusOf(invoice.priceCents, paid), completeStatus: isPaidInFull(invoice.priceCents - paid) };
}

/** The status of the invoice's hours entry: they count once the invoice is paid in full. */
export function hoursStatusOf(settlement: Settlement): ActivityStatus {
  return settlement.completeStatus ? 'completed' : 'pending';
}

/** An invoice's settlement as hours.activated and hours.deactivated record it: InvoiceDto's status and completeStatus. */
const SETTLEMENT_FIELDS = ['status', 'completeStatus'] as const;
type SettledState = { status: string; completeStatus: boolean };

/**
 * The event of a change that makes an invoice paid in full (its hours count toward the balance) or
 * no longer so (they are pending again): none when it stays as it was. A new invoice was open before.
 */
export function hoursEvents(invoice: { id: string; companyId: string }, before: SettledState | undefined, after: SettledState): NewEvent[] {
  if ((before?.completeStatus ?? false) === after.completeStatus) return [];
  return [
    {
      type: after.completeStatus ? 'hours.activated' : 'hours.deactivated',
      companyId: invoice.companyId,
      subjectType: 'invoice',
      subjectId: invoice.id,
      changes: changedFields<SettledState>(before, after, SETTLEMENT_FIELDS),
    },
  ];
}

/**
 * Brings the invoice's stored paid total, status and hours in step with its price and counted
 * payments; a refusal names `field`. `deps` hears of the balance change the hours make, and a change
 * of whether it is paid in full is recorded as `source`'s.
 */
export async function settleInvoice(deps: SettlementDeps, tx: Tx, source: EventSource, invoiceId: string, field?: string): Promise<Settlement> {
  const { invoices } = tx.t;
  const [invoice] = await tx
    .select({ companyId: invoices.companyId, invoiceNumber: invoices.invoiceNumber, priceCents: invoices.priceCents, status: invoices.status, completeStatus: invoices.completeStatus, ...termsColumnsOf(invoices) })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!invoice) throw notFound('Invoice');
  const paid = await paidCents(tx, invoiceId);
  const settlement = settlementOf(invoice, paid, field);
  await tx.update(invoices).set({ ...settlement, paidCents: paid }).where(eq(invoices.id, invoiceId));
  // recorded before the hours move, so an alert their move raises comes after it
  await recordEvents(tx, source, deps.clock.now(), hoursEvents({ id: invoiceId, companyId: invoice.companyId }, invoice, settlement));
  if (settlement.completeStatus) await completeInvoiceHours(deps, tx, invoiceId, await activatedBlock(deps, tx, invoice));
  else await reopenInvoiceHours(deps, tx, invoiceId);
  return settlement;
}

/** What settling an invoice needs: the ledger's dependencies, and the configuration (the provider's time zone dates a block's expiry). */
export type SettlementDeps = LedgerDeps & Pick<AppDeps, 'config'>;

/** The block the invoice's hours become if it is paid in full now (none if they never expire). */
async function activatedBlock(deps: SettlementDeps, tx: Tx, terms: TermsColumns): Promise<NewBlockTerms | undefined> {
  if (terms.validityMonths === null) return undefined;
  return blockTermsAt(terms, deps.clock.now(), (await readSettings(deps.config, tx)).timeZone);
}

/** The invoices with a payment not spelled exactly "completed" that counts, whose stored paid total is not what counts now. */
async function recountedInvoices(db: Db): Promise<{ id: string; invoiceNumber: string; stored: number }[]> {
  const { invoices, payments } = db.t;
  const candidates = await db
    .selectDistinct({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, stored: invoices.paidCents })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(sql`(${payments.status} < ${COUNTING_PAYMENT_STATUS} or ${payments.status} > ${COUNTING_PAYMENT_STATUS}) and ${countsTowardBalanceSql}`);
  const stale: typeof candidates = [];
  for (const invoice of candidates) if ((await paidCents(db, invoice.id)) !== invoice.stored) stale.push(invoice);
  return stale;
}

/**
 * Until payments were compared regardless of letter case, one saved as "Completed" did not count,
 * so its invoice may have been stored open. At start, each invoice with such a payment whose stored
 * paid total is not what counts now is settled again (its hours and the company's figures with it,
 * `ledger` hearing of the balances that change); one that would then be overpaid is left as it was
 * and named in a warning, for the provider to correct its payments. Once in step, this only reads
 * the payments not spelled exactly "completed". Answers how many invoices it settled. The app does
 * this by itself at start, so the hours it activates are recorded as AUTOMATIC.
 */
export async function settleRecountedInvoices(db: Db, logger: Pick<FastifyBaseLogger, 'warn'> | undefined, ledger: SettlementDeps): Promise<number> {
  let settled = 0;
  for (const invoice of await recountedInvoices(db)) {
    try {
      await db.transaction((tx) => settleInvoice(ledger, tx, AUTOMATIC, invoice.id));
      settled += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      logger?.warn({ invoice: invoice.invoiceNumber }, `Invoice ${invoice.invoiceNumber} was left as it was: ${error.message} Correct its payments.`);
    }
  }
  return settled;
}
