import { eq } from 'drizzle-orm';
import type { Page } from '../../../shared/list.js';
import type { UserDto, UserListQuery } from '../../../shared/users.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { activationEmail } from '../../mail/templates.js';
import { issuePasswordLink } from '../account/links.js';
import { sendPasswordLink } from '../account/service.js';
import { changedFields } from '../../../shared/events.js';
import { recordEvent, type EventSource } from '../events/service.js';
import { userEvent } from './events.js';
import { getUser } from './lookup.js';
import { findUserDto, listUsers } from './queries.js';
import { providerOf } from '../settings/service.js';

export { findUserDto };

/** Every company's users, a page at a time. */
export function listAllUsers(deps: AppDeps, query: UserListQuery): Promise<Page<UserDto>> {
  return listUsers(deps.db, query);
}

/**
 * Approves the user and emails them; one without a password gets a set-password link in it.
 * Recorded (user.approved) each time, as each sends the email; approving again changes no field.
 */
export function activateUser(deps: AppDeps, source: EventSource, userId: string): Promise<UserDto> {
  return deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    const user = await getUser(tx, userId);
    if (!user) throw notFound('User');
    await tx.update(users).set({ approved: true }).where(eq(users.id, userId));
    await recordEvent(tx, source, deps.clock.now(), userEvent('user.approved', user, changedFields(user, { ...user, approved: true }, ['approved'])));
    const setPasswordUrl = user.passwordHash
      ? undefined
      : await issuePasswordLink(tx, deps, user.id, 'set-password');
    await deps.outbox.enqueue(tx, {
      to: [user.emailAddress],
      ...activationEmail(await providerOf(deps.config, tx), {
        ...user,
        signInUrl: `${deps.config.appUrl}/signin`,
        setPasswordUrl,
      }),
    });
    return findUserDto(tx, userId);
  });
}

/** Emails the user a set-password link; recorded (user.set_password_email_sent) without the link. */
export function sendSetPasswordEmail(deps: AppDeps, source: EventSource, userId: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const user = await getUser(tx, userId);
    if (!user) throw notFound('User');
    await sendPasswordLink(tx, deps, user, 'set-password');
    await recordEvent(tx, source, deps.clock.now(), userEvent('user.set_password_email_sent', user));
    return { message: `A set-password link has been emailed to ${user.emailAddress}.` };
  });
}
