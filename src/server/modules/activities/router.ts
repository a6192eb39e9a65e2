import { z } from 'zod';
import { activitiesInput, activitiesOutput } from '../../../shared/activities.js';
import { activitiesExportInput, DOWNLOAD_LINK_LIFETIME_MS, downloadLinkOutput, STATEMENT_MAX_LINES, STATEMENT_MAX_YEARS, statementInput } from '../../../shared/exports.js';
import { durationText } from '../../../shared/limits.js';
import { weeklyUsageOutput } from '../../../shared/overview.js';
import { MAX_RUNNING_PER_COMPANY } from '../../download-slots.js';
import { rateLimitText } from '../../rate-limit.js';
import { authedProcedure, companyAdminProcedure, companyProcedure, router } from '../../trpc.js';
import { activitiesExportLink, statementLink } from './downloads.js';
import { ownActivities } from './service.js';
import { weeklyUsage } from './weekly-usage.js';

const tags = ['Activities'];

export const activitiesRouter = router({
  list: authedProcedure
    .meta({
      paged: true,
      openapi: {
        method: 'GET',
        path: '/activities',
        tags,
        summary: "Your company's hours ledger, newest first, with running balances",
        description:
          "Any signed-in user; the provider's super-admin, who has no company, gets company null and no entries. One page of the caller's company's ledger: purchases (TimeAdd, pending until the invoice is paid in full) and time logged (TimeLog, negative hours), each with the balance in hours after it; a pending entry leaves the balance as it was. A block of hours that expires writes, at its expiry, an Expired entry for its unused hours and, when some roll over, a Rollover pair (out of the old block, into the new). blocks lists the company's blocks that expire and have hours left, soonest first: the hours they will leave unused as the ledger stands, the day they expire (YYYY-MM-DD in the provider's time zone) and whether they were rolled over; empty when every hour lasts.",
      },
    })
    .input(activitiesInput)
    .output(activitiesOutput)
    .query(({ ctx, input }) => ownActivities(ctx.deps, ctx.actor, input)),

  exportLink: companyProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/activities/export/link',
        tags,
        summary: `A signed link (${durationText(DOWNLOAD_LINK_LIFETIME_MS)}) to your company's whole ledger as CSV, newest first, with running balances; or GET /activities/export.csv with the jwttoken header`,
        description:
          `Any user of a company (the provider's super-admin has none: 403); ${rateLimitText('download')}, each fetch of a link after its first counting as another. The company is always the caller's own; the CSV has Date, Description, Type, Status, Hours and Balance for every entry, with dates written in timeZone. At most ${MAX_RUNNING_PER_COMPANY} download per company runs at a time (429 while another is running).`,
      },
    })
    .input(activitiesExportInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => activitiesExportLink(ctx.deps, { userId: ctx.actor.userId, companyId: ctx.companyId() }, input.timeZone)),

  statementLink: companyAdminProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/activities/statement/link',
        tags,
        summary:
          `Company admins: a signed link (${durationText(DOWNLOAD_LINK_LIFETIME_MS)}) to the statement PDF of from..to (YYYY-MM-DD, both included, at most ${STATEMENT_MAX_YEARS} years, ending by today); or GET /activities/statement.pdf with the jwttoken header`,
        description:
          `Company admins of a company only (it lists invoices and payments); ${rateLimitText('download')}, each fetch of a link after its first counting as another. The days are read in timeZone (default APP_TIMEZONE); from after to, a period over ${STATEMENT_MAX_YEARS} years, a to after today or a period with more than ${STATEMENT_MAX_LINES.toLocaleString('en-US')} ledger entries, invoices and payments together is a 400. The PDF shows the opening balance, the period's ledger entries with the balance after each, the closing balance in hours, and the invoices and payments dated in the period in dollars.`,
      },
    })
    .input(statementInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => statementLink(ctx.deps, { userId: ctx.actor.userId, companyId: ctx.companyId() }, input)),

  weeklyUsage: companyProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities/weekly',
        tags,
        summary: "Your company's hours used and hours purchased (activated) per week, the last 12 weeks, oldest first",
        description:
          "Any user of a company (the provider's super-admin has none: 403). Weeks run Monday to Sunday in the provider's time zone (APP_TIMEZONE), the current week last; usedHours sums the company's time logs of the week and purchasedHours the hours of its purchases paid in full, by the purchase's date.",
      },
    })
    .input(z.void())
    .output(weeklyUsageOutput)
    .query(({ ctx }) => weeklyUsage(ctx.deps, ctx.companyId())),
});
