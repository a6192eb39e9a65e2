import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './modules/account/sessions.js';
import { procedureInternals, type ProcedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { createCompany, createTask, createUser } from './testing/factories.js';

/*
 * Who may call what, for every procedure of the router, on /trpc and on /api: each procedure declares
 * the least role that may call it, and every actor is tried against it. A procedure added without a
 * declaration here fails the first test. The guard runs before input validation, so an empty input is
 * enough to meet it: an allowed actor gets anything but 401/403 (often 400 for the missing input), a
 * refused one exactly 401 or 403, and nobody a 5xx.
 */
/**
 * public: anyone; signedIn: any signed-in user; companyMember: a user of a company (the provider, who
 * has none, is refused); admin: a company's admin or the provider (whose call then fails on its
 * input); companyAdmin: a company's admin only; superAdmin: the provider.
 */
type Access = 'public' | 'signedIn' | 'companyMember' | 'admin' | 'companyAdmin' | 'superAdmin';

const ACCESS: Record<string, Access> = {
  'account.login': 'public',
  'account.loginTwoFactor': 'public',
  'account.signup': 'public',
  'account.forgotPassword': 'public',
  'account.resendLink': 'public',
  'account.resetPassword': 'public',
  'account.profile': 'signedIn',
  'account.updateProfile': 'signedIn',
  'account.changePassword': 'signedIn',
  'account.logout': 'signedIn',
  'twoFactor.status': 'signedIn',
  'twoFactor.begin': 'signedIn',
  'twoFactor.enable': 'signedIn',
  'twoFactor.disable': 'signedIn',
  'twoFactor.policy': 'superAdmin',
  'twoFactor.setPolicy': 'superAdmin',
  'branding.get': 'public',
  'branding.paymentDetails': 'signedIn',
  'activities.list': 'signedIn',
  'activities.exportLink': 'companyMember',
  // the provider passes the admin guard, then has no company (403) once the period is valid
  'activities.statementLink': 'admin',
  'activities.weeklyUsage': 'companyMember',
  'dashboard.summary': 'signedIn',
  'tasks.list': 'signedIn',
  'tasks.create': 'signedIn',
  'tasks.update': 'signedIn',
  'tasks.delete': 'companyMember',
  'invoices.list': 'companyAdmin',
  'invoices.unpaid': 'companyAdmin',
  'invoices.purchase': 'admin',
  // the provider passes the admin guard, then has no company (403) once the input is valid
  'reportedPayments.report': 'admin',
  // the provider may fetch any report's proof; a company admin their own company's
  'reportedPayments.proofLink': 'admin',
  'packages.list': 'companyAdmin',
  'packages.detail': 'companyAdmin',
  'users.list': 'companyAdmin',
  // the provider passes the admin guard, then has no company (403) once the input is valid
  'users.invite': 'admin',
  'users.remove': 'companyAdmin',
  'superadmin.users.list': 'superAdmin',
  'superadmin.users.create': 'superAdmin',
  'superadmin.users.update': 'superAdmin',
  'superadmin.users.delete': 'superAdmin',
  'superadmin.users.activate': 'superAdmin',
  'superadmin.users.sendSetPassword': 'superAdmin',
  'superadmin.users.resetTwoFactor': 'superAdmin',
  'superadmin.tasks.listOpen': 'superAdmin',
  'superadmin.tasks.openOf': 'superAdmin',
  'superadmin.tasks.create': 'superAdmin',
  'superadmin.tasks.update': 'superAdmin',
  'superadmin.tasks.delete': 'superAdmin',
  'superadmin.tasks.markDone': 'superAdmin',
  'superadmin.packages.list': 'superAdmin',
  'superadmin.packages.choices': 'superAdmin',
  'superadmin.packages.create': 'superAdmin',
  'superadmin.packages.update': 'superAdmin',
  'superadmin.packages.delete': 'superAdmin',
  'superadmin.companies.list': 'superAdmin',
  'superadmin.companies.options': 'superAdmin',
  'superadmin.search.find': 'superAdmin',
  'superadmin.companies.create': 'superAdmin',
  'superadmin.companies.update': 'superAdmin',
  'superadmin.companies.delete': 'superAdmin',
  'superadmin.companies.sendBalanceEmail': 'superAdmin',
  'superadmin.companies.sendRunningLowEmails': 'superAdmin',
  'superadmin.companies.runningLow': 'superAdmin',
  'superadmin.companies.alertSettings': 'superAdmin',
  'superadmin.companies.get': 'superAdmin',
  'superadmin.companies.activities': 'superAdmin',
  'superadmin.companies.previewBalanceEmail': 'superAdmin',
  'superadmin.timelogs.list': 'superAdmin',
  'superadmin.timelogs.byDate': 'superAdmin',
  'superadmin.timelogs.create': 'superAdmin',
  'superadmin.timelogs.timesheetWeek': 'superAdmin',
  'superadmin.timelogs.currentWeek': 'superAdmin',
  'superadmin.timelogs.saveTimesheet': 'superAdmin',
  'superadmin.timelogs.update': 'superAdmin',
  'superadmin.timelogs.delete': 'superAdmin',
  'superadmin.schedule.send': 'superAdmin',
  'superadmin.invoices.list': 'superAdmin',
  'superadmin.invoices.choices': 'superAdmin',
  'superadmin.invoices.create': 'superAdmin',
  'superadmin.invoices.update': 'superAdmin',
  'superadmin.invoices.delete': 'superAdmin',
  'superadmin.invoices.openBalance': 'superAdmin',
  'superadmin.invoices.billOverage': 'superAdmin',
  'superadmin.overview.expiring': 'superAdmin',
  'superadmin.plans.get': 'superAdmin',
  'superadmin.plans.set': 'superAdmin',
  'superadmin.payments.list': 'superAdmin',
  'superadmin.exports.link': 'superAdmin',
  'superadmin.payments.create': 'superAdmin',
  'superadmin.payments.update': 'superAdmin',
  'superadmin.payments.delete': 'superAdmin',
  'superadmin.reportedPayments.pending': 'superAdmin',
  'superadmin.reportedPayments.confirm': 'superAdmin',
  'superadmin.reportedPayments.reject': 'superAdmin',
  'superadmin.overview.signups': 'superAdmin',
  'superadmin.overview.receivable': 'superAdmin',
  'superadmin.overview.week': 'superAdmin',
  'superadmin.overview.months': 'superAdmin',
  'superadmin.settings.missing': 'superAdmin',
  'superadmin.settings.get': 'superAdmin',
  'superadmin.settings.update': 'superAdmin',
  'superadmin.settings.saveLogo': 'superAdmin',
  'superadmin.settings.removeLogo': 'superAdmin',
  'superadmin.setup.checklist': 'superAdmin',
  'superadmin.setup.sendTestEmail': 'superAdmin',
  'superadmin.setup.hide': 'superAdmin',
  'superadmin.events.list': 'superAdmin',
  'superadmin.events.types': 'superAdmin',
  'superadmin.webhooks.list': 'superAdmin',
  'superadmin.webhooks.get': 'superAdmin',
  'superadmin.webhooks.create': 'superAdmin',
  'superadmin.webhooks.update': 'superAdmin',
  'superadmin.webhooks.delete': 'superAdmin',
  'superadmin.webhooks.rotateSecret': 'superAdmin',
  'superadmin.webhooks.sendTest': 'superAdmin',
  'superadmin.webhooks.deliveries': 'superAdmin',
  'superadmin.webhooks.redeliver': 'superAdmin',
};

type Actor = 'anonymous' | 'bad token' | 'plain user' | 'company admin' | 'super-admin';
const ACTORS: Actor[] = ['anonymous', 'bad token', 'plain user', 'company admin', 'super-admin'];

/** What the guard answers an actor for a procedure: 'allowed' is anything but 401 and 403. */
function expected(access: Access, actor: Actor): 401 | 403 | 'allowed' {
  if (access === 'public') return 'allowed';
  if (actor === 'anonymous' || actor === 'bad token') return 401;
  const allowed: Record<Exclude<Access, 'public'>, Actor[]> = {
    signedIn: ['plain user', 'company admin', 'super-admin'],
    companyMember: ['plain user', 'company admin'],
    admin: ['company admin', 'super-admin'],
    companyAdmin: ['company admin'],
    superAdmin: ['super-admin'],
  };
  return allowed[access].includes(actor) ? 'allowed' : 403;
}

type Procedure = ProcedureInternals;
const procedures = Object.fromEntries(procedureInternals(appRouter).map((procedure) => [procedure.path, procedure]));

let t: TestApp;
let userIds: Record<'plain user' | 'company admin' | 'super-admin', string>;
let otherCompany: { taskId: string; packageId: string };

beforeAll(async () => {
  t = await createTestApp();
  const own = await createCompany(t.deps.db, { companyName: 'Matrix Own' });
  const other = await createCompany(t.deps.db, { companyName: 'Matrix Other' });
  userIds = {
    'plain user': (await createUser(t.deps.db, { companyId: own.id, role: 'member' })).id,
    'company admin': (await createUser(t.deps.db, { companyId: own.id, role: 'admin' })).id,
    'super-admin': (await createUser(t.deps.db, { companyId: null, role: 'superadmin' })).id,
  };
  const task = await createTask(t.deps.db, { companyId: other.id, title: 'Not yours' });
  const [pkg] = await t.deps.db.transaction((tx) =>
    tx
      .insert(tx.t.packages)
      .values({ id: 'matrix-package', description: 'Custom for Other', rateCents: 10_000, hundredths: 1_000, companyId: other.id, startDate: new Date(0), createdAt: new Date(0) })
      .returning({ id: tx.t.packages.id }),
  );
  otherCompany = { taskId: task.id, packageId: pkg!.id };
});
afterAll(() => t.close());

/** A fresh session for each call, so a call that signs out or changes the user spoils no other. */
async function tokenOf(actor: Actor): Promise<string | undefined> {
  if (actor === 'anonymous') return undefined;
  if (actor === 'bad token') return 'not-a.session';
  const session = await t.deps.db.transaction((tx) => createSession(tx, userIds[actor], t.clock.now()));
  return session.token;
}

/** The path parameters of the procedure's REST path as its input (an id that matches nothing), else none. */
function pathInput(procedure: Procedure): Record<string, string> | undefined {
  const names = [...(procedure.meta?.openapi?.path.matchAll(/\{(\w+)\}/g) ?? [])].map((match) => match[1]!);
  if (names.length === 0) return undefined;
  return Object.fromEntries(names.map((name) => [name, name === 'kind' ? 'low' : 'matrix-id']));
}

async function callTrpc(path: string, procedure: Procedure, token: string | undefined) {
  const headers: Record<string, string> = token ? { jwttoken: token } : {};
  const input = pathInput(procedure);
  if (procedure.type === 'query') {
    const query = input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
    return t.app.inject({ method: 'GET', url: `/trpc/${path}${query}`, headers });
  }
  return t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input ?? {}) });
}

