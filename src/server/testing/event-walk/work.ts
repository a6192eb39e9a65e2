import type { Db } from '../../db.js';
import { unwatchedLedger } from '../../modules/activities/company-hours.js';
import { recordTimeLogHours } from '../../modules/activities/ledger.js';
import { createCompany, createTask, createTimeLogRow } from '../factories.js';
import type { WalkEntries, WalkWorld } from './world.js';

/*
 * The walk's entries for the work done for a company: its tasks (by its users and by the provider)
 * and the provider's time logs, one at a time and a week on the timesheet.
 */

/** An open task of the walk's company. */
const openTask = async ({ t, companyId }: WalkWorld) => (await createTask(t.deps.db, { companyId })).id;

/** A log of 1.5 hours with its ledger entry, as one logged on the Time Logs screen (the factories' bare row has none to change). */
async function loggedHours(db: Db, companyId: string, timeStamp: Date) {
  return db.transaction(async (tx) => {
    const log = await createTimeLogRow(tx, { companyId, timeStamp, hundredths: 150, description: 'Walk work' });
    await recordTimeLogHours(unwatchedLedger, tx, { companyId, timeLogId: log.id, hundredths: 150, description: 'Walk work', timeStamp, now: timeStamp });
    return log;
  });
}

/** Monday of the timesheet's week, and the instant its Monday and Tuesday logs are at (10:00 in APP_TIMEZONE, New York). */
const WEEK = '2026-03-02';
const MONDAY = new Date('2026-03-02T15:00:00.000Z');
const TUESDAY = new Date('2026-03-03T15:00:00.000Z');

export const workEntries: WalkEntries = {
  'tasks.create': { as: 'member', input: () => ({ title: 'Walk task' }), records: ['task.created'] },
  'tasks.update': { as: 'member', input: async (world) => ({ id: await openTask(world), title: 'Renamed by a member', description: '', priority: 2 }), records: ['task.updated'] },
  'tasks.delete': { as: 'member', input: async (world) => ({ id: await openTask(world) }), records: ['task.deleted'] },

  'superadmin.tasks.create': { as: 'superadmin', input: ({ companyId }) => ({ company: companyId, title: 'Walk task of the provider' }), records: ['task.created'] },
  'superadmin.tasks.update': { as: 'superadmin', input: async (world) => ({ id: await openTask(world), title: 'Renamed by the provider', description: '', priority: 3 }), records: ['task.updated'] },
  'superadmin.tasks.delete': { as: 'superadmin', input: async (world) => ({ id: await openTask(world) }), records: ['task.deleted'] },
  'superadmin.tasks.markDone': { as: 'superadmin', input: async (world) => ({ id: await openTask(world), emailClient: false }), records: ['task.completed'] },

  'superadmin.timelogs.create': {
    as: 'superadmin',
    // a log that creates its task and closes it: the three events of one call
    input: ({ companyId }) => ({
      company: companyId,
      timeStamp: '2026-02-10T15:00:00.000Z',
      invertedHours: 1.5,
      description: 'Walk work',
      task: 'new',
      newTaskTitle: 'Walk task of a log',
      closeTask: true,
      emailClient: false,
    }),
    records: ['time_log.created', 'task.created', 'task.completed'],
  },
  'superadmin.timelogs.update': {
    as: 'superadmin',
    input: async ({ t, companyId }) => {
      const log = await loggedHours(t.deps.db, companyId, new Date('2026-02-11T15:00:00.000Z'));
      return { id: log.id, company: companyId, timeStamp: log.timeStamp.toISOString(), invertedHours: 2, description: 'Walk work, changed' };
    },
    records: ['time_log.updated'],
  },
  'superadmin.timelogs.delete': {
    as: 'superadmin',
    input: async ({ t, companyId }) => ({ id: (await loggedHours(t.deps.db, companyId, new Date('2026-02-12T15:00:00.000Z'))).id }),
    records: ['time_log.deleted'],
  },
  'superadmin.timelogs.saveTimesheet': {
    as: 'superadmin',
    // a company of its own, so its cells hold only these logs: Monday's changed, Tuesday's removed, Wednesday logged
    input: async ({ t }) => {
      const company = await createCompany(t.deps.db, { companyName: 'Walk Timesheet Co' });
      await loggedHours(t.deps.db, company.id, MONDAY);
      await loggedHours(t.deps.db, company.id, TUESDAY);
      return {
        company: company.id,
        weekStart: WEEK,
        rows: [{ hours: [null, null, 1, null, null, null, null] }],
        changes: [
          { task: null, day: 0, hours: 3 },
          { task: null, day: 1, hours: 0 },
        ],
      };
    },
    records: ['time_log.created', 'time_log.updated', 'time_log.deleted'],
  },
};
