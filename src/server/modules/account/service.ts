import { preparedPer } from '../../lib/prepared.js';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  changePasswordInput,
  forgotPasswordInput,
  linkTokenInput,
  loginInput,
  Profile,
  profileUpdateInput,
  resetPasswordInput,
  SignUpInput,
} from '../../../shared/account.js';
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG, isNewEmailAddress } from '../../../shared/account.js';
import { changedFields } from '../../../shared/events.js';
import { SIGN_UP_DONE } from '../../../shared/sign-up.js';
import { rolesOf } from '../../../shared/roles.js';
import type { LoginStep } from '../../../shared/two-factor.js';
import type { Db, Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { providerRecipients } from '../../mail/recipients.js';
import { emailChangedEmail, passwordResetEmail, setPasswordEmail, signUpNoticeEmail } from '../../mail/templates.js';
import { recordEvent, recordEvents, type EventSource } from '../events/service.js';
import { userChangeEvents, userEvent, userOfActor } from '../users/events.js';
import { assertEmailFree, findUserByEmail, getUser, personOf } from '../users/lookup.js';
import { EXPIRED_TOKEN, INVALID_TOKEN, issuePasswordLink, markLinkUsed, readPasswordLink, refuseSpentLink, revokeLinksOnNewAddress, revokeUserLinks } from './links.js';
import { afterPassword } from '../two-factor/service.js';
import { invalidateSession, invalidateUserSessions } from './sessions.js';
import type { Actor } from './actor.js';
import { providerOf } from '../settings/service.js';
import { attemptSource, recordRefusedSignIn, userSource } from './sign-in-events.js';

export const AWAITING_APPROVAL = 'Your account is awaiting approval.';
export const INVALID_CREDENTIALS = 'Invalid email address or password.';
export { SIGN_UP_DONE } from '../../../shared/sign-up.js';
export const RESET_LINK_SENT =
  'A reset link has been sent to your email. Please follow the instructions in your email.';
export const NEW_LINK_SENT = 'A new link has been sent to your email.';
export const PASSWORD_RESET_DONE = 'Your password has been set. You can now sign in.';
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const SIGNED_OUT = 'You have been signed out.';

/** The fields of a company that its sign-up records, as the API names them. */
const SIGNED_UP_COMPANY_FIELDS = ['companyName', 'companyAddress', 'companyPhone', 'website', 'projectDescription'] as const;

/** A company and its first user, from the address `ip`; both events name the new user, who made them. */
export async function signUp(deps: AppDeps, input: SignUpInput, ip: string | null): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { companies } = tx.t;
    const companyId = newId();
    const company = {
      companyName: input.companyName,
      companyAddress: input.companyAddress,
      companyPhone: input.companyPhone,
      website: input.website,
      projectDescription: input.projectDescription,
    };
    await tx.insert(companies).values({ id: companyId, ...company, createdAt: now });
    const user = { ...input, id: newId(), companyId, role: 'admin', passwordHash };
    const source = userSource(user, ip);
    const created = changedFields(undefined, company, SIGNED_UP_COMPANY_FIELDS);
    await recordEvent(tx, source, now, { type: 'company.created', companyId, subjectType: 'company', subjectId: companyId, changes: created });
    await addUserAwaitingApproval(tx, deps, source, user);
  });
  return { message: SIGN_UP_DONE };
}

type NewUser = {
  id: string;
  companyId: string;
  companyName: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  mobile?: string;
  role: string;
  passwordHash: string | null;
  projectDescription?: string;
  /** The company admin who invited them; a sign-up has none. */
  invitedBy?: string;
};

/**
 * A user who may not sign in until the provider approves them, their user.created event, and the
 * provider's notice to review them: how a sign-up and a company admin's invitation both start.
 */
export async function addUserAwaitingApproval(tx: Tx, deps: AppDeps, source: EventSource, user: NewUser): Promise<void> {
  const { users } = tx.t;
  await assertEmailFree(tx, user.emailAddress);
  const row = {
    id: user.id,
    companyId: user.companyId,
    firstName: user.firstName,
    lastName: user.lastName,
    emailAddress: user.emailAddress,
    mobile: user.mobile ?? '',
    role: user.role,
    approved: false,
    passwordHash: user.passwordHash,
    createdAt: deps.clock.now(),
  };
  await tx.insert(users).values(row);
  await recordEvents(tx, source, row.createdAt, userChangeEvents('user.created', undefined, row));
  const provider = await providerOf(deps.config, tx);
  await deps.outbox.enqueue(tx, {
    to: await providerRecipients(tx, provider),
    ...signUpNoticeEmail(provider, {
      ...user,
      projectDescription: user.projectDescription ?? '',
      reviewUrl: `${deps.config.appUrl}/allusers`,
    }),
  });
}

