import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './modules/account/sessions.js';
import { procedureInternals, type ProcedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { createCompany, createUser } from './testing/factories.js';

/*
 * Every procedure's input, field by field, against a battery of bad values, on /trpc and on its
 * /api path; and every procedure's whole input replaced by something that is not an object. Each
 * call is answered with a 4xx that says why, or succeeds; never a 5xx, and a refused call changes
 * nothing in the database. Calls are made by a user the procedure lets in, so the input is what
 * answers.
 */
const BAD_VALUES: unknown[] = [
  null,
  true,
  [],
  {},
  '',
  '   ',
  '0x1A',
  '1e999',
  -1,
  2 ** 53,
  'a'.repeat(10_000),
  '\u0000\r\n',
  '2026-02-30',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  'Acme\u202Etxt.exe',
];

type Procedure = ProcedureInternals;
/** Whole inputs that are not the object a procedure expects. */
const BAD_INPUTS: unknown[] = [null, true, 42, 'text', [], [{}], { '': 1, __proto__: { admin: true } }];
const procedures = Object.fromEntries(procedureInternals(appRouter).map((procedure) => [procedure.path, procedure]));

const fieldsOf = (procedure: Procedure) => procedure.input.fields;

/** Who calls each procedure: the least role it lets in (see authorization-matrix.test.ts). */
function callerOf(path: string): 'anonymous' | 'member' | 'admin' | 'superadmin' {
  if (path.startsWith('superadmin.') || path === 'twoFactor.policy' || path === 'twoFactor.setPolicy') return 'superadmin';
  if (['invoices.list', 'invoices.unpaid', 'invoices.purchase', 'packages.list', 'packages.detail', 'users.list'].includes(path)) return 'admin';
  if (['account.login', 'account.loginTwoFactor', 'account.signup', 'account.forgotPassword', 'account.resendLink', 'account.resetPassword', 'branding.get'].includes(path)) {
    return 'anonymous';
  }
  return 'member';
}

let t: TestApp;
let userIds: Record<'member' | 'admin' | 'superadmin', string>;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db, { companyName: 'Fuzz Co' });
  userIds = {
    member: (await createUser(t.deps.db, { companyId: company.id, role: 'member' })).id,
    admin: (await createUser(t.deps.db, { companyId: company.id, role: 'admin' })).id,
    superadmin: (await createUser(t.deps.db, { companyId: null, role: 'superadmin' })).id,
  };
});
afterAll(() => t.close());

/** The tables whose rows are compared in part (see databaseState). */
const comparedRows: Record<string, SQL> = {
  outbox: sql`select id, to_addresses, subject from outbox order by rowid`,
  events: sql`select * from events where type not in ('sign_in.failed', 'sign_in.throttled') order by rowid`,
};

/**
 * Every row of every table, but sessions (each call signs in afresh), the rate limits' windows (a
 * refused call still counts as an attempt, which is what they are for), the events of a refused
 * sign-in (a wrong email address, password or code, and a sign-in refused for too many of them, are
 * recorded when refused, which is what those events are for) and the outbox's delivery columns (its
 * worker sends earlier emails in the background): which emails exist is compared.
 */
async function databaseState(): Promise<string> {
  const { db } = t.deps;
  const tables = await db.rows<{ name: string }>(
    db.engine === 'sqlite'
      ? // ordinary tables: not a full-text index's own (virtual and shadow), which follow the tables they index
        sql`select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not in ('sessions', 'rate_windows', '__drizzle_migrations') order by name`
      : sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'rate_windows') order by table_name`,
  );
  const rowsOf = (table: string) => db.rows(comparedRows[table] ?? sql`select * from ${sql.identifier(table)} order by rowid`);
  return JSON.stringify(await Promise.all(tables.map(async ({ name }) => [name, await rowsOf(name)])));
}

async function headersFor(path: string): Promise<Record<string, string>> {
  const caller = callerOf(path);
  if (caller === 'anonymous') return {};
  const session = await t.deps.db.transaction((tx) => createSession(tx, userIds[caller], t.clock.now()));
  return { jwttoken: session.token };
}

async function call(path: string, procedure: Procedure, input: unknown) {
  const headers = await headersFor(path);
  if (procedure.type === 'query') {
    return t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  }
  return t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

/** A call that the rate limits of the public calls do not answer in place of the input: their window is let pass first. */
async function unthrottledCall(path: string, procedure: Procedure, input: unknown) {
  const response = await call(path, procedure, input);
  if (response.statusCode !== 429) return response;
  t.clock.advance(RATE_WINDOW_MS);
  return call(path, procedure, input);
}

/** The same input on the procedure's REST path: path parameters filled from it, the rest as query or body. */
async function restCall(path: string, procedure: Procedure, input: Record<string, unknown>) {
  const { method, path: template } = procedure.meta!.openapi!;
  const rest = { ...input };
  const url = template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = name in rest ? rest[name] : 'fuzz';
    delete rest[name];
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
  const headers = await headersFor(path);
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(rest).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    return t.app.inject({ method, url: `/api${url}?${query}`, headers });
  }
  return t.app.inject({ method, url: `/api${url}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(rest) });
}

