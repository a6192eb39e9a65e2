import { accountRouter } from './modules/account/router.js';
import { brandingRouter } from './modules/branding/router.js';
import { superAdminUsersRouter } from './modules/users/router.js';
import { router } from './trpc.js';

export const appRouter = router({
  account: accountRouter,
  branding: brandingRouter,
  superadmin: router({
    users: superAdminUsersRouter,
  }),
});

export type AppRouter = typeof appRouter;
