import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TASK_BACKDATE_DAYS, MAX_TASK_FUTURE_HOURS, TASK_DATE_IN_FUTURE, TASK_DATE_TOO_OLD } from '../shared/limits.js';
import { notACalendarDay, notOneLine, reordersText } from '../shared/validation.js';
import { NUL_IN_TEXT } from './errors.js';
import { createCompany, createPackage, createTask, createTimeLogRow } from './testing/factories.js';
import { api, createTestApp, json, signedInUser, type TestApp, type SignedInUser } from './testing/app.js';

/*
 * Strict input on every write that takes numbers, dates or one-line text, over both transports:
 * the call answers 400 with fieldErrors naming the field and writes nothing.
 */

let t: TestApp;
let company: Awaited<ReturnType<typeof createCompany>>;
let boss: SignedInUser;
let member: SignedInUser;
let invoiceId: string;
let paymentId: string;
let packageId: string;
let taskId: string;
let timeLogId: string;

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t.deps.db, { companyName: 'Strict Co' });
  boss = await signedInUser(t, { role: 'superadmin' });
  member = await signedInUser(t, { companyId: company.id, role: 'admin' });
  const invoice = await api(t.app, boss.token).post('/superadmin/invoices', { company: company.id, description: 'Block', price: 1000, sendInvoiceEmail: false });
  invoiceId = json<{ _id: string }>(invoice)._id;
  packageId = (await createPackage(t.deps.db, {}, t.clock.now())).id;
  taskId = (await createTask(t.deps.db, { companyId: company.id })).id;
  timeLogId = (await createTimeLogRow(t.deps.db, { companyId: company.id })).id;
  const paid = await api(t.app, boss.token).post('/superadmin/payments', { ...paymentForm(), amount: 1 });
  paymentId = json<{ _id: string }>(paid)._id;
});
afterAll(() => t.close());

const paymentForm = () => ({ company: company.id, invoice: invoiceId, amount: 10, method: 'ACH', sendEmail: false });
const invoiceForm = () => ({ company: company.id, description: 'Block', hours: 2, rate: 50, sendInvoiceEmail: false });
const packageForm = () => ({ description: 'Ten hours', hours: 10, rate: 100 });
const timeLogForm = () => ({ company: company.id, timeStamp: '2026-03-02T10:00:00Z', invertedHours: 1, description: 'Work', emailClient: false });
const userForm = () => ({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'strict-user@example.test', role: 'admin', company: company.id });

type Write = {
  name: string;
  rest: { method: 'POST' | 'PUT'; url: () => string };
  procedure: string;
  /** What the tRPC call adds to the body (the id the REST path carries). */
  trpcExtra?: () => Record<string, unknown>;
  token: () => string;
  base: () => Record<string, unknown>;
  /** Everything the call could have written. */
  rows: () => PromiseLike<unknown>;
};

