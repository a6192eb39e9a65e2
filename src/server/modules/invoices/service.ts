import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { invoiceBalanceCents } from '../../../../drizzle/schema.js';
import type { EventType } from '../../../shared/events.js';
import { centsToDollars, dollarsToCents, hoursToHundredths, hundredthsToHours } from '../../../shared/hours.js';
import {
  INVOICE_HAS_PAYMENTS,
  noOverageRateText,
  noOverageText,
  overageCoveredText,
  overageDescription,
  type InvoiceDto,
  type InvoiceForm,
  type InvoiceListQuery,
  type PurchaseResponse,
  type UnpaidInvoicesDto,
} from '../../../shared/invoices.js';
import { PAYMENT_OPTION_INFO, type PaymentOption } from '../../../shared/payment-options.js';
import { MAX_UNPAID_INVOICES_PER_COMPANY, TOO_MANY_UNPAID_INVOICES } from '../../../shared/limits.js';
import type { Page } from '../../../shared/list.js';
import { priceCentsOf } from '../../../shared/pricing.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { companyRecipients, providerRecipients } from '../../mail/recipients.js';
import type { Actor } from '../account/actor.js';
import { addInvoiceHours, removeInvoiceHours, updateInvoiceHours } from '../activities/ledger.js';
import { hoursEvents, hoursStatusOf, openInvoice, settleInvoice, settlementOf } from '../billing/settlement.js';
import { changeEvents, recordEvents, type EventSource, type NewEvent } from '../events/service.js';
import { offeredTo, onOfferTo } from '../packages/offer.js';
import { NO_TERMS, termsColumnsOf, termsFromForm, type TermsColumns } from '../packages/terms.js';
import { invoiceEmail, invoicePdfAttachment, openBalanceEmail, purchaseNoticeEmail } from './emails.js';
import { findInvoice, findInvoiceRow, INVOICE_EVENT_FIELDS, invoiceChoices, invoicePdfData, listCompanyInvoices, listInvoices, pdfUrlOf, toInvoiceDto } from './queries.js';
import { providerOf, readSettings } from '../settings/service.js';

export { findInvoice, findInvoiceRow, invoiceChoices, invoicePdfData, pdfUrlOf };

/** The calendar year of an instant in the provider's time zone. */
function yearIn(date: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(date));
}

