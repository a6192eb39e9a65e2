import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import { api, eventually, expectNoViolations, expectPath, heading1, listRows, main, searchList, seriousA11yViolations, storedSession, expectNoDialog } from './support/page.js';

/*
 * Two-factor sign-in in Chromium against the real server: set it up on My Account with the code
 * an authenticator app would show, then sign in with the password and a code.
 */
const suite = browserSuite();

/** What the user's phone shows: the code of the step `ahead` steps from now (the server takes ±1). */
function authenticatorCode(secret: string, ahead = 0): string {
  const step = BigInt(Math.floor(Date.now() / 30_000) + ahead);
  return generateHOTP(decodeBase32IgnorePadding(secret), step, 6);
}

const twoFactorCard = (page: Page) => page.getByRole('region', { name: 'Two-factor sign-in', exact: true });

/** Sets it up on My Account: turning it on asks for the password as well as the first code. */
async function enrol(page: Page, shots: string, password: string | null | undefined): Promise<string> {
  await page.goto('/profile');
  await heading1(page, 'My Account').waitFor();
  const card = twoFactorCard(page);
  await card.getByRole('button', { name: 'Set Up', exact: true }).click();
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await card.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await suite.screenshot(page, `${shots}-qr`);

  // An open session alone cannot turn it on: a wrong password is refused, and the code is kept.
  await card.getByLabel(/^Password( \*)?$/).fill('not my password');
  await card.getByLabel(/^Code from the app( \*)?$/).fill(authenticatorCode(secret));
  await card.getByRole('button', { name: 'Turn On', exact: true }).click();
  await card.getByText('Your password is incorrect.').waitFor();
  await card.getByLabel(/^Password( \*)?$/).fill(password ?? '');
  await card.getByRole('button', { name: 'Turn On', exact: true }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await eventually(() => codes.count()).toBe(10);
  expect(await codes.first().innerText()).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await suite.screenshot(page, `${shots}-recovery-codes`);
  expectNoViolations(await seriousA11yViolations(page, 'recovery codes'));
  await keepsRecoveryCodes(page, await codes.allInnerTexts());

  await card.getByRole('button', { name: 'I Have Saved Them', exact: true }).click();
  await card.getByText(/^On since /).waitFor();
  expect(await card.getByText('10 of your recovery codes are unused.', { exact: false }).count()).toBe(1);
  return secret;
}

/** Copy puts every code on the clipboard; Download saves them as a .txt file. */
async function keepsRecoveryCodes(page: Page, codes: string[]): Promise<void> {
  const card = twoFactorCard(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
  await card.getByRole('button', { name: 'Copy', exact: true }).click();
  await card.getByRole('button', { name: 'Copied', exact: true }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n').filter((line) => codes.includes(line))).toEqual(codes);

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download (.txt)', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('hourbank-recovery-codes.txt');
  const saved = readFileSync((await download.path())!, 'utf8');
  expect(saved).toBe(copied);
}

/** The password step of the sign-in form. */
async function submitPassword(page: Page, user: { emailAddress: string; password?: string | null }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(/^Email( \*)?$/).fill(user.emailAddress);
  await page.getByLabel(/^Password( \*)?$/).fill(user.password ?? '');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('Two-factor sign-in', () => {
  for (const width of [1280, 390]) {
    it(`is set up on My Account and then asked for at sign-in (${width} px)`, async () => {
      const viewport = { width, height: 800 };
      const { page, user } = await suite.signedInPage('member', { viewport });
      const secret = await enrol(page, `two-factor-${width}`, user.password);

      const signIn = await suite.newPage(viewport);
      await submitPassword(signIn, user);
      await heading1(signIn, 'Two-factor sign-in').waitFor();
      expect((await storedSession(signIn)).token ?? null).toBeNull();
      await suite.screenshot(signIn, `two-factor-${width}-sign-in-step`);
      expectNoViolations(await seriousA11yViolations(signIn, 'two-factor step'));

      // A wrong code is refused with a clear message; the next step's code (the code used to turn
      // it on was this step's, and each works once) signs in.
      const digits = signIn.getByRole('textbox', { name: 'Authentication code' }).first();
      await digits.click();
      const right = authenticatorCode(secret, 1);
      await signIn.keyboard.type(right === '000000' ? '111111' : '000000');
      await signIn.getByText('That code is not valid. Check your authenticator app and try again.').waitFor();
      await suite.screenshot(signIn, `two-factor-${width}-wrong-code`);

      await signIn.getByRole('button', { name: 'Use a recovery code', exact: true }).click();
      await signIn.getByLabel(/^Recovery code( \*)?$/).waitFor();
      await signIn.getByRole('button', { name: 'Use your authenticator app', exact: true }).click();
      await signIn.getByRole('textbox', { name: 'Authentication code' }).first().click();
      await signIn.keyboard.type(right);
      await expectPath(signIn, '/dashboard');
      expect((await storedSession(signIn)).token).toMatch(/\./);
    });
  }
});

const RESET = 'Reset Two-Factor Sign-In';
const dialog = (page: Page) => page.getByRole('dialog');
const userRow = (page: Page, emailAddress: string) => listRows(page).filter({ hasText: emailAddress });

describe("A super-admin resetting a user's lost second factor on /allusers", () => {
  for (const width of [1280, 390]) {
    it(`offers the reset only for users with it on, confirms naming the user, and signs them out (${width} px)`, async () => {
      const { outbox, twoFactor } = suite.db.t;
      const viewport = { width, height: 844 };
      const member = await suite.signedInPage('member', { viewport });
      await enrol(member.page, `two-factor-reset-${width}-member`, member.user.password);
      const bystander = await suite.createUser('member', { lastName: member.user.lastName });

      const { page } = await suite.signedInPage('superadmin', { viewport });
      await page.goto('/allusers');
      await heading1(page, 'Users').waitFor();
      await searchList(page, main(page).getByLabel('Search'), member.user.lastName, 'superadmin.users.list');
      await eventually(() => listRows(page).count()).toBe(2);
      expect(await userRow(page, bystander.user.emailAddress).getByRole('button', { name: RESET }).count()).toBe(0);
      const resetButton = userRow(page, member.user.emailAddress).getByRole('button', { name: RESET });
      await resetButton.scrollIntoViewIfNeeded();
      await suite.screenshot(page, `two-factor-reset-${width}-list`);

      await resetButton.click();
      await dialog(page).getByRole('heading', { name: 'Confirm Reset Two-Factor Sign-In' }).waitFor();
      const text = await dialog(page).innerText();
      expect(text).toContain('Turn off two-factor sign-in for this user, sign them out everywhere and email them?');
      expect(text).toContain(`(${member.user.firstName} ${member.user.lastName}, ${member.user.emailAddress})`);
      await suite.screenshot(page, `two-factor-reset-${width}-dialog`);
      expectNoViolations(await seriousA11yViolations(page, 'reset dialog'));

      await dialog(page).getByRole('button', { name: RESET }).click();
      await expectNoDialog(page);
      const message = `Two-factor sign-in has been reset for ${member.user.emailAddress}. They have been signed out and emailed.`;
      const notice = page.locator('.mantine-Notification-root').filter({ hasText: message });
      await notice.waitFor();
      // Photographed once it has slid fully into view.
      const rightEdge = async () => {
        const box = await notice.boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      };
      await eventually(rightEdge).toBeLessThanOrEqual(width);
      await suite.screenshot(page, `two-factor-reset-${width}-done`);
      expect(await userRow(page, member.user.emailAddress).getByRole('button', { name: RESET }).count()).toBe(0);

      expect(await suite.db.select().from(twoFactor).where(eq(twoFactor.userId, member.user.id))).toEqual([]);
      const emails = await suite.db.select().from(outbox).where(eq(outbox.toAddresses, member.user.emailAddress));
      expect(emails.map((email) => email.subject.split(' — ')[0])).toEqual(['Your two-factor sign-in was reset']);

      // The member's open tab was signed out; the password alone signs them in again.
      await member.page.goto('/dashboard');
      await expectPath(member.page, '/signin');
      await submitPassword(member.page, member.user);
      await expectPath(member.page, '/dashboard');
    });
  }
});

const POLICY = 'Require two-factor sign-in for all super-admins';
const REQUIRED = 'Two-factor sign-in is required for super-admins. Set it up on My Account before using the back office.';
const policySwitch = (page: Page) => twoFactorCard(page).getByRole('switch', { name: POLICY });

describe('Requiring two-factor sign-in for super-admins', () => {
  it('refuses the switch to a super-admin who has not set it up, and says why', async () => {
    const { page } = await suite.signedInPage('superadmin');
    await page.goto('/profile');
    await heading1(page, 'My Account').waitFor();
    await policySwitch(page).click();
    await twoFactorCard(page).getByText('Turn on two-factor sign-in for your own account before requiring it.').waitFor();
    expect(await policySwitch(page).isChecked()).toBe(false);
    await suite.screenshot(page, 'two-factor-policy-1280-refused');
    expect(await api(suite.url, 'GET', '/superadmin/two-factor-policy', { token: await tokenOf(page) })).toEqual({ status: 200, body: { requireForSuperAdmins: false } });
  });

  for (const width of [1280, 390]) {
    it(`is switched on in My Account, and keeps a super-admin without it out of the back office until set up (${width} px)`, async () => {
      const viewport = { width, height: 844 };
      const owner = await suite.signedInPage('superadmin', { viewport });
      await enrol(owner.page, `two-factor-policy-${width}-owner`, owner.user.password);
      await suite.screenshot(owner.page, `two-factor-policy-${width}-off`);
      await policySwitch(owner.page).click();
      await owner.page.getByText('The two-factor sign-in policy has been saved.').waitFor();
      // while it is required, their own stays on: Turn Off is disabled and says why
      await eventually(() => twoFactorCard(owner.page).getByRole('button', { name: 'Turn Off', exact: true }).isDisabled()).toBe(true);
      await twoFactorCard(owner.page).getByText('Required for super-admins: yours stays on while the requirement below is switched on.').waitFor();
      await owner.page.reload();
      await eventually(() => policySwitch(owner.page).isChecked()).toBe(true);
      await suite.screenshot(owner.page, `two-factor-policy-${width}-on`);
      try {
        const { user } = await suite.createUser('superadmin');
        const page = await suite.newPage(viewport);
        await submitPassword(page, user);
        await expectPath(page, '/profile');
        await twoFactorCard(page).getByText('Two-factor sign-in is required for super-admins. Set it up before using the back office.').waitFor();
        await suite.screenshot(page, `two-factor-policy-${width}-asked`);

        await page.goto('/allusers');
        await eventually(() => main(page).getByRole('alert').innerText()).toContain(REQUIRED);
        await suite.screenshot(page, `two-factor-policy-${width}-back-office-refused`);

        await enrol(page, `two-factor-policy-${width}-second`, user.password);
        await page.goto('/allusers');
        await eventually(() => listRows(page).count()).toBeGreaterThan(0);
        expect(await main(page).getByRole('alert').count()).toBe(0);
      } finally {
        // The server serves the whole spec file: leave the policy off for the other tests.
        await api(suite.url, 'PUT', '/superadmin/two-factor-policy', { token: await tokenOf(owner.page), body: { requireForSuperAdmins: false } });
      }
    });
  }
});

async function tokenOf(page: Page): Promise<string> {
  return (await storedSession(page)).token ?? '';
}
