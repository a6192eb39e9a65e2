import { activities, hourBlocks, planPeriods, plans } from '../../drizzle/schema.js';
import { EXPIRED_ENTRY, ROLLED_IN_ENTRY, ROLLED_OUT_ENTRY } from '../../src/server/modules/activities/blocks.js';
import { replayBlocks, type ExpiringBlock, type LedgerMove } from '../../src/shared/hour-blocks.js';
import { benchId as newId } from './ids.js';
import { inserter } from './insert.js';
import { DAY_MS, type World } from './seed-rows.js';

/*
 * Hour blocks as a provider a few years in would have them: half the paid purchases were quarterly
 * blocks, half of those rolling a quarter of their unused hours over for a month; every block's
 * figures are a replay of its company's ledger, and the expiries that have come are written as the
 * expiry run writes them (Expired, a Rollover pair and the rolled-over block). A tenth of the
 * companies are on a monthly plan, invoiced for the last twelve months. Run after the invoices and
 * time logs are in, before the companies' figures are summed.
 */

const QUARTER_MS = 91 * DAY_MS;
const ROLLOVER_MS = 30 * DAY_MS;

type Entry = { id: string; companyId: string; activityType: 'TimeAdd' | 'TimeLog'; hundredths: number; timeStamp: number; createdAt: number; invoiceId: string | null };
type Block = ExpiringBlock & { companyId: string; entryId: string; invoiceId: string };

export function seedHourBlocks(world: World): void {
  const { sqlite, random, now } = world;
  // eslint-disable-next-line no-restricted-syntax -- better-sqlite3's own statement on the SQLite-only seeding path
  const entries = sqlite
    .prepare<[], Entry>(
      `select id, company_id as companyId, activity_type as activityType, hundredths, time_stamp as timeStamp, created_at as createdAt, invoice_id as invoiceId
       from activities where status = 'completed' and activity_type in ('TimeAdd', 'TimeLog')`,
    )
    .all();
  const byCompany = new Map<string, Entry[]>();
  for (const entry of entries) {
    const ledger = byCompany.get(entry.companyId);
    if (ledger) ledger.push(entry);
    else byCompany.set(entry.companyId, [entry]);
  }
  const write = blockWriter(world);
  for (const [companyId, ledger] of byCompany) {
    const blocks = new Map<string, Block>();
    const moves = ledger.map((entry): LedgerMove => {
      const key = { at: entry.timeStamp, createdAt: entry.createdAt, id: entry.id };
      if (entry.activityType === 'TimeLog') return { kind: 'debit', key, hundredths: -entry.hundredths };
      if (!random.chance(0.5)) return { kind: 'credit', key, hundredths: entry.hundredths, block: null };
      const expiresAt = entry.timeStamp + QUARTER_MS;
      const block: Block = {
        id: newId(),
        companyId,
        entryId: entry.id,
        invoiceId: entry.invoiceId!,
        expiresAt,
        rollover: random.chance(0.5) ? { limit: 25, unit: 'percent', expiresAt: expiresAt + ROLLOVER_MS } : null,
      };
      blocks.set(block.id, block);
      return { kind: 'credit', key, hundredths: entry.hundredths, block };
    });
    const outcomes = replayBlocks(moves).blocks;
    for (const block of blocks.values()) write(block, outcomes.get(block.id)!, now);
  }
  seedPlans(world);
}

