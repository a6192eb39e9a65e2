import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './modules/account/sessions.js';
import { appRouter } from './router.js';
import { createTestApp, type TestApp } from './testing/app.js';
import { createCompany, createUser } from './testing/factories.js';

/*
 * Every procedure's input, field by field, against a battery of bad values: each call is answered
 * with a 4xx that says why, or succeeds; never a 5xx, and a refused call changes nothing in the
 * database. Calls are made on /trpc by a user the procedure lets in, so the input is what answers.
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
];

type ZodLike = { _zod?: { def: { type: string; innerType?: ZodLike; shape?: Record<string, ZodLike>; in?: ZodLike } } };
type Procedure = { _def: { type: 'query' | 'mutation'; inputs: ZodLike[] } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

/** The fields of a procedure's object input, looking through defaults, optionals and pipes. */
function fieldsOf(procedure: Procedure): string[] {
  let schema: ZodLike | undefined = procedure._def.inputs[0];
  for (let depth = 0; schema?._zod && schema._zod.def.type !== 'object' && depth < 10; depth += 1) {
    schema = schema._zod.def.innerType ?? schema._zod.def.in;
  }
  return Object.keys(schema?._zod?.def.shape ?? {});
}

/** Who calls each procedure: the least role it lets in (see authorization-matrix.test.ts). */
function callerOf(path: string): 'anonymous' | 'member' | 'admin' | 'superadmin' {
  if (path.startsWith('superadmin.') || path === 'twoFactor.policy' || path === 'twoFactor.setPolicy') return 'superadmin';
  if (['invoices.list', 'invoices.purchase', 'packages.list', 'packages.detail', 'users.list'].includes(path)) return 'admin';
  if (['account.login', 'account.loginTwoFactor', 'account.signup', 'account.forgotPassword', 'account.resendLink', 'account.resetPassword', 'branding.get'].includes(path)) {
    return 'anonymous';
  }
  return 'member';
}

let t: TestApp;
let userIds: Record<'member' | 'admin' | 'superadmin', string>;

beforeAll(async () => {
  t = await createTestApp();
  const company = createCompany(t.deps.db, { companyName: 'Fuzz Co' });
  userIds = {
    member: (await createUser(t.deps.db, { companyId: company.id, role: 'member' })).id,
    admin: (await createUser(t.deps.db, { companyId: company.id, role: 'admin' })).id,
    superadmin: (await createUser(t.deps.db, { companyId: null, role: 'superadmin' })).id,
  };
});
afterAll(() => t.close());

/**
 * Every row of every table, but sessions (each call signs in afresh) and the outbox's delivery
 * columns (its worker sends earlier emails in the background): which emails exist is compared.
 */
function databaseState(): string {
  const sqlite = t.deps.db.$client;
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not in ('sessions', '__drizzle_migrations') order by name")
    .pluck()
    .all() as string[];
  const rowsOf = (table: string) =>
    sqlite.prepare(table === 'outbox' ? 'select id, to_addresses, subject from outbox order by rowid' : `select * from "${table}" order by rowid`).all();
  return JSON.stringify(tables.map((table) => [table, rowsOf(table)]));
}

async function call(path: string, procedure: Procedure, input: Record<string, unknown>) {
  const caller = callerOf(path);
  const headers: Record<string, string> = caller === 'anonymous' ? {} : { jwttoken: createSession(t.deps.db, userIds[caller], t.clock.now()).token };
  if (procedure._def.type === 'query') {
    return t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  }
  return t.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

const fuzzed = Object.entries(procedures).filter(([, procedure]) => fieldsOf(procedure).length > 0);

describe('input fuzz', () => {
  it('reaches the object input of most procedures', () => {
    expect(fuzzed.length).toBeGreaterThan(40);
  });

  it.each(fuzzed.map(([path]) => path))('%s: every bad field value gets a 4xx with a message or succeeds, never a 5xx; a refusal changes nothing', async (path) => {
    const procedure = procedures[path]!;
    for (const field of fieldsOf(procedure)) {
      for (const value of BAD_VALUES) {
        const before = databaseState();
        const response = await call(path, procedure, { [field]: value });
        const label = `${path} { ${field}: ${JSON.stringify(value)?.slice(0, 40)} } -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json().error.message, label).toMatch(/\w/);
          expect(databaseState(), label).toBe(before);
        }
      }
    }
  });
});
