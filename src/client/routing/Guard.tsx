import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { hasRole, useSession, type RequiredRole } from '../session.js';

export type Access = 'everyone' | 'public' | 'signed-in' | { role: RequiredRole };

/**
 * The route guard (docs/product-rules.md#roles-and-access): no session -> /signin; a role the user lacks -> /dashboard; both
 * replace the history entry so Back does not return to the refused page.
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  if (access === 'everyone' || access === 'public') return children;
  if (!session) return <Redirect to="/signin" replace />;
  if (typeof access === 'object' && !hasRole(session, access.role)) return <Redirect to="/dashboard" replace />;
  return children;
}
