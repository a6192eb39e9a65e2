import { and, eq, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies, users } from '../../../../drizzle/schema.js';
import type { Page } from '../../../shared/list.js';
import type { UserDto, UserListQuery, UserSortKey } from '../../../shared/users.js';
import type { Tx } from '../../db.js';
import { equalsConstant, type Syntax } from '../../database/syntax.js';
import { notFound } from '../../errors.js';
import { concatenatedReaders, orderOf, countUpTo, pageOf, searchAny, type ListReader } from '../../lib/paging.js';
import { companyNameOrder } from '../companies/queries.js';
import { personOf } from './lookup.js';

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

/**
 * Each user with their company's name and whether their two-factor sign-in is on (a pending setup is
 * not), `where` applied. Led by companies, the query reads companies first and each company's users
 * by its index (a CROSS JOIN keeps companies the outer loop, which SQLite would not choose itself):
 * users with a company only.
 */
function userRows(tx: Tx, where: SQL | undefined, lead: 'users' | 'companies' = 'users') {
  const { users, companies, twoFactor } = tx.t;
  const select = tx.select({ user: users, companyName: companies.companyName, twoFactorOnSince: twoFactor.enabledAt });
  const ofCompany = eq(companies.id, users.companyId);
  const joined = lead === 'companies' ? select.from(companies).crossJoin(users) : select.from(users).leftJoin(companies, ofCompany);
  return joined.leftJoin(twoFactor, eq(twoFactor.userId, users.id)).where(lead === 'companies' ? and(ofCompany, where) : where);
}

const rowid = sql`${users}.rowid`;
/** Users by when they were made: users_created_idx, and within a company users_company_idx. */
const byCreation = [users.createdAt, rowid];

/**
 * SQL: the user is awaiting approval, the condition of the partial index users_awaiting_idx. The
 * engine's own table (tx.t.users) maps false to its flag (0 on SQLite, false on PostgreSQL).
 */
export const awaitingApproval = (users: Tx['t']['users']): SQL => equalsConstant(users.approved, false);
const approved = (users: Tx['t']['users']): SQL => equalsConstant(users.approved, true);

/**
 * What each sortable column sorts by, rowid last so that one index serves a sort without a sort
 * of its own: created_at and (company_id, created_at) the default, (company_id, first name, last
 * name) a company's users by name, lower(email_address) the email. By company name: companies by
 * name (their own rowid between namesakes), each one's users by (company_id, created_at); by
 * approval, the users awaiting it by users_awaiting_idx and the others by users_created_idx.
 */
const userSortColumns = (syntax: Syntax): Record<UserSortKey, (SQL | AnyColumn)[]> => {
  const { noCase } = syntax;
  return {
    createdAt: byCreation,
    firstName: [noCase(users.firstName), noCase(users.lastName), rowid],
    lastName: [noCase(users.lastName), noCase(users.firstName), rowid],
    emailAddress: [sql`lower(${users.emailAddress})`, rowid],
    // users without a company (the provider's) come last, as an empty cell does
    companyName: [sql`${companies.companyName} is null`, ...companyNameOrder(syntax), ...byCreation],
    role: [users.role, rowid],
    approved: [users.approved, ...byCreation],
  };
};

/** "Ann Smith" finds Ann Smith; so do "ann", "smith" and part of the email. */
const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;

type UserFilters = Omit<UserListQuery, 'page' | 'perPage' | 'company'>;

/** Users with their company's name, a slice at a time: of the one company given, or of every company. */
function usersReader(tx: Tx, query: UserFilters, company: string | undefined): ListReader<UserDto> {
  const { users } = tx.t;
  const where = and(
    company ? eq(users.companyId, company) : undefined,
    query.awaitingApproval ? awaitingApproval(users) : undefined,
    query.id ? eq(users.id, query.id) : undefined,
    searchAny(query.search, [fullName, users.emailAddress], tx.syntax),
  );
  const reader = (narrowed: SQL | undefined, columns: (SQL | AnyColumn)[], lead: 'users' | 'companies' = 'users'): ListReader<UserDto> => ({
    rows: async (limit, offset) => (await userRows(tx, narrowed, lead).orderBy(...orderOf(query.dir, columns)).limit(limit).offset(offset)).map(toDto),
    count: (atMost) => countUpTo(tx, users, narrowed, atMost),
  });
  // Every company's users by company name or by approval: no one index holds either order, so each
  // is read as two lists one after the other, each walking an index in the order of the columns
  // that vary in it. By name: companies by name with each one's users, then the users without a
  // company (last, as an empty cell). By approval: the users awaiting it, then the approved ones.
  const inTurn = (first: ListReader<UserDto>, second: ListReader<UserDto>) => concatenatedReaders(query.dir === 'asc' ? [first, second] : [second, first]);
  if (!company && query.sort === 'companyName') {
    const withCompany = reader(and(where, isNotNull(users.companyId)), [...companyNameOrder(tx.syntax), ...byCreation], 'companies');
    return inTurn(withCompany, reader(and(where, isNull(users.companyId)), byCreation));
  }
  if (!company && query.sort === 'approved') {
    return inTurn(reader(and(where, awaitingApproval(users)), byCreation), reader(and(where, approved(users)), byCreation));
  }
  return reader(where, userSortColumns(tx.syntax)[query.sort]);
}

/** The back office's users: of the company the input names, or of every company (see usersReader). */
export function userListReader(tx: Tx, query: Omit<UserListQuery, 'page' | 'perPage'>): ListReader<UserDto> {
  return usersReader(tx, query, query.company || undefined);
}

/** A customer's users: of their own company only, whatever company the input names. */
export function companyUserListReader(tx: Tx, ownCompany: string, query: Omit<UserListQuery, 'page' | 'perPage'>): ListReader<UserDto> {
  return usersReader(tx, query, ownCompany);
}

/** One page of the back office's users with their company's name (see userListReader). */
export function listUsers(tx: Tx, query: UserListQuery): Promise<Page<UserDto>> {
  return pageOf(query, userListReader(tx, query));
}

/** One page of the users of the customer's own company (see companyUserListReader). */
export function listCompanyUserPage(tx: Tx, ownCompany: string, query: UserListQuery): Promise<Page<UserDto>> {
  return pageOf(query, companyUserListReader(tx, ownCompany, query));
}

export async function findUserDto(tx: Tx, userId: string): Promise<UserDto> {
  const { users } = tx.t;
  const [row] = await userRows(tx, eq(users.id, userId));
  if (!row) throw notFound('User');
  return toDto(row);
}
