import { accountRouter } from './modules/account/router.js';
import { superAdminUsersRouter } from './modules/users/router.js';
import { router } from './trpc.js';

export const appRouter = router({
  account: accountRouter,
  superadmin: router({
    users: superAdminUsersRouter,
  }),
});

export type AppRouter = typeof appRouter;
