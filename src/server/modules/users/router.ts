import { z } from 'zod';
import { userOutput } from '../../../shared/users.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { router, superAdminProcedure } from '../../trpc.js';
import * as users from './service.js';

const tags = ['Users (super-admin)'];
const byId = z.object({ id: idParam });

export const superAdminUsersRouter = router({
  list: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/users', tags, summary: 'Every user, newest first' } })
    .input(z.void())
    .output(z.array(userOutput))
    .query(({ ctx }) => users.listAllUsers(ctx.deps)),

  activate: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/activate/{id}', tags, summary: 'Approve a user and email them' } })
    .input(byId)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.activateUser(ctx.deps, input.id)),

  sendSetPassword: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/sendsetpassword/{id}', tags, summary: 'Email a set-password link valid 7 days' } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => users.sendSetPasswordEmail(ctx.deps, input.id)),
});
