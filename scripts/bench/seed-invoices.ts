import { activities, invoiceNumberSequence, invoices, payments } from '../../drizzle/schema.js';
import { INVOICE_PAYMENT_METHODS, PAYMENT_METHODS } from '../../src/shared/payment-options.js';
import { invoiceStatusOf, isPaidInFull, priceCentsOf } from '../../src/shared/pricing.js';
import { benchId as newId } from './ids.js';
import { flag, inserter } from './insert.js';
import type { Random } from './random.js';
import { atMostNow, DAY_MS, PACKAGE_HUNDREDTHS, RATES_CENTS, SAMPLE_SIZE, since, type World } from './seed-rows.js';

/*
 * Invoices as the services would have left them: numbered by year in date order, priced from their
 * hours and rate, each with its TimeAdd ledger entry, completed exactly when its payments cover it,
 * its paid total the sum of its payments (all completed).
 */

type PlannedInvoice = {
  id: string;
  companyId: string;
  transactionDate: number;
  packageId: string | null;
  description: string;
  hundredths: number;
  rateCents: number;
  priceCents: number;
  /** Amounts of its payments, in cents. */
  paymentCents: number[];
};

function planInvoices(world: World, count: number): PlannedInvoice[] {
  const { random } = world;
  const planned = Array.from({ length: count }, (): PlannedInvoice => {
    const companyIndex = random.skewedIndex(world.companyIds.length);
    const offer = world.generalPackages.length > 0 && random.chance(0.6) ? random.pick(world.generalPackages) : null;
    const hundredths = offer?.hundredths ?? random.pick(PACKAGE_HUNDREDTHS);
    const rateCents = offer?.rateCents ?? random.pick(RATES_CENTS);
    return {
      id: newId(),
      companyId: world.companyIds[companyIndex]!,
      transactionDate: since(world, world.joined[companyIndex]!),
      packageId: offer?.id ?? null,
      description: offer?.description ?? `${hundredths / 100} hours of consulting`,
      hundredths,
      rateCents,
      priceCents: priceCentsOf(hundredths, rateCents),
      paymentCents: [],
    };
  });
  // numbers follow the dates, as they would have been handed out
  return planned.sort((a, b) => a.transactionDate - b.transactionDate);
}

/**
 * Spreads the payments: eight in nine pay an invoice in full, the rest pay 40% of another;
 * when every invoice is already taken, some full payments are split in two.
 */
export function allocatePayments(random: Random, prices: number[], paymentCount: number): number[][] {
  const plans = prices.map((): number[] => []);
  const order = random.shuffled(prices.map((_, index) => index));
  const fullCount = Math.min(prices.length, Math.floor((paymentCount * 8) / 9));
  order.slice(0, fullCount).forEach((index) => plans[index]!.push(prices[index]!));
  let left = paymentCount - fullCount;
  for (const index of order.slice(fullCount)) {
    if (left === 0) break;
    plans[index]!.push(Math.floor((prices[index]! * 4) / 10));
    left -= 1;
  }
  for (const index of order.slice(0, fullCount)) {
    if (left === 0) break;
    const first = Math.floor(prices[index]! / 2);
    plans[index] = [first, prices[index]! - first];
    left -= 1;
  }
  return plans;
}

/** Invoices with their TimeAdd entries (completed once paid in full), payments and number sequence. */
export function seedInvoicesAndPayments(world: World, invoiceCount: number, paymentCount: number): void {
  const insertInvoice = inserter(world.sqlite, invoices, [
    'id', 'invoiceNumber', 'companyId', 'packageId', 'description', 'hundredths', 'rateCents', 'priceCents',
    'selectedPaymentMethod', 'status', 'completeStatus', 'paidCents', 'sendInvoiceEmail', 'transactionDate', 'createdAt',
  ]);
  const insertPayment = inserter(world.sqlite, payments, [
    'id', 'invoiceId', 'companyId', 'amountCents', 'description', 'status', 'method', 'paymentDate', 'transactionId', 'sendEmail', 'createdAt',
  ]);
  const ledger = inserter(world.sqlite, activities, ['id', 'companyId', 'activityType', 'status', 'hundredths', 'description', 'timeStamp', 'invoiceId', 'timeLogId', 'createdAt']);
  const { random } = world;
  const planned = planInvoices(world, invoiceCount);
  const plans = allocatePayments(random, planned.map((invoice) => invoice.priceCents), paymentCount);
  const lastNumberOfYear = new Map<number, number>();
  let paymentNumber = 0;
  planned.forEach((invoice, index) => {
    const year = new Date(invoice.transactionDate).getUTCFullYear();
    const number = (lastNumberOfYear.get(year) ?? 0) + 1;
    lastNumberOfYear.set(year, number);
    const paid = plans[index]!.reduce((sum, cents) => sum + cents, 0);
    const complete = isPaidInFull(invoice.priceCents - paid);
    insertInvoice({
      id: invoice.id,
      invoiceNumber: `${year}-${String(number).padStart(4, '0')}`,
      companyId: invoice.companyId,
      packageId: invoice.packageId,
      description: invoice.description,
      hundredths: invoice.hundredths,
      rateCents: invoice.rateCents,
      priceCents: invoice.priceCents,
      selectedPaymentMethod: random.pick(INVOICE_PAYMENT_METHODS),
      status: invoiceStatusOf(invoice.priceCents, paid),
      completeStatus: flag(complete),
      paidCents: paid,
      sendInvoiceEmail: 1,
      transactionDate: invoice.transactionDate,
      createdAt: invoice.transactionDate,
    });
    ledger({
      id: newId(),
      companyId: invoice.companyId,
      activityType: 'TimeAdd',
      status: complete ? 'completed' : 'pending',
      hundredths: invoice.hundredths,
      description: invoice.description,
      timeStamp: invoice.transactionDate,
      invoiceId: invoice.id,
      timeLogId: null,
      createdAt: invoice.transactionDate,
    });
    let paymentDate = invoice.transactionDate;
    for (const amountCents of plans[index]!) {
      paymentNumber += 1;
      paymentDate = atMostNow(world, paymentDate + random.int(1, 30) * DAY_MS);
      insertPayment({
        id: newId(),
        invoiceId: invoice.id,
        companyId: invoice.companyId,
        amountCents,
        description: '',
        status: 'completed',
        method: random.pick(PAYMENT_METHODS),
        paymentDate,
        transactionId: `TX-${paymentNumber}`,
        sendEmail: 1,
        createdAt: paymentDate,
      });
    }
    if (invoice.priceCents - paid >= 10_000 && world.payableInvoices.length < SAMPLE_SIZE) {
      world.payableInvoices.push({ id: invoice.id, companyId: invoice.companyId });
    }
  });
  const sequence = inserter(world.sqlite, invoiceNumberSequence, ['year', 'lastNumber']);
  for (const [year, lastNumber] of lastNumberOfYear) sequence({ year, lastNumber });
}
