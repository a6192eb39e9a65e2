import { parseArgs } from 'node:util';

/*
 * The bench's flags. Sizes default to a provider a few years in; --small is a quick run that
 * still goes through every step.
 */

export type Sizes = {
  companies: number;
  users: number;
  tasks: number;
  logs: number;
  invoices: number;
  payments: number;
  packages: number;
  /** Rows of the audit log. */
  events: number;
};

/** How long each measurement may run: a count of requests, cut short at a time limit. */
export type Budget = {
  oneClient: { requests: number; maxMs: number };
  manyClients: { clients: number; requestsEach: number; maxMs: number };
  /** Each side of a project-against-bare comparison, after a 1 s warm-up. */
  throughputMs: number;
};

/** Where the app's data lives: the SQLite file, or a PostgreSQL server the bench makes a database on. */
export type BenchEngine = { engine: 'sqlite' } | { engine: 'postgres'; serverUrl: string | undefined };

export type BenchOptions = {
  sizes: Sizes;
  database: BenchEngine;
  budget: Budget;
  preset: 'full' | 'small';
  load: boolean;
  loadSeconds: number;
  loadClients: number;
  /** Seed, then measure the write path only (its figures before and after a change to it). */
  writesOnly: boolean;
};

export const FULL_SIZES: Sizes = { companies: 1_000, users: 3_000, tasks: 10_000, logs: 200_000, invoices: 50_000, payments: 45_000, packages: 300, events: 1_000_000 };
export const SMALL_SIZES: Sizes = { companies: 50, users: 150, tasks: 500, logs: 10_000, invoices: 2_500, payments: 2_250, packages: 30, events: 50_000 };

export const FULL_BUDGET: Budget = {
  oneClient: { requests: 200, maxMs: 10_000 },
  manyClients: { clients: 20, requestsEach: 50, maxMs: 20_000 },
  throughputMs: 3_000,
};
export const SMALL_BUDGET: Budget = {
  oneClient: { requests: 50, maxMs: 3_000 },
  manyClients: { clients: 20, requestsEach: 10, maxMs: 5_000 },
  throughputMs: 2_000,
};

const sizeFlags = ['companies', 'users', 'tasks', 'logs', 'invoices', 'payments', 'events'] as const;

export const USAGE = `npm run bench [-- flags]
  --small                  a quick run: ${describeSizes(SMALL_SIZES)}, shorter runs
  --companies N --users N --tasks N --logs N --invoices N --payments N --events N
                           sizes (default ${describeSizes(FULL_SIZES)})
  --db postgres://USER@HOST/DB
                           run on PostgreSQL: the seed is copied into a new database made on that
                           server (which the URL's user may create), dropped at the end
  --db postgres            the same on a throwaway cluster of this machine's PostgreSQL
  --load                   add a mixed read/write run of 200 concurrent clients (on PostgreSQL:
                           two app processes on the one database, the clients shared between them)
  --load-seconds S         how long the --load run lasts (default 120)
  --load-clients N         how many clients the --load run has (default 200)
  --writes-only            seed, then measure the write path only (to compare a change to it)`;

export function describeSizes(sizes: Sizes): string {
  return `${sizes.companies} companies, ${sizes.users} users, ${sizes.tasks} tasks, ${sizes.logs} time logs, ${sizes.invoices} invoices, ${sizes.payments} payments, ${sizes.events} events`;
}

function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min} (got "${text}").`);
  return value;
}

function databaseOption(given: string | undefined): BenchEngine {
  if (given === undefined || given === 'sqlite') return { engine: 'sqlite' };
  if (given === 'postgres') return { engine: 'postgres', serverUrl: undefined };
  if (/^postgres(ql)?:\/\//.test(given)) return { engine: 'postgres', serverUrl: given };
  throw new Error(`--db must be postgres://user@host/database, postgres (a throwaway cluster) or sqlite (got "${given}").`);
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      small: { type: 'boolean', default: false },
      db: { type: 'string' },
      load: { type: 'boolean', default: false },
      'load-seconds': { type: 'string', default: '120' },
      'load-clients': { type: 'string', default: '200' },
      'writes-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      ...Object.fromEntries(sizeFlags.map((flag) => [flag, { type: 'string' as const }])),
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const preset = values.small ? 'small' : 'full';
  const sizes = { ...(preset === 'small' ? SMALL_SIZES : FULL_SIZES) };
  for (const flag of sizeFlags) {
    const given = (values as Record<string, unknown>)[flag];
    if (typeof given === 'string') sizes[flag] = wholeNumber(flag, given, 1);
  }
  // the super-admin and one admin per company come first
  if (sizes.users < sizes.companies + 1) throw new Error(`--users must be at least --companies + 1 (${sizes.companies + 1}).`);
  if (sizes.payments > sizes.invoices * 2) throw new Error('--payments may be at most twice --invoices.');
  return {
    sizes,
    database: databaseOption(values.db),
    budget: preset === 'small' ? SMALL_BUDGET : FULL_BUDGET,
    preset,
    load: Boolean(values.load),
    loadSeconds: wholeNumber('load-seconds', String(values['load-seconds']), 1),
    loadClients: wholeNumber('load-clients', String(values['load-clients']), 1),
    writesOnly: Boolean(values['writes-only']),
  };
}
