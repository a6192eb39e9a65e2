import { invoiceFormInput } from '../../shared/invoices.js';
import { packageFormInput } from '../../shared/packages.js';
import { paymentFormInput } from '../../shared/payments.js';
import { timeLogFormInput } from '../../shared/timelogs.js';
import type { AppDeps } from '../deps.js';
import { gt } from 'drizzle-orm';
import { COMMAND_LINE, sourceOf } from '../modules/events/service.js';
import { companyFields } from '../../shared/companies.js';
import { expireDueBlocks } from '../modules/activities/expiry-run.js';
import { updateCompany } from '../modules/companies/service.js';
import { createInvoice } from '../modules/invoices/service.js';
import { setPlan } from '../modules/plans/service.js';
import { planInput } from '../../shared/plans.js';
import { createPackage } from '../modules/packages/service.js';
import { createPayment } from '../modules/payments/service.js';
import { reportPayment } from '../modules/reported-payments/service.js';
import { createWebhookEndpoint } from '../modules/webhooks/service.js';
import { reportPaymentInput } from '../../shared/reported-payments.js';
import { webhookEndpointInput } from '../../shared/webhooks.js';
import { createTaskFor, markTaskDone, updateTask } from '../modules/tasks/service.js';
import { createTimeLog } from '../modules/timelogs/service.js';
import { findUserByEmail } from '../modules/users/lookup.js';
import { upsertSuperAdmin } from '../modules/users/superadmin.js';
import { actingAt, demoCompany, demoSignUp, demoUser } from './people.js';

/*
 * A living portal in one command: customer companies with users of each role, packages,
 * invoices paid, partly paid and unpaid (one with a payment the customer reported), tasks with
 * history, six weeks of time logs and a webhook endpoint. Every
 * row goes through the same services the app uses, so balances and the ledger agree.
 */
export const DEMO_PASSWORD = 'hourbank demo';
export const DEMO_PROVIDER_EMAIL = 'provider@demo.hourbank.test';

const DAY = 24 * 60 * 60 * 1000;

type DemoCompany = { name: string; address: string; phone: string; website: string; slug: string; admin: [string, string]; member: [string, string] };

const COMPANIES: DemoCompany[] = [
  { name: 'Northwind Traders', slug: 'northwind', address: '1 Harbor Way, Seattle, WA 98101', phone: '206-555-0101', website: 'https://northwind.example.com', admin: ['Nancy', 'Davolio'], member: ['Andrew', 'Fuller'] },
  { name: 'Contoso Pharmaceuticals', slug: 'contoso', address: '200 Lab Park, Boston, MA 02110', phone: '617-555-0144', website: 'https://contoso.example.com', admin: ['Megan', 'Bowen'], member: ['Alex', 'Wilber'] },
  { name: 'Globex Corporation', slug: 'globex', address: '77 Cypress Creek Rd, Springfield, OR 97477', phone: '541-555-0199', website: 'https://globex.example.com', admin: ['Hank', 'Scorpio'], member: ['Homer', 'Simpson'] },
  { name: 'Initech', slug: 'initech', address: '4120 Freidrich Ln, Austin, TX 78744', phone: '512-555-0123', website: 'https://initech.example.com', admin: ['Bill', 'Lumbergh'], member: ['Peter', 'Gibbons'] },
];

const WORK = [
  'Reviewed the deployment pipeline and fixed the flaky build step',
  'Call with the team about next quarter’s priorities',
  'Migrated the reporting database to the new server',
  'Investigated slow checkout page; added an index',
  'Security patching on the web servers',
  'Wrote the onboarding guide for new staff',
  'Set up monitoring alerts for the API',
  'Fixed the invoice export rounding issue',
  'Code review and pairing on the mobile release',
  'Backup restore drill and documentation',
];

export type DemoLogins = { provider: { email: string; password: string }; customers: { company: string; admin: string; member: string }[]; pending: string };

