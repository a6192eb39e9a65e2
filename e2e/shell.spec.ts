import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import {
  api,
  coloursOf,
  eventually,
  expectNoViolations,
  expectPath,
  failCalls,
  heading1,
  holdCalls,
  isReddish,
  linksIn,
  main,
  pathOf,
  seriousA11yViolations,
  spinner,
  storedSession,
  headerNav,
} from './support/page.js';

/*
 * The frame around every screen: routes, the route guard, navigation, home, the stored session
 * and 401 handling (docs/product-rules.md#roles-and-access, #look), driven in Chromium against the real server.
 */
const suite = browserSuite();

const MOBILE = { width: 390, height: 800 };

type NavLink = { label: string; href: string };
const SIGNED_OUT_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Sign In', href: '/signin' },
  { label: 'Sign Up', href: '/signup' },
];
const CUSTOMER_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Activities', href: '/activities' },
  { label: 'Packages', href: '/packages' },
  { label: 'Open Tasks', href: '/tasks' },
  { label: 'Invoices', href: '/invoices' },
];
const SUPER_ADMIN_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/' },
  { label: 'Companies', href: '/companies' },
  { label: 'Users', href: '/allusers' },
  { label: 'Packages', href: '/allpackages' },
  { label: 'Tasks', href: '/alltasks' },
  { label: 'Time Logs', href: '/timelogs' },
  { label: 'Invoices', href: '/allinvoices' },
  { label: 'Payments', href: '/allpayments' },
];

const header = (page: Page) => page.getByRole('banner');
/** The logo link: the header link that holds the logo image (the nav links are text only). */
const logoLink = (page: Page) => header(page).getByRole('link').filter({ has: page.locator('svg') });
const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;
const userMenuButton = (page: Page, user: { firstName: string; lastName: string }) => header(page).getByRole('button', { name: fullName(user) });

async function gotoAndWaitForHeader(page: Page, path: string) {
  await page.goto(path);
  await header(page).waitFor();
}

/** Navigates inside the app (as a link would), so the history effect of a redirect can be seen. */
async function pushPath(page: Page, path: string) {
  await page.evaluate((to) => history.pushState(null, '', to), path);
}

const historyLength = (page: Page) => page.evaluate(() => history.length);

/** The tab's history (Chromium's Navigation API): the current index and every entry's path. */
function historyEntries(page: Page): Promise<{ index: number; paths: string[] }> {
  return page.evaluate(() => {
    type Entry = { url: string | null; index: number };
    const { navigation } = window as unknown as { navigation: { currentEntry: Entry; entries: () => Entry[] } };
    return { index: navigation.currentEntry.index, paths: navigation.entries().map((entry) => new URL(entry.url ?? 'about:blank').pathname) };
  });
}

/**
 * From `start`, an in-app move to `refused` lands on `target` and the refused page leaves no
 * history entry (the redirect replaced it): the entry after `start` is `target`, and Back returns
 * to `start`.
 */
async function expectReplacedRedirect(page: Page, start: string, refused: string, target: string) {
  await page.goto(start);
  await expectPath(page, start);
  const before = await historyEntries(page);
  await pushPath(page, refused);
  await expectPath(page, target, 5_000);
  await page.waitForTimeout(150);
  const after = await historyEntries(page);
  expect(after.paths.slice(before.index), `history after ${start} -> ${refused} -> ${target}`).toEqual([start, target]);
  expect(after.index).toBe(before.index + 1);
  await page.evaluate(() => history.back());
  await expectPath(page, start, 5_000);
}

