import type { ComponentType } from 'react';
import { CompaniesPage } from '../pages/admin/companies/CompaniesPage.js';
import { AllTasksPage } from '../pages/admin/tasks/AllTasksPage.js';
import { TimeLogsPage } from '../pages/admin/timelogs/TimeLogsPage.js';
import { WeeklyTimeLogsPage } from '../pages/admin/timelogs/WeeklyTimeLogsPage.js';
import { AllUsersPage } from '../pages/admin/users/AllUsersPage.js';
import { TasksPage } from '../pages/tasks/TasksPage.js';
import { UsersPage } from '../pages/users/UsersPage.js';
import { DashboardPage } from '../pages/dashboard/DashboardPage.js';
import { ForgotPasswordPage } from '../pages/account/ForgotPasswordPage.js';
import { HomePage } from '../pages/HomePage.js';
import { ProfilePage } from '../pages/account/ProfilePage.js';
import { ResetPasswordPage } from '../pages/account/ResetPasswordPage.js';
import { ScreenInProgress } from '../pages/ScreenInProgress.js';
import { SignInPage } from '../pages/account/SignInPage.js';
import { SignUpPage } from '../pages/account/SignUpPage.js';
import type { Access } from './Guard.js';

export type AppRoute = { path: string; access: Access; component: ComponentType };

const admin = { role: 'isAdmin' } as const;
const superAdmin = { role: 'isSuperAdmin' } as const;
const inProgress = (title: string) => () => <ScreenInProgress title={title} />;

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
  { path: '/activities', access: 'signed-in', component: inProgress('Activities') },
  { path: '/packages/:id', access: 'signed-in', component: inProgress('Package') },

  { path: '/invoices', access: admin, component: inProgress('Invoices') },
  { path: '/checkout', access: admin, component: inProgress('Checkout') },
  { path: '/confirmation', access: admin, component: inProgress('Confirmation') },
  { path: '/users', access: admin, component: UsersPage },
  { path: '/packages', access: admin, component: inProgress('Package Options') },

  { path: '/companies', access: superAdmin, component: CompaniesPage },
  { path: '/timelogs', access: superAdmin, component: TimeLogsPage },
  { path: '/dailytimelogs', access: superAdmin, component: WeeklyTimeLogsPage },
  { path: '/allinvoices', access: superAdmin, component: inProgress('Invoices') },
  { path: '/allpayments', access: superAdmin, component: inProgress('Payments') },
  { path: '/alltasks', access: superAdmin, component: AllTasksPage },
  { path: '/allusers', access: superAdmin, component: AllUsersPage },
  { path: '/allpackages', access: superAdmin, component: inProgress('Packages') },
];
