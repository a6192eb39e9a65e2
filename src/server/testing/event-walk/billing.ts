import type { invoices } from '../../../../drizzle/schema.js';
import { addInvoiceHours } from '../../modules/activities/ledger.js';
import { unwatchedLedger } from '../../modules/activities/company-hours.js';
import { newId } from '../../lib/ids.js';
import { createCompany, createInvoiceRow, createPackage, createUser, workedHours } from '../factories.js';
import type { WalkEntries, WalkWorld } from './world.js';

/*
 * The walk's entries of billing: invoices, payments, packages, plans and companies. Each acts on
 * records of its own, made fresh (a company of its own where the call is the provider's), so no
 * entry depends on another's.
 */

/** A company of the entry's own, with an approved user (the emails go to them). */
async function companyWithUser(world: WalkWorld, fields: Parameters<typeof createCompany>[1] = {}) {
  const company = await createCompany(world.t.deps.db, fields);
  await createUser(world.t.deps.db, { companyId: company.id, role: 'admin' });
  return company;
}

type InvoiceFields = Partial<typeof invoices.$inferInsert>;

/** An invoice of an hour at $100 with its hours entry on the ledger (pending unless paid in full). */
async function invoiceWithHours(world: WalkWorld, companyId: string, fields: InvoiceFields = {}) {
  const now = world.t.clock.now();
  return world.t.deps.db.transaction(async (tx) => {
    const invoice = await createInvoiceRow(tx, { companyId, description: 'Walk hours', hundredths: 100, rateCents: 10_000, priceCents: 10_000, status: 'Pending', transactionDate: now, ...fields });
    const status = invoice.completeStatus ? 'completed' : 'pending';
    await addInvoiceHours(unwatchedLedger, tx, { companyId, invoiceId: invoice.id, hundredths: 100, description: invoice.description, timeStamp: now, now, status });
    return invoice;
  });
}

/** An invoice of $100 with a completed payment of `cents` on it, its paid total and status in step. */
async function paidInvoice(world: WalkWorld, cents: number) {
  const company = await createCompany(world.t.deps.db);
  const paidInFull = cents >= 10_000;
  const invoice = await invoiceWithHours(world, company.id, { paidCents: cents, status: paidInFull ? 'Completed' : 'Pending', completeStatus: paidInFull });
  const now = world.t.clock.now();
  const payment = { id: newId(), invoiceId: invoice.id, companyId: company.id, amountCents: cents, status: 'completed', method: 'ACH', paymentDate: now, createdAt: now };
  await world.t.deps.db.transaction((tx) => tx.insert(tx.t.payments).values(payment));
  return payment;
}

/** A package on offer since yesterday, by the app's clock. */
const packageOnOffer = (world: WalkWorld) => createPackage(world.t.deps.db, {}, world.t.clock.now());

export const billingEntries: WalkEntries = {
  'invoices.purchase': {
    as: 'admin',
    input: async (world) => ({ packageId: (await packageOnOffer(world)).id, paymentOption: 'ACH' }),
    records: ['invoice.created'],
  },

  'superadmin.invoices.create': {
    as: 'superadmin',
    input: async (world) => ({ company: (await createCompany(world.t.deps.db)).id, description: 'Walk hours', hours: 2, rate: 100, selectedPaymentMethod: 'ACH', sendInvoiceEmail: false }),
    records: ['invoice.created'],
  },
  'superadmin.invoices.update': {
    as: 'superadmin',
    input: async (world) => ({ id: (await invoiceWithHours(world, (await createCompany(world.t.deps.db)).id)).id, description: 'Walk hours, reworded' }),
    records: ['invoice.updated'],
  },
  'superadmin.invoices.delete': {
    as: 'superadmin',
    input: async (world) => ({ id: (await invoiceWithHours(world, (await createCompany(world.t.deps.db)).id)).id }),
    records: ['invoice.deleted'],
  },
  'superadmin.invoices.billOverage': {
    as: 'superadmin',
    input: async (world) => {
      const company = await companyWithUser(world, { overageRateCents: 12_000 });
      await workedHours(world.t.deps.db, company.id, 300, 'Overage work', world.t.clock.now());
      return { id: company.id };
    },
    records: ['invoice.created'],
  },
  'superadmin.invoices.openBalance': {
    as: 'superadmin',
    input: async (world) => ({ id: (await invoiceWithHours(world, (await companyWithUser(world)).id)).id }),
    records: ['invoice.reminder_sent'],
  },

  'superadmin.payments.create': {
    as: 'superadmin',
    input: async (world) => {
      const company = await createCompany(world.t.deps.db);
      const invoice = await invoiceWithHours(world, company.id);
      return { company: company.id, invoice: invoice.id, amount: 100, method: 'ACH', sendEmail: false };
    },
    records: ['payment.created', 'hours.activated'],
  },
  'superadmin.payments.update': {
    as: 'superadmin',
    input: async (world) => ({ id: (await paidInvoice(world, 5_000)).id, amount: 100 }),
    records: ['payment.updated', 'hours.activated'],
  },
  'superadmin.payments.delete': {
    as: 'superadmin',
    input: async (world) => ({ id: (await paidInvoice(world, 10_000)).id }),
    records: ['payment.deleted', 'hours.deactivated'],
  },

  'superadmin.packages.create': {
    as: 'superadmin',
    input: () => ({ description: 'Walk package', hours: 5, rate: 100 }),
    records: ['package.created'],
  },
  'superadmin.packages.update': {
    as: 'superadmin',
    input: async (world) => ({ id: (await packageOnOffer(world)).id, description: 'Walk package, reworded' }),
    records: ['package.updated'],
  },
  'superadmin.packages.delete': {
    as: 'superadmin',
    input: async (world) => ({ id: (await packageOnOffer(world)).id }),
    records: ['package.deleted'],
  },

  'superadmin.plans.set': {
    as: 'superadmin',
    input: async (world) => ({ id: (await createCompany(world.t.deps.db)).id, packageId: (await packageOnOffer(world)).id, dayOfMonth: 15 }),
    records: ['plan.updated'],
  },

  'superadmin.companies.create': {
    as: 'superadmin',
    input: () => ({ companyName: 'Walk Made Co' }),
    records: ['company.created'],
  },
  'superadmin.companies.update': {
    as: 'superadmin',
    input: async (world) => ({ id: (await createCompany(world.t.deps.db)).id, companyName: 'Walk Renamed Co' }),
    records: ['company.updated'],
  },
  'superadmin.companies.delete': {
    as: 'superadmin',
    input: async (world) => ({ id: (await createCompany(world.t.deps.db)).id }),
    records: ['company.deleted'],
  },
  'superadmin.companies.sendBalanceEmail': {
    as: 'superadmin',
    input: async (world) => ({ kind: 'runningLow', companyId: (await companyWithUser(world)).id }),
    records: ['balance_email.sent'],
  },
  'superadmin.companies.sendRunningLowEmails': {
    // a new company has no hours, so it is at or below any threshold
    as: 'superadmin',
    input: async (world) => ({ company: (await companyWithUser(world)).id }),
    records: ['balance_email.sent'],
  },
};
