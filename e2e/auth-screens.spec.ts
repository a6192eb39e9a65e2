import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import { expireTokenRow, forgedToken, genuineResetToken, hoursFromNow } from './support/links.js';
import { emailsTo, linkToken, waitForEmail } from './support/mail.js';
import {
  api,
  countCalls,
  expectNoViolations,
  expectPath,
  failCalls,
  heading1,
  main,
  pathOf,
  seriousA11yViolations,
  storedSession,
} from './support/page.js';

/*
 * The signed-out screens (Home, Sign In, Forgot Password, Sign Up, Reset password) with their
 * checks and messages (docs/product-rules.md#accounts), driven in Chromium against the real server.
 */
const suite = browserSuite();

const PROVIDER_EMAIL = 'provider@hourbank.test';
const RESET_SENT = 'A reset link has been sent to your email. Please follow the instructions in your email.';
const RESET_FAILED = 'Error sending reset link. Try again a bit later.';
const PASSWORD_RESET_DONE = 'Your password has been set. You can now sign in.';
const SIGN_UP_DONE = 'Thank you for signing up. We will review your account and email you once it is approved.';

// ---------------------------------------------------------------- small helpers

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;

async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: 'visible', timeout: 10_000 });
  return locator;
}

const heading = (page: Page, name: string) => heading1(main(page), name);
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The field with exactly this label; Mantine appends ' *' to the label of a required field. */
const field = (page: Page, label: string) => main(page).getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
/** The red form message (FormMessage renders role=alert; notifications live outside main). */
const formError = (page: Page) => main(page).getByRole('alert');
/** The green form message (role=status). */
const formSuccess = (page: Page) => main(page).getByRole('status');

async function textOf(locator: Locator): Promise<string> {
  await shown(locator);
  return ((await locator.textContent()) ?? '').trim();
}

async function openSignIn(page: Page): Promise<void> {
  await page.goto('/signin');
  await shown(heading(page, 'Sign In'));
}

async function signInThroughForm(page: Page, emailAddress: string, password: string): Promise<void> {
  await field(page, 'Email').fill(emailAddress);
  await field(page, 'Password').fill(password);
  await button(page, 'Sign In').click();
}

/** Asks the server for a reset email (over /api, as any client would) and returns the link's token. */
async function requestResetLink(emailAddress: string, emailNumber = 1): Promise<string> {
  const response = await api(suite.url, 'POST', '/account/forgot-password', { body: { emailAddress } });
  expect(response.status).toBe(200);
  return linkToken(await waitForEmail(suite.server.dataDir, emailAddress, emailNumber));
}

async function resetPasswordOverApi(token: string, newPassword: string): Promise<number> {
  return (await api(suite.url, 'POST', '/account/reset-password', { body: { token, newPassword } })).status;
}

async function openReset(page: Page, token: string): Promise<void> {
  await page.goto(`/reset-password/${token}`);
  await shown(heading(page, 'Set New Password'));
}

async function submitNewPassword(page: Page, newPassword: string, confirmPassword = newPassword): Promise<void> {
  await field(page, 'New Password').fill(newPassword);
  await field(page, 'Confirm Password').fill(confirmPassword);
  await button(page, 'Reset Password').click();
}

type SignUpFields = {
  companyName: string;
  companyPhone?: string;
  companyAddress?: string;
  website?: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  mobile?: string;
  password: string;
  confirmPassword: string;
  projectDescription?: string;
};

const SIGN_UP_LABELS: Record<keyof SignUpFields, string> = {
  companyName: 'Company Name',
  companyPhone: 'Company Phone',
  companyAddress: 'Company Address',
  website: 'Website',
  firstName: 'First Name',
  lastName: 'Last Name',
  emailAddress: 'Email',
  mobile: 'Mobile',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  projectDescription: 'Project Description',
};

function signUpFields(overrides: Partial<SignUpFields> = {}): SignUpFields {
  return {
    companyName: 'Quill & Ledger Ltd',
    firstName: 'Quentin',
    lastName: 'Ledger',
    emailAddress: uniqueEmail('signup'),
    password: 'a long enough password',
    confirmPassword: 'a long enough password',
    ...overrides,
  };
}

async function fillSignUp(page: Page, fields: SignUpFields): Promise<void> {
  for (const [name, value] of Object.entries(fields) as [keyof SignUpFields, string][]) {
    await field(page, SIGN_UP_LABELS[name]).fill(value);
  }
}

async function openSignUp(page: Page): Promise<void> {
  await page.goto('/signup');
  await shown(heading(page, 'Sign Up'));
}

