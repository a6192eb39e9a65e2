import { events } from '../../drizzle/schema.js';
import { benchId as newId } from './ids.js';
import { inserter } from './insert.js';
import type { World } from './seed-rows.js';

/*
 * The audit log of a provider a few years in: events spread evenly over the years, oldest first (so
 * the rowid follows time, as when they were written), mostly the provider's time logs and invoice
 * work, the customers' tasks and purchases, sign-ins, and the scheduled work's expiries. Raw rows on
 * the SQLite bulk path, like the other tables' (seed-rows.ts).
 */

/** Kinds of event with how often each comes, out of 100. */
const MIX: { type: string; subjectType: string; share: number; by: 'provider' | 'customer' | 'scheduled' }[] = [
  { type: 'time_log.created', subjectType: 'time_log', share: 40, by: 'provider' },
  { type: 'time_log.updated', subjectType: 'time_log', share: 8, by: 'provider' },
  { type: 'sign_in.succeeded', subjectType: 'user', share: 15, by: 'customer' },
  { type: 'task.created', subjectType: 'task', share: 8, by: 'customer' },
  { type: 'task.updated', subjectType: 'task', share: 6, by: 'customer' },
  { type: 'invoice.created', subjectType: 'invoice', share: 6, by: 'customer' },
  { type: 'invoice.updated', subjectType: 'invoice', share: 3, by: 'provider' },
  { type: 'payment.created', subjectType: 'payment', share: 6, by: 'provider' },
  { type: 'hours.activated', subjectType: 'invoice', share: 5, by: 'provider' },
  { type: 'hours.expired', subjectType: 'hour_block', share: 2, by: 'scheduled' },
  { type: 'sign_in.failed', subjectType: 'user', share: 1, by: 'customer' },
];

/** A sample of what the filters look for: an actor, a company, a record. */
export type EventSample = { actorId: string; companyId: string; subjectId: string };

export function seedEvents(world: World, count: number): EventSample {
  const insert = inserter(world.sqlite, events, ['id', 'occurredAt', 'type', 'actorId', 'actorLabel', 'companyId', 'subjectType', 'subjectId', 'changes', 'ipAddress']);
  const { random } = world;
  const kinds = MIX.flatMap((kind) => Array<(typeof MIX)[number]>(kind.share).fill(kind));
  const step = (world.now - world.start) / count;
  let subjectId = '';
  for (let i = 0; i < count; i += 1) {
    const kind = random.pick(kinds);
    const companyIndex = random.skewedIndex(world.companyIds.length);
    const actorId = kind.by === 'provider' ? world.superAdminId : kind.by === 'customer' ? world.adminIds[companyIndex]! : null;
    subjectId = newId();
    insert({
      id: newId(),
      occurredAt: Math.floor(world.start + i * step),
      type: kind.type,
      actorId,
      actorLabel: actorId === null ? 'Scheduled work' : actorId === world.superAdminId ? 'Pat Provider <provider@bench.example>' : `Admin ${companyIndex} <admin${companyIndex}@bench.example>`,
      companyId: world.companyIds[companyIndex]!,
      subjectType: kind.subjectType,
      subjectId,
      changes: JSON.stringify({ description: { before: 'Before', after: `After ${i}` } }),
      ipAddress: actorId === null ? null : '203.0.113.7',
    });
  }
  return { actorId: world.adminIds[0]!, companyId: world.companyIds[0]!, subjectId };
}
