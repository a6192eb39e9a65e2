import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSession } from '../../src/server/modules/account/sessions.js';
import { createCompany, createUser, type UserFields } from '../../src/server/testing/factories.js';
import { rolesOf } from '../../src/shared/roles.js';
import { launchBrowser, screenshot } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export type Role = 'superadmin' | 'admin' | 'member';
export type SignedIn = { page: Page; user: Awaited<ReturnType<typeof createUser>>; companyName: string | null };

/**
 * One real server (fresh data folder) and one Chromium per spec file. Pages are closed after
 * each test; a failed test leaves a screenshot of every open page in test-results/screenshots.
 */
export function browserSuite(env: Record<string, string> = {}) {
  let server: RunningServer;
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let testName = 'test';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await server?.stop();
  });
  // Pages stay open until the next test starts, so a failure hook can still photograph them.
  const closeContexts = async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  };

  beforeEach(async ({ task, onTestFailed }) => {
    await closeContexts();
    testName = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    onTestFailed(async () => {
      let n = 0;
      for (const context of contexts) {
        for (const page of context.pages()) await screenshot(page, `FAILED-${testName}-${(n += 1)}`).catch(() => {});
      }
    });
  });

  const suite = {
    get url() {
      return server.url;
    },
    get server() {
      return server;
    },
    get db() {
      return server.database.db;
    },

    /** A fresh browser context (own storage) and page; viewport width defaults to desktop. */
    async newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
      const context = await browser.newContext({ viewport, baseURL: server.url });
      contexts.push(context);
      return context.newPage();
    },

    /** A user of the given role in a new company (none for the super-admin). */
    async createUser(role: Role, fields: UserFields = {}) {
      const company = role === 'superadmin' ? null : await createCompany(server.database.db, { companyName: `Acme ${Math.random().toString(36).slice(2, 7)}` });
      const user = await createUser(server.database.db, { role, companyId: company?.id ?? null, ...fields });
      return { user, companyName: company?.companyName ?? null };
    },

    /** A page whose browser storage already holds a session of a new user of that role. */
    async signedInPage(role: Role, options: { viewport?: { width: number; height: number }; fields?: UserFields } = {}): Promise<SignedIn> {
      const { user, companyName } = await suite.createUser(role, options.fields);
      // The session is made the way sign-in makes it, without spending the sign-in rate limit.
      const { token } = await createSession(server.database.db, user.id, new Date());
      const login = { token, name: `${user.firstName} ${user.lastName}`, userId: user.id, role: user.role, ...rolesOf(user.role) };
      const page = await suite.newPage(options.viewport);
      // Seeds the session once per tab, so a later sign-out stays signed out across page loads.
      await page.addInitScript((session) => {
        if (sessionStorage.getItem('e2e-seeded')) return;
        sessionStorage.setItem('e2e-seeded', 'yes');
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify({ name: session.name, userId: session.userId, isAdmin: session.isAdmin, isSuperAdmin: session.isSuperAdmin, role: session.role }));
        localStorage.setItem('isAdmin', String(session.isAdmin));
        localStorage.setItem('isSuperAdmin', String(session.isSuperAdmin));
      }, login);
      return { page, user, companyName };
    },

    screenshot: (page: Page, name: string) => screenshot(page, name),
  };
  return suite;
}
