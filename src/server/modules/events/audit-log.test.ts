import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventListInput, type EventDto } from '../../../shared/events.js';
import { api, signedInUser, type SignedInUser, type TestApp, createTestApp } from '../../testing/app.js';
import { testEngine } from '../../testing/engine.js';
import { createCompany, createUser } from '../../testing/factories.js';
import { expectIndexedPage, statementPlans } from '../../testing/query-plans.js';
import { restPage } from '../../testing/rest-pages.js';
import { listAuditLog } from './audit-log.js';
import { recordEvents, SCHEDULED_WORK, sourceOf, type NewEvent } from './service.js';

/*
 * The audit log's list: newest first, its filters (type, actor, company, record, days), its search
 * (types and their meanings, users by name or email, a record's id), paging, and each filter read
 * from its own index.
 */

let t: TestApp;
let boss: SignedInUser;
let acme: { id: string };
let globex: { id: string };
let clerk: { id: string; firstName: string; lastName: string; emailAddress: string };

const at = (iso: string) => new Date(iso);
const event = (type: NewEvent['type'], companyId: string | null, subjectId: string, changes = {}): NewEvent => ({ type, companyId, subjectType: type.split('.')[0]!, subjectId, changes });

beforeAll(async () => {
  t = await createTestApp();
  boss = await signedInUser(t, { companyId: null, role: 'superadmin', firstName: 'Pat', lastName: 'Provider' });
  acme = await createCompany(t.deps.db, { companyName: 'Acme' });
  globex = await createCompany(t.deps.db, { companyName: 'Globex' });
  clerk = await createUser(t.deps.db, { companyId: acme.id, firstName: 'Carla', lastName: 'Clerk', emailAddress: 'carla@acme.example' });
  const provider = sourceOf({ userId: boss.user.id, firstName: 'Pat', lastName: 'Provider', emailAddress: boss.user.emailAddress }, '203.0.113.1');
  const customer = sourceOf({ userId: clerk.id, ...clerk }, '198.51.100.2');
  await t.deps.db.transaction(async (tx) => {
    // America/New_York: 2026-03-01 05:00Z is midnight of March 1st
    await recordEvents(tx, provider, at('2026-03-01T04:00:00Z'), [event('invoice.created', acme.id, 'inv-1', { price: { before: null, after: 1500 } })]);
    await recordEvents(tx, provider, at('2026-03-01T06:00:00Z'), [event('invoice.updated', acme.id, 'inv-1', { price: { before: 1500, after: 1200 } })]);
    await recordEvents(tx, customer, at('2026-03-02T10:00:00Z'), [event('task.created', acme.id, 'task-1')]);
    await recordEvents(tx, provider, at('2026-03-03T10:00:00Z'), [event('payment.created', globex.id, 'pay-1'), event('hours.activated', globex.id, 'inv-2')]);
    await recordEvents(tx, SCHEDULED_WORK, at('2026-03-04T10:00:00Z'), [event('hours.expired', globex.id, 'block-1')]);
    await recordEvents(tx, provider, at('2026-03-05T10:00:00Z'), [event('settings.updated', null, 'settings')]);
  });
});
afterAll(() => t.close());

async function list(query: Record<string, string> = {}): Promise<EventDto[]> {
  return restPage<EventDto>(await api(t.app, boss.token).get(`/superadmin/events?${new URLSearchParams(query)}`)).items.filter((item) => item.type !== 'sign_in.succeeded');
}
const typesOf = (events: EventDto[]) => events.map((item) => item.type);

