import { z } from 'zod';
import { pageOutput } from '../../../shared/list.js';
import {
  PACKAGE_CATALOGUE_LIMIT,
  packageChoicesInput,
  packageDetailOutput,
  packageFormInput,
  packageListInput,
  packageOutput,
  packageUpdateInput,
} from '../../../shared/packages.js';
import { idParam } from '../../../shared/validation.js';
import { companyAdminProcedure, keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import * as packages from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Packages'];
const adminTags = ['Packages (super-admin)'];

export const packagesRouter = router({
  list: companyAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/packages', tags: customerTags, summary: `Packages on offer to your company: its custom ones first, then general ones, each by hours (at most ${PACKAGE_CATALOGUE_LIMIT})`, description: "Company admins of a company only (the provider's super-admin has none: 403). The packages the company may buy now: general ones and its own custom ones whose start date has come and whose end date has not passed; rate is dollars an hour and price is hours x rate in dollars, rounded to the cent." } })
    .input(z.void())
    .output(z.array(packageOutput))
    .query(({ ctx }) => packages.catalogue(ctx.deps, ctx.companyId())),

  /** The same audience and offer rule as the list: a package not in your catalogue is not found. */
  detail: companyAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/packages/{id}', tags: customerTags, summary: 'Name, price and description of a package on offer to your company (company admins)', description: "Company admins of a company only. The package's name (its description), price in dollars, hours and rate, for a package on offer to the company now; another company's custom package, or one not yet started or already ended, is a 404." } })
    .input(byId)
    .output(packageDetailOutput)
    .query(({ ctx, input }) => packages.packageDetail(ctx.deps, ctx.companyId(), input.id)),
});

export const superAdminPackagesRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/packages', tags: adminTags, summary: "Packages with their company, by rate, highest first; search matches the description; company keeps that company's custom packages", description: 'Super-admins only. Every package whatever its dates, general ones with company null; rate is dollars an hour and price hours x rate in dollars.' } })
    .input(packageListInput)
    .output(pageOutput(packageOutput))
    .query(({ ctx, input }) => packages.listAllPackages(ctx.deps, input)),

  choices: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/packages/choices', tags: adminTags, summary: "Packages an invoice for the company may copy: general ones and the company's own, by description", description: "Super-admins only. Up to 500 packages, general ones and the company's own custom ones whatever their dates, to fill in an invoice's description, hours and rate; an unknown company gets the general ones." } })
    .input(packageChoicesInput)
    .output(z.array(packageOutput))
    .query(({ ctx, input }) => packages.packageChoices(ctx.deps, input.company)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/packages', tags: adminTags, summary: 'Add a package (general, or custom when company is given)', description: "Super-admins only. hours (default 0) at rate dollars an hour (default 1000) gives the price, rounded to the cent; it is on offer from startDate (now when left out) until endDate (none when left out; before the start is a 400). A company makes it that company's own (a 404 if there is none); without one it is offered to every company. validityMonths (1 to 120) says how long the hours of an invoice bought from it stay valid once it is paid in full (null: they never expire); rollover { limit, unit: hours or percent, months } how much of a block's unused hours roll over at its expiry, into a block valid months more (needs a validity). An invoice copies the package's terms when it is made." } })
    .input(packageFormInput)
    .output(packageOutput)
    .mutation(({ ctx, input }) => packages.createPackage(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => packages.findPackage(ctx.deps.db, id), ['description', 'hours', 'rate', 'startDate', 'endDate', 'company', 'validityMonths', 'rollover']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/packages/{id}', tags: adminTags, summary: 'Change a package', description: 'Super-admins only. Changes the package\'s description, hours, rate, dates and company (null makes it general). Fields left out keep their current values and null clears an optional one, so a script may send only what changes. Invoices already made from it keep their own description, hours, rate and price. validityMonths (1 to 120) says how long the hours of an invoice bought from it stay valid once it is paid in full (null: they never expire); rollover { limit, unit: hours or percent, months } how much of a block\'s unused hours roll over at its expiry, into a block valid months more (needs a validity). An invoice copies the package\'s terms when it is made.' } })
    .input(packageUpdateInput)
    .output(packageOutput)
    .mutation(({ ctx, input: { id, ...form } }) => packages.updatePackage(ctx.deps, ctx.source, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/packages/{id}', tags: adminTags, summary: 'Delete a package; invoices keep their copy of its numbers', description: 'Super-admins only. Removes the package from the catalogue; invoices bought from it keep their description, hours, rate and price, and only lose the link to it.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await packages.deletePackage(ctx.deps, ctx.source, input.id);
      return null;
    }),
});
