import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { tasks } from '../../../../drizzle/schema.js';
import type { DashboardTaskDto } from '../../../shared/dashboard.js';
import type { Page } from '../../../shared/list.js';
import { TASK_CHOICES_LIMIT, type OpenTaskListQuery, type TaskChoice, type TaskDto, type TaskHistoryDto, type TaskSortKey } from '../../../shared/tasks.js';
import type { Db, Tx } from '../../db.js';
import type { Syntax } from '../../database/syntax.js';
import { notFound } from '../../errors.js';
import { countOfMatches, countUpTo, pageOf, pageOrderBy, pageOrderOf, phraseQuery, searchAny, searchesTrigrams, type ListReader } from '../../lib/paging.js';
import { plainRows, plainSelect, preparedPer } from '../../lib/prepared.js';
import { companyNameOrder } from '../companies/queries.js';

type TaskRow = typeof tasks.$inferSelect & { companyName: string };

const isOpen = and(eq(tasks.done, false), eq(tasks.deleted, false));
const taskRowid = sql<number>`${tasks}.rowid`;

/** The fields a task's events name (task.created, .updated, .completed, .deleted), with the values withHistory below gives them. */
export const TASK_EVENT_FIELDS = ['title', 'description', 'priority', 'done', 'company'] as const satisfies readonly (keyof TaskDto)[];

/** Tasks with their history: one query for the history of all of them. */
async function withHistory(tx: Tx, rows: TaskRow[]): Promise<TaskDto[]> {
  const ids = rows.map((row) => row.id);
  const entries = ids.length === 0 ? [] : await historyOf(tx, ids);
  const byTask = new Map<string, typeof entries>();
  for (const entry of entries) byTask.set(entry.taskId, [...(byTask.get(entry.taskId) ?? []), entry]);
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    creationDate: row.creationDate.toISOString(),
    timeStamp: row.timeStamp.toISOString(),
    company: row.companyId,
    companyName: row.companyName,
    done: row.done,
    deleted: row.deleted,
    history: (byTask.get(row.id) ?? []).map(({ taskId: _taskId, ...entry }) => entry),
  }));
}

