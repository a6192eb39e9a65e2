import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './modules/account/sessions.js';
import { AUTOMATIC } from './modules/events/service.js';
import { procedureInternals } from './procedure-internals.js';
import { appRouter } from './router.js';
import { createTestApp } from './testing/app.js';
import { eventsRecordedBy } from './testing/events.js';
import { createCompany, createUser } from './testing/factories.js';
import { billingEntries } from './testing/event-walk/billing.js';
import { peopleEntries } from './testing/event-walk/people.js';
import { reportedPaymentEntries } from './testing/event-walk/reported-payments.js';
import { webhookEntries } from './testing/event-walk/webhooks.js';
import { workEntries } from './testing/event-walk/work.js';
import type { WalkCaller, WalkEntries, WalkWorld } from './testing/event-walk/world.js';

/*
 * Every mutation of the router records its events: each is called once on /trpc, from a known
 * address, with an input that succeeds (testing/event-walk/), and the events it wrote are read
 * back: the types it declares are among them, and each names the caller and the address (but the
 * app's own consequences, such as a balance alert, which name no one). A
 * mutation added without an entry fails the first test.
 */
const ENTRIES: WalkEntries = { ...peopleEntries, ...billingEntries, ...workEntries, ...reportedPaymentEntries, ...webhookEntries };
const ADDRESS = '203.0.113.7';

const mutations = procedureInternals(appRouter)
  .filter((procedure) => procedure.type === 'mutation')
  .map((procedure) => procedure.path);

let world: WalkWorld;

beforeAll(async () => {
  const t = await createTestApp();
  const company = await createCompany(t.deps.db, { companyName: 'Walk Co' });
  world = {
    t,
    companyId: company.id,
    userIds: {
      member: (await createUser(t.deps.db, { companyId: company.id, role: 'member' })).id,
      admin: (await createUser(t.deps.db, { companyId: company.id, role: 'admin' })).id,
      superadmin: (await createUser(t.deps.db, { companyId: null, role: 'superadmin' })).id,
    },
  };
});
afterAll(() => world.t.close());

async function headersOf(caller: WalkCaller): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  const session = await world.t.deps.db.transaction((tx) => createSession(tx, world.userIds[caller], world.t.clock.now()));
  return { jwttoken: session.token };
}


describe('the event walk', () => {
  it('has an entry for every mutation, and none for a procedure the router lacks', () => {
    expect(mutations.filter((path) => !(path in ENTRIES))).toEqual([]);
    expect(Object.keys(ENTRIES).filter((path) => !mutations.includes(path))).toEqual([]);
  });

  it.each(mutations.filter((path) => path in ENTRIES))('%s records its events, naming the caller and the address', async (path) => {
    const entry = ENTRIES[path]!;
    const input = await entry.input(world);
    const headers = { ...(await headersOf(entry.as)), 'content-type': 'application/json' };
    const { answer: response, events: recorded } = await eventsRecordedBy(world.t.deps.db, () =>
      world.t.app.inject({
        method: 'POST',
        url: `/trpc/${path}`,
        remoteAddress: ADDRESS,
        headers,
        // a call that takes no input is sent without a body, as the app's client sends it
        ...(input === undefined ? {} : { payload: JSON.stringify(input) }),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    for (const type of entry.records) expect(recorded.map((event) => event.type), `${path} records ${type}`).toContain(type);
    const actorId = entry.as === 'anonymous' ? ((await entry.actorId?.(world, input)) ?? null) : world.userIds[entry.as];
    // what the app does by itself as a consequence (a balance alert) names no one
    for (const event of recorded.filter((event) => event.actorLabel !== AUTOMATIC.actorLabel)) {
      expect({ type: event.type, actorId: event.actorId, ipAddress: event.ipAddress }).toEqual({ type: event.type, actorId, ipAddress: ADDRESS });
    }
  });
});
