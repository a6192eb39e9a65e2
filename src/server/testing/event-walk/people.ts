import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateHOTP } from '@oslojs/otp';
import { eq, inArray } from 'drizzle-orm';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../shared/two-factor.js';
import { issuePasswordLink } from '../../modules/account/links.js';
import type { EventSource } from '../../modules/events/service.js';
import { saveLogo } from '../../modules/settings/logo.js';
import { saveSettings } from '../../modules/settings/service.js';
import { hideChecklist } from '../../modules/setup/service.js';
import { issueChallenge } from '../../modules/two-factor/challenge.js';
import { writePolicy } from '../../modules/two-factor/policy.js';
import { issueRecoveryCodes } from '../../modules/two-factor/recovery-codes.js';
import { sealSecret } from '../../lib/secret-box.js';
import { findUserByEmail, getUser } from '../../modules/users/lookup.js';
import { createCompany, createUser, DEFAULT_PASSWORD, type UserFields } from '../factories.js';
import type { WalkEntries, WalkWorld } from './world.js';

/*
 * The walk's entries for the calls about people and the provider's own set-up: account,
 * two-factor sign-in, users, settings, the checklist and the scheduler. Each makes the user it acts
 * on, so the world's own users keep their password, approval and second factor for the entries
 * after (the world's member changes their password to the one they have).
 */

/** The source of the state an entry sets up through a service before its call (the walk reads only the events after). */
const SET_UP: EventSource = { actorId: null, actorLabel: 'Event walk set-up', ipAddress: null };

/** A user of a company of their own, so the world's company stays under its limit of users. */
async function aUser(world: WalkWorld, fields: UserFields = {}) {
  const company = await createCompany(world.t.deps.db);
  return createUser(world.t.deps.db, { companyId: company.id, role: 'member', ...fields });
}

/** A user with a token of a reset or set-password link of theirs. */
async function aUserWithLink(world: WalkWorld) {
  const user = await aUser(world);
  const url = await world.t.deps.db.transaction((tx) => issuePasswordLink(tx, world.t.deps, user.id, 'reset'));
  return { user, token: url.slice(url.lastIndexOf('/') + 1) };
}

/** A secret of the user's authenticator, pending or on; its current code and fresh recovery codes with it. */
async function withTwoFactor(world: WalkWorld, userId: string, on: boolean) {
  const { deps, clock } = world.t;
  const secret = new Uint8Array(20).fill(7);
  const secretCipher = sealSecret(deps.linkSigningKey, secret, 'two-factor');
  const row = { secretCipher, enabledAt: on ? clock.now() : null, lastUsedStep: 0, createdAt: clock.now() };
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    const { twoFactor } = tx.t;
    await tx.insert(twoFactor).values({ userId, ...row }).onConflictDoUpdate({ target: twoFactor.userId, set: row });
    return issueRecoveryCodes(tx, userId);
  });
  const step = BigInt(Math.floor(clock.now().getTime() / (TOTP_PERIOD_SECONDS * 1000)));
  return { code: generateHOTP(secret, step, TOTP_DIGITS), recoveryCodes };
}

/** Turns off the user's second factor, pending or on. */
async function withoutTwoFactor(world: WalkWorld, userId: string) {
  await world.t.deps.db.transaction(async (tx) => {
    const { twoFactor } = tx.t;
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  });
}