/** The longest window of a rate limit (docs/limits.md). */
const RATE_WINDOW_MS = 60 * 60 * 1000;

/** The bidirectional controls: embeddings, overrides, isolates and the invisible direction marks. */
const DIRECTION_MARKS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

/** What the answer says about one field. */
function fieldErrorsOf(response: { json: () => unknown }, field: string): string[] {
  const body = response.json() as { error?: { data?: { fieldErrors?: Record<string, string[]> } } };
  return body.error?.data?.fieldErrors?.[field] ?? [];
}

/** tRPC wraps its error in `error`; the REST mirror answers with the error itself. */
type Answer = { statusCode: number; body: string; json: () => { error?: { message?: string }; message?: string } };

/** A 4xx that says why (and changed nothing), or a success; never a 5xx. */
async function expectAnswered(response: Answer, before: string, label: string): Promise<void> {
  expect(response.statusCode, label).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json();
    const message = body.error?.message ?? body.message;
    expect(message, label).toMatch(/\w/);
    expect(message, `${label}: zod's own wording`).not.toMatch(/Invalid (input|option)|expected \w+, received/);
    expect(await databaseState(), label).toBe(before);
  }
}

const fuzzed = Object.entries(procedures).filter(([, procedure]) => fieldsOf(procedure).length > 0);
const fuzzedOnRest = fuzzed.filter(([, procedure]) => procedure.meta?.openapi);

describe('input fuzz', () => {
  it('reaches the object input of most procedures', () => {
    expect(fuzzed.length).toBeGreaterThan(40);
  });

  it.each(fuzzed.map(([path]) => path))('%s: every bad field value gets a 4xx with a message or succeeds, never a 5xx; a refusal changes nothing', async (path) => {
    const procedure = procedures[path]!;
    for (const field of fieldsOf(procedure)) {
      for (const value of BAD_VALUES) {
        const before = await databaseState();
        const response = await call(path, procedure, { [field]: value });
        const label = `${path} { ${field}: ${JSON.stringify(value)?.slice(0, 40)} } -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        await expectAnswered(response, before, label);
      }
    }
  });

  it('reaches the REST path of most of them', () => {
    expect(fuzzedOnRest.length).toBeGreaterThan(40);
  });

  it.each(fuzzedOnRest.map(([path]) => path))('/api of %s: the same, with the bad value in the path, query or body', async (path) => {
    const procedure = procedures[path]!;
    for (const field of fieldsOf(procedure)) {
      for (const value of BAD_VALUES) {
        const before = await databaseState();
        const response = await restCall(path, procedure, { [field]: value });
        const label = `/api ${procedure.meta!.openapi!.path} { ${field}: ${JSON.stringify(value)?.slice(0, 40)} } -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        await expectAnswered(response, before, label);
      }
    }
  });

  it('every field that refuses a line break refuses the characters that reverse text too, with its own message', async () => {
    const oneLineFields: string[] = [];
    for (const [path, procedure] of fuzzed) {
      for (const field of fieldsOf(procedure)) {
        const lineBreak = fieldErrorsOf(await unthrottledCall(path, procedure, { [field]: 'A\nb' }), field);
        if (!lineBreak.some((message) => message.endsWith('must be a single line without control characters.'))) continue;
        oneLineFields.push(`${path}.${field}`);
        for (const mark of DIRECTION_MARKS) {
          const before = await databaseState();
          const response = await unthrottledCall(path, procedure, { [field]: `A${mark}b` });
          const label = `${path} { ${field}: U+${mark.codePointAt(0)!.toString(16).toUpperCase()} } -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(fieldErrorsOf(response, field).join(' '), label).toMatch(/cannot contain invisible characters that change the direction of text/);
          expect(await databaseState(), label).toBe(before);
        }
      }
    }
    expect(oneLineFields.length).toBeGreaterThan(20);
  });

  it.each(Object.keys(procedures))('%s: a whole input that is not an object gets a 4xx with a message or succeeds', async (path) => {
    const procedure = procedures[path]!;
    for (const input of BAD_INPUTS) {
      const before = await databaseState();
      const response = await call(path, procedure, input);
      const label = `${path} ${JSON.stringify(input)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
      await expectAnswered(response, before, label);
    }
  });
});
