import { z } from 'zod';
import { setupOutput, testEmailOutput } from '../../../shared/setup.js';
import { noInput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as setup from './service.js';

const tags = ['Settings (super-admin)'];

export const superAdminSetupRouter = router({
  checklist: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/setup', tags, summary: "The first-day checklist: business profile, payment details, first package, email delivery, first customer approved", description: 'Super-admins only. Each step says whether it is done, read from the data as it stands: the profile has an email and an address or phone; one way to pay is fully set; a package exists; SMTP_URL is set and the last test email was delivered; a customer user is approved. email says whether emails are sent over SMTP or written as files (and where), with the last test email\'s delivery.' } })
    .input(noInput)
    .output(setupOutput)
    .query(({ ctx }) => setup.setupChecklist(ctx.deps)),

  sendTestEmail: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/setup/test-email', tags, summary: 'Send yourself a test email', description: 'Super-admins only. Queues a test email to your own address through the outbox, as every email goes; GET /superadmin/setup then shows whether it was delivered, or the error the mail server gave.' } })
    .input(noInput)
    .output(testEmailOutput)
    .mutation(({ ctx }) => setup.sendTestEmail(ctx.deps, ctx.actor, ctx.source)),

  hide: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/setup/hidden', tags, summary: 'Hide or show the first-day checklist on the overview', description: 'Super-admins only. hidden true keeps the checklist off the overview even while steps are left; false brings it back.' } })
    .input(z.object({ hidden: z.boolean({ message: 'hidden must be true or false.' }) }))
    .output(setupOutput)
    .mutation(({ ctx, input }) => setup.hideChecklist(ctx.deps, ctx.source, input.hidden)),
});