/** A webhook on 127.0.0.1 that takes one list, then closes (and holds no handle meanwhile). */
async function oneShotWebhook(): Promise<string> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
    response.on('finish', () => {
      server.close();
      server.closeIdleConnections();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec`;
}

/** A real 1×1 PNG as a data URL. */
const PNG_1PX = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The users an anonymous call's events name, found as each entry makes them. */
const named: Record<string, string | null> = {};
const nameOf = (entry: string) => () => named[entry] ?? null;



let unique = 0;
const freshAddress = (what: string) => `${what}${(unique += 1)}.${Date.now()}@walk.example.com`;

export const peopleEntries: WalkEntries = {
  'account.login': {
    as: 'anonymous',
    input: async (world) => {
      const user = await aUser(world);
      named['account.login'] = user.id;
      return { emailAddress: user.emailAddress, password: DEFAULT_PASSWORD };
    },
    records: ['sign_in.succeeded'],
    actorId: nameOf('account.login'),
  },
  'account.loginTwoFactor': {
    as: 'anonymous',
    input: async (world) => {
      const user = await aUser(world);
      named['account.loginTwoFactor'] = user.id;
      const { recoveryCodes } = await withTwoFactor(world, user.id, true);
      return { challenge: issueChallenge(world.t.deps, user), code: recoveryCodes[0] };
    },
    records: ['sign_in.succeeded', 'two_factor.recovery_code_used'],
    actorId: nameOf('account.loginTwoFactor'),
  },
  'account.signup': {
    as: 'anonymous',
    input: () => ({ companyName: 'Walk Sign-up Co', firstName: 'Sign', lastName: 'Up', emailAddress: freshAddress('signup'), password: DEFAULT_PASSWORD }),
    records: ['company.created', 'user.created'],
    // the user the sign-up made
    actorId: async (world, input) => (await findUserByEmail(world.t.deps.db, (input as { emailAddress: string }).emailAddress))?.id ?? null,
  },
  'account.forgotPassword': {
    as: 'anonymous',
    input: async (world) => ({ emailAddress: (await aUser(world)).emailAddress }),
    records: ['user.password_reset_requested'],
    // whoever asks has proved nothing: the event names the address typed, and no user
    actorId: () => null,
  },
  'account.resendLink': {
    as: 'anonymous',
    input: async (world) => {
      const { user, token } = await aUserWithLink(world);
      named['account.resendLink'] = user.id;
      return { token };
    },
    records: ['user.link_resent'],
    actorId: nameOf('account.resendLink'),
  },
  'account.resetPassword': {
    as: 'anonymous',
    input: async (world) => {
      const { user, token } = await aUserWithLink(world);
      named['account.resetPassword'] = user.id;
      return { token, newPassword: 'a brand new password' };
    },
    records: ['user.password_reset'],
    actorId: nameOf('account.resetPassword'),
  },
  'account.updateProfile': {
    as: 'member',
    input: async (world) => {
      const member = (await getUser(world.t.deps.db, world.userIds.member))!;
      return { firstName: `${member.firstName}-walked`, lastName: member.lastName, emailAddress: member.emailAddress };
    },
    records: ['user.updated'],
  },
  'account.changePassword': {
    as: 'member',
    input: () => ({ currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD }),
    records: ['user.password_changed'],
  },
  'account.logout': { as: 'member', input: () => undefined, records: ['sign_in.signed_out'] },

  'twoFactor.begin': {
    as: 'member',
    input: async (world) => {
      await withoutTwoFactor(world, world.userIds.member);
      return undefined;
    },
    records: ['two_factor.setup_started'],
  },
  'twoFactor.enable': {
    as: 'member',
    input: async (world) => ({ password: DEFAULT_PASSWORD, code: (await withTwoFactor(world, world.userIds.member, false)).code }),
    records: ['two_factor.enabled'],
  },
  'twoFactor.disable': {
    as: 'member',
    input: async (world) => ({ password: DEFAULT_PASSWORD, code: (await withTwoFactor(world, world.userIds.member, true)).recoveryCodes[0] }),
    records: ['two_factor.disabled'],
  },
  'twoFactor.setPolicy': {
    as: 'superadmin',
    // required (of a super-admin who has it on) before the call, which stops requiring it
    input: async (world) => {
      await withTwoFactor(world, world.userIds.superadmin, true);
      await world.t.deps.db.transaction((tx) => writePolicy(tx, { requireForSuperAdmins: true }));
      return { requireForSuperAdmins: false };
    },
    records: ['two_factor.policy_changed'],
  },

  'users.invite': {
    as: 'admin',
    input: () => ({ firstName: 'Invited', lastName: 'Colleague', emailAddress: freshAddress('invited') }),
    records: ['user.invited', 'user.created'],
  },
  'users.remove': {
    as: 'admin',
    input: async (world) => ({ id: (await createUser(world.t.deps.db, { companyId: world.companyId, role: 'member' })).id }),
    records: ['user.removed'],
  },

  'superadmin.users.create': {
    as: 'superadmin',
    input: (world) => ({ firstName: 'Added', lastName: 'User', emailAddress: freshAddress('added'), company: world.companyId, role: 'member' }),
    records: ['user.created'],
  },
  'superadmin.users.update': {
    as: 'superadmin',
    input: async (world) => ({ id: (await aUser(world)).id, firstName: 'Renamed' }),
    records: ['user.updated'],
  },
  'superadmin.users.delete': { as: 'superadmin', input: async (world) => ({ id: (await aUser(world)).id }), records: ['user.deleted'] },
  'superadmin.users.activate': {
    as: 'superadmin',
    input: async (world) => ({ id: (await aUser(world, { approved: false })).id }),
    records: ['user.approved'],
  },
  'superadmin.users.sendSetPassword': {
    as: 'superadmin',
    input: async (world) => ({ id: (await aUser(world)).id }),
    records: ['user.set_password_email_sent'],
  },
  'superadmin.users.resetTwoFactor': {
    as: 'superadmin',
    input: async (world) => {
      const user = await aUser(world);
      await withTwoFactor(world, user.id, true);
      return { id: user.id };
    },
    records: ['two_factor.reset'],
  },

  'superadmin.settings.update': { as: 'superadmin', input: () => ({ phone: '555-0142' }), records: ['settings.updated'] },
  'superadmin.settings.saveLogo': {
    as: 'superadmin',
    input: async (world) => {
      const { settings } = world.t.deps.db.t;
      await world.t.deps.db.transaction((tx) => tx.delete(settings).where(inArray(settings.key, ['logo', 'logo.info'])));
      return { dataUrl: PNG_1PX };
    },
    records: ['settings.updated'],
  },
  'superadmin.settings.removeLogo': {
    as: 'superadmin',
    input: async (world) => {
      await saveLogo(world.t.deps, SET_UP, PNG_1PX);
      return undefined;
    },
    records: ['settings.updated'],
  },

  'superadmin.setup.sendTestEmail': { as: 'superadmin', input: () => undefined, records: ['setup.test_email_sent'] },
  'superadmin.setup.hide': {
    as: 'superadmin',
    input: async (world) => {
      await hideChecklist(world.t.deps, SET_UP, false);
      return { hidden: true };
    },
    records: ['setup.checklist_hidden'],
  },

  'superadmin.schedule.send': {
    as: 'superadmin',
    input: async (world) => {
      const url = await oneShotWebhook();
      await world.t.deps.db.transaction((tx) => saveSettings(world.t.deps, tx, SET_UP, { schedulerWebhookUrl: url }));
      return { items: [{ name: 'Walk Co', hours: 2 }] };
    },
    records: ['schedule.sent'],
  },
};
