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
import { companyAdminProcedure, router, superAdminProcedure } from '../../trpc.js';
import * as packages from './service.js';

const byId = z.object({ id: idParam });
const customerTags = ['Packages'];
const adminTags = ['Packages (super-admin)'];

export const packagesRouter = router({
  list: companyAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/packages', tags: customerTags, summary: `Packages on offer to your company: its custom ones first, then general ones, each by hours (at most ${PACKAGE_CATALOGUE_LIMIT})` } })
    .input(z.void())
    .output(z.array(packageOutput))
    .query(({ ctx }) => packages.catalogue(ctx.deps, ctx.companyId)),

  /** The same audience and offer rule as the list: a package not in your catalogue is not found. */
  detail: companyAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/packages/{id}', tags: customerTags, summary: 'Name, price and description of a package on offer to your company (company admins)' } })
    .input(byId)
    .output(packageDetailOutput)
    .query(({ ctx, input }) => packages.packageDetail(ctx.deps, ctx.companyId, input.id)),
});

export const superAdminPackagesRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/packages', tags: adminTags, summary: "Packages with their company, by rate, highest first; search matches the description; company keeps that company's custom packages" } })
    .input(packageListInput)
    .output(pageOutput(packageOutput))
    .query(({ ctx, input }) => packages.listAllPackages(ctx.deps, input)),

  choices: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/packages/choices', tags: adminTags, summary: "Packages an invoice for the company may copy: general ones and the company's own, by description" } })
    .input(packageChoicesInput)
    .output(z.array(packageOutput))
    .query(({ ctx, input }) => packages.packageChoices(ctx.deps, input.company)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/packages', tags: adminTags, summary: 'Add a package (general, or custom when company is given)' } })
    .input(packageFormInput)
    .output(packageOutput)
    .mutation(({ ctx, input }) => packages.createPackage(ctx.deps, input)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/packages/{id}', tags: adminTags, summary: 'Change a package; an omitted start date stays as it was' } })
    .input(packageUpdateInput)
    .output(packageOutput)
    .mutation(({ ctx, input: { id, ...form } }) => packages.updatePackage(ctx.deps, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/packages/{id}', tags: adminTags, summary: 'Delete a package; invoices keep their copy of its numbers' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      packages.deletePackage(ctx.deps, input.id);
      return null;
    }),
});