const byBoss = () => boss.token;
const writes: Record<string, Write> = {
  createPayment: { name: 'POST /superadmin/payments', rest: { method: 'POST', url: () => '/superadmin/payments' }, procedure: 'superadmin.payments.create', token: byBoss, base: paymentForm, rows: () => t.deps.db.select().from(t.deps.db.t.payments) },
  updatePayment: {
    name: 'PUT /superadmin/payments/{id}',
    rest: { method: 'PUT', url: () => `/superadmin/payments/${paymentId}` },
    procedure: 'superadmin.payments.update',
    trpcExtra: () => ({ id: paymentId }),
    token: byBoss,
    base: paymentForm,
    rows: () => t.deps.db.select().from(t.deps.db.t.payments),
  },
  createInvoice: { name: 'POST /superadmin/invoices', rest: { method: 'POST', url: () => '/superadmin/invoices' }, procedure: 'superadmin.invoices.create', token: byBoss, base: invoiceForm, rows: () => t.deps.db.select().from(t.deps.db.t.invoices) },
  createPackage: { name: 'POST /superadmin/packages', rest: { method: 'POST', url: () => '/superadmin/packages' }, procedure: 'superadmin.packages.create', token: byBoss, base: packageForm, rows: () => t.deps.db.select().from(t.deps.db.t.packages) },
  updatePackage: {
    name: 'PUT /superadmin/packages/{id}',
    rest: { method: 'PUT', url: () => `/superadmin/packages/${packageId}` },
    procedure: 'superadmin.packages.update',
    trpcExtra: () => ({ id: packageId }),
    token: byBoss,
    base: packageForm,
    rows: () => t.deps.db.select().from(t.deps.db.t.packages),
  },
  createTask: { name: 'POST /tasks', rest: { method: 'POST', url: () => '/tasks' }, procedure: 'tasks.create', token: () => member.token, base: () => ({ title: 'A task' }), rows: () => t.deps.db.select().from(t.deps.db.t.tasks) },
  updateTask: {
    name: 'PUT /tasks/{id}',
    rest: { method: 'PUT', url: () => `/tasks/${taskId}` },
    procedure: 'tasks.update',
    trpcExtra: () => ({ id: taskId }),
    token: () => member.token,
    base: () => ({ title: 'A task' }),
    rows: () => t.deps.db.select().from(t.deps.db.t.tasks),
  },
  createAdminTask: { name: 'POST /superadmin/tasks', rest: { method: 'POST', url: () => '/superadmin/tasks' }, procedure: 'superadmin.tasks.create', token: byBoss, base: () => ({ company: company.id, title: 'A task' }), rows: () => t.deps.db.select().from(t.deps.db.t.tasks) },
  createTimeLog: { name: 'POST /superadmin/timelogs', rest: { method: 'POST', url: () => '/superadmin/timelogs' }, procedure: 'superadmin.timelogs.create', token: byBoss, base: timeLogForm, rows: () => t.deps.db.select().from(t.deps.db.t.timeLogs) },
  updateTimeLog: {
    name: 'PUT /superadmin/timelogs/{id}',
    rest: { method: 'PUT', url: () => `/superadmin/timelogs/${timeLogId}` },
    procedure: 'superadmin.timelogs.update',
    trpcExtra: () => ({ id: timeLogId }),
    token: byBoss,
    base: timeLogForm,
    rows: () => t.deps.db.select().from(t.deps.db.t.timeLogs),
  },
  createCompany: { name: 'POST /superadmin/companies', rest: { method: 'POST', url: () => '/superadmin/companies' }, procedure: 'superadmin.companies.create', token: byBoss, base: () => ({ companyName: 'New Co' }), rows: () => t.deps.db.select().from(t.deps.db.t.companies) },
  createUser: { name: 'POST /superadmin/users', rest: { method: 'POST', url: () => '/superadmin/users' }, procedure: 'superadmin.users.create', token: byBoss, base: userForm, rows: () => t.deps.db.select().from(t.deps.db.t.users) },
  signUp: {
    name: 'POST /account/signup',
    rest: { method: 'POST', url: () => '/account/signup' },
    procedure: 'account.signup',
    token: () => '',
    base: () => ({ companyName: 'Signup Co', firstName: 'Sam', lastName: 'Sign', emailAddress: 'signup-strict@example.test', password: 'longenough' }),
    rows: () => Promise.all([t.deps.db.select().from(t.deps.db.t.users), t.deps.db.select().from(t.deps.db.t.companies)]),
  },
  updateProfile: {
    name: 'PUT /account/profile/update',
    rest: { method: 'PUT', url: () => '/account/profile/update' },
    procedure: 'account.updateProfile',
    token: () => member.token,
    base: () => ({ firstName: 'Mem', lastName: 'Ber', emailAddress: member.user.emailAddress }),
    rows: () => t.deps.db.select().from(t.deps.db.t.users),
  },
};

type Case = [write: keyof typeof writes, field: string, value: unknown, message: string];

