import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { twoFactor } from '../../../../drizzle/schema.js';
import {
  isAuthenticatorCode,
  type LoginStep,
  type loginTwoFactorInput,
  type TwoFactorBegin,
  type twoFactorDisableInput,
  type twoFactorEnableInput,
  type TwoFactorPolicy,
  type TwoFactorStatus,
} from '../../../shared/two-factor.js';
import type { LoginOutput } from '../../../shared/account.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { twoFactorResetEmail } from '../../mail/templates.js';
import { verifyPassword } from '../../lib/passwords.js';
import { getUser } from '../users/lookup.js';
import { invalidateUserSessions, signIn } from '../account/sessions.js';
import type { Actor } from '../account/actor.js';
import { CHALLENGE_EXPIRED, issueChallenge, readChallenge, refuseOutdatedChallenge } from './challenge.js';
import { mustEnrolFirst, readPolicy, writePolicy } from './policy.js';
import { issueRecoveryCodes, recoveryCodesLeft, useRecoveryCode } from './recovery-codes.js';
import { openSecret, sealSecret } from '../../lib/secret-box.js';
import { enrolmentDetails, matchingStep, newTotpSecret } from './totp.js';
import { providerOf } from '../settings/service.js';
import { recordSettingsChange } from '../settings/events.js';
import { recordEvent, type EventSource } from '../events/service.js';
import { userEvent, userOfActor } from '../users/events.js';
import { namedUserSource, recordRefusedSignIn, throttledSignIn, userSource } from '../account/sign-in-events.js';
import { changedFields } from '../../../shared/events.js';

export const WRONG_CODE = 'That code is not valid. Check your authenticator app and try again.';
export const CODE_ALREADY_USED = 'That code has already been used. Wait for the next one and try again.';
export const ALREADY_ON = 'Two-factor sign-in is already on.';
export const NOT_STARTED = 'Start setting up two-factor sign-in first.';
export const NOT_ON = 'Two-factor sign-in is not on.';
export const WRONG_PASSWORD = 'Your password is incorrect.';
export const ENABLED = 'Two-factor sign-in is on.';
export const DISABLED = 'Two-factor sign-in is off.';
export const POLICY_SAVED = 'The two-factor sign-in policy has been saved.';
export const ENROL_YOURSELF_FIRST = 'Turn on two-factor sign-in for your own account before requiring it.';
export const REQUIRED_STAYS_ON =
  'Two-factor sign-in is required for super-admins, so yours stays on. Switch off the requirement on My Account first.';
export const RESET_NOT_ON = 'This user does not have two-factor sign-in on, so there is nothing to reset.';
export const RESET_OWN =
  'You cannot reset your own two-factor sign-in. Turn it off on My Account with your password and a code.';

/**
 * What counts as a guess against the limits on codes (docs/limits.md): a wrong or replayed code,
 * and a wrong password where turning it on or off asks for one.
 */
export const isWrongProof = (error: unknown) =>
  error instanceof AppError && (error.message === WRONG_CODE || error.message === CODE_ALREADY_USED || error.message === WRONG_PASSWORD);

type TwoFactorRow = typeof twoFactor.$inferSelect;
type SignInUser = { id: string; companyId: string | null; firstName: string; lastName: string; emailAddress: string; role: string; passwordHash: string | null };

/** Turning it on and off as the user list shows it (twoFactorEnabled): never the secret or the codes. */
const TURNED_ON = { twoFactorEnabled: { before: false, after: true } };
const TURNED_OFF = { twoFactorEnabled: { before: true, after: false } };