/** Describes the focused element as 'tag:name' (label text for fields, text for buttons and links). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 'none';
    const label = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null;
    const name = element.getAttribute('aria-label') ?? label ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()}:${name.replace(/\*/g, '').trim()}`;
  });
}

/** A full-page screenshot from the top (a sticky header would otherwise sit mid-picture). */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await suite.screenshot(page, name);
}

/** A fresh page (own storage) that gives up on a missing element after 10 s, not 30. */
async function newPage(): Promise<Page> {
  const page = await suite.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

// ---------------------------------------------------------------- Home

describe('Home, signed out (/)', () => {
  it('shows the logo and Sign In / Sign Up buttons that go to /signin and /signup', async () => {
    const page = await newPage();
    await page.goto('/');
    await shown(main(page).locator('svg').first());
    expect(await main(page).getByText('Hourbank', { exact: true }).isVisible()).toBe(true);
    const signIn = main(page).getByRole('link', { name: 'Sign In', exact: true });
    const signUp = main(page).getByRole('link', { name: 'Sign Up', exact: true });
    expect(await signIn.getAttribute('href')).toBe('/signin');
    expect(await signUp.getAttribute('href')).toBe('/signup');
    await snap(page, 'auth-home');

    await signIn.click();
    await expectPath(page, '/signin');
    await shown(heading(page, 'Sign In'));

    await page.goto('/');
    await main(page).getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expectPath(page, '/signup');
    await shown(heading(page, 'Sign Up'));
  });
});

// ---------------------------------------------------------------- Sign In

describe('Sign In (/signin)', () => {
  it('signs an admin in: lands on /dashboard and stores token, user, isAdmin and isSuperAdmin', async () => {
    const { user } = await suite.createUser('admin');
    const page = await newPage();
    await openSignIn(page);
    expect(await field(page, 'Email').getAttribute('type')).toBe('email');
    for (const label of ['Email', 'Password']) expect(await field(page, label).evaluate((input) => (input as HTMLInputElement).required), label).toBe(true);
    await snap(page, 'auth-signin');
    await signInThroughForm(page, user.emailAddress, user.password!);

    await expectPath(page, '/dashboard');
    const stored = await storedSession(page);
    expect(stored.token).toMatch(/^\S{16,}$/);
    expect(JSON.parse(stored.user ?? 'null')).toMatchObject({
      name: `${user.firstName} ${user.lastName}`,
      userId: user.id,
      isAdmin: true,
      isSuperAdmin: false,
    });
    expect(stored.isAdmin).toBe('true');
    expect(stored.isSuperAdmin).toBe('false');
  });

  it('shows the server message for a wrong password and stores nothing', async () => {
    const { user } = await suite.createUser('admin');
    const page = await newPage();
    await openSignIn(page);
    await signInThroughForm(page, user.emailAddress, 'not the password');

    expect(await textOf(formError(page))).toBe('Invalid email address or password.');
    expect(pathOf(page)).toBe('/signin');
    expect(await storedSession(page)).toEqual({});
    await snap(page, 'auth-signin-wrong-password');
  });

  it('shows "Your account is awaiting approval." for an unapproved user and stores nothing', async () => {
    const { user } = await suite.createUser('member', { approved: false });
    const page = await newPage();
    await openSignIn(page);
    await signInThroughForm(page, user.emailAddress, user.password!);

    expect(await textOf(formError(page))).toBe('Your account is awaiting approval.');
    expect(pathOf(page)).toBe('/signin');
    expect(await storedSession(page)).toEqual({});
  });

  it('shows an error text when the network fails and stores nothing', async () => {
    const { user } = await suite.createUser('admin');
    const page = await newPage();
    await failCalls(page, 'account.login', { abort: true });
    await openSignIn(page);
    await signInThroughForm(page, user.emailAddress, user.password!);

    expect(await textOf(formError(page))).not.toBe('');
    expect(pathOf(page)).toBe('/signin');
    expect(await storedSession(page)).toEqual({});
  });

  it('swaps the form for the reset request form with Forgot Password?, and Back returns', async () => {
    const page = await newPage();
    await openSignIn(page);
    await button(page, 'Forgot Password?').click();

    await shown(button(page, 'Get Password Reset Email'));
    expect(await field(page, 'Email').getAttribute('type')).toBe('email');
    expect(await field(page, 'Password').count()).toBe(0);
    expect(await button(page, 'Sign In').count()).toBe(0);
    expect(pathOf(page)).toBe('/signin');
    await snap(page, 'auth-signin-forgot-swap');

    await button(page, 'Back to Sign In').click();
    await shown(field(page, 'Password'));
    await shown(button(page, 'Sign In'));
    expect(await button(page, 'Get Password Reset Email').count()).toBe(0);
  });

  it('keyboard: Tab reaches Email, Password, Forgot Password? and Sign In in order; Enter submits', async () => {
    const { user } = await suite.createUser('admin');
    const page = await newPage();
    await openSignIn(page);

    const order: string[] = [];
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    const start = order.indexOf('input:Email');
    expect(start, `focus order: ${order.join(' > ')}`).toBeGreaterThanOrEqual(0);
    expect(order.slice(start, start + 4), `focus order: ${order.join(' > ')}`).toEqual([
      'input:Email',
      'input:Password',
      'button:Forgot Password?',
      'button:Sign In',
    ]);

    await field(page, 'Email').fill(user.emailAddress);
    await field(page, 'Password').fill(user.password!);
    await field(page, 'Password').press('Enter');
    await expectPath(page, '/dashboard');
  });
});

// ---------------------------------------------------------------- Forgot Password

describe('Forgot Password (/forgot-password)', () => {
  it('has one email field and sends a reset email to a known user', async () => {
    const { user } = await suite.createUser('member');
    const page = await newPage();
    await page.goto('/forgot-password');
    await shown(heading(page, 'Forgot Password'));
    expect(await main(page).locator('input').count()).toBe(1);
    expect(await field(page, 'Email').getAttribute('type')).toBe('email');
    await snap(page, 'auth-forgot-password');

    await field(page, 'Email').fill(user.emailAddress);
    await button(page, 'Get Password Reset Email').click();
    expect(await textOf(formSuccess(page))).toBe(RESET_SENT);
    expect(linkToken(await waitForEmail(suite.server.dataDir, user.emailAddress))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await snap(page, 'auth-forgot-password-sent');
  });

  it('answers an unknown email with the same message and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const page = await newPage();
    await page.goto('/forgot-password');
    await field(page, 'Email').fill(unknown);
    await button(page, 'Get Password Reset Email').click();
    expect(await textOf(formSuccess(page))).toBe(RESET_SENT);
    expect(await formError(page).count()).toBe(0);
    // A known user's email requested afterwards arrives; the unknown address still has none.
    const { user } = await suite.createUser('member');
    await requestResetLink(user.emailAddress);
    expect(emailsTo(suite.server.dataDir, unknown)).toEqual([]);
  });

  it('shows "Error sending reset link. Try again a bit later." when the request fails', async () => {
    const page = await newPage();
    await failCalls(page, 'account.forgotPassword', { status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    await page.goto('/forgot-password');
    await field(page, 'Email').fill(uniqueEmail('fails'));
    await button(page, 'Get Password Reset Email').click();
    expect(await textOf(formError(page))).toBe(RESET_FAILED);
    expect(await formSuccess(page).count()).toBe(0);
    await snap(page, 'auth-forgot-password-failed');
  });
});

// ---------------------------------------------------------------- Sign Up

describe('Sign Up (/signup)', () => {
  it('has the sections Company Info, User Login Info and Brief Project Description (at least 3 rows)', async () => {
    const page = await newPage();
    await openSignUp(page);
    for (const section of ['Company Info', 'User Login Info', 'Brief Project Description']) {
      await shown(main(page).getByRole('group', { name: section, exact: true }));
    }
    const required = ['Company Name', 'First Name', 'Last Name', 'Email', 'Password', 'Confirm Password'];
    const optional = ['Company Address', 'Website', 'Company Phone', 'Mobile', 'Project Description'];
    for (const label of required) expect(await field(page, label).evaluate((input) => (input as HTMLInputElement).required), label).toBe(true);
    for (const label of optional) expect(await field(page, label).evaluate((input) => (input as HTMLInputElement).required), label).toBe(false);

    const description = main(page).getByRole('group', { name: 'Brief Project Description' }).getByRole('textbox');
    expect(await description.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    const visibleRows = await description.evaluate((element) => {
      const style = getComputedStyle(element);
      const content = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return content / parseFloat(style.lineHeight);
    });
    expect(visibleRows).toBeGreaterThanOrEqual(2.95);
    await snap(page, 'auth-signup');
  });

  it('checks the passwords match first, then the length, without calling the server', async () => {
    const page = await newPage();
    const signUpCalls = countCalls(page, 'account.signup');
    await openSignUp(page);
    await fillSignUp(page, signUpFields({ password: 'abc', confirmPassword: 'abd' }));
    await button(page, 'Sign Up').click();
    expect(await textOf(formError(page))).toBe('Passwords do not match.');
    await snap(page, 'auth-signup-mismatch');

    await field(page, 'Confirm Password').fill('abc');
    await button(page, 'Sign Up').click();
    await expect.poll(() => textOf(formError(page))).toBe('The password needs to be at least 8 characters long.');

    expect(signUpCalls.count).toBe(0);
    expect(pathOf(page)).toBe('/signup');
  });

  it("shows the server's message for an email already in use", async () => {
    const { user } = await suite.createUser('admin');
    const page = await newPage();
    await openSignUp(page);
    await fillSignUp(page, signUpFields({ emailAddress: user.emailAddress }));
    await button(page, 'Sign Up').click();
    expect(await textOf(formError(page))).toBe('An account with this email address already exists.');
    expect(pathOf(page)).toBe('/signup');
  });

  it("shows 'Error during registration.' when the server fails with a non-JSON 500", async () => {
    const page = await newPage();
    await failCalls(page, 'account.signup', { status: 500, contentType: 'text/html', body: '' });
    await openSignUp(page);
    await fillSignUp(page, signUpFields());
    await button(page, 'Sign Up').click();
    expect(await textOf(formError(page))).toBe('Error during registration.');
    expect(pathOf(page)).toBe('/signup');
  });

  it("shows 'Error during registration.' when the server's error carries no message", async () => {
    const page = await newPage();
    const noMessage = [{ error: { message: '', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'account.signup' } } }];
    await failCalls(page, 'account.signup', { status: 500, contentType: 'application/json', body: JSON.stringify(noMessage) });
    await openSignUp(page);
    await fillSignUp(page, signUpFields());
    await button(page, 'Sign Up').click();
    expect(await textOf(formError(page))).toBe('Error during registration.');
  });

  it('signs up: goes to /signin with the thank-you note, stores an unapproved user, tells the provider', async () => {
    const { companies, users } = suite.db.t;
    const fields = signUpFields({
      companyName: `Brightwater ${Date.now()}`,
      companyPhone: '555-0142',
      companyAddress: '12 Harbour Road, Portsmouth',
      website: 'https://brightwater.example.com',
      firstName: 'Bea',
      lastName: 'Bright',
      mobile: '555-0199',
      projectDescription: 'Move our reporting to the cloud.\nAbout 20 hours a month.',
    });
    const providerEmailsBefore = emailsTo(suite.server.dataDir, PROVIDER_EMAIL).length;
    const page = await newPage();
    await openSignUp(page);
    await fillSignUp(page, fields);
    await button(page, 'Sign Up').click();

    // sign-in, with a note that stays: what happens next, and the way on to the form
    await expectPath(page, '/signin');
    await shown(heading(page, 'Thank you for signing up'));
    await shown(page.getByText(SIGN_UP_DONE, { exact: true }));
    await snap(page, 'auth-signup-done');
    await main(page).getByRole('link', { name: 'Sign In', exact: true }).click();
    await shown(heading(page, 'Sign In'));

    const [company] = await suite.db.select().from(companies).where(eq(companies.companyName, fields.companyName)).limit(1);
    expect(company).toMatchObject({
      companyAddress: fields.companyAddress,
      companyPhone: fields.companyPhone,
      website: fields.website,
      projectDescription: fields.projectDescription,
    });
    const [user] = await suite.db.select().from(users).where(eq(users.emailAddress, fields.emailAddress)).limit(1);
    expect(user).toMatchObject({ companyId: company!.id, firstName: 'Bea', lastName: 'Bright', mobile: '555-0199', approved: false });

    const notice = await waitForEmail(suite.server.dataDir, PROVIDER_EMAIL, providerEmailsBefore + 1);
    expect(notice).toContain(`Bea Bright <${fields.emailAddress}> signed up for ${fields.companyName}.`);
  });
});

// ---------------------------------------------------------------- Reset password

describe('Reset password (/reset-password/{token})', () => {
  it("shows 'Set New Password' with New Password, Confirm Password (required) and 'Reset Password'", async () => {
    const page = await newPage();
    await openReset(page, forgedToken(hoursFromNow(1)));
    expect(await field(page, 'New Password').evaluate((input) => (input as HTMLInputElement).required)).toBe(true);
    expect(await field(page, 'Confirm Password').evaluate((input) => (input as HTMLInputElement).required)).toBe(true);
    await shown(button(page, 'Reset Password'));
    await snap(page, 'auth-reset-form');
  });

  it("shows 'Invalid token.' for an undecodable token", async () => {
    const page = await newPage();
    await openReset(page, 'not-a-jwt');
    expect(await textOf(formError(page))).toBe('Invalid token.');
    expect(await field(page, 'New Password').count()).toBe(0);
    await snap(page, 'auth-reset-invalid');
  });

  it("shows the expired view for an expired genuine token; 'Get New Link' mails a new link", async () => {
    const { user } = await suite.createUser('member');
    const token = await genuineResetToken(suite.db, suite.server.dataDir, user.id, { tokenExpiresAt: hoursFromNow(-1) });
    const page = await newPage();
    await openReset(page, token);
    await shown(main(page).getByText('Your reset link has expired.', { exact: true }));
    expect(await field(page, 'New Password').count()).toBe(0);
    await snap(page, 'auth-reset-expired');

    await button(page, 'Get New Link').click();
    expect(await textOf(formSuccess(page))).toBe('A new link has been sent to your email.');
    const fresh = linkToken(await waitForEmail(suite.server.dataDir, user.emailAddress));
    expect(fresh).not.toBe(token);
  });

  it("shows 'Something went wrong. Please start over.' when a forged expired token asks for a new link", async () => {
    const page = await newPage();
    await openReset(page, forgedToken(hoursFromNow(-1)));
    await shown(main(page).getByText('Your reset link has expired.', { exact: true }));
    await button(page, 'Get New Link').click();
    expect(await textOf(formError(page))).toBe('Something went wrong. Please start over.');
  });

  it('with a link from a real email: checks the match, resets, waits 6000 ms for /signin, new password works', async () => {
    const { user } = await suite.createUser('member');
    const token = await requestResetLink(user.emailAddress);
    const page = await newPage();
    await page.clock.install();
    await openReset(page, token);

    await submitNewPassword(page, 'brand new password', 'brand new passwort');
    expect(await textOf(formError(page))).toBe('The Passwords must match.');

    await submitNewPassword(page, 'brand new password');
    expect(await textOf(formSuccess(page))).toContain(PASSWORD_RESET_DONE);
    expect(await formError(page).count()).toBe(0);
    await snap(page, 'auth-reset-done');

    await page.clock.fastForward(5_000);
    expect(pathOf(page)).toBe(`/reset-password/${token}`);
    await page.clock.fastForward(1_100);
    await expectPath(page, '/signin');

    await shown(heading(page, 'Sign In'));
    await signInThroughForm(page, user.emailAddress, 'brand new password');
    await expectPath(page, '/dashboard');
  });

  it('shows the expired view after submitting when the server says the link has expired', async () => {
    const { user } = await suite.createUser('member');
    const token = await requestResetLink(user.emailAddress);
    await expireTokenRow(suite.db, token, hoursFromNow(-0.5));
    const page = await newPage();
    await openReset(page, token);
    await submitNewPassword(page, 'another new password');
    await shown(main(page).getByText('Your reset link has expired.', { exact: true }));
    await shown(button(page, 'Get New Link'));
    expect(await field(page, 'New Password').count()).toBe(0);
  });

  it("shows 'Error resetting password' for a link that was already used", async () => {
    const { user } = await suite.createUser('member');
    const token = await requestResetLink(user.emailAddress);
    expect(await resetPasswordOverApi(token, 'first new password')).toBe(200);
    const page = await newPage();
    await openReset(page, token);
    await submitNewPassword(page, 'second new password');
    await shown(formError(page).getByText('Error resetting password', { exact: true }));
    expect(await formSuccess(page).count()).toBe(0);
    await snap(page, 'auth-reset-used');
  });
});

// ---------------------------------------------------------------- Accessibility

type Screen = { name: string; open: (page: Page) => Promise<void> };

const screens: Screen[] = [
  {
    name: 'home /',
    open: async (page) => {
      await page.goto('/');
      await shown(main(page).getByRole('link', { name: 'Sign Up', exact: true }));
    },
  },
  { name: '/signin', open: openSignIn },
  {
    name: '/signin forgot swap',
    open: async (page) => {
      await openSignIn(page);
      await button(page, 'Forgot Password?').click();
      await shown(button(page, 'Get Password Reset Email'));
    },
  },
  {
    name: '/forgot-password',
    open: async (page) => {
      await page.goto('/forgot-password');
      await shown(heading(page, 'Forgot Password'));
    },
  },
  { name: '/signup', open: openSignUp },
  { name: '/reset-password form', open: (page) => openReset(page, forgedToken(hoursFromNow(1))) },
];

describe('accessibility (axe)', () => {
  it.each(screens)('$name has no serious or critical violations', async ({ name, open }) => {
    const page = await newPage();
    await open(page);
    expectNoViolations(await seriousA11yViolations(page, name));
  });
});
