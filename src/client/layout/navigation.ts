import type { Session } from '../session.js';

export type NavItem = { to: string; label: string };

/** The navigation links per role (docs/product-rules.md#roles-and-access); the super-admin does not see the customer links. */
export function navigationFor(session: Session | null): NavItem[] {
  if (!session) {
    return [
      { to: '/', label: 'Dashboard' },
      { to: '/signin', label: 'Sign In' },
      { to: '/signup', label: 'Sign Up' },
    ];
  }
  const dashboard = { to: '/', label: 'Dashboard' };
  if (session.isSuperAdmin) {
    return [
      dashboard,
      { to: '/companies', label: 'Companies' },
      { to: '/allusers', label: 'Users' },
      { to: '/allpackages', label: 'Packages' },
      { to: '/alltasks', label: 'Tasks' },
      { to: '/timelogs', label: 'Time Logs' },
      { to: '/allinvoices', label: 'Invoices' },
      { to: '/allpayments', label: 'Payments' },
    ];
  }
  const customerLinks = [
    dashboard,
    { to: '/activities', label: 'Activities' },
    { to: '/packages', label: 'Packages' },
    { to: '/tasks', label: 'Open Tasks' },
    { to: '/invoices', label: 'Invoices' },
  ];
  // only a company's admins may open /users, so only they see its link
  return session.isAdmin ? [...customerLinks, { to: '/users', label: 'Users' }] : customerLinks;
}

/** '/' and '/dashboard' are one place as far as the active link is concerned. */
export function isActive(item: NavItem, location: string): boolean {
  if (item.to === '/') return location === '/' || location === '/dashboard';
  return location === item.to || location.startsWith(`${item.to}/`);
}