async function callRest(procedure: Procedure, token: string | undefined, id = 'matrix-id') {
  const openapi = procedure.meta!.openapi!;
  const url = `/api${openapi.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'kind' ? 'low' : id))}`;
  const headers: Record<string, string> = token ? { jwttoken: token } : {};
  if (openapi.method === 'GET' || openapi.method === 'DELETE') return t.app.inject({ method: openapi.method, url, headers });
  return t.app.inject({ method: openapi.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
}

const outcome = (status: number) => (status === 401 || status === 403 ? status : 'allowed');

describe('authorization matrix', () => {
  it('declares who may call every procedure, and nothing the router lacks', () => {
    expect(Object.keys(procedures).filter((path) => !(path in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((path) => !(path in procedures))).toEqual([]);
  });

  it.each(Object.keys(ACCESS))('%s: each actor gets what its role allows, on /trpc and /api, never a 5xx', async (path) => {
    const procedure = procedures[path]!;
    const got: string[] = [];
    const want: string[] = [];
    for (const actor of ACTORS) {
      const trpc = await callTrpc(path, procedure, await tokenOf(actor));
      got.push(`trpc ${actor}: ${outcome(trpc.statusCode)}`);
      want.push(`trpc ${actor}: ${expected(ACCESS[path]!, actor)}`);
      expect(trpc.statusCode, `${path} as ${actor} on /trpc: ${trpc.body}`).toBeLessThan(500);
      if (!procedure.meta?.openapi) continue;
      const rest = await callRest(procedure, await tokenOf(actor));
      got.push(`rest ${actor}: ${outcome(rest.statusCode)}`);
      want.push(`rest ${actor}: ${expected(ACCESS[path]!, actor)}`);
      expect(rest.statusCode, `${path} as ${actor} on /api: ${rest.body}`).toBeLessThan(500);
    }
    expect(got.join('\n')).toBe(want.join('\n'));
  });
});

describe("a company admin aimed at another company's real ids", () => {
  it('cannot change or delete its task', async () => {
    const { tasks } = t.deps.db.t;
    const taskRow = () => t.deps.db.select().from(tasks).where(eq(tasks.id, otherCompany.taskId));
    const before = await taskRow();
    const token = await tokenOf('company admin');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/tasks/${otherCompany.taskId}`,
      headers: { jwttoken: token!, 'content-type': 'application/json' },
      payload: { title: 'Taken over', description: '', priority: 1 },
    });
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/tasks/${otherCompany.taskId}`, headers: { jwttoken: (await tokenOf('company admin'))! } });
    expect([edit.statusCode, remove.statusCode].every((status) => status === 403 || status === 404)).toBe(true);
    expect(await taskRow()).toEqual(before);
  });

  it('cannot read its custom package', async () => {
    const response = await callRest(procedures['packages.detail']!, await tokenOf('company admin'), otherCompany.packageId);
    expect([403, 404]).toContain(response.statusCode);
  });
});
