import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './support/fixture.js';
import {
  api,
  coloursOf,
  countCalls,
  eventually,
  expectNoViolations,
  heading1,
  holdCalls,
  isReddish,
  pathOf,
  seriousA11yViolations,
  spinner,
} from './support/page.js';

/*
 * My Account (/profile): the profile and password cards, their checks and failures
 * (docs/product-rules.md#accounts) — in Chromium against the real server.
 */
const suite = browserSuite();

const INVALID_PROFILE = 'Fill out all fields and ensure the email address is valid.';
const EMAIL_TAKEN = 'An account with this email address already exists.';
const FILL_ALL = 'Please fill out all the fields.';
const NO_MATCH = 'Passwords do not match.';
const WRONG_CURRENT = 'Your current password is incorrect.';

const profileCard = (page: Page) => page.getByRole('region', { name: 'Profile', exact: true });
const passwordCard = (page: Page) => page.getByRole('region', { name: 'Reset Password', exact: true });

function profileFields(card: Locator) {
  return {
    first: card.getByLabel('First Name', { exact: true }),
    last: card.getByLabel('Last Name', { exact: true }),
    email: card.getByLabel('Email Address', { exact: true }),
  };
}

function passwordFields(card: Locator) {
  return {
    current: card.getByLabel('Current Password', { exact: true }),
    next: card.getByLabel('New Password', { exact: true }),
    confirm: card.getByLabel('Confirm Password', { exact: true }),
  };
}

/** The card's alert text ('' when there is none). */
async function alertText(card: Locator): Promise<string> {
  const alerts = card.getByRole('alert');
  if ((await alerts.count()) === 0) return '';
  return (await alerts.allInnerTexts()).join(' | ').trim();
}

/** The alert is red: its text or its background. */
async function expectRedAlert(card: Locator) {
  const colours = await coloursOf(card.getByRole('alert'));
  expect(isReddish(colours.color) || isReddish(colours.background), `alert colours ${JSON.stringify(colours)}`).toBe(true);
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await heading1(page, 'My Account').waitFor();
}

