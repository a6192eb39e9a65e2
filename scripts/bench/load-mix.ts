import { DASHBOARD_PATH, FIRST_PAGE, PROFILE_PATH, TWELVE_WEEKS } from './calls.js';
import { isSuccess, type Answer, type Call } from './http.js';
import type { Random } from './random.js';
import type { Seeded, Session } from './seed.js';
import { userRateLimits } from '../../src/shared/limits.js';

/*
 * What a busy day looks like, as weighted operations: customers reading their screens, the
 * provider reading lists and logging hours, editing tasks and recording payments, customers adding
 * tasks. Reads are about four in five requests.
 */

/**
 * Each customer adds a task and deletes it right away, at most this many times a minute: two task
 * changes each, so a customer stays under the per-user limit on task changes as a person would.
 */
const taskChangeLimit = userRateLimits['task-change'];
const CUSTOMER_TASK_ADDS_PER_WINDOW = Math.floor(taskChangeLimit.limit / 2) - 2;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOURS = [0.25, 0.5, 1, 1.5, 2, 3];

export type Hit = (kind: string, call: Call, keepBody?: boolean) => Promise<Answer>;
export type Op = { weight: number; run: (hit: Hit, random: Random) => Promise<void> };

export function operations(seeded: Seeded, withDashboard: boolean): Op[] {
  const admin = seeded.superAdmin.token;
  const addedAt = new Map<string, number[]>(seeded.customers.map((customer) => [customer.token, []]));
  /** Whether the customer may add another task now, keeping the adds of the last window. */
  const mayAddTask = (customer: Session) => {
    const since = performance.now() - taskChangeLimit.windowMs;
    const recent = addedAt.get(customer.token)!.filter((at) => at > since);
    addedAt.set(customer.token, recent);
    return recent.length < CUSTOMER_TASK_ADDS_PER_WINDOW;
  };
  const read = (weight: number, kind: string, path: string, as: 'admin' | 'customer'): Op => ({
    weight,
    run: async (hit, random) => {
      await hit(kind, { path, token: as === 'admin' ? admin : random.pick(seeded.customers).token });
    },
  });
  const timeLogForm = (random: Random, company: string) => ({
    company,
    timeStamp: new Date(Date.now() - random.int(0, 84) * DAY_MS).toISOString(),
    invertedHours: random.pick(HOURS),
    description: 'Load run: support call',
    task: null,
    closeTask: false,
    emailClient: false,
  });
  const taskFields = (random: Random) => ({ title: `Load run task ${random.int(1, 1_000_000)}`, description: 'Added by npm run bench --load', priority: random.int(0, 20) });
  const customerAddsTask = async (hit: Hit, customer: Session, random: Random) => {
    addedAt.get(customer.token)!.push(performance.now());
    const added = await hit('POST /tasks (customer)', { method: 'POST', path: '/api/tasks', token: customer.token, body: taskFields(random) }, true);
    if (!isSuccess(added)) return;
    const { _id: id } = JSON.parse(added.body!.toString('utf8')) as { _id: string };
    await hit('DELETE /tasks/{id} (customer)', { method: 'DELETE', path: `/api/tasks/${id}`, token: customer.token });
  };
  const ops: Op[] = [
    ...(withDashboard ? [read(15, 'GET /dashboard', DASHBOARD_PATH, 'customer')] : []),
    read(8, 'GET /activities', `/api/activities${FIRST_PAGE}`, 'customer'),
    read(6, 'GET /invoices', `/api/invoices${FIRST_PAGE}`, 'customer'),
    read(8, 'GET /tasks', `/api/tasks${FIRST_PAGE}`, 'customer'),
    read(3, 'GET /users', `/api/users${FIRST_PAGE}`, 'customer'),
    read(10, 'GET /account/profile', PROFILE_PATH, 'customer'),
    read(5, 'GET /superadmin/companies', `/api/superadmin/companies${FIRST_PAGE}`, 'admin'),
    read(3, 'GET /superadmin/users', `/api/superadmin/users${FIRST_PAGE}`, 'admin'),
    read(2, 'GET /superadmin/packages', `/api/superadmin/packages${FIRST_PAGE}`, 'admin'),
    read(4, 'GET /superadmin/allopentasks', `/api/superadmin/allopentasks${FIRST_PAGE}`, 'admin'),
    read(5, 'GET /superadmin/timelogs', `/api/superadmin/timelogs${FIRST_PAGE}`, 'admin'),
    read(4, 'GET /superadmin/allinvoices', `/api/superadmin/allinvoices${FIRST_PAGE}`, 'admin'),
    read(3, 'GET /superadmin/payments', `/api/superadmin/payments${FIRST_PAGE}`, 'admin'),
    read(3, 'GET /superadmin/timelogs/by-date', `/api/superadmin/timelogs/by-date${TWELVE_WEEKS}`, 'admin'),
    {
      weight: 6,
      run: async (hit, random) => {
        const body = timeLogForm(random, random.pick(seeded.companyIds));
        await hit('POST /superadmin/timelogs', { method: 'POST', path: '/api/superadmin/timelogs', token: admin, body });
      },
    },
    {
      weight: 3,
      run: async (hit, random) => {
        const log = random.pick(seeded.timeLogs);
        await hit('PUT /superadmin/timelogs/{id}', { method: 'PUT', path: `/api/superadmin/timelogs/${log.id}`, token: admin, body: timeLogForm(random, log.companyId) });
      },
    },
    {
      weight: 2,
      run: async (hit, random) => {
        const body = { company: random.pick(seeded.companyIds), ...taskFields(random) };
        await hit('POST /superadmin/tasks', { method: 'POST', path: '/api/superadmin/tasks', token: admin, body });
      },
    },
    {
      weight: 3,
      run: async (hit, random) => {
        const task = random.pick(seeded.openTasks);
        await hit('PUT /superadmin/tasks/{id}', { method: 'PUT', path: `/api/superadmin/tasks/${task.id}`, token: admin, body: taskFields(random) });
      },
    },
    {
      weight: 3,
      run: async (hit, random) => {
        const customer = random.pick(seeded.customers);
        if (mayAddTask(customer)) await customerAddsTask(hit, customer, random);
        else await hit('GET /tasks', { path: `/api/tasks${FIRST_PAGE}`, token: customer.token });
      },
    },
    {
      weight: 4,
      run: async (hit, random) => {
        const invoice = random.pick(seeded.payableInvoices);
        const body = { company: invoice.companyId, invoice: invoice.id, amount: 1, method: 'ACH', sendEmail: false };
        await hit('POST /superadmin/payments', { method: 'POST', path: '/api/superadmin/payments', token: admin, body });
      },
    },
  ];
  return ops;
}

export function pickOp(ops: Op[], random: Random): Op {
  const total = ops.reduce((sum, op) => sum + op.weight, 0);
  let point = random.next() * total;
  for (const op of ops) {
    point -= op.weight;
    if (point < 0) return op;
  }
  return ops[ops.length - 1]!;
}