describe('the audit log', () => {
  it('lists every event newest first, with who, from where, the company and the changes', async () => {
    const events = await list();
    // the two events of one change share its instant, the later written first
    expect(typesOf(events)).toEqual(['settings.updated', 'hours.expired', 'hours.activated', 'payment.created', 'task.created', 'invoice.updated', 'invoice.created']);
    expect(events.map((item) => item.occurredAt)).toEqual([...events.map((item) => item.occurredAt)].sort().reverse());
    const updated = events.find((item) => item.type === 'invoice.updated')!;
    expect(updated).toMatchObject({
      actorId: boss.user.id,
      actorLabel: `Pat Provider <${boss.user.emailAddress}>`,
      ipAddress: '203.0.113.1',
      companyId: acme.id,
      companyName: 'Acme',
      subjectType: 'invoice',
      subjectId: 'inv-1',
      changes: { price: { before: 1500, after: 1200 } },
    });
    expect(events.find((item) => item.type === 'hours.expired')).toMatchObject({ actorId: null, actorLabel: 'Scheduled work', ipAddress: null });
  });

  it('narrows to a type, an actor, a company, a record, and days of the provider’s zone', async () => {
    expect(typesOf(await list({ type: 'invoice.updated' }))).toEqual(['invoice.updated']);
    expect(typesOf(await list({ actor: clerk.id }))).toEqual(['task.created']);
    expect(typesOf(await list({ company: globex.id }))).toEqual(['hours.expired', 'hours.activated', 'payment.created']);
    expect(typesOf(await list({ subject: 'inv-1' }))).toEqual(['invoice.updated', 'invoice.created']);
    // 04:00Z on March 1st is still February 28th in New York
    expect(typesOf(await list({ from: '2026-03-01', to: '2026-03-02' }))).toEqual(['task.created', 'invoice.updated']);
  });

  it('searches the types and their meanings, the users by name or email, and a record’s id', async () => {
    expect(typesOf(await list({ search: 'expired' }))).toEqual(['hours.expired']);
    expect(typesOf(await list({ search: 'paid in full' }))).toEqual(['hours.activated']);
    expect(typesOf(await list({ search: 'carla@acme' }))).toEqual(['task.created']);
    expect(typesOf(await list({ search: 'Carla Clerk' }))).toEqual(['task.created']);
    expect(typesOf(await list({ search: 'pay-1' }))).toEqual(['payment.created']);
    expect(await list({ search: 'nothing like this' })).toEqual([]);
  });

  it('pages, with the total and links', async () => {
    const page = restPage<EventDto>(await api(t.app, boss.token).get('/superadmin/events?per_page=2&page=2&company=' + globex.id));
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    expect(page.pages).toMatchObject({ first: 1, prev: 1 });
  });

  it('gives, page after page, the events that follow in the same order, for the whole log, a filter and a search', async () => {
    const pageOf = async (query: Record<string, string>, page: number, perPage: number) =>
      restPage<EventDto>(await api(t.app, boss.token).get(`/superadmin/events?${new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) })}`)).items.map((item) => item._id);
    const queries: Record<string, string>[] = [{}, { company: globex.id }, { search: 'expired' }, { search: 'Pat Provider' }];
    for (const query of queries) {
      const whole = await pageOf(query, 1, 100);
      const paged = [];
      for (let page = 1; page <= Math.ceil(whole.length / 2); page += 1) paged.push(...(await pageOf(query, page, 2)));
      expect(paged, JSON.stringify(query)).toEqual(whole);
    }
  });

  it.runIf(testEngine() === 'sqlite')('counts off the events before a later page on the time index alone, then reads only the page’s own', async () => {
    const plans = await statementPlans(t.database, () => listAuditLog(t.deps, eventListInput.parse({ perPage: 2, page: 3 })));
    const page = plans.find(({ sql }) => sql.includes('left join'))!.plan.join('\n');
    expect(page).toMatch(/SCAN events USING COVERING INDEX events_time_idx/);
    expect(page).toMatch(/SEARCH events USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it('refuses an unknown type, and a range that ends before it starts, with a clear message', async () => {
    const unknown = await api(t.app, boss.token).get('/superadmin/events?type=invoice.burned');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('type must be one of the event types');
    const backwards = await api(t.app, boss.token).get('/superadmin/events?from=2026-03-05&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
  });

  it('lists the event types with their meanings', async () => {
    const response = await api(t.app, boss.token).get('/superadmin/events/types');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual({ type: 'invoice.updated', meaning: 'An invoice changed.' });
  });

  it.runIf(testEngine() === 'sqlite')('reads each filter’s page from its own index, newest first, without a sort', async () => {
    const plans = (input: object) => statementPlans(t.database, () => listAuditLog(t.deps, eventListInput.parse({ perPage: 2, ...input })));
    expectIndexedPage(await plans({}), 'events', 'events_time_idx');
    expectIndexedPage(await plans({ type: 'invoice.updated' }), 'events', 'events_type_idx');
    expectIndexedPage(await plans({ actor: clerk.id }), 'events', 'events_actor_idx');
    expectIndexedPage(await plans({ company: acme.id }), 'events', 'events_company_idx');
    expectIndexedPage(await plans({ subject: 'inv-1' }), 'events', 'events_subject_idx');
  });

  it.runIf(testEngine() === 'sqlite')('walks the time index for a search matching thousands, checking each event, without gathering and sorting them', async () => {
    const many = Array.from({ length: 2_100 }, (_, n) => event('hours.expired', globex.id, `block-many-${n}`));
    await t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, at('2026-02-01T10:00:00Z'), many));
    const plans = await statementPlans(t.database, () => listAuditLog(t.deps, eventListInput.parse({ perPage: 25, search: 'expired' })));
    const page = plans.find(({ sql }) => sql.includes('order by') && sql.includes('limit') && sql.includes('left join'))!;
    expect(page.plan.join('\n')).toMatch(/SCAN events USING INDEX events_time_idx/);
    expect(page.plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    expect((await list({ search: 'expired' })).length).toBeGreaterThan(0);
  });

  it('counts a search matching thousands once per event, whichever of its parts the event matches (on PostgreSQL read part by part)', async () => {
    const initech = await createCompany(t.deps.db, { companyName: 'Initech' });
    const expiries = Array.from({ length: 2_050 }, (_, n) => event('hours.expired', initech.id, `block-initech-${n}`));
    const byRecordId = [event('task.updated', initech.id, 'expired'), event('hours.expired', initech.id, 'expired')];
    await t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, at('2026-02-02T10:00:00Z'), [...expiries, ...byRecordId]));
    const page = restPage<EventDto>(await api(t.app, boss.token).get(`/superadmin/events?search=expired&company=${initech.id}&per_page=5`));
    expect(page.items).toHaveLength(5);
    expect(page.total).toBe(2_052);
  });

  it('finds an event matching a search by its type and by its record once, among a few matches as among thousands', async () => {
    const umbrella = await createCompany(t.deps.db, { companyName: 'Umbrella' });
    const events = [event('hours.expired', umbrella.id, 'expired'), event('task.updated', umbrella.id, 'expired'), event('hours.expired', umbrella.id, 'block-umbrella')];
    await t.deps.db.transaction((tx) => recordEvents(tx, SCHEDULED_WORK, at('2026-02-03T10:00:00Z'), events));
    const page = restPage<EventDto>(await api(t.app, boss.token).get(`/superadmin/events?search=expired&company=${umbrella.id}&per_page=2`));
    expect(page.total).toBe(3);
    const next = restPage<EventDto>(await api(t.app, boss.token).get(`/superadmin/events?search=expired&company=${umbrella.id}&per_page=2&page=2`));
    expect(new Set([...page.items, ...next.items].map((item) => item._id)).size).toBe(3);
  });
});
