import { z } from 'zod';
import {
  balanceEmailInput,
  balanceEmailPreviewOutput,
  companyActivitiesInput,
  bulkBalanceEmailInput,
  bulkBalanceEmailOutput,
  runningLowCompanyOutput,
  companyCreateInput,
  companyListInput,
  COMPANY_OPTIONS_LIMIT,
  companyOptionOutput,
  companyOptionsInput,
  companyOutput,
  companyUpdateInput,
} from '../../../shared/companies.js';
import { activityOutput } from '../../../shared/activities.js';
import { BALANCE_EMAIL_REPEAT_MS, BULK_BALANCE_EMAIL_LIMIT, DEFAULT_LOW_BALANCE_HOURS, LOW_BALANCE_MAX_HOURS, RUNNING_LOW_CARD_LIMIT } from '../../../shared/balance-alerts.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { durationText } from '../../../shared/limits.js';
import { pageNumber, pageOutput, perPageNumber } from '../../../shared/list.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { rateLimitText } from '../../rate-limit.js';
import { keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import { companyActivities } from '../activities/service.js';
import { readSettings } from '../settings/service.js';
import * as companies from './service.js';

const tags = ['Companies (super-admin)'];
const byId = z.object({ id: idParam });

export const superAdminCompaniesRouter = router({
  list: superAdminProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/superadmin/companies',
        tags,
        summary:
          'Companies by name, with hour balance, pending hours, open-task count, low-balance threshold, when each balance email was last sent and the run-out forecast; search matches the name; positiveOnly=true keeps those with hours above 0 and an open task; lowOnly=true those at or below their threshold',
        description:
          "Super-admins only. hourBalance (completed ledger entries), pendingHours (purchases not yet paid) and the thresholds are in hours; thresholdHours is the company's own lowBalanceHours or, when that is null, the provider's default (LOW_BALANCE_HOURS).",
      },
    })
    .input(companyListInput)
    .output(pageOutput(companyOutput))
    .query(({ ctx, input }) => companies.listCompanies(ctx.deps, ctx.deps.db, input)),

  runningLow: superAdminProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/superadmin/companies/running-low',
        tags,
        summary: `Companies at or below their low-balance threshold (negative ones included), lowest balance first, with threshold and run-out forecast; at most ${RUNNING_LOW_CARD_LIMIT} a page`,
        description:
          "Super-admins only. The provider overview's Running Low card: hourBalance and thresholdHours are in hours, and forecast is null for a company already out of hours or without use in the last 8 whole weeks.",
      },
    })
    .input(z.object({ page: pageNumber.default(1), perPage: perPageNumber(10, RUNNING_LOW_CARD_LIMIT) }).prefault({}))
    .output(pageOutput(runningLowCompanyOutput))
    .query(({ ctx, input }) => companies.runningLowCompanies(ctx.deps, input)),

  alertSettings: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/companies/alert-settings', tags, summary: "The provider's default low-balance threshold in hours, for companies without their own", description: `Super-admins only. The running-low threshold, in hours, of every company whose lowBalanceHours is null: set on the Settings page (PUT /superadmin/settings), else by the LOW_BALANCE_HOURS environment variable (${DEFAULT_LOW_BALANCE_HOURS} when neither).` } })
    .input(z.void())
    .output(z.object({ defaultThresholdHours: z.number() }))
    .query(async ({ ctx }) => ({ defaultThresholdHours: hundredthsToHours((await readSettings(ctx.deps.config, ctx.deps.db)).lowBalanceHundredths) })),

  options: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/companies/options', tags, summary: `Company choices for a picker: up to ${COMPANY_OPTIONS_LIMIT} by name containing the search, plus the company named by include`, description: 'Super-admins only. The id and name of the companies whose name contains search (ignoring case), by name; include names a company to put first when it is not among them, so a picker can show the one already chosen.' } })
    .input(companyOptionsInput)
    .output(z.array(companyOptionOutput))
    .query(({ ctx, input }) => companies.companyOptions(ctx.deps.db, input.search, input.include)),

  get: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/companies/{id}',
        tags,
        summary: "One company with its hour balance, pending hours, low-balance threshold, last balance emails and run-out forecast: its page's header",
        description:
          "Super-admins only. The company as the Company List shows it: hourBalance (completed ledger entries), pendingHours (purchases not yet paid) and thresholdHours (its own lowBalanceHours, or the provider's default when that is null) in hours; forecast is null for a company out of hours or without use in the last 8 whole weeks. An unknown id is a 404.",
      },
    })
    .input(byId)
    .output(companyOutput)
    .query(({ ctx, input }) => companies.findCompany(ctx.deps, ctx.deps.db, input.id)),

  activities: superAdminProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/superadmin/companies/{id}/activities',
        tags,
        summary: "One company's hours ledger, newest first, with the running balance after each entry",
        description:
          "Super-admins only. The company's purchases (TimeAdd, pending until the invoice is paid in full) and time logged (TimeLog, negative hours), each with the balance in hours after it, as its users see them on Activities; a pending entry leaves the balance as it was. An unknown id is a 404.",
      },
    })
    .input(companyActivitiesInput)
    .output(pageOutput(activityOutput))
    .query(({ ctx, input: { id, ...page } }) => companyActivities(ctx.deps, id, page)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/companies', tags, summary: 'Add a company (no _id)', description: `Super-admins only. Adds a company with its name (required), address, phone, website and lowBalanceHours, its own running-low threshold in hours (0 to ${LOW_BALANCE_MAX_HOURS}, at most 2 decimals; null follows LOW_BALANCE_HOURS); it starts with no hours. A body with an _id is a 400: change an existing company with PUT /superadmin/companies/{id}.` } })
    .input(companyCreateInput)
    .output(companyOutput)
    .mutation(({ ctx, input: { _id: _ignored, ...fields } }) => companies.createCompany(ctx.deps, ctx.source, fields)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => companies.findCompany(ctx.deps, ctx.deps.db, id), ['companyName', 'companyAddress', 'companyPhone', 'website', 'lowBalanceHours', 'overageRate']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/companies/{id}', tags, summary: "Change a company's name, address, phone and website", description: "Super-admins only. Changes the company's name, address, phone, website and lowBalanceHours (null follows the provider's default). Fields left out keep their current values and null clears an optional one, so a script may send only what changes. The project description from sign-up stays. A new threshold sends no email by itself, but a company whose balance is now above it is re-armed for the low-balance alerts." } })
    .input(companyUpdateInput)
    .output(companyOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => companies.updateCompany(ctx.deps, ctx.source, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/companies/{id}', tags, summary: 'Delete a company without invoices, payments or time logs, with its users, tasks and custom packages', description: 'Super-admins only. Deletes the company with its users (and their sessions and links), its tasks and their history, and its custom packages. A company with any invoice, payment or time log is a 409 naming them: billing records are kept.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await companies.deleteCompany(ctx.deps, ctx.source, input.id);
      return null;
    }),

  sendBalanceEmail: superAdminProcedure
    .meta({ rateLimit: 'balance-email', openapi: { method: 'PUT', path: '/superadmin/companies/email/{kind}/{companyId}', tags, summary: "Email the company's approved users a running-low (runningLow) or negative (negative) balance reminder", description: `Super-admins only; ${rateLimitText('balance-email')}. Sends the chosen email with the company's current balance, pending hours and run-out forecast, and notes when that kind went out (runningLowEmailedAt or negativeEmailedAt). The negative email needs a balance below 0: otherwise it is a 409 and sends nothing, as for a company without approved users. GET .../preview shows the email first.` } })
    .input(balanceEmailInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => companies.sendBalanceEmail(ctx.deps, ctx.source, input.kind, input.companyId)),

  previewBalanceEmail: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/companies/email/{kind}/{companyId}/preview',
        tags,
        summary: 'The running-low (runningLow) or negative (negative) balance email as PUT /superadmin/companies/email/{kind}/{companyId} would send it now, without sending it',
        description:
          "Super-admins only. Rendered from the same template with the company's current balance, pending hours and forecast: subject, plain-text and HTML bodies, and the approved users it would go to (empty: the send would be a 409). A negative email for a balance of 0 or more is a 409, as the send is.",
      },
    })
    .input(balanceEmailInput)
    .output(balanceEmailPreviewOutput)
    .query(({ ctx, input }) => companies.previewBalanceEmail(ctx.deps, input.kind, input.companyId)),

  sendRunningLowEmails: superAdminProcedure
    .meta({
      rateLimit: 'balance-email',
      openapi: {
        method: 'POST',
        path: '/superadmin/companies/email-running-low',
        tags,
        summary:
          `Email every running-low company matching the Company List's filter (search, company, positiveOnly) the balance email its balance calls for, skipping those sent that kind in the last ${durationText(BALANCE_EMAIL_REPEAT_MS)}; up to ${BULK_BALANCE_EMAIL_LIMIT} at once`,
        description:
          `Super-admins only; ${rateLimitText('balance-email')}. Lowest balance first, each matching company at or below its threshold gets the negative email below 0 and the running-low email otherwise, unless that kind went out to it in the last ${durationText(BALANCE_EMAIL_REPEAT_MS)} or it has no approved user; all in one transaction. Answers how many were sent; skipped, every matching company left out for either reason; and remaining, the companies due an email beyond these ${BULK_BALANCE_EMAIL_LIMIT}, which another send would email (a company without an approved user is skipped, never remaining, so sending again until remaining is 0 always finishes).`,
      },
    })
    .input(bulkBalanceEmailInput)
    .output(bulkBalanceEmailOutput)
    .mutation(({ ctx, input }) => companies.sendRunningLowEmails(ctx.deps, ctx.source, input)),
});