/** The next invoice number of the year, e.g. 2026-0042. The sequence only grows, so none is reused. */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const { invoiceNumberSequence } = tx.t;
  const [row] = await tx
    .insert(invoiceNumberSequence)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberSequence.year, set: { lastNumber: sql`${invoiceNumberSequence.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceNumberSequence.lastNumber });
  return `${year}-${String(row!.lastNumber).padStart(4, '0')}`;
}

async function companyName(tx: Tx, companyId: string): Promise<string> {
  const { companies } = tx.t;
  const [row] = await tx.select({ companyName: companies.companyName }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return row.companyName;
}

type NewInvoice = {
  companyId: string;
  packageId: string | null;
  description: string;
  hundredths: number;
  rateCents: number;
  priceCents: number;
  selectedPaymentMethod: InvoiceForm['selectedPaymentMethod'];
  sendInvoiceEmail: boolean;
  transactionDate: Date;
} & TermsColumns;

/**
 * The event of an invoice made, changed or removed, with its fields as they were and became; none
 * for a change that left them as they were.
 */
function invoiceEvents(type: EventType, before: InvoiceDto | undefined, after: InvoiceDto | undefined): NewEvent[] {
  const invoice = (after ?? before)!;
  return changeEvents(type, { companyId: invoice.company, subjectType: 'invoice', subjectId: invoice._id }, before, after, INVOICE_EVENT_FIELDS);
}

/**
 * Inserts the invoice with its number, settled with no payments yet (a 0 price is paid), and its
 * TimeAdd entry; records it as `source`'s (with its hours activated, when it is paid at once).
 */
async function insertInvoice(tx: Tx, deps: AppDeps, source: EventSource, fields: NewInvoice): Promise<InvoiceDto> {
  const { invoices } = tx.t;
  const now = deps.clock.now();
  const id = newId();
  const { timeZone } = await readSettings(deps.config, tx);
  const invoiceNumber = await nextInvoiceNumber(tx, yearIn(now, timeZone));
  const settlement = settlementOf({ invoiceNumber, priceCents: fields.priceCents }, 0);
  await tx.insert(invoices).values({ id, invoiceNumber, ...fields, ...settlement, createdAt: now });
  await addInvoiceHours(deps, tx, {
    companyId: fields.companyId,
    invoiceId: id,
    hundredths: fields.hundredths,
    description: fields.description,
    timeStamp: fields.transactionDate,
    now,
    status: hoursStatusOf(settlement),
  });
  const invoice = await findInvoice(tx, deps, id);
  await recordEvents(tx, source, now, [...invoiceEvents('invoice.created', undefined, invoice), ...hoursEvents({ id, companyId: fields.companyId }, undefined, settlement)]);
  return invoice;
}

async function emailInvoice(tx: Tx, deps: AppDeps, invoice: InvoiceDto): Promise<void> {
  await deps.outbox.enqueue(tx, {
    to: await companyRecipients(tx, invoice.company),
    ...invoiceEmail(await providerOf(deps.config, tx), invoice, deps.config.appUrl),
    attachments: [invoicePdfAttachment(invoice)],
  });
}

/* ---------- customer ---------- */

export async function listOwnInvoices(deps: AppDeps, companyId: string, query: InvoiceListQuery): Promise<Page<InvoiceDto>> {
  return listCompanyInvoices(deps.db, deps, query, companyId);
}

/** A package the company may buy now: started, not ended, general or the company's own. */
async function purchasablePackage(tx: Tx, packageId: string, companyId: string, now: Date) {
  const { packages } = tx.t;
  const [row] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), onOfferTo(companyId, now)));
  if (!row) throw notFound('Package');
  return row;
}

/** The company's invoices not paid in full and the cents owed on them, in one read of the company's invoices. */
async function openInvoicesOf(tx: Tx, companyId: string): Promise<{ count: number; openCents: number }> {
  const { invoices } = tx.t;
  const [row] = await tx
    .select({ count: count(), openCents: sql<number | null>`sum(${invoiceBalanceCents(invoices)})`.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), openInvoice(invoices)));
  return { count: row?.count ?? 0, openCents: row?.openCents ?? 0 };
}

/** What the company still owes: checkout tells a customer about it before another purchase. */
export async function unpaidInvoices(deps: AppDeps, companyId: string): Promise<UnpaidInvoicesDto> {
  const { count: unpaid, openCents } = await openInvoicesOf(deps.db, companyId);
  return { count: unpaid, openBalance: centsToDollars(openCents) };
}

export async function purchase(deps: AppDeps, source: EventSource, actor: Actor, companyId: string, input: { packageId: string; paymentOption: PaymentOption }): Promise<PurchaseResponse> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if ((await openInvoicesOf(tx, companyId)).count >= MAX_UNPAID_INVOICES_PER_COMPANY) {
      throw new AppError('CONFLICT', TOO_MANY_UNPAID_INVOICES);
    }
    const pkg = await purchasablePackage(tx, input.packageId, companyId, now);
    if (pkg.hundredths <= 0) throw new AppError('BAD_REQUEST', 'This package has no hours to buy.');
    const invoice = await insertInvoice(tx, deps, source, {
      companyId,
      packageId: pkg.id,
      description: pkg.description,
      hundredths: pkg.hundredths,
      rateCents: pkg.rateCents,
      priceCents: priceCentsOf(pkg.hundredths, pkg.rateCents),
      selectedPaymentMethod: PAYMENT_OPTION_INFO[input.paymentOption].method,
      sendInvoiceEmail: true,
      transactionDate: now,
      ...termsColumnsOf(pkg),
    });
    await emailInvoice(tx, deps, invoice);
    const provider = await providerOf(deps.config, tx);
    await deps.outbox.enqueue(tx, {
      to: await providerRecipients(tx, provider),
      ...purchaseNoticeEmail(provider, invoice, actor, input.paymentOption, deps.config.appUrl),
      attachments: [invoicePdfAttachment(invoice)],
    });
    const { _id, invoiceId, description, pdfUrl, price, hours, rate } = invoice;
    return { newInvoice: { _id, invoiceId, description, pdfUrl, price, hours, rate } };
  });
}

/* ---------- super-admin ---------- */

export async function allInvoices(deps: AppDeps, query: InvoiceListQuery): Promise<Page<InvoiceDto>> {
  return listInvoices(deps.db, deps, query);
}

/** The form's amounts in stored units; with hours above 0 the price is hours × rate. */
function amountsOf(form: InvoiceForm) {
  const hundredths = hoursToHundredths(form.hours);
  const rateCents = dollarsToCents(form.rate);
  const priceCents = hundredths > 0 ? priceCentsOf(hundredths, rateCents) : dollarsToCents(form.price ?? 0);
  return { hundredths, rateCents, priceCents };
}

/** A package named on the form must be one the company could be offered: its id and hour terms. */
async function checkPackage(tx: Tx, packageId: string | null | undefined, companyId: string): Promise<({ id: string } & TermsColumns) | null> {
  if (!packageId) return null;
  const { packages } = tx.t;
  const [row] = await tx
    .select({ id: packages.id, ...termsColumnsOf(packages) })
    .from(packages)
    .where(and(eq(packages.id, packageId), offeredTo(companyId)));
  if (!row) throw new AppError('BAD_REQUEST', 'That package is not offered to this company.');
  return row;
}

export async function createInvoice(deps: AppDeps, source: EventSource, form: InvoiceForm): Promise<InvoiceDto> {
  return deps.db.transaction(async (tx) => {
    await companyName(tx, form.company);
    const pkg = await checkPackage(tx, form.packageId, form.company);
    const invoice = await insertInvoice(tx, deps, source, {
      companyId: form.company,
      packageId: pkg?.id ?? null,
      ...termsFromForm(form, pkg ?? NO_TERMS),
      description: form.description,
      ...amountsOf(form),
      selectedPaymentMethod: form.selectedPaymentMethod,
      sendInvoiceEmail: form.sendInvoiceEmail,
      transactionDate: form.transactionDate ? new Date(form.transactionDate) : deps.clock.now(),
    });
    if (form.sendInvoiceEmail) await emailInvoice(tx, deps, invoice);
    return invoice;
  });
}

/** Records the invoice's changed fields, and its hours activated or deactivated when its being paid in full changes. */
export async function updateInvoice(deps: AppDeps, source: EventSource, id: string, form: InvoiceForm): Promise<InvoiceDto> {
  return deps.db.transaction(async (tx) => {
    const { invoices } = tx.t;
    const current = await findInvoiceRow(tx, id);
    if (form.company !== current.companyId) {
      throw new AppError('BAD_REQUEST', 'The company of an invoice cannot be changed.');
    }
    const amounts = amountsOf(form);
    const transactionDate = form.transactionDate ? new Date(form.transactionDate) : current.transactionDate;
    await tx
      .update(invoices)
      .set({
        packageId: form.packageId === undefined ? current.packageId : ((await checkPackage(tx, form.packageId, current.companyId))?.id ?? null),
        ...termsFromForm(form, current),
        description: form.description,
        ...amounts,
        selectedPaymentMethod: form.selectedPaymentMethod,
        sendInvoiceEmail: form.sendInvoiceEmail,
        transactionDate,
      })
      .where(eq(invoices.id, id));
    await updateInvoiceHours(deps, tx, id, { hundredths: amounts.hundredths, description: form.description, timeStamp: transactionDate });
    await settleInvoice(deps, tx, source, id, 'price');
    const invoice = await findInvoice(tx, deps, id);
    // the invoice as it was, from its row read before the change (its company, so its name, stays)
    const before = toInvoiceDto(deps, current, invoice.companyName, [], null);
    await recordEvents(tx, source, deps.clock.now(), invoiceEvents('invoice.updated', before, invoice));
    return invoice;
  });
}

export async function deleteInvoice(deps: AppDeps, source: EventSource, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { invoices } = tx.t;
    // the invoice as it was, with its payments: one applied keeps it
    const invoice = await findInvoice(tx, deps, id);
    if (invoice.payments.length > 0) throw new AppError('CONFLICT', INVOICE_HAS_PAYMENTS);
    await removeInvoiceHours(deps, tx, id);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordEvents(tx, source, deps.clock.now(), invoiceEvents('invoice.deleted', invoice, undefined));
  });
}

/* ---------- invoices the app issues itself ---------- */

export type IssuedInvoice = Omit<NewInvoice, 'selectedPaymentMethod' | 'sendInvoiceEmail'>;

/**
 * An invoice the app issues on its own (a monthly plan's): numbered, with its pending hours, emailed
 * to the company, and recorded as `source`'s (the scheduled work).
 */
export async function issueInvoice(tx: Tx, deps: AppDeps, source: EventSource, fields: IssuedInvoice): Promise<InvoiceDto> {
  const invoice = await insertInvoice(tx, deps, source, { ...fields, selectedPaymentMethod: '', sendInvoiceEmail: true });
  await emailInvoice(tx, deps, invoice);
  return invoice;
}

/* ---------- overage ---------- */

/**
 * The rate a company's overage is billed at, in cents an hour: its own, else the rate of its latest
 * invoice bought from a package; null when it has neither.
 */
export async function overageRateCentsOf(tx: Tx, companyId: string): Promise<number | null> {
  const { companies, invoices } = tx.t;
  const [own] = await tx.select({ cents: companies.overageRateCents }).from(companies).where(eq(companies.id, companyId));
  if (own?.cents != null) return own.cents;
  const [latest] = await tx
    .select({ cents: invoices.rateCents })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), isNotNull(invoices.packageId)))
    .orderBy(desc(invoices.transactionDate))
    .limit(1);
  return latest?.cents ?? null;
}

/**
 * Bills a company's overage in one action: an invoice for the hours its negative balance owes, less
 * those already bought and awaiting payment, at its overage rate, emailed to the company as any
 * invoice. Paying it brings the balance back to zero (the hours pay back what is owed).
 */
export async function billOverage(deps: AppDeps, source: EventSource, companyId: string): Promise<InvoiceDto> {
  return deps.db.transaction(async (tx) => {
    const { companies } = tx.t;
    const [company] = await tx
      .select({ name: companies.companyName, balance: companies.balanceHundredths, pending: companies.pendingHundredths })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw notFound('Company');
    if (company.balance >= 0) throw new AppError('CONFLICT', noOverageText(company.name));
    const missing = -company.balance - company.pending;
    if (missing <= 0) throw new AppError('CONFLICT', overageCoveredText(company.name, hundredthsToHours(-company.balance), hundredthsToHours(company.pending)));
    const rateCents = await overageRateCentsOf(tx, companyId);
    if (rateCents === null) throw new AppError('BAD_REQUEST', noOverageRateText(company.name));
    const invoice = await insertInvoice(tx, deps, source, {
      companyId,
      packageId: null,
      description: overageDescription(hundredthsToHours(missing)),
      hundredths: missing,
      rateCents,
      priceCents: priceCentsOf(missing, rateCents),
      selectedPaymentMethod: '',
      sendInvoiceEmail: true,
      transactionDate: deps.clock.now(),
      ...NO_TERMS,
    });
    await emailInvoice(tx, deps, invoice);
    return invoice;
  });
}

/** Emails the company what is still owed on the invoice; the reminder is recorded on the invoice, which it leaves as it was. */
export async function sendOpenBalanceReminder(deps: AppDeps, source: EventSource, id: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const invoice = await findInvoice(tx, deps, id);
    if (invoice.completeStatus || invoice.remainingBalance <= 0) {
      throw new AppError('CONFLICT', `Invoice ${invoice.invoiceId} is paid in full; it has no open balance.`);
    }
    const to = await companyRecipients(tx, invoice.company);
    if (to.length === 0) throw new AppError('CONFLICT', `${invoice.companyName} has no approved users to email.`);
    await deps.outbox.enqueue(tx, {
      to,
      ...openBalanceEmail(await providerOf(deps.config, tx), invoice, deps.config.appUrl),
      attachments: [invoicePdfAttachment(invoice)],
    });
    await recordEvents(tx, source, deps.clock.now(), [{ type: 'invoice.reminder_sent', companyId: invoice.company, subjectType: 'invoice', subjectId: invoice._id, changes: {} }]);
    return { message: `An open balance reminder for invoice ${invoice.invoiceId} has been sent.` };
  });
}