const numberCases: Case[] = [
  ...[true, [], '', '0x1A', '1e3', '12abc', null].map((value): Case => ['createPayment', 'amount', value, 'Amount must be a number.']),
  ['updatePayment', 'amount', '0x1A', 'Amount must be a number.'],
  ...[true, [], '', '0x1A'].map((value): Case => ['createInvoice', 'hours', value, 'Hours must be a number.']),
  ['createInvoice', 'rate', '1e3', 'Rate must be a number.'],
  ['createInvoice', 'price', false, 'Price must be a number.'],
  ...[true, [], '', '0x1A'].map((value): Case => ['createPackage', 'hours', value, 'Hours must be a number.']),
  ['updatePackage', 'rate', '1e3', 'Rate must be a number.'],
  ...[true, [], '', '0x1A'].map((value): Case => ['createTask', 'priority', value, 'Priority must be a whole number.']),
  ['updateTask', 'priority', true, 'Priority must be a whole number.'],
  ['createAdminTask', 'priority', '0x1A', 'Priority must be a whole number.'],
  ...[true, [], '', '0x1A'].map((value): Case => ['createTimeLog', 'invertedHours', value, 'Hours must be a number.']),
  ['updateTimeLog', 'invertedHours', '1e1', 'Hours must be a number.'],
];

const dateCases: Case[] = [
  ['createPayment', 'paymentDate', '2026-02-30T10:00:00Z', notACalendarDay('Date', '2026-02-30')],
  ['createInvoice', 'transactionDate', '2026-13-01T10:00:00Z', notACalendarDay('Invoice date', '2026-13-01')],
  ['createPackage', 'startDate', '2026-02-30', notACalendarDay('Start date', '2026-02-30')],
  ['updatePackage', 'endDate', '2025-02-29', notACalendarDay('End date', '2025-02-29')],
  ['createTask', 'creationDate', '2026-02-30T10:00:00Z', notACalendarDay('creationDate', '2026-02-30')],
  ['createTimeLog', 'timeStamp', '2026-04-31T10:00:00Z', notACalendarDay('Time stamp', '2026-04-31')],
  ['createTask', 'creationDate', '1970-01-01T00:00:00Z', TASK_DATE_TOO_OLD],
  ['createTask', 'creationDate', '9999-12-31T00:00:00Z', TASK_DATE_IN_FUTURE],
];

const lineCases: Case[] = [
  ['createTask', 'title', 'Fix\nlogin', notOneLine('Title')],
  ['updateTask', 'title', 'Fix\rlogin', notOneLine('Title')],
  ['createAdminTask', 'title', 'Fix\u0007login', notOneLine('Title')],
  ['createCompany', 'companyName', 'Acme\r\nBcc: everyone', notOneLine('Company name')],
  ['createCompany', 'companyPhone', '555\n1234', notOneLine('Company phone')],
  ['createUser', 'firstName', 'Ada\nBcc', notOneLine('First name')],
  // U+0000 is refused in any text before the schema reads it: PostgreSQL cannot store it
  ['createUser', 'lastName', 'Love\u0000lace', NUL_IN_TEXT],
  ['signUp', 'companyName', 'Sign\nCo', notOneLine('Company name')],
  ['signUp', 'lastName', 'Si\u2028gn', notOneLine('Last name')],
  ['updateProfile', 'firstName', 'Mem\nber', notOneLine('First name')],
  ['createPayment', 'status', 'comp\nleted', notOneLine('Status')],
  ['createPayment', 'transactionId', 'TX\r9', notOneLine('TransactionId')],
  ['createTimeLog', 'newTaskTitle', 'New\ntask', notOneLine('The new task title')],
  // a right-to-left override shows "Acme\u202Etxt.exe" as "Acmeexe.txt"
  ['createCompany', 'companyName', 'Acme\u202Etxt.exe', reordersText('Company name')],
  ['signUp', 'companyName', '\u2067Sign Co\u2069', reordersText('Company name')],
  ['createUser', 'firstName', 'Ada\u200F', reordersText('First name')],
  ['updateProfile', 'lastName', 'Ber\u061C', reordersText('Last name')],
  ['createTask', 'title', 'Fix \u202Alogin\u202C', reordersText('Title')],
  ['createPayment', 'status', 'completed\u200E', reordersText('Status')],
];

