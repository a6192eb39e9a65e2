import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { toastFailed } from '../lib/toast.js';
import { hasRole, useSession, type RequiredRole } from '../session.js';

/** A role route may say why it refused (`refusal`), so the user is not sent back without a word. */
export type Access = 'everyone' | 'public' | 'signed-in' | { role: RequiredRole; refusal?: string };

/**
 * The route guard (docs/product-rules.md#roles-and-access): no session -> /signin; a role the user lacks -> /dashboard; both
 * replace the history entry so Back does not return to the refused page.
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  if (access === 'everyone' || access === 'public') return children;
  if (!session) return <Redirect to="/signin" replace />;
  if (typeof access === 'object' && !hasRole(session, access.role)) return <Refused reason={access.refusal} />;
  return children;
}

function Refused({ reason }: { reason: string | undefined }) {
  useEffect(() => {
    if (reason) toastFailed('Not available to you', reason);
  }, [reason]);
  return <Redirect to="/dashboard" replace />;
}
