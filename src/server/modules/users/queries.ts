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
 * SQL: the user is awaiting approval, the first column of users_approved_idx, written as a constant
 * (see equalsConstant). The engine's own table (tx.t.users) maps false to its flag (0 on SQLite,
 * false on PostgreSQL).
 */
export const awaitingApproval = (users: Tx['t']['users']): SQL => equalsConstant(users.approved, false);

/**
 * What each sortable column sorts by, rowid last so that one index serves a sort without a sort
 * of its own: created_at and (company_id, created_at) the default, (company_id, first name, last
 * name) a company's users by name, lower(email_address) the email, (approved, created_at) the
 * approval. By company name: companies by name (their own rowid between namesakes), each one's
 * users by (company_id, created_at).
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
  if (query.sort !== 'companyName' || company) return reader(where, userSortColumns(tx.syntax)[query.sort]);
  // every company's users by company name: no index holds that order, so the companies' users are
  // read by walking companies by name, and the users without a company (last) on their own; each
  // part sorts by the columns that vary in it
  const withCompany = reader(and(where, isNotNull(users.companyId)), [...companyNameOrder(tx.syntax), ...byCreation], 'companies');
  const withoutCompany = reader(and(where, isNull(users.companyId)), byCreation);
  return concatenatedReaders(query.dir === 'asc' ? [withCompany, withoutCompany] : [withoutCompany, withCompany]);
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