/** Whether a sign-in failed on the email and password (what the sign-in throttle counts). */
export const isWrongCredentials = (error: unknown) => error instanceof AppError && error.message === INVALID_CREDENTIALS;

/**
 * The password step of sign-in, from the address `ip`. A wrong email address or password is
 * recorded (sign_in.failed) by the address typed, never as the user whose address it may be: the
 * caller has not proved who they are.
 */
export async function login(deps: AppDeps, input: z.infer<typeof loginInput>, ip: string): Promise<LoginStep> {
  const user = await findUserByEmail(deps.db, input.emailAddress);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordMatches) {
    await recordRefusedSignIn(deps, attemptSource(input.emailAddress, ip), userEvent('sign_in.failed', user));
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!user.approved) throw new AppError('FORBIDDEN', AWAITING_APPROVAL);
  return afterPassword(deps, user, ip);
}

export async function logout(deps: AppDeps, actor: Actor, source: EventSource): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    await invalidateSession(tx, actor.sessionId);
    await recordEvent(tx, source, deps.clock.now(), userEvent('sign_in.signed_out', userOfActor(actor)));
  });
  return { message: SIGNED_OUT };
}

/** The caller's profile, as their session read it on this call: it holds the user and their company. */
export function getProfile(actor: Actor): Profile {
  return {
    _id: actor.userId,
    firstName: actor.firstName,
    lastName: actor.lastName,
    emailAddress: actor.emailAddress,
    mobile: actor.mobile,
    role: actor.role,
    ...rolesOf(actor.role),
    company: actor.companyId ? { _id: actor.companyId, companyName: actor.companyName! } : null,
  };
}

/** The user with their company: read on every page load of the app. */
const profileRow = preparedPer((db: Db) => {
  const { users, companies } = db.t;
  return db
    .select({ user: users, company: { _id: companies.id, companyName: companies.companyName } })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare();
});

async function profileOf(db: Db, userId: string): Promise<Profile> {
  const [row] = await profileRow(db).execute({ userId });
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  const { user } = row;
  return {
    ...personOf(user),
    mobile: user.mobile,
    role: user.role,
    ...rolesOf(user.role),
    company: row.company?._id ? row.company : null,
  };
}

/** What the profile changes of a user. */
const PROFILE_FIELDS = ['firstName', 'lastName', 'emailAddress'] as const;

/**
 * Names change freely; a new email address needs the current password, ends the links mailed to
 * the old address, and the old address is told of the change in the same transaction. The fields
 * that changed are recorded (user.updated); a save that changes nothing records nothing.
 */
export async function updateProfile(
  deps: AppDeps,
  actor: Actor,
  source: EventSource,
  input: z.infer<typeof profileUpdateInput>,
): Promise<Profile> {
  const user = await getUser(deps.db, actor.userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found.');
  const emailChanges = isNewEmailAddress(user.emailAddress, input.emailAddress);
  if (emailChanges) await assertCurrentPassword(user.passwordHash, input.currentPassword);
  await deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    await assertEmailFree(tx, input.emailAddress, actor.userId);
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, emailAddress: input.emailAddress })
      .where(eq(users.id, actor.userId));
    const changes = changedFields(user, { ...user, firstName: input.firstName, lastName: input.lastName, emailAddress: input.emailAddress }, PROFILE_FIELDS);
    if (Object.keys(changes).length > 0) await recordEvent(tx, source, deps.clock.now(), userEvent('user.updated', user, changes));
    await revokeLinksOnNewAddress(tx, user, input.emailAddress, deps.clock.now());
    if (emailChanges) {
      await deps.outbox.enqueue(tx, {
        to: [user.emailAddress],
        ...emailChangedEmail(await providerOf(deps.config, tx), {
          firstName: input.firstName,
          newEmailAddress: input.emailAddress,
          signInUrl: `${deps.config.appUrl}/signin`,
        }),
      });
    }
  });
  return profileOf(deps.db, actor.userId);
}