describe('the page frame', () => {
  it('1. has a sticky header at least 71px high and a footer with the year and the provider name', async () => {
    const page = await suite.newPage({ width: 1280, height: 600 });
    await gotoAndWaitForHeader(page, '/signup');
    await heading1(page, 'Sign Up').waitFor();
    const box = await header(page).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(71);
    expect(box?.y).toBe(0);

    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(scrollable, '/signup at 1280x600 must be long enough to scroll').toBeGreaterThan(100);
    await page.evaluate(() => window.scrollTo(0, 400));
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(50);
    const scrolled = await header(page).boundingBox();
    expect(scrolled?.y).toBe(0);
    expect(scrolled?.height).toBeGreaterThanOrEqual(71);
    await suite.screenshot(page, 'shell-01-signup-scrolled-sticky-header');

    const footer = page.getByRole('contentinfo');
    await eventually(() => footer.innerText()).toContain('Hourbank Test Consulting');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()}`);
  });
});

describe('navigation per role', () => {
  it('2a. signed out: Dashboard (/), Sign In, Sign Up', async () => {
    const page = await suite.newPage();
    await gotoAndWaitForHeader(page, '/signin');
    await eventually(() => linksIn(headerNav(page)).then((links) => links.map((link) => link.href))).toEqual(['/', '/signin', '/signup']);
    await suite.screenshot(page, 'shell-02-nav-signed-out');
    // The link to / is the dashboard link for everyone.
    expect(await linksIn(headerNav(page))).toEqual(SIGNED_OUT_LINKS);
  });

  it('2b. a plain member: Dashboard, Activities, Packages, Open Tasks, Invoices; a company admin also Users', async () => {
    for (const role of ['admin', 'member'] as const) {
      const { page, user } = await suite.signedInPage(role);
      await gotoAndWaitForHeader(page, '/dashboard');
      await userMenuButton(page, user).waitFor();
      const expected = role === 'admin' ? [...CUSTOMER_LINKS, { label: 'Users', href: '/users' }] : CUSTOMER_LINKS;
      expect(await linksIn(headerNav(page)), `navigation of a ${role}`).toEqual(expected);
      if (role === 'member') await suite.screenshot(page, 'shell-02-nav-member');
    }
  });

  it('2c. the super-admin: Dashboard, Companies, Users, Packages, Tasks, Time Logs, Invoices, Payments; no customer links', async () => {
    const { page, user } = await suite.signedInPage('superadmin');
    await gotoAndWaitForHeader(page, '/dashboard');
    await userMenuButton(page, user).waitFor();
    expect(await linksIn(headerNav(page))).toEqual(SUPER_ADMIN_LINKS);
    for (const hidden of ['Activities', 'Open Tasks', 'Sign In', 'Sign Up']) {
      expect(await header(page).getByRole('link', { name: hidden, exact: true }).count(), `${hidden} shown to the super-admin`).toBe(0);
    }
    await suite.screenshot(page, 'shell-02-nav-superadmin');
  });
});

describe('the logo (links to /, larger screens, not on / and /dashboard)', () => {
  it('3. shows at 1280 wide on /profile and /signin, not on / or /dashboard, and never at 390 wide', async () => {
    const { page, user } = await suite.signedInPage('admin');
    await gotoAndWaitForHeader(page, '/profile');
    await userMenuButton(page, user).waitFor();
    await eventually(() => logoLink(page).isVisible()).toBe(true);
    expect(await logoLink(page).getAttribute('href')).toBe('/');
    await suite.screenshot(page, 'shell-03-logo-on-profile');

    for (const path of ['/', '/dashboard']) {
      await gotoAndWaitForHeader(page, path);
      await page.getByRole('heading', { level: 1, name: / - Dashboard$/ }).waitFor();
      expect(await logoLink(page).isVisible(), `logo visible on ${path}`).toBe(false);
    }

    await gotoAndWaitForHeader(page, '/profile');
    await eventually(() => logoLink(page).isVisible()).toBe(true);
    await logoLink(page).click();
    await expectPath(page, '/');

    await page.setViewportSize(MOBILE);
    await gotoAndWaitForHeader(page, '/profile');
    await userMenuButton(page, user).waitFor();
    expect(await logoLink(page).isVisible(), 'logo visible at 390 wide').toBe(false);

    const signedOut = await suite.newPage();
    await gotoAndWaitForHeader(signedOut, '/signin');
    await eventually(() => logoLink(signedOut).isVisible()).toBe(true);
    expect(await logoLink(signedOut).getAttribute('href')).toBe('/');
    await signedOut.setViewportSize(MOBILE);
    await eventually(() => logoLink(signedOut).isVisible()).toBe(false);
  });
});

describe('the navigation drawer on a small screen', () => {
  it('4. hides the inline links; the burger opens a drawer with the role links; choosing one navigates and closes it', async () => {
    for (const [role, expected, choice, target] of [
      ['member', CUSTOMER_LINKS, 'Activities', '/activities'],
      ['superadmin', SUPER_ADMIN_LINKS, 'Time Logs', '/timelogs'],
    ] as const) {
      const { page } = await suite.signedInPage(role, { viewport: MOBILE });
      await gotoAndWaitForHeader(page, '/dashboard');
      const burger = page.getByRole('button', { name: 'Open navigation' });
      await burger.waitFor();
      expect(await headerNav(page).isVisible(), `inline navigation visible at 390 wide (${role})`).toBe(false);
      for (const link of expected) {
        expect(await header(page).getByRole('link', { name: link.label, exact: true }).isVisible(), `${link.label} visible in the header`).toBe(false);
      }

      await burger.click();
      const drawer = page.getByRole('dialog');
      await drawer.waitFor();
      await eventually(() => linksIn(drawer.getByRole('navigation'))).toEqual([...expected]);
      if (role === 'member') {
        await page.waitForTimeout(400); // the slide-in transition
        await suite.screenshot(page, 'shell-04-drawer-member');
      }

      await drawer.getByRole('link', { name: choice, exact: true }).click();
      await expectPath(page, target);
      await eventually(() => page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('link', { name: choice, exact: true }).isVisible()).toBe(false);
    }
  });
});

describe('the user menu', () => {
  it("5. is labelled with the user's name and offers My account and Logout, which ends the session everywhere", async () => {
    const { page, user } = await suite.signedInPage('admin');
    await gotoAndWaitForHeader(page, '/dashboard');
    const button = userMenuButton(page, user);
    await button.waitFor();
    expect((await button.innerText()).trim()).toBe(fullName(user));

    await button.click();
    const items = page.getByRole('menuitem');
    await eventually(() => items.allInnerTexts().then((texts) => texts.map((text) => text.trim()))).toEqual(['My account', 'Logout']);
    await page.waitForTimeout(300); // the fade-in transition
    await suite.screenshot(page, 'shell-05-user-menu');
    await page.getByRole('menuitem', { name: 'My account', exact: true }).click();
    await expectPath(page, '/profile');
    await heading1(page, 'My Account').waitFor();

    const token = (await storedSession(page)).token;
    expect(token).toBeTruthy();
    await button.click();
    await page.getByRole('menuitem', { name: 'Logout', exact: true }).click();
    await expectPath(page, '/signin');
    expect(await storedSession(page)).toEqual({});
    await eventually(() => userMenuButton(page, user).count()).toBe(0);
    expect((await api(suite.url, 'GET', '/account/profile', { token })).status).toBe(401);

    // Still signed out after a reload.
    await page.reload();
    await header(page).waitFor();
    expect(await storedSession(page)).toEqual({});
    expect(pathOf(page)).toBe('/signin');
  });
});

describe('the route guard', () => {
  it('6. sends visitors to /signin and the wrong role to /dashboard, replacing history; the rest shows', async () => {
    // Signed out: a signed-in page sends to /signin, by a full load or an in-app move.
    const visitor = await suite.newPage();
    await visitor.goto('/profile');
    await expectPath(visitor, '/signin');
    await expectReplacedRedirect(visitor, '/signup', '/profile', '/signin');
    await expectReplacedRedirect(visitor, '/signup', '/dashboard', '/signin');
    await visitor.goto('/no-such-page');
    await heading1(visitor, 'Page not found').waitFor();
    expect(pathOf(visitor)).toBe('/no-such-page');

    // A plain member: the admin pages send to /dashboard.
    const member = await suite.signedInPage('member');
    await member.page.goto('/invoices');
    await expectPath(member.page, '/dashboard');
    for (const refused of ['/invoices', '/users', '/packages', '/checkout', '/companies']) {
      await expectReplacedRedirect(member.page, '/profile', refused, '/dashboard');
    }
    // ...but the signed-in pages and /signin show.
    for (const [path, title] of [
      ['/activities', 'Activities'],
      ['/tasks', 'Open Tasks'],
      ['/signin', 'Sign In'],
      ['/nowhere/at/all', 'Page not found'],
    ] as const) {
      await member.page.goto(path);
      await heading1(member.page, title).waitFor();
      expect(pathOf(member.page), `a member on ${path}`).toBe(path);
    }

    // A customer admin: the super-admin pages send to /dashboard; the admin pages show.
    const admin = await suite.signedInPage('admin');
    for (const refused of ['/companies', '/allusers']) {
      await expectReplacedRedirect(admin.page, '/profile', refused, '/dashboard');
    }
    await admin.page.goto('/invoices');
    await heading1(admin.page, 'Invoices').waitFor();
    expect(pathOf(admin.page)).toBe('/invoices');

    // The super-admin may open the super-admin pages.
    const boss = await suite.signedInPage('superadmin');
    await boss.page.goto('/companies');
    await heading1(boss.page, 'Company List').waitFor();
    expect(pathOf(boss.page)).toBe('/companies');
    await suite.screenshot(boss.page, 'shell-06-superadmin-companies');
  });
});

describe("the 'unauthorized' event", () => {
  it('7. a session ended on the server sends the page to /signin and clears it; on /signin a 401 stays put', async () => {
    const { page, companyName } = await suite.signedInPage('member');
    await gotoAndWaitForHeader(page, '/dashboard');
    await heading1(page, `${companyName} - Dashboard`).waitFor();
    const token = (await storedSession(page)).token;
    expect(token).toBeTruthy();
    expect((await api(suite.url, 'POST', '/account/logout', { token })).status).toBe(200);

    await page.goto('/profile');
    await expectPath(page, '/signin');
    await eventually(() => storedSession(page)).toEqual({});
    await heading1(page, 'Sign In').waitFor();

    // Already on /signin: the event does not navigate (not even to /signin again).
    const before = await historyLength(page);
    await page.evaluate(() => window.dispatchEvent(new Event('unauthorized')));
    await page.getByLabel(/^Email/).fill('nobody@example.com');
    await page.getByLabel(/^Password/).fill('wrong password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email address or password.' }).waitFor();
    expect(pathOf(page)).toBe('/signin');
    expect(await historyLength(page)).toBe(before);
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('nobody@example.com');
  });
});

describe('home and the dashboard frame', () => {
  it('8. titles, subtitle, spinner, failure text; / is the dashboard signed in and the welcome signed out', async () => {
    const { page, companyName } = await suite.signedInPage('admin');
    const gate = await holdCalls(page, 'dashboard.summary');
    await page.goto('/dashboard');
    await eventually(() => gate.held()).toBeGreaterThan(0);
    await eventually(() => spinner(page).first().isVisible()).toBe(true);
    await suite.screenshot(page, 'shell-08-dashboard-loading');
    gate.release();
    await heading1(page, `${companyName} - Dashboard`).waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    expect(await page.getByText('Overview of your hours, tasks, and activities.', { exact: true }).isVisible()).toBe(true);
    await suite.screenshot(page, 'shell-08-dashboard-customer');

    // '/' is the same dashboard when signed in.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/');
    await heading1(page, `${companyName} - Dashboard`).waitFor();
    expect(pathOf(page)).toBe('/');

    // A failed load: the red text, and no spinner left.
    await failCalls(page, 'dashboard.summary', 500);
    await page.goto('/dashboard');
    const failure = page.getByText('Error getting data from the server.', { exact: true });
    await failure.waitFor({ timeout: 15_000 });
    expect(isReddish((await coloursOf(failure)).color), `colour ${(await coloursOf(failure)).color}`).toBe(true);
    expect(await spinner(page).count()).toBe(0);
    await suite.screenshot(page, 'shell-08-dashboard-error');

    // The super-admin has no company dashboard: /dashboard is the provider overview.
    const boss = await suite.signedInPage('superadmin');
    await boss.page.goto('/dashboard');
    await heading1(boss.page, 'Provider Overview').waitFor();
    expect(await main(boss.page).getByText('Error getting data from the server.', { exact: true }).count()).toBe(0);
    // ... and so is '/'
    await boss.page.goto('/');
    await heading1(boss.page, 'Provider Overview').waitFor();
    expect(pathOf(boss.page)).toBe('/');

    // Signed out, / is the welcome with Sign In and Sign Up.
    const visitor = await suite.newPage();
    await visitor.goto('/');
    const body = main(visitor);
    await body.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await linksIn(body)).toEqual([
      { label: 'Sign In', href: '/signin' },
      { label: 'Sign Up', href: '/signup' },
    ]);
    expect(await visitor.getByRole('heading', { name: /Dashboard/ }).count()).toBe(0);
    expect(pathOf(visitor)).toBe('/');
    await suite.screenshot(visitor, 'shell-08-home-signed-out');
  });
});

describe('accessibility', () => {
  it('9. axe finds nothing serious or critical on the dashboard, the open user menu and the open drawer', async () => {
    const { page, user, companyName } = await suite.signedInPage('admin');
    await gotoAndWaitForHeader(page, '/dashboard');
    await heading1(page, `${companyName} - Dashboard`).waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    const report = await seriousA11yViolations(page, 'dashboard at 1280 wide');

    await userMenuButton(page, user).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await page.waitForTimeout(300); // the fade-in transition, so axe reads the final colours
    report.push(...(await seriousA11yViolations(page, 'open user menu')));
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('menuitem').count()).toBe(0);

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Activities' }).waitFor();
    // Let the opening transition finish so the colours axe reads are the final ones.
    await page.waitForTimeout(400);
    await suite.screenshot(page, 'shell-09-drawer-open');
    report.push(...(await seriousA11yViolations(page, 'open drawer at 390 wide')));
    expectNoViolations(report);
  });
});

describe('keyboard use', () => {
  it('10. Tab reaches the nav links and the user menu; Enter opens it; arrows and Enter choose My account', async () => {
    const { page, user, companyName } = await suite.signedInPage('member');
    await gotoAndWaitForHeader(page, '/dashboard');
    await heading1(page, `${companyName} - Dashboard`).waitFor();

    const reached: string[] = [];
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return '';
        return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}:${(element.innerText || element.getAttribute('aria-label') || '').trim()}`;
      });
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      reached.push(now);
      if (now.endsWith(`:${fullName(user)}`)) break;
    }
    const navLinks = CUSTOMER_LINKS.map((link) => `a:${link.label}`);
    expect(reached.filter((entry) => navLinks.includes(entry)), `focus order: ${reached.join(' > ')}`).toEqual(navLinks);
    expect(reached.at(-1), `focus order: ${reached.join(' > ')}`).toBe(`button:${fullName(user)}`);

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'My account' }).waitFor();
    const focusedItem = () => page.evaluate(() => (document.activeElement?.getAttribute('role')?.startsWith('menuitem') ? (document.activeElement as HTMLElement).innerText.trim() : ''));
    // My account, the three appearance choices, then Logout
    for (let presses = 0; presses < 6 && (await focusedItem()) !== 'Logout'; presses += 1) await page.keyboard.press('ArrowDown');
    expect(await focusedItem()).toBe('Logout');
    await page.keyboard.press('ArrowUp');
    expect(await focusedItem()).toBe('Follow the system');
    for (let presses = 0; presses < 6 && (await focusedItem()) !== 'My account'; presses += 1) await page.keyboard.press('ArrowUp');
    expect(await focusedItem()).toBe('My account');
    await page.keyboard.press('Enter');
    await expectPath(page, '/profile');
    await heading1(page, 'My Account').waitFor();
    expect(await storedSession(page)).toHaveProperty('token');
  });
});
