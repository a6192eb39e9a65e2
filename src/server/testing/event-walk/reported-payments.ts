import { addInvoiceHours } from '../../modules/activities/ledger.js';
import { unwatchedLedger } from '../../modules/activities/company-hours.js';
import { newId } from '../../lib/ids.js';
import { localDate } from '../../../shared/weekly.js';
import { createCompany, createInvoiceRow, createUser } from '../factories.js';
import type { WalkEntries, WalkWorld } from './world.js';

/*
 * The walk's entries of payments the customer reports: a report on an invoice of the walk's company,
 * and a decision on a report of a company of the entry's own.
 */

/** An unpaid invoice of $100 (an hour) with its pending hours entry. */
async function unpaidInvoice(world: WalkWorld, companyId: string) {
  const now = world.t.clock.now();
  return world.t.deps.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, description: 'Walk hours', hundredths: 100, rateCents: 10_000, priceCents: 10_000, status: 'Pending', transactionDate: now });
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: 100, description: invoice.description, timeStamp: now, now, status: 'pending' });
    return invoice;
  });
}

const today = (world: WalkWorld) => localDate(world.t.clock.now(), world.t.config.timeZone);

/** A report of $100 by Zelle awaiting the provider, on an invoice of a company of its own (with an admin to email). */
async function pendingReport(world: WalkWorld) {
  const company = await createCompany(world.t.deps.db);
  const reporter = await createUser(world.t.deps.db, { companyId: company.id, role: 'admin' });
  const invoice = await unpaidInvoice(world, company.id);
  const id = newId();
  const now = world.t.clock.now();
  await world.t.deps.db.transaction((tx) =>
    tx.insert(tx.t.reportedPayments).values({ id, invoiceId: invoice.id, companyId: company.id, reportedBy: reporter.id, method: 'Zelle', amountCents: 10_000, paidOn: today(world), createdAt: now }),
  );
  return { id, paidOn: today(world) };
}

export const reportedPaymentEntries: WalkEntries = {
  'reportedPayments.report': {
    as: 'admin',
    input: async (world) => ({ invoice: (await unpaidInvoice(world, world.companyId)).id, method: 'ACH', amount: 40, paidOn: today(world), reference: 'Walk transfer' }),
    records: ['reported_payment.created'],
  },
  'superadmin.reportedPayments.confirm': {
    as: 'superadmin',
    input: async (world) => ({ ...(await pendingReport(world)), amount: 100, method: 'Zelle', sendEmail: false }),
    records: ['reported_payment.confirmed', 'payment.created', 'hours.activated'],
  },
  'superadmin.reportedPayments.reject': {
    as: 'superadmin',
    input: async (world) => ({ id: (await pendingReport(world)).id, reason: 'No such transfer arrived.' }),
    records: ['reported_payment.rejected'],
  },
};
