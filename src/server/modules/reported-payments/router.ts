import { z } from 'zod';
import { DOWNLOAD_LINK_LIFETIME_MS, downloadLinkOutput } from '../../../shared/exports.js';
import { durationText, REPORT_BODY_LIMIT_BYTES } from '../../../shared/limits.js';
import {
  confirmReportInput,
  pendingReportsOutput,
  PROOF_TYPES_TEXT,
  rejectReportInput,
  reportedPaymentOutput,
  reportIdInput,
  reportPaymentInput,
  REPORTS_SHOWN,
} from '../../../shared/reported-payments.js';
import { rateLimitText } from '../../rate-limit.js';
import { companyAdminProcedure, router, superAdminProcedure } from '../../trpc.js';
import * as reports from './service.js';

const customerTags = ['Invoices'];
const adminTags = ['Reported payments (super-admin)'];

export const reportedPaymentsRouter = router({
  report: companyAdminProcedure
    .meta({
      rateLimit: 'payment-report',
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
      openapi: {
        method: 'POST',
        path: '/invoices/{invoice}/reported-payments',
        tags: customerTags,
        summary: "Report a payment you sent for one of your company's invoices; it counts once the provider confirms it",
        description: `Company admins of a company only (the provider's super-admin has none: 403); ${rateLimitText('payment-report')}. Says that money was sent for an invoice of the caller's company not paid in full (another company's invoice is a 404): the method, the amount in dollars (above 0, at most the invoice's remainingBalance, else 400), the day it was sent (YYYY-MM-DD, not in the future) and a one-line reference, with an optional proof: ${PROOF_TYPES_TEXT} of at most 5 MB as a data URL, its type read from its bytes (anything else is a 400 and nothing is kept). The provider is emailed. An invoice paid in full, or one with a report still waiting, is a 409. Nothing counts toward the invoice's balance or hours until the provider confirms it.`,
      },
    })
    .input(reportPaymentInput)
    .output(reportedPaymentOutput)
    .mutation(({ ctx, input }) => reports.reportPayment(ctx.deps, ctx.source, { userId: ctx.actor.userId, companyId: ctx.companyId() }, input)),

  proofLink: companyAdminProcedure
    .meta({
      rateLimit: 'download',
      openapi: {
        method: 'GET',
        path: '/reported-payments/{id}/proof/link',
        tags: customerTags,
        summary: `A signed link (${durationText(DOWNLOAD_LINK_LIFETIME_MS)}) to a reported payment's proof; or GET /reported-payments/{id}/proof with the jwttoken header`,
        description: `Company admins, for their own company's reports, and the provider's super-admin, for any; ${rateLimitText('download')}. A report of another company, an unknown one, or one sent without a proof is a 404. The file is served as an attachment with the type read from its bytes, never shown in the page.`,
      },
    })
    .input(reportIdInput)
    .output(downloadLinkOutput)
    .query(({ ctx, input }) => reports.proofLink(ctx.deps, { userId: ctx.actor.userId, companyId: ctx.actor.isSuperAdmin ? null : ctx.companyId() }, input.id)),
});

export const superAdminReportedPaymentsRouter = router({
  pending: superAdminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/superadmin/reported-payments',
        tags: adminTags,
        summary: `Payments customers reported that wait for a decision: how many, and the oldest ${REPORTS_SHOWN}`,
        description: "Super-admins only. count is every report still pending; oldest lists the first few reported, with their invoice, company, amount in dollars, method, day sent, reference and whether a proof came with it. The invoice lists show each invoice's latest report too (reportedPayment).",
      },
    })
    .input(z.void())
    .output(pendingReportsOutput)
    .query(({ ctx }) => reports.reportsAwaitingDecision(ctx.deps)),

  confirm: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/superadmin/reported-payments/{id}/confirm',
        tags: adminTags,
        summary: 'Confirm a reported payment: it becomes a completed payment of its invoice',
        description:
          "Super-admins only. Records a completed payment for the report's invoice with the amount (dollars), method, day and reference given (the screen fills them from the report; change them where the money arrived otherwise) and marks the report confirmed with that payment, in one step. The invoice's balance, status and hours follow as for any payment, and sendEmail (default true) emails the company a receipt. A report already confirmed or rejected is a 409; an amount over what is still owed a 400.",
      },
    })
    .input(confirmReportInput)
    .output(reportedPaymentOutput)
    .mutation(({ ctx, input }) => reports.confirmReport(ctx.deps, ctx.source, ctx.actor.userId, input)),

  reject: superAdminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/superadmin/reported-payments/{id}/reject',
        tags: adminTags,
        summary: 'Reject a reported payment with a reason; the customer is emailed it',
        description:
          "Super-admins only. Marks the report rejected with the reason (required, one line), which the customer's Invoices page shows; whoever reported it and the company's admins are emailed it. Nothing changes on the invoice, and the customer may report again. A report already confirmed or rejected is a 409.",
      },
    })
    .input(rejectReportInput)
    .output(reportedPaymentOutput)
    .mutation(({ ctx, input }) => reports.rejectReport(ctx.deps, ctx.source, ctx.actor.userId, input.id, input.reason)),
});