async function rowOf(tx: Tx, userId: string): Promise<TwoFactorRow | undefined> {
  const { twoFactor } = tx.t;
  const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

async function enabledRow(tx: Tx, userId: string): Promise<TwoFactorRow | undefined> {
  const row = await rowOf(tx, userId);
  return row?.enabledAt ? row : undefined;
}

function secretOf(deps: AppDeps, row: TwoFactorRow): Uint8Array {
  const secret = openSecret(deps.linkSigningKey, row.secretCipher, 'two-factor');
  // Only a changed signing key gets here; a recovery code still works then.
  if (!secret) throw new AppError('BAD_REQUEST', 'Your authenticator secret cannot be read. Use a recovery code.');
  return secret;
}

/** Checks an authenticator code and, when it is good, remembers its step so it works only once. */
async function useAuthenticatorCode(tx: Tx, deps: AppDeps, row: TwoFactorRow, typed: string): Promise<void> {
  const secret = secretOf(deps, row);
  const now = deps.clock.now();
  const step = matchingStep(secret, typed, now, row.lastUsedStep);
  if (step === null) {
    const replayed = matchingStep(secret, typed, now, Number.NEGATIVE_INFINITY) !== null;
    throw new AppError('BAD_REQUEST', replayed ? CODE_ALREADY_USED : WRONG_CODE);
  }
  const { twoFactor } = tx.t;
  await tx.update(twoFactor).set({ lastUsedStep: step }).where(eq(twoFactor.userId, row.userId));
}

/** The second factor: an authenticator code, or one of the unused recovery codes; says which it was. */
async function proveSecondFactor(tx: Tx, deps: AppDeps, row: TwoFactorRow, typed: string): Promise<'authenticator code' | 'recovery code'> {
  if (isAuthenticatorCode(typed)) {
    await useAuthenticatorCode(tx, deps, row, typed);
    return 'authenticator code';
  }
  if (!(await useRecoveryCode(tx, row.userId, typed, deps.clock.now()))) throw new AppError('BAD_REQUEST', WRONG_CODE);
  return 'recovery code';
}

/**
 * What a correct password leads to: a session, or the second step for a user with two-factor
 * sign-in. A super-admin the policy asks to set it up still gets a session (to reach My Account),
 * flagged so the app takes them there; the back office refuses them until they have.
 */
export async function afterPassword(deps: AppDeps, user: SignInUser, ip: string): Promise<LoginStep> {
  if (await enabledRow(deps.db, user.id)) return { twoFactorRequired: true, challenge: issueChallenge(deps, user) };
  const session = await deps.db.transaction((tx) => signIn(tx, user, deps.clock.now(), ip));
  if (session.isSuperAdmin && (await mustEnrolFirst(deps.db, user.id))) return { ...session, twoFactorSetupRequired: true };
  return session;
}

/**
 * The second step of sign-in, from the address `ip`. The user is known only from the challenge, so
 * the limits on codes are applied here rather than by the procedure's builder. The challenge
 * proves the user's password, so its events name the user: the sign-in (sign_in.succeeded), with
 * the recovery code it spent (two_factor.recovery_code_used), or its refusal (refusedCode).
 */
export async function loginTwoFactor(deps: AppDeps, input: z.infer<typeof loginTwoFactorInput>, ip: string): Promise<LoginOutput> {
  const challenge = readChallenge(deps, input.challenge);
  const caller = { ip, userId: challenge.userId };
  await admitCode(deps, caller);
  try {
    return await deps.db.transaction(async (tx) => {
      const user = await getUser(tx, caller.userId);
      const row = await enabledRow(tx, caller.userId);
      if (!user?.approved || !row) throw new AppError('BAD_REQUEST', CHALLENGE_EXPIRED);
      refuseOutdatedChallenge(deps, challenge, user);
      const now = deps.clock.now();
      if ((await proveSecondFactor(tx, deps, row, input.code)) === 'recovery code') {
        await recordEvent(tx, userSource(user, ip), now, userEvent('two_factor.recovery_code_used', user, await recoveryCodeSpent(tx, user.id)));
      }
      return signIn(tx, user, now, ip);
    });
  } catch (error) {
    if (isWrongProof(error)) await refusedCode(deps, caller);
    throw error;
  }
}

type CodeCaller = { ip: string; userId: string };

/** Refuses (429) a challenged user who gave too many wrong codes, recording it as sign_in.throttled. */
async function admitCode(deps: AppDeps, caller: CodeCaller): Promise<void> {
  try {
    await deps.rateLimiter.checkFailures('two-factor-code', caller.ip, caller.userId);
  } catch (refusal) {
    const user = await getUser(deps.db, caller.userId);
    await throttledSignIn(deps, refusal, namedUserSource(user, caller.userId, caller.ip), user);
  }
}

/** A wrong code: recorded (sign_in.failed) in a transaction of its own, and counted against the limits. */
async function refusedCode(deps: AppDeps, caller: CodeCaller): Promise<void> {
  const user = await getUser(deps.db, caller.userId);
  await recordRefusedSignIn(deps, namedUserSource(user, caller.userId, caller.ip), userEvent('sign_in.failed', user));
  await deps.rateLimiter.recordFailure('two-factor-code', caller);
}

/** How many unused recovery codes the user had and has, once one was spent. */
async function recoveryCodeSpent(tx: Tx, userId: string) {
  const left = await recoveryCodesLeft(tx, userId);
  return { recoveryCodesLeft: { before: left + 1, after: left } };
}

export async function status(deps: AppDeps, actor: Actor): Promise<TwoFactorStatus> {
  const row = await enabledRow(deps.db, actor.userId);
  return {
    enabled: Boolean(row),
    enabledAt: row?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: row ? await recoveryCodesLeft(deps.db, actor.userId) : 0,
    required: actor.isSuperAdmin && (await readPolicy(deps.db)).requireForSuperAdmins,
  };
}

/** A fresh secret, held until a code from it confirms the user's app has it; recorded as two_factor.setup_started, without it. */
export async function begin(deps: AppDeps, actor: Actor, source: EventSource): Promise<TwoFactorBegin> {
  const secret = newTotpSecret();
  await deps.db.transaction(async (tx) => {
    const { twoFactor } = tx.t;
    if (await enabledRow(tx, actor.userId)) throw new AppError('CONFLICT', ALREADY_ON);
    const secretCipher = sealSecret(deps.linkSigningKey, secret, 'two-factor');
    await tx
      .insert(twoFactor)
      .values({ userId: actor.userId, secretCipher, createdAt: deps.clock.now() })
      .onConflictDoUpdate({ target: twoFactor.userId, set: { secretCipher, lastUsedStep: 0, createdAt: deps.clock.now() } });
    await recordEvent(tx, source, deps.clock.now(), userEvent('two_factor.setup_started', userOfActor(actor)));
  });
  return enrolmentDetails(secret, (await providerOf(deps.config, deps.db)).name, actor.emailAddress);
}

/** Turning it on or off: the password first, so a session alone can do neither. */
async function assertPassword(deps: AppDeps, actor: Actor, password: string): Promise<void> {
  const user = await getUser(deps.db, actor.userId);
  if (!(await verifyPassword(user?.passwordHash ?? null, password))) throw new AppError('BAD_REQUEST', WRONG_PASSWORD);
}

/**
 * Needs the password and a current code from the new secret: a stolen session alone cannot put
 * the thief's authenticator in (and lock the owner out with it).
 */
export async function enable(
  deps: AppDeps,
  actor: Actor,
  source: EventSource,
  input: z.infer<typeof twoFactorEnableInput>,
): Promise<{ message: string; recoveryCodes: string[] }> {
  await assertPassword(deps, actor, input.password);
  return deps.db.transaction(async (tx) => {
    const { twoFactor } = tx.t;
    const row = await rowOf(tx, actor.userId);
    if (row?.enabledAt) throw new AppError('CONFLICT', ALREADY_ON);
    if (!row) throw new AppError('BAD_REQUEST', NOT_STARTED);
    await useAuthenticatorCode(tx, deps, row, input.code);
    await tx.update(twoFactor).set({ enabledAt: deps.clock.now() }).where(eq(twoFactor.userId, actor.userId));
    await recordEvent(tx, source, deps.clock.now(), userEvent('two_factor.enabled', userOfActor(actor), TURNED_ON));
    return { message: ENABLED, recoveryCodes: await issueRecoveryCodes(tx, actor.userId) };
  });
}

/**
 * Needs both the password and a second factor: a stolen session alone cannot turn it off. While the
 * policy requires it, a super-admin keeps theirs.
 */
export async function disable(
  deps: AppDeps,
  actor: Actor,
  source: EventSource,
  input: z.infer<typeof twoFactorDisableInput>,
): Promise<{ message: string }> {
  // turning it off would keep them out of the back office at their next call
  if (actor.isSuperAdmin && (await readPolicy(deps.db)).requireForSuperAdmins) throw new AppError('CONFLICT', REQUIRED_STAYS_ON);
  await assertPassword(deps, actor, input.password);
  await deps.db.transaction(async (tx) => {
    const row = await enabledRow(tx, actor.userId);
    if (!row) throw new AppError('BAD_REQUEST', NOT_ON);
    await proveSecondFactor(tx, deps, row, input.code);
    await removeSecondFactor(tx, actor.userId);
    await recordEvent(tx, source, deps.clock.now(), userEvent('two_factor.disabled', userOfActor(actor), TURNED_OFF));
  });
  return { message: DISABLED };
}

async function removeSecondFactor(tx: Tx, userId: string): Promise<void> {
  const { twoFactor, twoFactorRecoveryCodes } = tx.t;
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

/**
 * A super-admin's way out for a user who lost both phone and recovery codes: the second factor
 * goes, every session of the user ends (whoever holds one may be who took the phone), and the
 * user is told by email. A super-admin turns their own off the usual way, with password and code.
 */
export async function resetTwoFactor(deps: AppDeps, actor: Actor, source: EventSource, userId: string): Promise<{ message: string }> {
  if (userId === actor.userId) throw new AppError('CONFLICT', RESET_OWN);
  return deps.db.transaction(async (tx) => {
    const user = await getUser(tx, userId);
    if (!user) throw notFound('User');
    if (!(await enabledRow(tx, userId))) throw new AppError('BAD_REQUEST', RESET_NOT_ON);
    await removeSecondFactor(tx, userId);
    await invalidateUserSessions(tx, userId);
    await recordEvent(tx, source, deps.clock.now(), userEvent('two_factor.reset', user, TURNED_OFF));
    await deps.outbox.enqueue(tx, {
      to: [user.emailAddress],
      ...twoFactorResetEmail(await providerOf(deps.config, tx), { firstName: user.firstName, signInUrl: `${deps.config.appUrl}/signin` }),
    });
    return { message: `Two-factor sign-in has been reset for ${user.emailAddress}. They have been signed out and emailed.` };
  });
}

export function getPolicy(deps: AppDeps): Promise<TwoFactorPolicy> {
  return readPolicy(deps.db);
}

/**
 * Turning the requirement on is refused to a super-admin who would be shut out by it. A change is
 * recorded (two_factor.policy_changed) as one of the provider's settings; saving it as it was records nothing.
 */
export async function setPolicy(deps: AppDeps, actor: Actor, source: EventSource, policy: TwoFactorPolicy): Promise<TwoFactorPolicy & { message: string }> {
  await deps.db.transaction(async (tx) => {
    if (policy.requireForSuperAdmins && !(await enabledRow(tx, actor.userId))) {
      throw new AppError('BAD_REQUEST', ENROL_YOURSELF_FIRST);
    }
    const changes = changedFields(await readPolicy(tx), policy, ['requireForSuperAdmins']);
    await writePolicy(tx, policy);
    await recordSettingsChange(tx, source, deps.clock.now(), 'two_factor.policy_changed', changes);
  });
  return { ...(await readPolicy(deps.db)), message: POLICY_SAVED };
}