/** The tasks' history entries, oldest first: each a field of a task event written with it (see changeTask in service.ts). */
async function historyOf(tx: Tx, taskIds: string[]): Promise<(TaskHistoryDto & { taskId: string })[]> {
  const { taskHistory, users } = tx.t;
  const entries = await tx
    .select({
      _id: taskHistory.id,
      taskId: taskHistory.taskId,
      creationDate: taskHistory.creationDate,
      changedField: taskHistory.changedField,
      oldValue: taskHistory.oldValue,
      newValue: taskHistory.newValue,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(taskHistory)
    .leftJoin(users, eq(users.id, taskHistory.userId))
    .where(inArray(taskHistory.taskId, taskIds))
    // rowid keeps the entries of one change in the order they were written.
    .orderBy(asc(taskHistory.creationDate), sql`task_history.rowid`);
  return entries.map(({ firstName, lastName, creationDate, ...entry }) => ({
    ...entry,
    creationDate: creationDate.toISOString(),
    creationUser: { firstName: firstName ?? 'Former', lastName: lastName ?? 'user' },
  }));
}

/**
 * Tasks with their company's name. `companiesFirst`: companies are the outer loop, read by name
 * (companies_name_nocase_idx), and each one's open tasks by tasks_open_idx; SQLite would rather
 * sort every open task, so a CROSS JOIN keeps the order of the loops.
 */
function taskRowsQuery(tx: Tx, where: SQL | undefined, companiesFirst = false) {
  const { companies, tasks } = tx.t;
  const select = tx.select({ task: tasks, companyName: companies.companyName });
  const ofCompany = eq(companies.id, tasks.companyId);
  if (companiesFirst) return select.from(companies).crossJoin(tasks).where(and(ofCompany, where)).$dynamic();
  return select.from(tasks).innerJoin(companies, ofCompany).where(where).$dynamic();
}

const toTaskRow = ({ task, companyName }: { task: typeof tasks.$inferSelect; companyName: string }): TaskRow => ({ ...task, companyName });

/**
 * What each sortable column sorts by, rowid last, each the order of an index: tasks_open_all_idx,
 * tasks_open_title_idx and tasks_open_description_idx; by company, companies by name (names that
 * differ only in case together, the older company first) and then each one's tasks by priority.
 */
const taskSortColumns = (syntax: Syntax): Record<TaskSortKey, (SQL | AnyColumn)[]> => ({
  priority: [tasks.priority, taskRowid],
  companyName: [...companyNameOrder(syntax), tasks.priority, taskRowid],
  title: [tasks.title, taskRowid],
  description: [tasks.description, taskRowid],
});

/** Past this many tasks whose title or description holds the search, its open tasks are found by checking each one. */
export const WORD_MATCHES_LIMIT = 5_000;

/**
 * The open tasks whose title or description contains the search, read from its trigram index of
 * the open tasks: SQLite's FTS5 table task_words, PostgreSQL's partial indexes tasks_title_trgm_idx
 * and tasks_description_trgm_idx (pg_trgm, which serve the ILIKE itself). Undefined when the search
 * is too short for trigrams or more than WORD_MATCHES_LIMIT open tasks hold it.
 */
async function tasksWithWords(tx: Tx, search: string): Promise<number[] | undefined> {
  if (!searchesTrigrams(search)) return undefined;
  const { tasks } = tx.t;
  const rows =
    tx.engine === 'postgres'
      ? sql`select rowid from tasks where ${and(isOpen, searchAny(search, [tasks.title, tasks.description], tx.syntax))}`
      : sql`select rowid from task_words where task_words match ${phraseQuery(search)}`;
  const matched = await tx.rows<{ rowid: number }>(sql`${rows} limit ${WORD_MATCHES_LIMIT + 1}`);
  return matched.length > WORD_MATCHES_LIMIT ? undefined : matched.map((row) => Number(row.rowid));
}

/**
 * How many tasks a search matches that also match `where`, counting at most `atMost`, on SQLite:
 * the search's matches streamed from task_words, each task then read by its rowid, so the count
 * reads as many tasks as match ("review": 6,676 of 25,000 open tasks) where checking every open
 * task reads them all. PostgreSQL's planner reads its trigram indexes for the ILIKE by itself.
 */
async function countWithWords(tx: Tx, search: string, where: SQL | undefined, atMost: number): Promise<number> {
  const [counted] = await tx.rows<{ n: number }>(
    sql`select count(*) as n from (select 1 from task_words join tasks on tasks.rowid = task_words.rowid
      where task_words match ${phraseQuery(search)} and ${where ?? sql`1 = 1`} limit ${atMost}) as counted`,
  );
  return counted!.n;
}

/** Open tasks (not done, not deleted) with their history, a slice at a time: of the company given, or of every company for ''. */
function openTasksReader(tx: Tx, query: Omit<OpenTaskListQuery, 'page' | 'perPage' | 'company'>, company: string): ListReader<TaskDto> {
  const { tasks } = tx.t;
  // the search's candidates from the trigram index, read once, on the first read that needs them
  let candidates: Promise<number[] | undefined> | undefined;
  const searchCandidates = () => (candidates ??= query.search ? tasksWithWords(tx, query.search) : Promise.resolve(undefined));
  const filter = async (walkSortIndex: boolean) => {
    const withWords = await searchCandidates();
    return and(
      isOpen,
      // checked task by task when walking a sort's index: a unary + keeps SQLite from reading the company's tasks and sorting them
      company ? (walkSortIndex ? sql`${tx.syntax.unindexed(tasks.companyId)} = ${company}` : eq(tasks.companyId, company)) : undefined,
      query.id ? eq(tasks.id, query.id) : undefined,
      searchAny(query.search, [tasks.title, tasks.description], tx.syntax),
      withWords ? sql`${taskRowid} in (${tx.syntax.numbers(withWords)})` : undefined,
    );
  };
  // tasks_open_idx holds one company's tasks by priority; in another order they are sorted when few, found walking the sort's index when many
  const companyIndexOrder = query.sort === 'priority' || query.sort === 'companyName';
  const narrowedByCompany = Boolean(company && !companyIndexOrder);
  const order = pageOrderOf(narrowedByCompany || searchesTrigrams(query.search), async (limit) => {
    // without the index's candidates or a company to read, finding the matches is a walk of every open task
    if (!narrowedByCompany && !(await searchCandidates())) return undefined;
    const rows = await tx.select({ rowid: taskRowid }).from(tasks).where(await filter(false)).limit(limit);
    return rows.map((row) => row.rowid);
  });
  return {
    rows: async (limit, offset) => {
      const pageOrder = await order();
      const walk = pageOrder === 'walk';
      const rows = await taskRowsQuery(tx, await filter(walk && !companyIndexOrder), walk && query.sort === 'companyName')
        .orderBy(...pageOrderBy(pageOrder, query.dir, taskSortColumns(tx.syntax)[query.sort], tx.syntax))
        .limit(limit)
        .offset(offset);
      return withHistory(tx, rows.map(toTaskRow));
    },
    count: async (atMost) =>
      countOfMatches(order, atMost, async (most) => {
        const where = await filter(false);
        const indexed = tx.engine === 'sqlite' && searchesTrigrams(query.search);
        return indexed ? countWithWords(tx, query.search, where, most) : countUpTo(tx, tasks, where, most);
      }),
  };
}

/** Every company's open tasks with their history, a slice at a time, narrowed by the query's company filter when set (the provider's list). */
export function openTaskListReader(tx: Tx, query: Omit<OpenTaskListQuery, 'page' | 'perPage'>): ListReader<TaskDto> {
  return openTasksReader(tx, query, query.company);
}

/** One page of every company's open tasks with their history (see openTaskListReader). */
export async function listOpenTasks(tx: Tx, query: OpenTaskListQuery): Promise<Page<TaskDto>> {
  return pageOf(query, openTaskListReader(tx, query));
}

/** One page of a company's own open tasks with their history (a customer's list); the query's company filter is ignored. */
export async function listOwnOpenTasks(tx: Tx, query: OpenTaskListQuery, ownCompany: string): Promise<Page<TaskDto>> {
  return pageOf(query, openTasksReader(tx, query, ownCompany));
}

/** The open tasks a time log of the company may be linked to, by priority (capped). */
export async function openTaskChoices(tx: Tx, companyId: string): Promise<TaskChoice[]> {
  const { tasks } = tx.t;
  return tx
    .select({ _id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(and(isOpen, eq(tasks.companyId, companyId)))
    .orderBy(asc(tasks.priority), asc(taskRowid))
    .limit(TASK_CHOICES_LIMIT);
}

/** The task that is not deleted and matches `where`, with its history. */
async function taskWhere(tx: Tx, where: SQL | undefined): Promise<TaskDto> {
  const { tasks } = tx.t;
  const [row] = await taskRowsQuery(tx, and(where, eq(tasks.deleted, false)));
  if (!row) throw notFound('Task');
  const [task] = await withHistory(tx, [toTaskRow(row)]);
  return task!;
}

/** A task of any company by id (the provider's calls, and time logs). */
export async function findTask(tx: Tx, id: string): Promise<TaskDto> {
  const { tasks } = tx.t;
  return taskWhere(tx, eq(tasks.id, id));
}

/** A task of the caller's own company by id; another company's answers as not found. */
export async function findOwnTask(tx: Tx, id: string, ownCompany: string): Promise<TaskDto> {
  const { tasks } = tx.t;
  return taskWhere(tx, and(eq(tasks.id, id), eq(tasks.companyId, ownCompany)));
}

/** The company's newest few open tasks by last change, in one indexed query. */
export async function newestOpenTasks(db: Db, companyId: string, limit: number): Promise<DashboardTaskDto[]> {
  const rows = await plainRows(db, newestOpen(db), { companyId, limit });
  return rows.map((task) => ({ ...task, timeStamp: task.timeStamp.toISOString() }));
}

const newestOpen = preparedPer((db) => {
  const { tasks } = db.t;
  const fields = { _id: tasks.id, title: tasks.title, description: tasks.description, timeStamp: tasks.timeStamp };
  const statement = db
    .select(fields)
    .from(tasks)
    .where(and(eq(tasks.done, false), eq(tasks.deleted, false), eq(tasks.companyId, sql.placeholder('companyId'))))
    // equal times keep the task screen's order: priority, then oldest first
    .orderBy(desc(tasks.timeStamp), asc(tasks.priority), asc(tasks.creationDate), asc(tasks.id))
    .limit(sql.placeholder('limit'))
    .prepare();
  return plainSelect(statement, fields);
});