describe('My Account (/profile)', () => {
  it("1. shows a 'Profile' heading and a spinner while loading, then 'My Account' with the two cards", async () => {
    const { page } = await suite.signedInPage('member');
    const gate = await holdCalls(page, 'account.profile');
    await page.goto('/profile');
    await eventually(() => gate.held()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
    await eventually(() => spinner(page).first().isVisible()).toBe(true);
    expect(await heading1(page, 'My Account').count()).toBe(0);
    await suite.screenshot(page, 'profile-01-loading');

    gate.release();
    await heading1(page, 'My Account').waitFor();
    await eventually(() => spinner(page).count()).toBe(0);
    expect(await profileCard(page).getByRole('heading', { name: 'Profile', exact: true }).isVisible()).toBe(true);
    expect(await passwordCard(page).getByRole('heading', { name: 'Reset Password', exact: true }).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/profile');
    await suite.screenshot(page, 'profile-01-loaded');
  });

  it('2. the profile card is read-only until Edit, validates before sending, saves, and shows the server message on a taken email', async () => {
    const { users } = suite.db.t;
    const { page, user } = await suite.signedInPage('member');
    await openProfile(page);
    const card = profileCard(page);
    const fields = profileFields(card);

    await eventually(() => fields.first.inputValue()).toBe(user.firstName);
    expect(await fields.last.inputValue()).toBe(user.lastName);
    expect(await fields.email.inputValue()).toBe(user.emailAddress);
    for (const [name, field] of Object.entries(fields)) expect(await field.isEditable(), `${name} editable before Edit`).toBe(false);
    expect(await card.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    for (const [name, field] of Object.entries(fields)) expect(await field.isEditable(), `${name} editable after Edit`).toBe(true);
    expect(await card.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);

    // Client checks come first and send nothing. Each case starts from a clean card
    // (Cancel, Edit) so a message left by the one before cannot pass for it.
    const updates = countCalls(page, 'account.updateProfile');
    const save = card.getByRole('button', { name: 'Save', exact: true });
    const restart = async () => {
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
      await card.getByRole('button', { name: 'Edit', exact: true }).click();
      expect(await alertText(card)).toBe('');
    };
    for (const [name, field] of Object.entries(fields)) {
      await restart();
      await field.fill('');
      await save.click();
      await eventually(() => alertText(card), 3_000).toBe(INVALID_PROFILE);
      expect(updates.count, `a request was sent with an empty ${name}`).toBe(0);
    }
    for (const invalid of ['a@b', '   ']) {
      await restart();
      await fields.email.fill(invalid);
      await save.click();
      await eventually(() => alertText(card), 3_000, `message for the email '${invalid}'`).toBe(INVALID_PROFILE);
    }
    await expectRedAlert(card);
    await suite.screenshot(page, 'profile-02-invalid-email');
    await page.waitForTimeout(200);
    expect(updates.count, 'a request was sent for an invalid profile').toBe(0);
    await restart();

    // A valid save: read-only again, error gone, the new name in the user menu and in the database.
    const newEmail = `grace.${Date.now()}@example.org`;
    await fields.first.fill('Grace');
    await fields.last.fill('Hopper');
    expect(await card.getByLabel('Current Password', { exact: true }).count(), 'password field before the email changes').toBe(0);
    await fields.email.fill(newEmail);
    // A new email address needs the current password: a wrong one is an error on that field, nothing saved.
    const currentPassword = card.getByLabel('Current Password', { exact: true });
    await currentPassword.fill('not my password');
    await save.click();
    await eventually(() => card.getByText(WRONG_CURRENT, { exact: true }).isVisible()).toBe(true);
    expect(await alertText(card)).toBe('');
    expect((await suite.db.select().from(users).where(eq(users.id, user.id)))[0]?.emailAddress).toBe(user.emailAddress);
    await suite.screenshot(page, 'profile-02-wrong-password');
    await currentPassword.fill(user.password ?? '');
    await save.click();
    await eventually(() => fields.first.isEditable()).toBe(false);
    expect(await fields.last.isEditable()).toBe(false);
    expect(await fields.email.isEditable()).toBe(false);
    expect(await alertText(card)).toBe('');
    expect(await card.getByRole('button', { name: 'Edit', exact: true }).isVisible()).toBe(true);
    expect(updates.count).toBe(2);
    await eventually(() => page.getByRole('banner').getByRole('button', { name: 'Grace Hopper' }).isVisible()).toBe(true);
    expect((await page.getByRole('banner').getByRole('button', { name: 'Grace Hopper' }).innerText()).trim()).toBe('Grace Hopper');
    const [saved] = await suite.db.select().from(users).where(eq(users.id, user.id));
    expect({ firstName: saved?.firstName, lastName: saved?.lastName, emailAddress: saved?.emailAddress }).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      emailAddress: newEmail,
    });
    await suite.screenshot(page, 'profile-02-saved');

    // Another user's address, in other letter case: the server's message in a red alert.
    const { user: other } = await suite.createUser('member', { emailAddress: `Taken.${Date.now()}@Example.com` });
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    await fields.email.fill(other.emailAddress.toUpperCase());
    await card.getByLabel('Current Password', { exact: true }).fill(user.password ?? '');
    await save.click();
    await eventually(() => alertText(card)).toBe(EMAIL_TAKEN);
    await expectRedAlert(card);
    expect(await fields.email.isEditable(), 'still editing after a failed save').toBe(true);
    expect((await suite.db.select().from(users).where(eq(users.id, user.id)))[0]?.emailAddress).toBe(newEmail);
    await suite.screenshot(page, 'profile-02-email-taken');
  });

  it("2b. an email the browser itself rejects ('ab.com', 'a@b.', 'a@b.c d') also gets the app's message, not only the browser's bubble", async () => {
    const { page } = await suite.signedInPage('member');
    await openProfile(page);
    const card = profileCard(page);
    const updates = countCalls(page, 'account.updateProfile');
    const shown: Record<string, string> = {};
    const browserSays: string[] = [];
    for (const invalid of ['ab.com', 'a@b.', 'a@b.c d']) {
      await card.getByRole('button', { name: 'Edit', exact: true }).click();
      const email = profileFields(card).email;
      await email.fill(invalid);
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForTimeout(500);
      shown[invalid] = await alertText(card);
      browserSays.push(`'${invalid}': ${await email.evaluate((input: HTMLInputElement) => input.validationMessage || '(valid)')}`);
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    }
    expect(shown, `the browser's own validation: ${browserSays.join('; ')}`).toEqual({
      'ab.com': INVALID_PROFILE,
      'a@b.': INVALID_PROFILE,
      'a@b.c d': INVALID_PROFILE,
    });
    expect(updates.count).toBe(0);
  });

  it('3. the Reset Password card unlocks, validates, shows the server message, and changes the password', async () => {
    const { page, user } = await suite.signedInPage('member');
    await openProfile(page);
    const card = passwordCard(page);
    const fields = passwordFields(card);

    expect(await card.getByRole('heading', { name: 'Reset Password', exact: true }).isVisible()).toBe(true);
    expect(await card.locator('input').count(), 'password fields before unlocking').toBe(0);
    await card.getByRole('button', { name: 'Change Your Password', exact: true }).click();
    for (const field of Object.values(fields)) {
      expect(await field.isVisible()).toBe(true);
      expect(await field.getAttribute('type')).toBe('password');
    }
    const submit = card.getByRole('button', { name: 'Reset Password', exact: true });
    expect(await submit.getAttribute('type')).toBe('submit');

    const changes = countCalls(page, 'account.changePassword');
    const fillAll = async (current: string, next: string, confirm: string) => {
      await fields.current.fill(current);
      await fields.next.fill(next);
      await fields.confirm.fill(confirm);
    };
    const NEW_PASSWORD = 'a brand new password';

    // Each case starts from a freshly unlocked card, so a message left by the one before cannot pass for it.
    const restart = async () => {
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
      await card.getByRole('button', { name: 'Change Your Password', exact: true }).click();
      expect(await alertText(card)).toBe('');
    };
    for (const [current, next, confirm] of [
      ['', '', ''],
      ['', NEW_PASSWORD, NEW_PASSWORD],
      [user.password!, '', NEW_PASSWORD],
      [user.password!, NEW_PASSWORD, ''],
    ] as const) {
      await restart();
      await fillAll(current, next, confirm);
      await submit.click();
      await eventually(() => alertText(card), 3_000).toBe(FILL_ALL);
    }
    await restart();
    await fillAll(user.password!, NEW_PASSWORD, `${NEW_PASSWORD}!`);
    await submit.click();
    await eventually(() => alertText(card), 3_000).toBe(NO_MATCH);
    await page.waitForTimeout(200);
    expect(changes.count, 'a request was sent for an invalid form').toBe(0);

    await fillAll('not my password at all', NEW_PASSWORD, NEW_PASSWORD);
    await submit.click();
    await eventually(() => alertText(card)).toBe(WRONG_CURRENT);
    await expectRedAlert(card);
    expect(changes.count).toBe(1);
    await suite.screenshot(page, 'profile-03-wrong-current-password');

    // Success: fields and error cleared, the card locked again.
    await fillAll(user.password!, NEW_PASSWORD, NEW_PASSWORD);
    await submit.click();
    await card.getByRole('button', { name: 'Change Your Password', exact: true }).waitFor();
    expect(await card.locator('input').count(), 'password fields after success').toBe(0);
    expect(await alertText(card)).toBe('');
    expect(changes.count).toBe(2);
    await suite.screenshot(page, 'profile-03-password-changed');
    await card.getByRole('button', { name: 'Change Your Password', exact: true }).click();
    for (const field of Object.values(fields)) expect(await field.inputValue()).toBe('');
    expect(await alertText(card)).toBe('');

    const withNew = await api(suite.url, 'POST', '/account/login', { body: { emailAddress: user.emailAddress, password: NEW_PASSWORD } });
    expect(withNew.status).toBe(200);
    expect(withNew.body.token).toEqual(expect.any(String));
    const withOld = await api(suite.url, 'POST', '/account/login', { body: { emailAddress: user.emailAddress, password: user.password } });
    expect(withOld.status).toBe(401);

    // The session that made the change stays signed in.
    await page.reload();
    await heading1(page, 'My Account').waitFor();
    expect(pathOf(page)).toBe('/profile');
  });

  it('4. axe finds nothing serious or critical with both cards in edit mode', async () => {
    const { page } = await suite.signedInPage('admin');
    await openProfile(page);
    await profileCard(page).getByRole('button', { name: 'Edit', exact: true }).click();
    await passwordCard(page).getByRole('button', { name: 'Change Your Password', exact: true }).click();
    await passwordFields(passwordCard(page)).confirm.waitFor();
    await suite.screenshot(page, 'profile-04-both-cards-editing');
    expectNoViolations(await seriousA11yViolations(page, '/profile, both cards in edit mode'));
  });
});
