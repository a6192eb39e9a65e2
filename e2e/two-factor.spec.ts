import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import { eventually, expectNoViolations, expectPath, heading1, seriousA11yViolations, storedSession } from './support/page.js';

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

async function enrol(page: Page, shots: string): Promise<string> {
  await page.goto('/profile');
  await heading1(page, 'My Account').waitFor();
  const card = twoFactorCard(page);
  await card.getByRole('button', { name: 'Set Up', exact: true }).click();
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await card.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await suite.screenshot(page, `${shots}-qr`);

  await card.getByLabel(/^Code from the app( \*)?$/).fill(authenticatorCode(secret));
  await card.getByRole('button', { name: 'Turn On', exact: true }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await eventually(() => codes.count()).toBe(10);
  expect(await codes.first().innerText()).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await suite.screenshot(page, `${shots}-recovery-codes`);
  expectNoViolations(await seriousA11yViolations(page, 'recovery codes'));

  await card.getByRole('button', { name: 'I Have Saved Them', exact: true }).click();
  await card.getByText(/^On since /).waitFor();
  expect(await card.getByText('10 of your recovery codes are unused.', { exact: false }).count()).toBe(1);
  return secret;
}

describe('Two-factor sign-in', () => {
  for (const width of [1280, 390]) {
    it(`is set up on My Account and then asked for at sign-in (${width} px)`, async () => {
      const viewport = { width, height: 800 };
      const { page, user } = await suite.signedInPage('member', { viewport });
      const secret = await enrol(page, `two-factor-${width}`);

      const signIn = await suite.newPage(viewport);
      await signIn.goto('/signin');
      await signIn.getByLabel(/^Email( \*)?$/).fill(user.emailAddress);
      await signIn.getByLabel(/^Password( \*)?$/).fill(user.password ?? '');
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
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
