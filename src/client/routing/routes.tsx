import type { ComponentType } from 'react';
import type { Access } from './Guard.js';
import { lazyNamed } from '../lib/lazyNamed.js';
import { useSession } from '../session.js';

export type AppRoute = { path: string; access: Access; component: ComponentType };

/** What a plain member is told when a link leads them to an admin screen and they land on the dashboard. */
export const ADMINS_ONLY = "Only your company's admins can buy packages and see invoices.";
const admin = { role: 'isAdmin', refusal: ADMINS_ONLY } as const;
const superAdmin = { role: 'isSuperAdmin' } as const;

// Every page is its own chunk, so the first load carries only the page shown (issue 8's budgets;
// scripts/bundle-report.mjs measures them).
const WelcomePage = lazyNamed(() => import('../pages/WelcomePage.js'), 'WelcomePage');
const SignInPage = lazyNamed(() => import('../pages/account/SignInPage.js'), 'SignInPage');
const SignUpPage = lazyNamed(() => import('../pages/account/SignUpPage.js'), 'SignUpPage');
const ForgotPasswordPage = lazyNamed(() => import('../pages/account/ForgotPasswordPage.js'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('../pages/account/ResetPasswordPage.js'), 'ResetPasswordPage');
const ProfilePage = lazyNamed(() => import('../pages/account/ProfilePage.js'), 'ProfilePage');
const DashboardPage = lazyNamed(() => import('../pages/dashboard/DashboardPage.js'), 'DashboardPage');
const OverviewPage = lazyNamed(() => import('../pages/admin/overview/OverviewPage.js'), 'OverviewPage');
const TasksPage = lazyNamed(() => import('../pages/tasks/TasksPage.js'), 'TasksPage');
const ActivitiesPage = lazyNamed(() => import('../pages/activities/ActivitiesPage.js'), 'ActivitiesPage');
const PackageDetailPage = lazyNamed(() => import('../pages/packages/PackageDetailPage.js'), 'PackageDetailPage');
const CustomerInvoicesPage = lazyNamed(() => import('../pages/invoices/InvoicesPage.js'), 'InvoicesPage');
const CheckoutPage = lazyNamed(() => import('../pages/checkout/CheckoutPage.js'), 'CheckoutPage');
const ConfirmationPage = lazyNamed(() => import('../pages/checkout/ConfirmationPage.js'), 'ConfirmationPage');
const UsersPage = lazyNamed(() => import('../pages/users/UsersPage.js'), 'UsersPage');
const PackagesPage = lazyNamed(() => import('../pages/packages/PackagesPage.js'), 'PackagesPage');
const CompaniesPage = lazyNamed(() => import('../pages/admin/companies/CompaniesPage.js'), 'CompaniesPage');
const CompanyPage = lazyNamed(() => import('../pages/admin/companies/page/CompanyPage.js'), 'CompanyPage');
const TimeLogsPage = lazyNamed(() => import('../pages/admin/timelogs/TimeLogsPage.js'), 'TimeLogsPage');
const TimesheetPage = lazyNamed(() => import('../pages/admin/timelogs/timesheet/TimesheetPage.js'), 'TimesheetPage');
const WeeklyTimeLogsPage = lazyNamed(() => import('../pages/admin/timelogs/WeeklyTimeLogsPage.js'), 'WeeklyTimeLogsPage');
const AllInvoicesPage = lazyNamed(() => import('../pages/admin/invoices/AllInvoicesPage.js'), 'AllInvoicesPage');
const AllPaymentsPage = lazyNamed(() => import('../pages/admin/payments/AllPaymentsPage.js'), 'AllPaymentsPage');
const AllTasksPage = lazyNamed(() => import('../pages/admin/tasks/AllTasksPage.js'), 'AllTasksPage');
const AllUsersPage = lazyNamed(() => import('../pages/admin/users/AllUsersPage.js'), 'AllUsersPage');
const AllPackagesPage = lazyNamed(() => import('../pages/admin/packages/AllPackagesPage.js'), 'AllPackagesPage');
const SettingsPage = lazyNamed(() => import('../pages/admin/settings/SettingsPage.js'), 'SettingsPage');
const AuditLogPage = lazyNamed(() => import('../pages/admin/events/AuditLogPage.js'), 'AuditLogPage');
const WebhooksPage = lazyNamed(() => import('../pages/admin/webhooks/WebhooksPage.js'), 'WebhooksPage');

/** /dashboard: the provider's overview for the super-admin, the company dashboard for everyone else. */
function DashboardForRole() {
  return useSession()?.isSuperAdmin ? <OverviewPage /> : <DashboardPage />;
}

/** '/': the same page as /dashboard when signed in; signed out, the welcome page (the dashboards' code loads only for a session). */
function HomePage() {
  return useSession() ? <DashboardForRole /> : <WelcomePage />;
}

/** Who may open which route: docs/product-rules.md#roles-and-access. */
export const routes: AppRoute[] = [
  { path: '/', access: 'everyone', component: HomePage },
  { path: '/signin', access: 'public', component: SignInPage },
  { path: '/signup', access: 'public', component: SignUpPage },
  { path: '/forgot-password', access: 'public', component: ForgotPasswordPage },
  { path: '/reset-password/:token', access: 'public', component: ResetPasswordPage },

  { path: '/dashboard', access: 'signed-in', component: DashboardForRole },
  { path: '/profile', access: 'signed-in', component: ProfilePage },
  { path: '/tasks', access: 'signed-in', component: TasksPage },
  { path: '/activities', access: 'signed-in', component: ActivitiesPage },
  { path: '/packages/:id', access: 'signed-in', component: PackageDetailPage },

  { path: '/invoices', access: admin, component: CustomerInvoicesPage },
  { path: '/checkout', access: admin, component: CheckoutPage },
  // The package detail's Buy Package button links here.
  { path: '/dashboard/checkout', access: admin, component: CheckoutPage },
  { path: '/confirmation', access: admin, component: ConfirmationPage },
  { path: '/users', access: admin, component: UsersPage },
  { path: '/packages', access: admin, component: PackagesPage },

  { path: '/companies', access: superAdmin, component: CompaniesPage },
  { path: '/companies/:id', access: superAdmin, component: CompanyPage },
  { path: '/timelogs', access: superAdmin, component: TimeLogsPage },
  { path: '/dailytimelogs', access: superAdmin, component: WeeklyTimeLogsPage },
  { path: '/timesheet', access: superAdmin, component: TimesheetPage },
  { path: '/allinvoices', access: superAdmin, component: AllInvoicesPage },
  { path: '/allpayments', access: superAdmin, component: AllPaymentsPage },
  { path: '/alltasks', access: superAdmin, component: AllTasksPage },
  { path: '/allusers', access: superAdmin, component: AllUsersPage },
  { path: '/settings', access: superAdmin, component: SettingsPage },
  { path: '/auditlog', access: superAdmin, component: AuditLogPage },
  { path: '/webhooks', access: superAdmin, component: WebhooksPage },
  { path: '/allpackages', access: superAdmin, component: AllPackagesPage },
];
