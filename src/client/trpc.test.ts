import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The call layer (the stored session, the token header, 401 handling) in a node process: browser storage, window events and
 * fetch are stand-ins set up before the module is loaded, so the real links run unchanged.
 */

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const storage = new MemoryStorage();
const fakeWindow = new EventTarget();
const fetchMock = vi.fn<typeof fetch>();
const SESSION_KEYS = ['token', 'user', 'isAdmin', 'isSuperAdmin'];

let trpcModule: typeof import('./trpc.js');

beforeAll(async () => {
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', fakeWindow);
  vi.stubGlobal('fetch', fetchMock);
  trpcModule = await import('./trpc.js');
});
// the worker runs other test files after this one (vitest.config.ts): give them the real globals back
afterAll(() => {
  vi.unstubAllGlobals();
});

let unauthorizedEvents = 0;
const countUnauthorized = () => {
  unauthorizedEvents += 1;
};

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  unauthorizedEvents = 0;
  fakeWindow.addEventListener('unauthorized', countUnauthorized);
});
afterEach(() => {
  fakeWindow.removeEventListener('unauthorized', countUnauthorized);
});

function storeSession(token = 'session-id.session-secret') {
  storage.setItem('token', token);
  storage.setItem('user', JSON.stringify({ name: 'Ada Lovelace', userId: 'u1', isAdmin: true, isSuperAdmin: false, role: 'admin' }));
  storage.setItem('isAdmin', 'true');
  storage.setItem('isSuperAdmin', 'false');
}

function storedKeys() {
  return SESSION_KEYS.filter((key) => storage.getItem(key) !== null);
}

/** A batch answer as the tRPC server sends it: one entry per call in the batch. */
function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function batchError(status: number, message: string, code: string) {
  return jsonResponse(status, [{ error: { message, code: -32000, data: { code, httpStatus: status } } }]);
}

const profile = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  mobile: '',
  role: 'admin',
  isAdmin: true,
  isSuperAdmin: false,
  company: null,
};

/** The headers of the n-th fetch call, whatever form the link passed them in. */
function headersOfCall(n = 0): Headers {
  const init = fetchMock.mock.calls[n]?.[1];
  return new Headers(init?.headers);
}

function urlOfCall(n = 0): string {
  return String(fetchMock.mock.calls[n]?.[0]);
}

describe('the call layer (src/client/trpc.ts)', () => {
  it("fails a protected call locally with 'Cannot find token' when no token is stored, without a request", async () => {
    const client = trpcModule.createTrpcClient();
    await expect(client.account.profile.query()).rejects.toThrow(/^Cannot find token$/);
    await expect(client.account.updateProfile.mutate({ firstName: 'A', lastName: 'B', emailAddress: 'a@b.co' })).rejects.toMatchObject({
      message: 'Cannot find token',
    });
    await expect(client.account.logout.mutate()).rejects.toMatchObject({ message: 'Cannot find token' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(unauthorizedEvents).toBe(0);
  });

  it('sends the public calls (account.login, branding.get) with no token and no jwttoken header', async () => {
    const client = trpcModule.createTrpcClient();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ result: { data: { providerName: 'Acme Consulting' } } }]));
    await expect(client.branding.get.query()).resolves.toEqual({ providerName: 'Acme Consulting' });
    expect(urlOfCall(0)).toMatch(/^\/trpc\/branding\.get\?batch=1/);
    expect(headersOfCall(0).has('jwttoken')).toBe(false);

    const login = { token: 'a.b', name: 'Ada Lovelace', userId: 'u1', isAdmin: true, isSuperAdmin: false, role: 'admin' };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ result: { data: login } }]));
    await expect(client.account.login.mutate({ emailAddress: 'ada@example.com', password: 'secret password' })).resolves.toEqual(login);
    expect(urlOfCall(1)).toMatch(/^\/trpc\/account\.login\?batch=1/);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(headersOfCall(1).has('jwttoken')).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('sends the stored token in the jwttoken header of a protected call', async () => {
    storeSession('abc123.def456');
    const client = trpcModule.createTrpcClient();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ result: { data: profile } }]));
    await expect(client.account.profile.query()).resolves.toEqual(profile);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOfCall(0)).toMatch(/^\/trpc\/account\.profile\?batch=1/);
    expect(headersOfCall(0).get('jwttoken')).toBe('abc123.def456');
  });

  it("clears all four session keys and raises the 'unauthorized' event on a 401", async () => {
    storeSession();
    storage.setItem('unrelated', 'kept');
    const client = trpcModule.createTrpcClient();
    fetchMock.mockResolvedValueOnce(batchError(401, 'Please sign in to continue.', 'UNAUTHORIZED'));
    const failure = client.account.profile.query();
    await expect(failure).rejects.toMatchObject({ message: 'Please sign in to continue.' });
    expect(storedKeys()).toEqual([]);
    expect(storage.getItem('unrelated')).toBe('kept');
    expect(unauthorizedEvents).toBe(1);
  });

  it.each([
    [403, 'You do not have permission to do this.', 'FORBIDDEN'],
    [500, 'Something went wrong on our side.', 'INTERNAL_SERVER_ERROR'],
  ])('passes a %i to the caller and keeps the session, with no unauthorized event', async (status, message, code) => {
    storeSession();
    const client = trpcModule.createTrpcClient();
    fetchMock.mockResolvedValueOnce(batchError(status, message, code));
    const failure = client.account.profile.query();
    await expect(failure).rejects.toMatchObject({ message, data: { httpStatus: status } });
    expect(trpcModule.httpStatusOf(await failure.catch((error: unknown) => error))).toBe(status);
    expect(storedKeys()).toEqual(SESSION_KEYS);
    expect(unauthorizedEvents).toBe(0);
  });

  it('sends the public calls without the jwttoken header even while a session is stored', async () => {
    // Every request except login, signup, reset-password, forgot-password and resend-link carries the token.
    storeSession();
    const client = trpcModule.createTrpcClient();
    const login = { token: 'c.d', name: 'Ada Lovelace', userId: 'u1', isAdmin: true, isSuperAdmin: false, role: 'admin' };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ result: { data: login } }]));
    await client.account.login.mutate({ emailAddress: 'ada@example.com', password: 'secret password' });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, [{ result: { data: { message: 'Sent.' } } }]));
    await client.account.forgotPassword.mutate({ emailAddress: 'ada@example.com' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect([headersOfCall(0).get('jwttoken'), headersOfCall(1).get('jwttoken')]).toEqual([null, null]);
  });

  it('treats a 401 from a public call like any other 401', async () => {
    storeSession();
    const client = trpcModule.createTrpcClient();
    fetchMock.mockResolvedValueOnce(batchError(401, 'Invalid credentials.', 'UNAUTHORIZED'));
    await expect(client.account.login.mutate({ emailAddress: 'ada@example.com', password: 'wrong password' })).rejects.toMatchObject({
      message: 'Invalid credentials.',
    });
    expect(storedKeys()).toEqual([]);
    expect(unauthorizedEvents).toBe(1);
  });
});
