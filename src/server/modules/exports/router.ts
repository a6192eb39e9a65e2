import { downloadLinkOutput, exportLinkInput } from '../../../shared/exports.js';
import { router, superAdminProcedure } from '../../trpc.js';
import { providerExportLink } from './service.js';

const tags = ['Exports (super-admin)'];

export const superAdminExportsRouter = router({
  link: superAdminProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/superadmin/exports/{list}/link',
        tags,
        summary:
          "A signed link (5 minutes) to the CSV of a back-office list with the list's own search, company, sort, dir (and the list's switch: positiveOnly or lowOnly for companies, awaitingApproval for users, openOnly for invoices); or GET /superadmin/exports/{list}.csv with the jwttoken header",
      },
    })
    .input(exportLinkInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => providerExportLink(ctx.deps, input)),
});