async function assertCurrentPassword(passwordHash: string | null, password: string | undefined): Promise<void> {
  const message = password ? CURRENT_PASSWORD_WRONG : CURRENT_PASSWORD_NEEDED;
  if (password && (await verifyPassword(passwordHash, password))) return;
  throw new AppError('BAD_REQUEST', message, 'currentPassword');
}

/** Records only that the password changed (user.password_changed), nothing of it. */
export async function changePassword(
  deps: AppDeps,
  actor: Actor,
  source: EventSource,
  input: z.infer<typeof changePasswordInput>,
): Promise<{ message: string }> {
  const user = await getUser(deps.db, actor.userId);
  if (!(await verifyPassword(user?.passwordHash ?? null, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', CURRENT_PASSWORD_WRONG);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.userId));
    await invalidateUserSessions(tx, actor.userId, actor.sessionId);
    await revokeUserLinks(tx, actor.userId, deps.clock.now());
    await recordEvent(tx, source, deps.clock.now(), userEvent('user.password_changed', userOfActor(actor)));
  });
  return { message: PASSWORD_CHANGED };
}

/**
 * Answers the same whether or not the address belongs to anyone. A link sent is recorded
 * (user.password_reset_requested) about its user, by the address typed: whoever asked has proved
 * nothing, so the event names no user as its actor.
 */
export async function forgotPassword(deps: AppDeps, input: z.infer<typeof forgotPasswordInput>, ip: string | null): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, input.emailAddress);
    if (!user) return;
    await sendPasswordLink(tx, deps, user, 'reset');
    await recordEvent(tx, attemptSource(input.emailAddress, ip), deps.clock.now(), userEvent('user.password_reset_requested', user));
  });
  return { message: RESET_LINK_SENT };
}

export async function sendPasswordLink(
  tx: Tx,
  deps: AppDeps,
  user: { id: string; firstName: string; lastName: string; emailAddress: string },
  purpose: 'reset' | 'set-password',
): Promise<void> {
  const url = await issuePasswordLink(tx, deps, user.id, purpose);
  const provider = await providerOf(deps.config, tx);
  const email =
    purpose === 'reset'
      ? passwordResetEmail(provider, { ...user, resetUrl: url })
      : setPasswordEmail(provider, { ...user, setPasswordUrl: url });
  await deps.outbox.enqueue(tx, { to: [user.emailAddress], ...email });
}

/**
 * Sets the password of the link's owner, from the address `ip`: the link, mailed to them, names
 * them as the event's actor (user.password_reset). The event says whether they had a password
 * before (a set-password link's first), never anything of the password or the link.
 */
export async function resetPassword(
  deps: AppDeps,
  input: z.infer<typeof resetPasswordInput>,
  ip: string | null,
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    const link = await readPasswordLink(tx, deps, input.token);
    refuseSpentLink(link);
    if (link.expired) throw new AppError('BAD_REQUEST', EXPIRED_TOKEN);
    const user = await linkOwner(tx, link.userId);
    const now = deps.clock.now();
    await markLinkUsed(tx, link.tokenId, now);
    await revokeUserLinks(tx, link.userId, now);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, link.userId));
    await invalidateUserSessions(tx, link.userId);
    const hadPassword = changedFields({ hasPassword: user.passwordHash !== null }, { hasPassword: true }, ['hasPassword']);
    await recordEvent(tx, userSource(user, ip), now, userEvent('user.password_reset', user, hadPassword));
  });
  return { message: PASSWORD_RESET_DONE };
}

/** The user a genuine link was issued to (their links go with them, so a link outliving them is not genuine). */
async function linkOwner(tx: Tx, userId: string) {
  const user = await getUser(tx, userId);
  if (!user) throw new AppError('BAD_REQUEST', INVALID_TOKEN);
  return user;
}

/**
 * Mails a fresh link for a genuine token, expired or not, but never for a used or revoked one
 * (that would undo the revocation); the address it goes to is the owner's, who is the event's
 * actor (user.link_resent), from the address `ip`.
 */
export async function resendLink(deps: AppDeps, input: z.infer<typeof linkTokenInput>, ip: string | null): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const link = await readPasswordLink(tx, deps, input.token);
    refuseSpentLink(link);
    const user = await linkOwner(tx, link.userId);
    await sendPasswordLink(tx, deps, user, link.purpose);
    await recordEvent(tx, userSource(user, ip), deps.clock.now(), userEvent('user.link_resent', user));
  });
  return { message: NEW_LINK_SENT };
}