function send(write: Write, transport: 'rest' | 'trpc', body: Record<string, unknown>) {
  const token = write.token();
  if (transport === 'rest') {
    const client = api(t.app, token || undefined);
    return write.rest.method === 'POST' ? client.post(write.rest.url(), body) : client.put(write.rest.url(), body);
  }
  return t.app.inject({
    method: 'POST',
    url: `/trpc/${write.procedure}`,
    headers: { 'content-type': 'application/json', ...(token ? { jwttoken: token } : {}) },
    payload: JSON.stringify({ ...body, ...write.trpcExtra?.() }),
  });
}

function fieldErrorsOf(transport: 'rest' | 'trpc', body: Record<string, unknown>): Record<string, string[]> | undefined {
  if (transport === 'rest') return body.fieldErrors as Record<string, string[]>;
  return (body.error as { data: { fieldErrors?: Record<string, string[]> } }).data.fieldErrors;
}

describe.each(['rest', 'trpc'] as const)('strict input over %s', (transport) => {
  it.each([...numberCases, ...dateCases, ...lineCases])('%s refuses %s = %j', async (key, field, value, message) => {
    const write = writes[key]!;
    const before = JSON.stringify(await write.rows());
    const response = await send(write, transport, { ...write.base(), [field]: value });
    expect(response.statusCode, response.body).toBe(400);
    expect(fieldErrorsOf(transport, response.json())?.[field], response.body).toEqual([message]);
    expect(JSON.stringify(await write.rows())).toBe(before);
  });
});

describe('strict input keeps what is valid', () => {
  it('REST takes a plain decimal as text, trimmed', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/timelogs', { ...timeLogForm(), invertedHours: ' 3 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).invertedHours).toBe(3);
    const payment = await api(t.app, boss.token).post('/superadmin/payments', { ...paymentForm(), amount: '12.5' });
    expect(json(payment).amount, payment.body).toBe(12.5);
  });

  it('a leap day and a date-only package date still work', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/packages', { ...packageForm(), startDate: '2028-02-29', endDate: '2028-03-01T00:00:00Z' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).startDate).toBe('2028-02-29T00:00:00.000Z');
  });

  it('a customer may date a task up to the limit back; descriptions keep their newlines', async () => {
    const oldest = new Date(t.clock.now().getTime() - (MAX_TASK_BACKDATE_DAYS - 1) * 24 * 3600 * 1000).toISOString();
    const response = await api(t.app, member.token).post('/tasks', { title: 'Backlog item', description: 'line one\nline two', creationDate: oldest });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ creationDate: oldest, description: 'line one\nline two' });
  });

  it("a customer may date a task up to a day ahead of the server's clock, and no further", async () => {
    const hoursAhead = (hours: number) => new Date(t.clock.now().getTime() + hours * 3600 * 1000).toISOString();
    const ahead = await api(t.app, member.token).post('/tasks', { title: 'From a time zone ahead', creationDate: hoursAhead(MAX_TASK_FUTURE_HOURS - 1) });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const tooFar = await api(t.app, member.token).post('/tasks', { title: 'Next week', creationDate: hoursAhead(MAX_TASK_FUTURE_HOURS + 1) });
    expect(tooFar.statusCode, tooFar.body).toBe(400);
    expect(json(tooFar)).toMatchObject({ message: TASK_DATE_IN_FUTURE, fieldErrors: { creationDate: [TASK_DATE_IN_FUTURE] } });
  });

  it('a trailing newline on a name is trimmed away, not refused', async () => {
    const response = await api(t.app, boss.token).post('/superadmin/companies', { companyName: 'Trimmed Co\n' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).companyName).toBe('Trimmed Co');
  });
});
