import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, twoFactor, users } from '../../../../drizzle/schema.js';
import type { Page } from '../../../shared/list.js';
import type { UserDto, UserListQuery, UserSortKey } from '../../../shared/users.js';
import type { Tx } from '../../db.js';
import { notFound } from '../../errors.js';
import { orderOf, countUpTo, pageOf, searchAny, type ListReader } from '../../lib/paging.js';
import { personOf } from './lookup.js';

const userColumns = { user: users, companyName: companies.companyName, twoFactorOnSince: twoFactor.enabledAt };

function toDto(row: { user: typeof users.$inferSelect; companyName: string | null; twoFactorOnSince: Date | null }): UserDto {
  const { user } = row;
  return {
    ...personOf(user),
    company: user.companyId,
    companyName: row.companyName,
    role: user.role,
    approved: user.approved,
    hasPassword: user.passwordHash !== null,
    twoFactorEnabled: row.twoFactorOnSince !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Each user with their company's name and whether their two-factor sign-in is on (a pending setup is not). */
function userRows(tx: Tx) {
  return tx
    .select(userColumns)
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(twoFactor, eq(twoFactor.userId, users.id));
}

const rowid = sql`${users}.rowid`;

/** SQL: the user is awaiting approval, spelled as the partial index users_awaiting_idx is, so SQLite uses it. */
export const awaitingApprovalSql = sql`${users.approved} = 0`;
const noCase = (column: AnyColumn) => sql`${column} collate nocase`;

/**
 * What each sortable column sorts by, rowid last so that one index serves a sort without a sort
 * of its own: created_at and (company_id, created_at) the default, (company_id, first name, last
 * name) a company's users by name, lower(email_address) the email.
 */
const userSortColumns: Record<UserSortKey, (SQL | AnyColumn)[]> = {
  createdAt: [users.createdAt, rowid],
  firstName: [noCase(users.firstName), noCase(users.lastName), rowid],
  lastName: [noCase(users.lastName), noCase(users.firstName), rowid],
  emailAddress: [sql`lower(${users.emailAddress})`, rowid],
  // users without a company (the provider's) come last, as an empty cell does
  companyName: [sql`${companies.companyName} is null`, noCase(companies.companyName), rowid],
  role: [users.role, rowid],
  approved: [users.approved, rowid],
};

/** "Ann Smith" finds Ann Smith; so do "ann", "smith" and part of the email. */
const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

/** Users with their company's name, a slice at a time; `companyId` confines them to one company (a customer's own). */
export function userListReader(tx: Tx, query: Omit<UserListQuery, 'page' | 'perPage'>, companyId?: string): ListReader<UserDto> {
  const company = companyId ?? query.company;
  const where = and(
    company ? eq(users.companyId, company) : undefined,
    query.awaitingApproval ? awaitingApprovalSql : undefined,
    query.id ? eq(users.id, query.id) : undefined,
    searchAny(query.search, [fullName, users.emailAddress]),
  );
  return {
    rows: (limit, offset) =>
      userRows(tx)
        .where(where)
        .orderBy(...orderOf(query.dir, userSortColumns[query.sort]))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toDto),
    count: (atMost) => countUpTo(tx, users, where, atMost),
  };
}

/** One page of users with their company's name (see userListReader). */
export function listUsers(tx: Tx, query: UserListQuery, companyId?: string): Page<UserDto> {
  return pageOf(query, userListReader(tx, query, companyId));
}

export function findUserDto(tx: Tx, userId: string): UserDto {
  const row = userRows(tx).where(eq(users.id, userId)).get();
  if (!row) throw notFound('User');
  return toDto(row);
}
