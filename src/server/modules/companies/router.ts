import { z } from 'zod';
import {
  balanceEmailInput,
  companyCreateInput,
  companyListInput,
  COMPANY_OPTIONS_LIMIT,
  companyOptionOutput,
  companyOptionsInput,
  companyOutput,
  companyUpdateInput,
} from '../../../shared/companies.js';
import { pageOutput } from '../../../shared/list.js';
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
        summary: 'Companies by name, with hour balance, pending hours and open-task count; search matches the name; positiveOnly=true keeps those with hours above 0 and an open task',
      },
    })
    .input(companyListInput)
    .output(pageOutput(companyOutput))
    .query(({ ctx, input }) => companies.listCompanies(ctx.deps.db, input)),

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
    .meta({ openapi: { method: 'PUT', path: '/superadmin/companies/email/{kind}/{companyId}', tags, summary: "Email the company's approved users a running-low (runningLow) or negative (negative) balance reminder" } })
    .input(balanceEmailInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => companies.sendBalanceEmail(ctx.deps, input.kind, input.companyId)),
});
