import { eq } from 'drizzle-orm';
import { companies, users } from '../../../../drizzle/schema.js';
import { rolesOf } from '../../../shared/roles.js';
import type { Page } from '../../../shared/list.js';
import type { AdminUserFields, CompanyUserDto, CompanyUserListQuery, UserDto } from '../../../shared/users.js';
import { inTransaction, type Tx } from '../../db.js';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { Actor } from '../account/actor.js';
import { revokeLinksOnNewAddress } from '../account/links.js';
import { invalidateUserSessions } from '../account/sessions.js';
import { assertEmailFree, getUser } from './lookup.js';
import { findUserDto, listUsers } from './queries.js';

/** The columns the back-office form sets. */
function userColumns(tx: Tx, fields: AdminUserFields) {
  const { firstName, lastName, emailAddress, role, approved } = fields;
  return { companyId: companyFor(tx, fields), firstName, lastName, emailAddress, role, approved };
}

/** A company user needs a company that exists; the provider's super-admins belong to none. */
function companyFor(tx: Tx, fields: AdminUserFields): string | null {
  if (rolesOf(fields.role).isSuperAdmin) return null;
  if (!fields.company) throw new AppError('BAD_REQUEST', 'Company is required.');
  const company = tx.select({ id: companies.id }).from(companies).where(eq(companies.id, fields.company)).get();
  if (!company) throw notFound('Company');
  return company.id;
}

export function createUserByAdmin(deps: AppDeps, fields: AdminUserFields): UserDto {
  return inTransaction(deps.db, (tx) => {
    assertEmailFree(tx, fields.emailAddress);
    const id = newId();
    tx.insert(users)
      .values({ id, ...userColumns(tx, fields), passwordHash: null, createdAt: deps.clock.now() })
      .run();
    return findUserDto(tx, id);
  });
}

/**
 * Replaces the user's fields. Taking their approval away ends their sessions, as deleting them
 * does: approving them again later must not bring old sessions back to life. A new email address
 * ends the links mailed to the old one.
 */
export function updateUserByAdmin(deps: AppDeps, actor: Actor, id: string, fields: AdminUserFields): UserDto {
  return inTransaction(deps.db, (tx) => {
    const existing = getUser(tx, id);
    if (!existing) throw notFound('User');
    assertEmailFree(tx, fields.emailAddress, id);
    if (id === actor.userId && (!rolesOf(fields.role).isSuperAdmin || !fields.approved)) {
      throw new AppError('CONFLICT', 'You cannot remove your own super-admin access.');
    }
    tx.update(users)
      .set(userColumns(tx, fields))
      .where(eq(users.id, id))
      .run();
    if (existing.approved && !fields.approved) invalidateUserSessions(tx, id);
    revokeLinksOnNewAddress(tx, existing, fields.emailAddress, deps.clock.now());
    return findUserDto(tx, id);
  });
}

/** Sessions and links go with the user (cascade); task history keeps the change, without the name. */
export function deleteUserByAdmin(deps: AppDeps, actor: Actor, id: string): void {
  if (id === actor.userId) throw new AppError('CONFLICT', 'You cannot delete your own account.');
  inTransaction(deps.db, (tx) => {
    if (!getUser(tx, id)) throw notFound('User');
    tx.delete(users).where(eq(users.id, id)).run();
  });
}

/** Users (/users): a page of the caller's company's users, by name unless asked otherwise. */
export function listCompanyUsers(deps: AppDeps, companyId: string, query: CompanyUserListQuery): Page<CompanyUserDto> {
  const page = listUsers(deps.db, query, companyId);
  return {
    items: page.items.map(({ _id, firstName, lastName, emailAddress, role, approved }) => ({ _id, firstName, lastName, emailAddress, role, approved })),
    total: page.total,
  };
}
