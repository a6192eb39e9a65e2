import { MutationCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '../server/router.js';
import { PUBLIC_PROCEDURES } from '../shared/public-calls.js';
import { refreshAfter } from './lib/freshness.js';
import { clearSession, getSession, raiseUnauthorized } from './session.js';

export const trpc = createTRPCReact<AppRouter>();

/** The calls made without a token; every other call needs one. */
const publicCalls = new Set(PUBLIC_PROCEDURES);

export const NO_TOKEN_MESSAGE = 'Cannot find token';

/** A protected call with no stored token fails here, before any request is made. */
const requireToken: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    if (!publicCalls.has(op.path) && !getSession()) {
      observer.error(TRPCClientError.from(new Error(NO_TOKEN_MESSAGE)));
      return;
    }
    return next(op).subscribe(observer);
  });

/** Any 401 clears the session and raises the 'unauthorized' event; other errors go to the caller. */
const handleUnauthorized: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) =>
    next(op).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error: (error) => {
        if (httpStatusOf(error) === 401) {
          clearSession();
          raiseUnauthorized();
        }
        observer.error(error);
      },
    }),
  );

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { httpStatus?: number } | undefined;
  return data?.httpStatus;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      requireToken,
      handleUnauthorized,
      // Public calls travel apart, so they never carry the token (docs/product-rules.md#roles-and-access).
      splitLink({
        condition: (op) => publicCalls.has(op.path),
        true: httpBatchLink({ url: '/trpc' }),
        false: httpBatchLink({
          url: '/trpc',
          headers: () => {
            const token = getSession()?.token;
            return token ? { jwttoken: token } : {};
          },
        }),
      }),
    ],
  });
}

export function createQueryClient() {
  const queryClient: QueryClient = new QueryClient({
    // After every successful call, the answers it changed are asked for again (lib/freshness.ts).
    mutationCache: new MutationCache({ onSuccess: (_data, _input, _context, mutation) => refreshAfter(queryClient, mutation.options.mutationKey) }),
    defaultOptions: {
      queries: {
        // A 4xx will not fix itself by asking again; a 5xx or a dropped connection gets one more try.
        retry: (failures, error) => failures < 1 && (httpStatusOf(error) ?? 500) >= 500,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * The text to show for a failed call: the server's own message when it sent one, else the
 * screen's fallback. Transport failures (a proxy's HTML page, a dropped connection) carry no
 * message meant for people, and the locally raised 'Cannot find token' is shown as it is.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback;
  const fromServer = httpStatusOf(error) !== undefined || error.message === NO_TOKEN_MESSAGE;
  return fromServer && error.message.trim() ? error.message : fallback;
}
