import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { formatHours } from '../../../shared/format.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { offsetOf } from '../../../shared/list.js';
import { SEARCH_KINDS, type SearchGroup, type SearchHit, type SearchKind, type SearchQuery, type SearchResult } from '../../../shared/search.js';
import type { AppDeps } from '../../deps.js';
import type { Tx } from '../../db.js';
import { contains } from '../../lib/paging.js';

/*
 * The back office's Search: companies by name, users by name or email, invoices by number, open
 * tasks by title (docs/product-rules.md, Finding things). Each kind is one page read in the order
 * of an index the kind already has (so a page stops after its rows), plus its count.
 */

type Found = { hits: SearchHit[]; total: number };
type Finder = (tx: Tx, text: string, limit: number, offset: number) => Promise<Found>;
type Searched = Tx['t']['companies' | 'users' | 'invoices' | 'tasks'];

async function countOf(tx: Tx, table: Searched, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/** Companies by name (companies_name_nocase_idx); the detail is the hour balance. */
const findCompanies: Finder = async (tx, text, limit, offset) => {
  const { companies } = tx.t;
  const where = contains(companies.companyName, text, tx.syntax);
  const rows = await tx
    .select({ id: companies.id, name: companies.companyName, balance: companies.balanceHundredths })
    .from(companies)
    .where(where)
    .orderBy(tx.syntax.noCase(companies.companyName), sql`${companies}.rowid`)
    .limit(limit)
    .offset(offset);
  return {
    hits: rows.map((row) => ({ _id: row.id, title: row.name, detail: `Balance ${formatHours(hundredthsToHours(row.balance))} hours`, company: row.id })),
    total: await countOf(tx, companies, where),
  };
};

/** Users by "first last" or email, newest first (users_created_idx); the detail is the email and company. */
const findUsers: Finder = async (tx, text, limit, offset) => {
  const { users, companies } = tx.t;
  const where = sql`(${contains(sql`${users.firstName} || ' ' || ${users.lastName}`, text, tx.syntax)} or ${contains(users.emailAddress, text, tx.syntax)})`;
  const rows = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.emailAddress, company: users.companyId, companyName: companies.companyName })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(sql`${users.createdAt} desc`, sql`${users}.rowid desc`)
    .limit(limit)
    .offset(offset);
  return {
    hits: rows.map((row) => ({
      _id: row.id,
      title: `${row.firstName} ${row.lastName}`.trim() || row.email,
      detail: [row.email, row.companyName ?? 'Provider'].join(' · '),
      company: row.company,
    })),
    total: await countOf(tx, users, where),
  };
};

/** Invoices by number, newest number first (the number's unique index); the detail is the company and description. */
const findInvoices: Finder = async (tx, text, limit, offset) => {
  const { invoices, companies } = tx.t;
  const where = contains(invoices.invoiceNumber, text, tx.syntax);
  const rows = await tx
    .select({ id: invoices.id, number: invoices.invoiceNumber, company: invoices.companyId, companyName: companies.companyName, description: invoices.description })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(where)
    .orderBy(sql`${invoices.invoiceNumber} desc`)
    .limit(limit)
    .offset(offset);
  return {
    hits: rows.map((row) => ({ _id: row.id, title: row.number, detail: [row.companyName, row.description].filter(Boolean).join(' · '), company: row.company })),
    total: await countOf(tx, invoices, where),
  };
};

/** Open tasks (neither done nor deleted) by title, by priority as the task list (tasks_open_all_idx); the detail is the company. */
const findTasks: Finder = async (tx, text, limit, offset) => {
  const { tasks, companies } = tx.t;
  const isOpenTask = and(eq(tasks.done, false), eq(tasks.deleted, false));
  const where = and(isOpenTask, contains(tasks.title, text, tx.syntax));
  const rows = await tx
    .select({ id: tasks.id, title: tasks.title, priority: tasks.priority, company: tasks.companyId, companyName: companies.companyName })
    .from(tasks)
    .innerJoin(companies, eq(companies.id, tasks.companyId))
    .where(where)
    .orderBy(tasks.priority, sql`${tasks}.rowid`)
    .limit(limit)
    .offset(offset);
  return {
    hits: rows.map((row) => ({ _id: row.id, title: row.title, detail: `${row.companyName} · priority ${row.priority}`, company: row.company })),
    total: await countOf(tx, tasks, where),
  };
};

const finders: Record<SearchKind, Finder> = { companies: findCompanies, users: findUsers, invoices: findInvoices, tasks: findTasks };

/** The first page of every kind, or a page of the one kind asked for. */
export async function search(deps: AppDeps, query: SearchQuery): Promise<SearchResult> {
  const kinds = query.kind ? [query.kind] : SEARCH_KINDS;
  const offset = offsetOf(query);
  const groups: SearchGroup[] = [];
  for (const kind of kinds) {
    const { hits, total } = await finders[kind](deps.db, query.q, query.perPage, offset);
    groups.push({ kind, total, items: hits });
  }
  return { groups };
}
