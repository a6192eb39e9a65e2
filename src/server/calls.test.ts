import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_FROM_AFTER_TO } from '../shared/exports.js';
import { api, createTestApp, signedInUser, type SignedInUser, type TestApp } from './testing/app.js';
import { createCompany } from './testing/factories.js';

/*
 * The three ways into a procedure, /trpc, the REST mirror and a download fetched with the session
 * header, call it through the same caller and answer its failures through the same mapping: the
 * same status and message on each, whatever refused the call (the guard, the input, the service).
 */
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let provider: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db);
  admin = await signedInUser(t, { companyId: company.id, role: 'admin' });
  member = await signedInUser(t, { companyId: company.id, role: 'member' });
  provider = await signedInUser(t, { role: 'superadmin' });
});
afterAll(() => t.close());

type Answer = { status: number; message: string };

/** The statement of a period, asked for the three ways. */
async function threeWays(token: string | undefined, input: { from: string; to: string }): Promise<Record<string, Answer>> {
  const headers = token ? { jwttoken: token } : {};
  const query = new URLSearchParams(input).toString();
  const trpc = await t.app.inject({ method: 'GET', url: `/trpc/activities.statementLink?input=${encodeURIComponent(JSON.stringify(input))}`, headers });
  const rest = await api(t.app, token).get(`/activities/statement/link?${query}`);
  const download = await api(t.app, token).get(`/activities/statement.pdf?${query}`);
  const trpcError = trpc.json().error;
  expect(trpcError?.data.httpStatus, 'the status inside the tRPC envelope').toBe(trpc.statusCode);
  return {
    trpc: { status: trpc.statusCode, message: trpcError?.message },
    rest: { status: rest.statusCode, message: rest.json().message },
    download: { status: download.statusCode, message: download.json().message },
  };
}

describe('one way in', () => {
  it.each([
    ['no session', () => undefined, { from: '2026-02-01', to: '2026-02-28' }, { status: 401, message: 'Please sign in to continue.' }],
    ['a role the guard refuses', () => member.token, { from: '2026-02-01', to: '2026-02-28' }, { status: 403, message: 'You do not have permission to do this.' }],
    ['an input the schema refuses', () => admin.token, { from: '02/01/2026', to: '2026-02-28' }, { status: 400, message: 'The start date must be a date (YYYY-MM-DD).' }],
    ['a rule the service refuses', () => admin.token, { from: '2026-02-10', to: '2026-02-01' }, { status: 400, message: STATEMENT_FROM_AFTER_TO }],
  ])('answers %s alike on /trpc, /api and the download', async (_case, token, input, expected) => {
    const answers = await threeWays(token(), input);
    expect(answers).toEqual({ trpc: expected, rest: expected, download: expected });
  });

  it('refuses the provider on a customer call only after the input check, alike on each', async () => {
    expect(Object.values(await threeWays(provider.token, { from: 'soon', to: '2026-02-28' })).map((answer) => answer.status)).toEqual([400, 400, 400]);
    const refused = await threeWays(provider.token, { from: '2026-02-01', to: '2026-02-28' });
    expect(new Set(Object.values(refused).map((answer) => `${answer.status} ${answer.message}`))).toEqual(new Set([`403 ${refused.trpc!.message}`]));
  });
});