export async function seedDemo(deps: AppDeps): Promise<DemoLogins> {
  const { companies } = deps.db.t;
  const [anyCompany] = await deps.db.select({ id: companies.id }).from(companies).limit(1);
  if (anyCompany) {
    throw new Error('This database already has companies; seed:demo only fills an empty one. Try DATA_DIR=./demo-data npm run seed:demo.');
  }
  const started = deps.clock.now();
  const now = started.getTime();
  await upsertSuperAdmin(deps.db, COMMAND_LINE, { emailAddress: DEMO_PROVIDER_EMAIL, password: DEMO_PASSWORD, firstName: 'Pat', lastName: 'Provider' }, started);
  const provider = (await findUserByEmail(deps.db, DEMO_PROVIDER_EMAIL))!;
  const source = sourceOf({ userId: provider.id, firstName: 'Pat', lastName: 'Provider', emailAddress: provider.emailAddress }, null);

  const logins: DemoLogins = { provider: { email: DEMO_PROVIDER_EMAIL, password: DEMO_PASSWORD }, customers: [], pending: '' };
  const made: { id: string; name: string; admin: Awaited<ReturnType<typeof demoUser>> }[] = [];
  const joined = actingAt(deps, new Date(now - 90 * DAY));
  const added = actingAt(deps, new Date(now - 60 * DAY));
  for (const company of COMPANIES) {
    const row = await demoCompany(joined, source, { companyName: company.name, companyAddress: company.address, companyPhone: company.phone, website: company.website });
    const person = ([firstName, lastName]: [string, string], role: string) =>
      ({ company: row._id, firstName, lastName, emailAddress: `${firstName.toLowerCase()}@${company.slug}.example.com`, role });
    const admin = await demoUser(joined, source, person(company.admin, 'admin'), DEMO_PASSWORD);
    const member = await demoUser(added, source, person(company.member, 'member'), DEMO_PASSWORD);
    logins.customers.push({ company: company.name, admin: admin.emailAddress, member: member.emailAddress });
    made.push({ id: row._id, name: company.name, admin });
  }
  logins.pending = await demoSignUp(deps, {
    companyName: 'Umbrella Labs',
    companyAddress: '1 Raccoon St, Raccoon City',
    projectDescription: 'Would like help moving our lab systems to the cloud.',
    firstName: 'Alice',
    lastName: 'Abernathy',
    emailAddress: 'alice@umbrella.example.com',
    password: DEMO_PASSWORD,
  });

  const iso = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY + hour * 3600_000 - (now % DAY)).toISOString();
  const general = [
    { description: 'Starter: 10 hours of consulting', hours: 10, rate: 150 },
    { description: 'Growth: 25 hours of consulting', hours: 25, rate: 140 },
    { description: 'Scale: 50 hours of consulting', hours: 50, rate: 130 },
  ];
  const offered = [];
  for (const offer of general) offered.push(await createPackage(deps, source, packageFormInput.parse({ ...offer, startDate: iso(120) })));
  await createPackage(deps, source, packageFormInput.parse({ description: 'Globex retainer: 40 hours', hours: 40, rate: 120, startDate: iso(120), company: made[2]!.id }));
  await createPackage(deps, source, packageFormInput.parse({ description: 'Summer special: 20 hours (ended)', hours: 20, rate: 110, startDate: iso(200), endDate: iso(100) }));
  const quarterly = { description: 'Quarterly: 20 hours, valid 3 months', hours: 20, rate: 135, validityMonths: 3, rollover: { limit: 5, unit: 'hours' as const, months: 1 } };
  const quarterlyPackage = await createPackage(deps, source, packageFormInput.parse({ ...quarterly, startDate: iso(200) }));

  const invoice = (companyIndex: number, daysAgo: number, description: string, hours: number, rate: number, method: string) =>
    createInvoice(deps, source, invoiceFormInput.parse({ company: made[companyIndex]!.id, transactionDate: iso(daysAgo), selectedPaymentMethod: method, description, hours, rate, sendInvoiceEmail: false }));
  const pay = (companyIndex: number, invoiceId: string, amount: number, daysAgo: number, method: string, transactionId: string) =>
    createPayment(deps, source, paymentFormInput.parse({ company: made[companyIndex]!.id, invoice: invoiceId, amount, method, paymentDate: iso(daysAgo, 15), description: 'Thank you', transactionId, sendEmail: false }));

  const northwindGrowth = await invoice(0, 50, 'Growth: 25 hours of consulting', 25, 140, 'ACH');
  await pay(0, northwindGrowth._id, 1750, 45, 'ACH', 'ACH-20431');
  await pay(0, northwindGrowth._id, 1750, 40, 'ACH', 'ACH-20977');
  const northwindStarter = await invoice(0, 3, 'Starter: 10 hours of consulting', 10, 150, 'Zelle');
  const contosoScale = await invoice(1, 42, 'Scale: 50 hours of consulting', 50, 130, 'Check');
  await pay(1, contosoScale._id, 6500, 38, 'Check', 'CHK-1182');
  const contosoTopUp = await invoice(1, 12, 'Growth: 25 hours of consulting', 25, 140, 'Check');
  await pay(1, contosoTopUp._id, 1500, 6, 'Check', 'CHK-1240');
  const globexRetainer = await invoice(2, 45, 'Globex retainer: 40 hours', 40, 120, 'ACH');
  await pay(2, globexRetainer._id, 4800, 41, 'ACH', 'ACH-19920');
  await invoice(3, 8, 'Starter: 10 hours of consulting', 10, 150, 'Zelle');

  // Hour blocks: Northwind's quarterly block expires in about ten days (its recent work draws on it
  // first); Initech's expired unused last month, five hours rolling over into a block of their own.
  // Each is paid on its own day, which is when its validity starts.
  const quarterlyInvoice = (companyIndex: number, daysAgo: number) =>
    createInvoice(actingAt(deps, new Date(iso(daysAgo))), source, invoiceFormInput.parse({ company: made[companyIndex]!.id, transactionDate: iso(daysAgo), selectedPaymentMethod: 'ACH', description: quarterly.description, hours: 20, rate: 135, packageId: quarterlyPackage._id, sendInvoiceEmail: false }));
  const payOn = (companyIndex: number, invoiceId: string, daysAgo: number, transactionId: string) =>
    createPayment(actingAt(deps, new Date(iso(daysAgo, 15))), source, paymentFormInput.parse({ company: made[companyIndex]!.id, invoice: invoiceId, amount: 2700, method: 'ACH', paymentDate: iso(daysAgo, 15), description: 'Thank you', transactionId, sendEmail: false }));
  await payOn(0, (await quarterlyInvoice(0, 82))._id, 81, 'ACH-21544');
  await payOn(3, (await quarterlyInvoice(3, 110))._id, 110, 'ACH-18870');

  const taskIds: string[][] = made.map(() => []);
  const TASKS = ['Upgrade the staging database', 'Set up single sign-on', 'Speed up the monthly report', 'Review firewall rules', 'Document the release process', 'Fix the password reset email'];
  for (const [index, company] of made.entries()) {
    for (const [n, title] of TASKS.slice(0, 3 + index).entries()) {
      const task = await createTaskFor(deps, source, { company: company.id, title, description: `${title} for ${company.name}. Agreed in the kickoff call; details in the shared notes.`, priority: n + 1 });
      taskIds[index]!.push(task._id);
    }
  }
  await updateTask(deps, source, taskIds[0]![1]!, { title: 'Set up single sign-on (Okta)', description: 'Connect the portal to Okta; test with two users first.', priority: 1 });

  const today = now - (now % DAY);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  for (let week = 5; week >= 0; week -= 1) {
    for (const [index, company] of made.slice(0, 3).entries()) {
      for (let day = 0; day < 5; day += 1) {
        const at = monday - week * 7 * DAY + day * DAY + (13 + index) * 3600_000;
        if (at > now || (week + day + index) % 4 === 0) continue;
        const tasks = taskIds[index]!;
        await createTimeLog(
          deps,
          source,
          timeLogFormInput.parse({
            company: company.id,
            timeStamp: new Date(at).toISOString(),
            // Northwind works at about half the others' pace, so its quarterly block keeps hours to expire
            invertedHours: index === 0 ? 0.25 + ((week * 7 + day * 3) % 3) * 0.25 : 0.5 + ((week * 7 + day * 3 + index) % 5) * 0.25,
            description: WORK[(week * 5 + day + index) % WORK.length],
            task: day === 2 ? (tasks[week % tasks.length] ?? null) : null,
            closeTask: false,
            emailClient: false,
          }),
        );
      }
    }
  }

  await markTaskDone(deps, source, taskIds[1]![0]!, false);

  // Globex worked a data-centre move beyond its retainer: a negative balance, billed at its own overage rate.
  const globex = made[2]!;
  await updateCompany(deps, source, globex.id, companyFields.parse({ companyName: globex.name, companyAddress: COMPANIES[2]!.address, companyPhone: COMPANIES[2]!.phone, website: COMPANIES[2]!.website, overageRate: 125 }));
  for (const daysAgo of [3, 2]) {
    await createTimeLog(
      deps,
      source,
      timeLogFormInput.parse({ company: globex.id, timeStamp: iso(daysAgo, 9), invertedHours: 16, description: 'Emergency data-centre move', task: null, closeTask: false, emailClient: false }),
    );
  }
  // Contoso is on a monthly plan: the Starter package on the 1st of each month, from the next one
  await setPlan(deps, source, planInput.parse({ id: made[1]!.id, packageId: offered[0]!._id, dayOfMonth: 1 }));

  // Northwind's admin says the Starter invoice went out by Zelle yesterday: "Payment reported",
  // waiting for the provider to confirm it (its hours stay pending until then)
  const reporter = made[0]!.admin;
  await reportPayment(
    deps,
    sourceOf({ userId: reporter._id, firstName: reporter.firstName, lastName: reporter.lastName, emailAddress: reporter.emailAddress }, null),
    { userId: reporter._id, companyId: made[0]!.id },
    reportPaymentInput.parse({ invoice: northwindStarter._id, method: 'Zelle', amount: 1500, paidOn: iso(1).slice(0, 10), reference: 'Zelle 7731-2204' }),
  );
  // A bookkeeping receiver on the provider's own machine, set up and left off: the Webhooks page
  // shows it, and its test event shows the address refused unless WEBHOOKS_ALLOW_PRIVATE is set
  await createWebhookEndpoint(
    { ...deps, config: { ...deps.config, webhooksAllowPrivate: true } },
    source,
    webhookEndpointInput.parse({ url: 'http://localhost:9000/hourbank', description: 'Bookkeeping sync (a receiver on this machine)', eventTypes: ['invoice.created', 'payment.created', 'reported_payment.created'], enabled: false }),
  );

  // the expiries due by now, as the server's scheduled work would write them at start
  await expireDueBlocks(deps, deps.db, started);

  // Demo addresses are fictional: nothing the seed did should go out as email, nor show as sent.
  await deps.db.transaction(async (tx) => {
    await tx.delete(tx.t.outbox).where(gt(tx.t.outbox.createdAt, new Date(started.getTime() - 1)));
    await tx.update(tx.t.companies).set({ runningLowEmailedAt: null, negativeEmailedAt: null });
  });
  return logins;
}
