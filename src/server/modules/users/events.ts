import type { users } from '../../../../drizzle/schema.js';
import type { EventType, FieldChange } from '../../../shared/events.js';
import type { Actor } from '../account/actor.js';
import { changeEvents, type NewEvent } from '../events/service.js';

/*
 * A user's events: what a user's change records, named as the API names the user's fields. Never
 * the password hash, nor anything of a link or a second factor: those events record only that
 * it happened.
 */

type User = typeof users.$inferSelect;

/** A user's fields as the API shows them (company: the company's id), the ones their events record. */
export const USER_FIELDS = ['firstName', 'lastName', 'emailAddress', 'mobile', 'company', 'role', 'approved'] as const;
export type UserEventFields = Record<(typeof USER_FIELDS)[number], unknown>;

/** The fields of a stored user that their events record. */
export function userFieldsOf(user: User): UserEventFields {
  const { firstName, lastName, emailAddress, mobile, companyId, role, approved } = user;
  return { firstName, lastName, emailAddress, mobile, company: companyId, role, approved };
}

/** Whom a user's event is about: the user, of their company (none for the provider's users). */
export type UserSubject = { id: string; companyId: string | null };

/** The signed-in user as the subject of an event about themselves. */
export const userOfActor = (actor: Actor): UserSubject => ({ id: actor.userId, companyId: actor.companyId });

/**
 * An event about a user: the company concerned is theirs. Undefined: no known user (a sign-in
 * with an address nobody has).
 */
export function userEvent(type: EventType, user: UserSubject | undefined, changes: Record<string, FieldChange> = {}): NewEvent {
  return { type, companyId: user?.companyId ?? null, subjectType: 'user', subjectId: user?.id ?? null, changes };
}


/**
 * The event of a user's fields going from `before` (none: added) to `after` (none: removed), of the
 * company the user is in after it (before it, when removed); none when no field changed.
 */
export function userChangeEvents(type: EventType, before: User | undefined, after: User | undefined): NewEvent[] {
  const user = (after ?? before)!;
  return changeEvents(type, { companyId: user.companyId, subjectType: 'user', subjectId: user.id }, before && userFieldsOf(before), after && userFieldsOf(after), USER_FIELDS);
}
