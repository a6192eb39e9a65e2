import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { clearSession } from '../session.js';
import { trpc } from '../trpc.js';

/** Logout: ends the session on the server, clears the stored one and the cache, goes to /signin. */
export function useSignOut() {
  const logout = trpc.account.logout.useMutation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // Already gone on the server (or unreachable): signing out here is still right.
    }
    clearSession();
    queryClient.clear();
    navigate('/signin');
  };
}
