import { activitiesRouter } from './modules/activities/router.js';
import { accountRouter } from './modules/account/router.js';
import { brandingRouter } from './modules/branding/router.js';
import { dashboardRouter } from './modules/dashboard/router.js';
import { superAdminCompaniesRouter } from './modules/companies/router.js';
import { superAdminEventsRouter } from './modules/events/router.js';
import { superAdminExportsRouter } from './modules/exports/router.js';
import { packagesRouter, superAdminPackagesRouter } from './modules/packages/router.js';
import { invoicesRouter, superAdminInvoicesRouter } from './modules/invoices/router.js';
import { superAdminOverviewRouter } from './modules/overview/router.js';
import { superAdminPlansRouter } from './modules/plans/router.js';
import { superAdminSettingsRouter } from './modules/settings/router.js';
import { superAdminWebhooksRouter } from './modules/webhooks/router.js';
import { superAdminSetupRouter } from './modules/setup/router.js';
import { superAdminPaymentsRouter } from './modules/payments/router.js';
import { reportedPaymentsRouter, superAdminReportedPaymentsRouter } from './modules/reported-payments/router.js';
import { superAdminScheduleRouter } from './modules/schedule/router.js';
import { superAdminSearchRouter } from './modules/search/router.js';
import { superAdminTasksRouter, tasksRouter } from './modules/tasks/router.js';
import { twoFactorRouter } from './modules/two-factor/router.js';
import { superAdminTimelogsRouter } from './modules/timelogs/router.js';
import { superAdminUsersRouter, usersRouter } from './modules/users/router.js';
import { router } from './trpc.js';

export const appRouter = router({
  account: accountRouter,
  twoFactor: twoFactorRouter,
  branding: brandingRouter,
  activities: activitiesRouter,
  dashboard: dashboardRouter,
  tasks: tasksRouter,
  invoices: invoicesRouter,
  reportedPayments: reportedPaymentsRouter,
  packages: packagesRouter,
  users: usersRouter,
  superadmin: router({
    users: superAdminUsersRouter,
    tasks: superAdminTasksRouter,
    packages: superAdminPackagesRouter,
    companies: superAdminCompaniesRouter,
    timelogs: superAdminTimelogsRouter,
    schedule: superAdminScheduleRouter,
    invoices: superAdminInvoicesRouter,
    payments: superAdminPaymentsRouter,
    reportedPayments: superAdminReportedPaymentsRouter,
    exports: superAdminExportsRouter,
    overview: superAdminOverviewRouter,
    plans: superAdminPlansRouter,
    settings: superAdminSettingsRouter,
    setup: superAdminSetupRouter,
    search: superAdminSearchRouter,
    events: superAdminEventsRouter,
    webhooks: superAdminWebhooksRouter,
  }),
});

export type AppRouter = typeof appRouter;
