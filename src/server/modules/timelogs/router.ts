import { z } from 'zod';
import { MAX_TIMESHEET_ROWS } from '../../../shared/limits.js';
import { pageOutput } from '../../../shared/list.js';
import {
  MAX_HOURS_PER_LOG,
  MAX_WEEKS_PER_PAGE,
  timeLogFormInput,
  timeLogListInput,
  timeLogOutput,
  timeLogsByDateInput,
  timeLogUpdateInput,
  weekSummaryPageOutput,
  WEEKS_PER_PAGE,
} from '../../../shared/timelogs.js';
import { currentWeekOutput, TIMESHEET_DAYS, timesheetInput, timesheetOutput, timesheetWeekInput, timesheetWeekOutput } from '../../../shared/timesheet.js';
import { idParam, noInput } from '../../../shared/validation.js';
import { keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import { findTimeLog } from './queries.js';
import * as timelogs from './service.js';
import { currentWeek, loggedWeek, saveTimesheet } from './timesheet.js';
import { weeklySummaries } from './weeks.js';

const tags = ['Time logs (super-admin)'];

export const superAdminTimelogsRouter = router({
  list: superAdminProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/superadmin/timelogs',
        tags,
        summary:
          "Time logs, newest first; search matches the description, the hours (e.g. 1.5) or the date-time as the screen shows it (e.g. 'Mar 2, 2026, 10:30 AM') in timeZone (default APP_TIMEZONE)",
        description:
          "Super-admins only. Every company's time logs; invertedHours is the hours worked, as a positive number, and task and taskTitle name the linked task (null when none). company narrows them to one company; from and to (YYYY-MM-DD, both included, days of APP_TIMEZONE) to the logs of a period. from after to, or a day that does not exist, is a 400.",
      },
    })
    .input(timeLogListInput)
    .output(pageOutput(timeLogOutput))
    .query(({ ctx, input }) => timelogs.listAllTimeLogs(ctx.deps, input)),

  byDate: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/timelogs/by-date',
        tags,
        summary: 'Weekly summaries (Monday to Sunday in APP_TIMEZONE) of the weeks with logs, newest week first; optionally of one company',
        description:
          `Super-admins only. Each week that has logs comes with its total hours, the number of days with hours (workingDays) and of logs, and dailyBreakdown, the hours and logs of each day that has logs, oldest first. A page holds ${WEEKS_PER_PAGE} weeks unless per_page says otherwise (at most ${MAX_WEEKS_PER_PAGE}); an unknown company is a 404.`,
      },
      paged: true,
    })
    .input(timeLogsByDateInput)
    .output(weekSummaryPageOutput)
    .query(({ ctx, input }) => weeklySummaries(ctx.deps, input)),

  create: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/superadmin/timelogs',
        tags,
        summary: "Log hours for a company; task 'new' creates a task, closeTask marks it done and emailClient emails the company",
        description:
          "Super-admins only. Records hours worked for a company (invertedHours, at most two decimals) at an instant (timeStamp); a ledger entry takes them off the company's balance. task links an open task of the company, or 'new' creates one from newTaskTitle (required then) and newTaskDescription.",
      },
    })
    .input(timeLogFormInput)
    .output(timeLogOutput)
    .mutation(({ ctx, input }) => timelogs.createTimeLog(ctx.deps, ctx.source, input)),

  timesheetWeek: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/timelogs/timesheet',
        tags,
        summary: 'What a company has logged in a week (weekStart, a Monday in APP_TIMEZONE): hours and the number of logs per task (null: no task) and day, Monday to Sunday',
        description:
          'Super-admins only. The Timesheet screen shows these sums in its cells, so a week is never logged twice by mistake; a cell of one log (logs = 1) can be changed by the save call. Hours are decimal hours (1.5 = 1 h 30 min); days run Monday to Sunday in APP_TIMEZONE. A week without logs answers empty rows.',
      },
    })
    .input(timesheetWeekInput)
    .output(timesheetWeekOutput)
    .query(({ ctx, input }) => loggedWeek(ctx.deps, input.company, input.weekStart)),

  currentWeek: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/timelogs/timesheet/current-week',
        tags,
        summary: "The Monday of this week in APP_TIMEZONE, the week the Timesheet opens on",
        description:
          "Super-admins only. The timesheet's days are counted in the provider's zone (APP_TIMEZONE), not the browser's, so the screen asks the server which week is this week; a provider in New York and an admin in Berlin see the same week on a Monday morning in Berlin.",
      },
    })
    .input(noInput)
    .output(currentWeekOutput)
    .query(({ ctx }) => currentWeek(ctx.deps)),

  saveTimesheet: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/superadmin/timelogs/timesheet',
        tags,
        summary:
          'Log a week of hours for one company in one call: a row per task (or none) with seven day cells, Monday to Sunday; each non-empty cell becomes a time log stamped 09:00 of its day in APP_TIMEZONE, with its ledger entry, all in one transaction or none',
        description:
          `Super-admins only. Each cell is decimal hours (0 to ${MAX_HOURS_PER_LOG}; a day's cells together at most ${MAX_HOURS_PER_LOG}). At most ${MAX_TIMESHEET_ROWS} rows of ${TIMESHEET_DAYS} cells. A task must be the company's and still open. changes sets the hours of a cell (task, day 0 = Monday to 6 = Sunday) that already holds exactly one log, and 0 removes that log; a cell holding no log or several is refused (change those on Time Logs). Changes are made before the rows' new logs. Any refused row or change refuses the whole sheet and writes nothing; the answer lists the logs created and changed and the ids of those removed.`,
      },
    })
    .input(timesheetInput)
    .output(timesheetOutput)
    .mutation(({ ctx, input }) => saveTimesheet(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => findTimeLog(ctx.deps.db, id), ['company', 'timeStamp', 'invertedHours', 'description', 'task']))
    .meta({
      openapi: {
        method: 'PUT',
        path: '/superadmin/timelogs/{id}',
        tags,
        summary: "Change a time log and its ledger entry; task 'new' creates a task, closeTask and emailClient are ignored",
        description:
          "Super-admins only. Changes the hours, time, task or description of a time log; its ledger entry and the company's balance follow. Fields left out keep their current values and null clears an optional one, so a script may send only what changes.",
      },
    })
    .input(timeLogUpdateInput)
    .output(timeLogOutput)
    .mutation(({ ctx, input }) => timelogs.updateTimeLog(ctx.deps, ctx.source, input.id, input)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/timelogs/{id}', tags, summary: 'Delete a time log and its ledger entry', description: "Super-admins only. Removes the time log and its ledger entry, so its hours are back in the company's balance." } })
    .input(z.object({ id: idParam }))
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await timelogs.deleteTimeLog(ctx.deps, ctx.source, input.id);
      return null;
    }),
});
