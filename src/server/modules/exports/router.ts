import { DOWNLOAD_LINK_LIFETIME_MS, downloadLinkOutput, exportLinkInput } from '../../../shared/exports.js';
import { durationText } from '../../../shared/limits.js';
import { MAX_RUNNING_DOWNLOADS } from '../../download-slots.js';
import { rateLimitText } from '../../rate-limit.js';
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
          `A signed link (${durationText(DOWNLOAD_LINK_LIFETIME_MS)}) to the CSV of a back-office list with the list's own search, company, sort, dir (and the list's switch: positiveOnly or lowOnly for companies, awaitingApproval for users, openOnly for invoices; from and to for time logs, invoices and payments); or GET /superadmin/exports/{list}.csv with the jwttoken header`,
        description:
          `Super-admins only; ${rateLimitText('download')}, each fetch of a link after its first counting as another. The parameters are checked as the list's own call checks them (a sort or switch the list does not have is a 400); the CSV holds every matching row in that order, not one page, with the screen's columns, plain numbers (dollars and hours, no $) and dates in timeZone (default APP_TIMEZONE). At most ${MAX_RUNNING_DOWNLOADS} of the provider's downloads run at once (429 beyond that).`,
      },
    })
    .input(exportLinkInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => providerExportLink(ctx.deps, ctx.actor.userId, input)),
});
