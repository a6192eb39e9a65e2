import { eq } from 'drizzle-orm';
import { rolesOf } from '../../../shared/roles.js';
import type { Page } from '../../../shared/list.js';
import type { AdminUserFields, CompanyUserDto, CompanyUserListQuery, UserDto } from '../../../shared/users.js';
import type { Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { Actor } from '../account/actor.js';
import { revokeLinksOnNewAddress } from '../account/links.js';
import { invalidateUserSessions } from '../account/sessions.js';
import { recordEvents, type EventSource } from '../events/service.js';
import { userChangeEvents } from './events.js';
import { assertEmailFree, getUser } from './lookup.js';
import { findUserDto, listCompanyUserPage } from './queries.js';

/** The columns the back-office form sets. */
async function userColumns(tx: Tx, fields: AdminUserFields) {
  const { firstName, lastName, emailAddress, role, approved } = fields;
  return { companyId: await companyFor(tx, fields), firstName, lastName, emailAddress, role, approved };
}

/** A company user needs a company that exists; the provider's super-admins belong to none. */
async function companyFor(tx: Tx, fields: AdminUserFields): Promise<string | null> {
  if (rolesOf(fields.role).isSuperAdmin) return null;
  if (!fields.company) throw new AppError('BAD_REQUEST', 'Company is required.');
  const { companies } = tx.t;
  const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, fields.company));
  if (!company) throw notFound('Company');
  return company.id;
}

/** The stored user, who exists: read back after a write in the same transaction. */
async function storedUser(tx: Tx, id: string) {
  const user = await getUser(tx, id);
  if (!user) throw notFound('User');
  return user;
}

/** Adds the user, recorded whole (user.created). */
export function createUserByAdmin(deps: AppDeps, source: EventSource, fields: AdminUserFields): Promise<UserDto> {
  return deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    await assertEmailFree(tx, fields.emailAddress);
    const id = newId();
    await tx.insert(users).values({ id, ...(await userColumns(tx, fields)), passwordHash: null, createdAt: deps.clock.now() });
    const created = await storedUser(tx, id);
    await recordEvents(tx, source, deps.clock.now(), userChangeEvents('user.created', undefined, created));
    return findUserDto(tx, id);
  });
}

/**
 * Replaces the user's fields. Taking their approval away ends their sessions, as deleting them
 * does: approving them again later must not bring old sessions back to life. A new email address
 * ends the links mailed to the old one. The fields that changed are recorded (user.updated, of the
 * company the user is in after it); a save that changes nothing records nothing.
 */
export function updateUserByAdmin(deps: AppDeps, actor: Actor, source: EventSource, id: string, fields: AdminUserFields): Promise<UserDto> {
  return deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    const existing = await getUser(tx, id);
    if (!existing) throw notFound('User');
    await assertEmailFree(tx, fields.emailAddress, id);
    if (id === actor.userId && (!rolesOf(fields.role).isSuperAdmin || !fields.approved)) {
      throw new AppError('CONFLICT', 'You cannot remove your own super-admin access.');
    }
    await tx
      .update(users)
      .set(await userColumns(tx, fields))
      .where(eq(users.id, id));
    if (existing.approved && !fields.approved) await invalidateUserSessions(tx, id);
    await revokeLinksOnNewAddress(tx, existing, fields.emailAddress, deps.clock.now());
    const updated = await storedUser(tx, id);
    await recordEvents(tx, source, deps.clock.now(), userChangeEvents('user.updated', existing, updated));
    return findUserDto(tx, id);
  });
}

/** The provider deletes a user (user.deleted); see deleteUser. */
export async function deleteUserByAdmin(deps: AppDeps, actor: Actor, source: EventSource, id: string): Promise<void> {
  await deleteUser(deps, actor, source, id, 'user.deleted');
}

/**
 * Sessions and links go with the user (cascade); task history keeps the change, without the name.
 * The event, named for who deleted them (the provider, or a company admin removing a colleague),
 * keeps the user's fields as they were.
 */
export async function deleteUser(deps: AppDeps, actor: Actor, source: EventSource, id: string, type: 'user.deleted' | 'user.removed'): Promise<void> {
  if (id === actor.userId) throw new AppError('CONFLICT', 'You cannot delete your own account.');
  await deps.db.transaction(async (tx) => {
    const { users } = tx.t;
    const user = await getUser(tx, id);
    if (!user) throw notFound('User');
    await tx.delete(users).where(eq(users.id, id));
    await recordEvents(tx, source, deps.clock.now(), userChangeEvents(type, user, undefined));
  });
}

/** Users (/users): a page of the caller's company's users, by name unless asked otherwise. */
export async function listCompanyUsers(deps: AppDeps, companyId: string, query: CompanyUserListQuery): Promise<Page<CompanyUserDto>> {
  const page = await listCompanyUserPage(deps.db, companyId, query);
  return {
    items: page.items.map(({ _id, firstName, lastName, emailAddress, role, approved }) => ({ _id, firstName, lastName, emailAddress, role, approved })),
    total: page.total,
  };
}
