import type { ComponentType } from 'react';
import { CompaniesPage } from '../pages/admin/companies/CompaniesPage.js';
import { AllTasksPage } from '../pages/admin/tasks/AllTasksPage.js';
import { AllInvoicesPage } from '../pages/admin/invoices/AllInvoicesPage.js';
import { AllPaymentsPage } from '../pages/admin/payments/AllPaymentsPage.js';
import { TimeLogsPage } from '../pages/admin/timelogs/TimeLogsPage.js';
import { WeeklyTimeLogsPage } from '../pages/admin/timelogs/WeeklyTimeLogsPage.js';
import { AllUsersPage } from '../pages/admin/users/AllUsersPage.js';
import { AllPackagesPage } from '../pages/admin/packages/AllPackagesPage.js';
import { PackageDetailPage } from '../pages/packages/PackageDetailPage.js';
import { PackagesPage } from '../pages/packages/PackagesPage.js';
import { TasksPage } from '../pages/tasks/TasksPage.js';
import { UsersPage } from '../pages/users/UsersPage.js';
import { DashboardPage } from '../pages/dashboard/DashboardPage.js';
import { ActivitiesPage } from '../pages/activities/ActivitiesPage.js';
import { CheckoutPage } from '../pages/checkout/CheckoutPage.js';
import { ConfirmationPage } from '../pages/checkout/ConfirmationPage.js';
import { InvoicesPage as CustomerInvoicesPage } from '../pages/invoices/InvoicesPage.js';
import { ForgotPasswordPage } from '../pages/account/ForgotPasswordPage.js';
import { HomePage } from '../pages/HomePage.js';
import { ProfilePage } from '../pages/account/ProfilePage.js';
import { ResetPasswordPage } from '../pages/account/ResetPasswordPage.js';
import { SignInPage } from '../pages/account/SignInPage.js';
import { SignUpPage } from '../pages/account/SignUpPage.js';
import type { Access } from './Guard.js';

export type AppRoute = { path: string; access: Access; component: ComponentType };

const admin = { role: 'isAdmin' } as const;
const superAdmin = { role: 'isSuperAdmin' } as const;

/** SPEC.md §2 route table. */
export const routes: AppRoute[] = [
  { path: '/', access: 'everyone', component: HomePage },
  { path: '/signin', access: 'public', component: SignInPage },
  { path: '/signup', access: 'public', component: SignUpPage },
  { path: '/forgot-password', access: 'public', component: ForgotPasswordPage },
  { path: '/reset-password/:token', access: 'public', component: ResetPasswordPage },

  { path: '/dashboard', access: 'signed-in', component: DashboardPage },
  { path: '/profile', access: 'signed-in', component: ProfilePage },
  { path: '/tasks', access: 'signed-in', component: TasksPage },
  { path: '/activities', access: 'signed-in', component: ActivitiesPage },
  { path: '/packages/:id', access: 'signed-in', component: PackageDetailPage },

  { path: '/invoices', access: admin, component: CustomerInvoicesPage },
  { path: '/checkout', access: admin, component: CheckoutPage },
  // SPEC.md §2: the package detail's Buy Package button links here.
  { path: '/dashboard/checkout', access: admin, component: CheckoutPage },
  { path: '/confirmation', access: admin, component: ConfirmationPage },
  { path: '/users', access: admin, component: UsersPage },
  { path: '/packages', access: admin, component: PackagesPage },

  { path: '/companies', access: superAdmin, component: CompaniesPage },
  { path: '/timelogs', access: superAdmin, component: TimeLogsPage },
  { path: '/dailytimelogs', access: superAdmin, component: WeeklyTimeLogsPage },
  { path: '/allinvoices', access: superAdmin, component: AllInvoicesPage },
  { path: '/allpayments', access: superAdmin, component: AllPaymentsPage },
  { path: '/alltasks', access: superAdmin, component: AllTasksPage },
  { path: '/allusers', access: superAdmin, component: AllUsersPage },
  { path: '/allpackages', access: superAdmin, component: AllPackagesPage },
];
