import { z } from 'zod';
import {
  balanceEmailInput,
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
import { RUNNING_LOW_CARD_LIMIT } from '../../../shared/balance-alerts.js';
import { hundredthsToHours } from '../../../shared/hours.js';
import { pageNumber, pageOutput, perPageNumber } from '../../../shared/list.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
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
      },
    })
    .input(z.object({ page: pageNumber.default(1), perPage: perPageNumber(10, RUNNING_LOW_CARD_LIMIT) }).prefault({}))
    .output(pageOutput(runningLowCompanyOutput))
    .query(({ ctx, input }) => companies.runningLowCompanies(ctx.deps, input)),

  alertSettings: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/companies/alert-settings', tags, summary: "The provider's default low-balance threshold in hours (LOW_BALANCE_HOURS), for companies without their own" } })
    .input(z.void())
    .output(z.object({ defaultThresholdHours: z.number() }))
    .query(({ ctx }) => ({ defaultThresholdHours: hundredthsToHours(ctx.deps.config.lowBalanceHundredths) })),

  options: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/companies/options', tags, summary: `Company choices for a picker: up to ${COMPANY_OPTIONS_LIMIT} by name containing the search, plus the company named by include` } })
    .input(companyOptionsInput)
    .output(z.array(companyOptionOutput))
    .query(({ ctx, input }) => companies.companyOptions(ctx.deps.db, input.search, input.include)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/companies', tags, summary: 'Add a company (no _id)' } })
    .input(companyCreateInput)
    .output(companyOutput)
    .mutation(({ ctx, input: { _id: _ignored, ...fields } }) => companies.createCompany(ctx.deps, fields)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/companies/{id}', tags, summary: "Change a company's name, address, phone and website" } })
    .input(companyUpdateInput)
    .output(companyOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => companies.updateCompany(ctx.deps, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/companies/{id}', tags, summary: 'Delete a company without invoices, payments or time logs, with its users, tasks and custom packages' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      companies.deleteCompany(ctx.deps, input.id);
      return null;
    }),

  sendBalanceEmail: superAdminProcedure
    .meta({ rateLimit: 'balance-email', openapi: { method: 'PUT', path: '/superadmin/companies/email/{kind}/{companyId}', tags, summary: "Email the company's approved users a running-low (runningLow) or negative (negative) balance reminder" } })
    .input(balanceEmailInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => companies.sendBalanceEmail(ctx.deps, input.kind, input.companyId)),

  sendRunningLowEmails: superAdminProcedure
    .meta({
      rateLimit: 'balance-email',
      openapi: {
        method: 'POST',
        path: '/superadmin/companies/email-running-low',
        tags,
        summary:
          "Email every running-low company matching the Company List's filter (search, company, positiveOnly) the balance email its balance calls for, skipping those sent that kind in the last 24 hours; up to 200 at once",
      },
    })
    .input(bulkBalanceEmailInput)
    .output(bulkBalanceEmailOutput)
    .mutation(({ ctx, input }) => companies.sendRunningLowEmails(ctx.deps, input)),
});
