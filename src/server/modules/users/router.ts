import { z } from 'zod';
import { pageOutput } from '../../../shared/list.js';
import { adminUserFields, companyUserListInput, companyUserOutput, inviteColleagueInput, userListInput, userOutput } from '../../../shared/users.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { companyAdminProcedure, router, superAdminProcedure } from '../../trpc.js';
import { createUserByAdmin, deleteUserByAdmin, listCompanyUsers, updateUserByAdmin } from './admin.js';
import { inviteColleague, removeColleague } from './colleagues.js';
import { resetTwoFactor } from '../two-factor/service.js';
import * as users from './service.js';

const tags = ['Users (super-admin)'];
const byId = z.object({ id: idParam });

export const usersRouter = router({
  list: companyAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/users', tags: ['Users'], summary: "Your company's users: name, email and role, by first name; search matches name or email" } })
    .input(companyUserListInput)
    .output(pageOutput(companyUserOutput))
    .query(({ ctx, input }) => listCompanyUsers(ctx.deps, ctx.companyId, input)),
  invite: companyAdminProcedure
    .meta({ rateLimit: 'colleague-invite', openapi: { method: 'POST', path: '/users/invite', tags: ['Users'], summary: "Invite a colleague into your company; they wait for the provider's approval as a sign-up does, then get a set-password email", description: "Company admins only. The colleague joins the admin's own company as a member, unapproved and without a password; the provider is emailed as for a sign-up. At most 100 users a company and 20 invitations an admin an hour." } })
    .input(inviteColleagueInput)
    .output(companyUserOutput)
    .mutation(({ ctx, input }) => inviteColleague(ctx.deps, ctx.actor, ctx.companyId, input)),
  remove: companyAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/{id}', tags: ['Users'], summary: "Remove a colleague of your company (not yourself); their sessions end", description: 'Company admins only. The user must belong to your company; the rules of deleting a user in the back office apply (a 409 for yourself). Another company\'s user is a 404.' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      removeColleague(ctx.deps, ctx.actor, ctx.companyId, input.id);
      return null;
    }),
});

export const superAdminUsersRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/users', tags, summary: 'Users with their company, newest first; search matches name or email; awaitingApproval=true keeps those not yet approved' } })
    .input(userListInput)
    .output(pageOutput(userOutput))
    .query(({ ctx, input }) => users.listAllUsers(ctx.deps, input)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/users', tags, summary: 'Add a user (no password until a set-password link is used)' } })
    .input(adminUserFields)
    .output(userOutput)
    .mutation(({ ctx, input }) => createUserByAdmin(ctx.deps, input)),

  update: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/{id}', tags, summary: 'Change a user' } })
    .input(adminUserFields.extend({ id: idParam }))
    .output(userOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => updateUserByAdmin(ctx.deps, ctx.actor, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/users/{id}', tags, summary: 'Delete a user' } })
    .input(byId)
    .output(z.null())
    .mutation(({ ctx, input }) => {
      deleteUserByAdmin(ctx.deps, ctx.actor, input.id);
      return null;
    }),

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

  resetTwoFactor: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/resettwofactor/{id}', tags, summary: "Turn off a user's two-factor sign-in (lost phone and recovery codes), sign them out everywhere and email them" } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => resetTwoFactor(ctx.deps, ctx.actor, input.id)),
});
