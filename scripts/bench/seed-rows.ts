import type Database from 'better-sqlite3';
import {
  activities,
  companies,
  packages,
  taskHistory,
  tasks,
  timeLogs,
  users,
} from '../../drizzle/schema.js';
import { benchId as newId } from './ids.js';
import { flag, inserter } from './insert.js';
import type { Random } from './random.js';

/*
 * The rows of a provider a few years in, written with raw prepared statements on a better-sqlite3
 * connection (the SQLite writing connection): a SQLite-only bulk path, synchronous for speed, so the
 * tables named are SQLite's (drizzle/schema.ts). Companies join over the years and the first ones
 * are the biggest (see Random.skewedIndex), so the customer the bench signs in as has years of
 * history. Every time log and invoice has its ledger entry, as the services would have written it.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
const YEARS = 4;

export type Ids = { id: string; companyId: string };

export type World = {
  sqlite: Database.Database;
  random: Random;
  now: number;
  start: number;
  companyIds: string[];
  /** When each company joined, epoch ms, by index. */
  joined: number[];
  superAdminId: string;
  /** The admin of each company, by index. */
  adminIds: string[];
  /** Every task of each company, by index; time logs refer to them. */
  tasksByCompany: string[][];
  openTasks: Ids[];
  timeLogSample: Ids[];
  /** Invoices with at least $100 left to pay, for payments during --load. */
  payableInvoices: Ids[];
  generalPackages: { id: string; description: string; hundredths: number; rateCents: number }[];
};

export function newWorld(sqlite: Database.Database, random: Random, now: number): World {
  return {
    sqlite,
    random,
    now,
    start: now - YEARS * 365 * DAY_MS,
    companyIds: [],
    joined: [],
    superAdminId: '',
    adminIds: [],
    tasksByCompany: [],
    openTasks: [],
    timeLogSample: [],
    payableInvoices: [],
    generalPackages: [],
  };
}