/** Writes a block, and what its expiry wrote if it has come, as the services leave them. */
function blockWriter(world: World) {
  const insertBlock = inserter(world.sqlite, hourBlocks, [
    'id', 'companyId', 'entryId', 'rolledFromId', 'expiresAt', 'rolloverLimit', 'rolloverUnit', 'rolloverExpiresAt',
    'unusedHundredths', 'rolledHundredths', 'rolledUnusedHundredths', 'expiredAt', 'expiredEntryId', 'rolloverEntryId', 'createdAt',
  ]);
  const insertEntry = inserter(world.sqlite, activities, ['id', 'companyId', 'activityType', 'status', 'hundredths', 'description', 'timeStamp', 'invoiceId', 'timeLogId', 'createdAt']);
  const invoiceTerms = world.sqlite.prepare('update invoices set validity_months = 3, rollover_limit = ?, rollover_unit = ?, rollover_months = ? where id = ?');
  const entry = (companyId: string, activityType: 'Expired' | 'Rollover', hundredths: number, description: string, at: number, order: number) => {
    if (hundredths === 0) return null;
    const id = newId();
    insertEntry({ id, companyId, activityType, status: 'completed', hundredths, description, timeStamp: at, invoiceId: null, timeLogId: null, createdAt: at + order });
    return id;
  };
  return (block: Block, outcome: { unused: number; rolled: number; rolledUnused: number }, now: number) => {
    const { companyId, expiresAt, rollover } = block;
    invoiceTerms.run(rollover?.limit ?? null, rollover?.unit ?? null, rollover ? 1 : null, block.invoiceId);
    const due = expiresAt <= now;
    const expiredEntryId = due ? entry(companyId, 'Expired', -(outcome.unused - outcome.rolled), EXPIRED_ENTRY, expiresAt, 0) : null;
    const rolled = due && outcome.rolled > 0;
    const rolloverEntryId = rolled ? entry(companyId, 'Rollover', -outcome.rolled, ROLLED_OUT_ENTRY, expiresAt, 1) : null;
    insertBlock({
      id: block.id, companyId, entryId: block.entryId, rolledFromId: null, expiresAt,
      rolloverLimit: rollover?.limit ?? null, rolloverUnit: rollover?.unit ?? null, rolloverExpiresAt: rollover?.expiresAt ?? null,
      unusedHundredths: outcome.unused, rolledHundredths: outcome.rolled, rolledUnusedHundredths: outcome.rolledUnused,
      expiredAt: due ? expiresAt : null, expiredEntryId, rolloverEntryId, createdAt: block.expiresAt - QUARTER_MS,
    });
    if (!rolled) return;
    const rolledIn = entry(companyId, 'Rollover', outcome.rolled, ROLLED_IN_ENTRY, expiresAt, 2)!;
    const childDue = rollover!.expiresAt <= now;
    insertBlock({
      id: newId(), companyId, entryId: rolledIn, rolledFromId: block.id, expiresAt: rollover!.expiresAt,
      rolloverLimit: null, rolloverUnit: null, rolloverExpiresAt: null,
      unusedHundredths: outcome.rolledUnused, rolledHundredths: 0, rolledUnusedHundredths: 0,
      expiredAt: childDue ? rollover!.expiresAt : null,
      expiredEntryId: childDue ? entry(companyId, 'Expired', -outcome.rolledUnused, EXPIRED_ENTRY, rollover!.expiresAt, 0) : null,
      rolloverEntryId: null, createdAt: expiresAt,
    });
  };
}

/** A tenth of the companies on a monthly plan of a general package, a year in, next invoiced next month. */
function seedPlans(world: World): void {
  const insertPlan = inserter(world.sqlite, plans, [
    'id', 'companyId', 'packageId', 'description', 'hundredths', 'rateCents', 'validityMonths', 'rolloverLimit', 'rolloverUnit', 'rolloverMonths',
    'dayOfMonth', 'firstPeriod', 'pausedUntil', 'lastPeriod', 'nextPeriod', 'nextIssueAt', 'createdAt',
  ]);
  const insertPeriod = inserter(world.sqlite, planPeriods, ['id', 'planId', 'period', 'invoiceId', 'createdAt']);
  const { random, now } = world;
  const month = (offset: number) => {
    const date = new Date(now);
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + offset);
    return { text: date.toISOString().slice(0, 7), at: date.getTime() };
  };
  world.companyIds.forEach((companyId, index) => {
    if (index % 10 !== 3 || world.generalPackages.length === 0) return;
    const offer = random.pick(world.generalPackages);
    const planId = newId();
    const dayOfMonth = random.int(1, 28);
    insertPlan({
      id: planId, companyId, packageId: offer.id, description: offer.description, hundredths: offer.hundredths, rateCents: offer.rateCents,
      validityMonths: 3, rolloverLimit: null, rolloverUnit: null, rolloverMonths: null, dayOfMonth,
      firstPeriod: month(-12).text, pausedUntil: null, lastPeriod: null, nextPeriod: month(1).text,
      nextIssueAt: month(1).at + (dayOfMonth - 1) * DAY_MS, createdAt: month(-12).at,
    });
    for (let offset = -12; offset <= 0; offset += 1) {
      insertPeriod({ id: newId(), planId, period: month(offset).text, invoiceId: null, createdAt: month(offset).at + (dayOfMonth - 1) * DAY_MS });
    }
  });
}
