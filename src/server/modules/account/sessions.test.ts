import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories.js';
import { api, createTestApp, signedInUser, type TestApp } from '../../testing/app.js';
import { otherConnection } from '../../testing/engine.js';
import { createSession, readSession, recentSessions, validateSessionToken } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A session reader with a hand-moved count of commits and clock. */
function reader() {
  let commits = 0;
  let now = 1_000_000;
  const read = recentSessions(() => commits, { maxAgeMs: 1_000, most: 3, clock: () => now });
  return {
    read: (id: string) => read(t.deps.db, id),
    commit: () => (commits += 1),
    advance: (ms: number) => (now += ms),
  };
}

async function newSession() {
  const user = await createUser(t.deps.db, { role: 'member' });
  const { token } = await createSession(t.deps.db, user.id, t.clock.now());
  return { user, token, id: token.split('.')[0]! };
}

/** Ends a session from outside this process: its own connection, unseen by the process's count of commits. */
async function endElsewhere(id: string) {
  const elsewhere = await otherConnection(t.config);
  try {
    await elsewhere.exec(`delete from sessions where id = '${id}'`);
  } finally {
    await elsewhere.close();
  }
}

describe('recentSessions', () => {
  it('answers a session it looked up for up to its age, then reads it again', async () => {
    const kit = reader();
    const { id, user } = await newSession();
    expect((await kit.read(id))?.userId).toBe(user.id);
    await endElsewhere(id);
    kit.advance(999);
    expect((await kit.read(id))?.userId).toBe(user.id);
    kit.advance(1);
    expect(await kit.read(id)).toBeUndefined();
  });

  it('reads again at once after this process commits anything', async () => {
    const kit = reader();
    const { id } = await newSession();
    expect(await kit.read(id)).toBeDefined();
    await endElsewhere(id);
    kit.commit();
    expect(await kit.read(id)).toBeUndefined();
  });

  it('keeps a missing session as missing for as long, and the newest `most` lookups at most', async () => {
    const kit = reader();
    expect(await kit.read('no-such-session')).toBeUndefined();
    const { id } = await newSession();
    expect(await kit.read(id)).toBeDefined();
    // fill the map past its size with lookups of missing ids: the session read first drops out
    for (let n = 0; n < 3; n += 1) await kit.read(`missing-${n}`);
    await endElsewhere(id);
    expect(await kit.read(id)).toBeUndefined();
  });

  it('still has each token checked against the kept session: a wrong secret is refused', async () => {
    const { token, id, user } = await newSession();
    const read = recentSessions(() => 0, { maxAgeMs: 60_000 });
    expect((await validateSessionToken(t.deps.db, token, t.clock.now(), read))?.userId).toBe(user.id);
    expect(await validateSessionToken(t.deps.db, `${id}.wrongsecretwrongsecret`, t.clock.now(), read)).toBeNull();
  });
});

describe('sessions on the app', () => {
  it('ends a session signed out through the same process at once, on either engine', async () => {
    const { token } = await signedInUser(t);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
    expect((await api(t.app, token).post('/account/logout', {})).statusCode).toBe(200);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
  });

  it('refuses at once a user the same process disapproves', async () => {
    const { token, user } = await signedInUser(t);
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(200);
    const { users } = t.deps.db.t;
    await t.deps.db.transaction((tx) => tx.update(users).set({ approved: false }).where(eq(users.id, user.id)));
    expect((await api(t.app, token).get('/account/profile')).statusCode).toBe(401);
    expect(await readSession(t.deps.db, token.split('.')[0]!)).toMatchObject({ approved: false });
  });
});