/** An instant between `from` and now. */
export const since = (world: World, from: number) => Math.floor(from + world.random.next() * (world.now - from));
export const atMostNow = (world: World, instant: number) => Math.min(world.now, instant);
export const SAMPLE_SIZE = 1_000;

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luis', 'Maya', 'Nils', 'Omar', 'Priya'];
const LAST_NAMES = ['Alvarez', 'Brown', 'Chen', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Muller', 'Novak'];
const WORK = ['Fix', 'Review', 'Migrate', 'Document', 'Upgrade', 'Investigate', 'Deploy', 'Refactor', 'Test', 'Design'];
const THINGS = ['billing export', 'login page', 'nightly backup', 'search index', 'mobile layout', 'reporting job', 'API client', 'invoice PDF', 'user import', 'cache layer'];

function workText(random: Random, n: number): string {
  return `${random.pick(WORK)} the ${random.pick(THINGS)} (${n}): ${random.pick(WORK).toLowerCase()} and check the ${random.pick(THINGS)}`;
}

export function seedCompanies(world: World, count: number): void {
  const insert = inserter(world.sqlite, companies, ['id', 'companyName', 'companyAddress', 'companyPhone', 'website', 'projectDescription', 'createdAt']);
  for (let i = 0; i < count; i += 1) {
    const id = newId();
    // the oldest companies are the biggest; the last joins about half a year ago
    const createdAt = Math.floor(world.start + (i / count) * (world.now - world.start) * 0.875);
    insert({
      id,
      companyName: `${world.random.pick(LAST_NAMES)} ${world.random.pick(THINGS).split(' ')[0]} Co ${i + 1}`,
      companyAddress: `${i + 1} Market Street, Springfield`,
      companyPhone: `555-${String(1000 + (i % 9000))}`,
      website: `https://company${i + 1}.example.com`,
      projectDescription: workText(world.random, i),
      createdAt,
    });
    world.companyIds.push(id);
    world.joined.push(createdAt);
    world.tasksByCompany.push([]);
  }
}

/** One super-admin, an admin per company, and plain users spread over the companies. */
export function seedUsers(world: World, count: number): void {
  const insert = inserter(world.sqlite, users, ['id', 'companyId', 'firstName', 'lastName', 'emailAddress', 'mobile', 'role', 'approved', 'passwordHash', 'createdAt']);
  const { random } = world;
  for (let i = 0; i < count; i += 1) {
    const companyIndex = i === 0 ? -1 : i <= world.companyIds.length ? i - 1 : random.skewedIndex(world.companyIds.length);
    const role = i === 0 ? 'superadmin' : i <= world.companyIds.length ? 'admin' : 'user';
    const id = newId();
    insert({
      id,
      companyId: companyIndex < 0 ? null : world.companyIds[companyIndex]!,
      firstName: random.pick(FIRST_NAMES),
      lastName: random.pick(LAST_NAMES),
      emailAddress: `bench.user${i}@example.com`,
      mobile: '',
      role,
      approved: flag(role !== 'user' || random.chance(0.95)),
      passwordHash: null,
      createdAt: companyIndex < 0 ? world.start : since(world, world.joined[companyIndex]!),
    });
    if (role === 'superadmin') world.superAdminId = id;
    if (role === 'admin') world.adminIds.push(id);
  }
}

/** A quarter open, most done, some deleted; a done or deleted task has its history row. */
export function seedTasks(world: World, count: number): void {
  const insert = inserter(world.sqlite, tasks, ['id', 'companyId', 'title', 'description', 'priority', 'done', 'deleted', 'creationDate', 'timeStamp']);
  const history = inserter(world.sqlite, taskHistory, ['id', 'taskId', 'changedField', 'oldValue', 'newValue', 'userId', 'creationDate']);
  const { random } = world;
  for (let i = 0; i < count; i += 1) {
    const companyIndex = random.skewedIndex(world.companyIds.length);
    const companyId = world.companyIds[companyIndex]!;
    const id = newId();
    const creationDate = since(world, world.joined[companyIndex]!);
    const state = random.next();
    const open = state < 0.25;
    const done = !open && state < 0.9;
    const timeStamp = open ? creationDate : atMostNow(world, creationDate + random.int(1, 60) * DAY_MS);
    const priority = random.int(0, 20);
    insert({
      id,
      companyId,
      title: `${random.pick(WORK)} the ${random.pick(THINGS)} #${i + 1}`,
      description: workText(random, i),
      priority,
      done: flag(done),
      deleted: flag(!open && !done),
      creationDate,
      timeStamp,
    });
    const writeHistory = (changedField: string, oldValue: string, newValue: string, at: number) =>
      history({ id: newId(), taskId: id, changedField, oldValue, newValue, userId: world.superAdminId, creationDate: at });
    if (random.chance(0.3)) writeHistory('priority', String(random.int(0, 20)), String(priority), creationDate + Math.floor((timeStamp - creationDate) / 2));
    if (done) writeHistory('done', 'false', 'true', timeStamp);
    if (!open && !done) writeHistory('deleted', 'false', 'true', timeStamp);
    world.tasksByCompany[companyIndex]!.push(id);
    if (open && world.openTasks.length < SAMPLE_SIZE) world.openTasks.push({ id, companyId });
  }
}

/** Each time log with its TimeLog ledger entry (negative hours, completed). */
export function seedTimeLogs(world: World, count: number): void {
  const insert = inserter(world.sqlite, timeLogs, ['id', 'companyId', 'taskId', 'timeStamp', 'hundredths', 'description', 'createdAt']);
  const ledger = inserter(world.sqlite, activities, ['id', 'companyId', 'activityType', 'status', 'hundredths', 'description', 'timeStamp', 'invoiceId', 'timeLogId', 'createdAt']);
  const { random } = world;
  for (let i = 0; i < count; i += 1) {
    const companyIndex = random.skewedIndex(world.companyIds.length);
    const companyId = world.companyIds[companyIndex]!;
    const companyTasks = world.tasksByCompany[companyIndex]!;
    const id = newId();
    const timeStamp = since(world, world.joined[companyIndex]!);
    const createdAt = atMostNow(world, timeStamp + random.int(0, 48) * 3_600_000);
    const hundredths = 25 * random.int(1, 32);
    const description = workText(random, i);
    insert({
      id,
      companyId,
      taskId: companyTasks.length > 0 && random.chance(0.4) ? random.pick(companyTasks) : null,
      timeStamp,
      hundredths,
      description,
      createdAt,
    });
    ledger({ id: newId(), companyId, activityType: 'TimeLog', status: 'completed', hundredths: -hundredths, description, timeStamp, invoiceId: null, timeLogId: id, createdAt });
    if (world.timeLogSample.length < SAMPLE_SIZE) world.timeLogSample.push({ id, companyId });
  }
}

export const PACKAGE_HUNDREDTHS = [500, 1000, 2000, 4000, 8000];
export const RATES_CENTS = [12_500, 15_000, 17_500, 20_000];

/** A fifth general, the rest a company's custom offer; some have ended. */
export function seedPackages(world: World, count: number): void {
  const insert = inserter(world.sqlite, packages, ['id', 'description', 'hundredths', 'rateCents', 'companyId', 'startDate', 'endDate', 'createdAt']);
  const { random } = world;
  for (let i = 0; i < count; i += 1) {
    const general = i < Math.max(1, Math.floor(count / 5));
    const id = newId();
    const hundredths = random.pick(PACKAGE_HUNDREDTHS);
    const rateCents = random.pick(RATES_CENTS);
    const description = `${hundredths / 100} hours of ${general ? 'support' : 'custom work'} (${i + 1})`;
    const startDate = since(world, world.start);
    insert({
      id,
      description,
      hundredths,
      rateCents,
      companyId: general ? null : world.companyIds[random.skewedIndex(world.companyIds.length)]!,
      startDate,
      endDate: random.chance(0.3) ? startDate + 180 * DAY_MS : null,
      createdAt: startDate,
    });
    if (general) world.generalPackages.push({ id, description, hundredths, rateCents });
  }
}

/**
 * Each company's figures as the services keep them on its row (balance and pending hours from the
 * ledger, open tasks from its tasks), filled once the rows are in: the Company List sorts and
 * filters by them, and the overview's running-low card reads them.
 */
export function seedCompanyFigures(world: World): void {
  world.sqlite.exec(`
    update companies set
      balance_hundredths = coalesce((select sum(hundredths) from activities where activities.company_id = companies.id and status = 'completed'), 0),
      pending_hundredths = coalesce((select sum(hundredths) from activities where activities.company_id = companies.id and status = 'pending' and activity_type = 'TimeAdd'), 0),
      open_tasks = (select count(*) from tasks where tasks.company_id = companies.id and done = 0 and deleted = 0)`);
}
