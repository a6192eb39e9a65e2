import { z } from 'zod';
import { durationText, MAX_USERS_PER_COMPANY } from '../../../shared/limits.js';
import { pageOutput } from '../../../shared/list.js';
import { adminUserFields, companyUserListInput, companyUserOutput, inviteColleagueInput, userListInput, userOutput } from '../../../shared/users.js';
import { idParam, messageOutput } from '../../../shared/validation.js';
import { rateLimitText } from '../../rate-limit.js';
import { companyAdminProcedure, keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import { LINK_LIFETIME_MS } from '../account/links.js';
import { createUserByAdmin, deleteUserByAdmin, listCompanyUsers, updateUserByAdmin } from './admin.js';
import { inviteColleague, removeColleague } from './colleagues.js';
import { resetTwoFactor } from '../two-factor/service.js';
import * as users from './service.js';

const tags = ['Users (super-admin)'];
const byId = z.object({ id: idParam });

export const usersRouter = router({
  list: companyAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/users', tags: ['Users'], summary: "Your company's users: name, email and role, by first name; search matches name or email", description: "Company admins of a company only (the provider's super-admin has none: 403). The caller's own company's users, approved or still awaiting approval (the company parameter is ignored)." } })
    .input(companyUserListInput)
    .output(pageOutput(companyUserOutput))
    .query(({ ctx, input }) => listCompanyUsers(ctx.deps, ctx.companyId(), input)),
  invite: companyAdminProcedure
    .meta({ rateLimit: 'colleague-invite', openapi: { method: 'POST', path: '/users/invite', tags: ['Users'], summary: "Invite a colleague into your company; they wait for the provider's approval as a sign-up does, then get a set-password email", description: `Company admins only. The colleague joins the admin's own company as a member, unapproved and without a password; the provider is emailed as for a sign-up. An address that already has an account (in any company, or the provider's) gets the same answer, so the call does not tell who uses the portal, but nobody is added: the address's owner is emailed that someone tried to invite them. A company has at most ${MAX_USERS_PER_COMPANY} users; an admin sends ${rateLimitText('colleague-invite')}.` } })
    .input(inviteColleagueInput)
    .output(companyUserOutput)
    .mutation(({ ctx, input }) => inviteColleague(ctx.deps, ctx.actor, ctx.source, ctx.companyId(), input)),
  remove: companyAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/users/{id}', tags: ['Users'], summary: "Remove a colleague of your company (not yourself); their sessions end", description: 'Company admins only. The user must belong to your company; the rules of deleting a user in the back office apply (a 409 for yourself). Another company\'s user is a 404.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await removeColleague(ctx.deps, ctx.actor, ctx.source, ctx.companyId(), input.id);
      return null;
    }),
});

export const superAdminUsersRouter = router({
  list: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/users', tags, summary: 'Users with their company, newest first; search matches name or email; awaitingApproval=true keeps those not yet approved', description: 'Super-admins only. Every user with company, role, whether approved, whether a password is set and whether two-factor sign-in is on; company narrows them to one company.' } })
    .input(userListInput)
    .output(pageOutput(userOutput))
    .query(({ ctx, input }) => users.listAllUsers(ctx.deps, input)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/users', tags, summary: 'Add a user (no password until a set-password link is used)', description: 'Super-admins only. Adds a user without a password and emails nobody; role is free text (default admin), approved defaults to true, and a company is required (a 404 if there is none) unless the role is superadmin, which belongs to no company. An email address already in use is a 409; PUT /superadmin/users/activate/{id} or /superadmin/users/sendsetpassword/{id} then emails them a set-password link.' } })
    .input(adminUserFields)
    .output(userOutput)
    .mutation(({ ctx, input }) => createUserByAdmin(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => users.findUserDto(ctx.deps.db, id), ['firstName', 'lastName', 'emailAddress', 'company', 'role', 'approved']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/{id}', tags, summary: 'Change a user', description: "Super-admins only. Changes the user's names, email address, company, role and approval. Fields left out keep their current values and null clears an optional one, so a script may send only what changes. Nothing is emailed, a new email address revokes the user's unused reset and set-password links (they went to the old address), a new role applies from the user's next call, and taking a user's approval away ends their sessions at once (approving them again does not bring those back; they sign in again). An email address in use by another account is a 409, and so is removing your own super-admin role or approval." } })
    .input(adminUserFields.extend({ id: idParam }))
    .output(userOutput)
    .mutation(({ ctx, input: { id, ...fields } }) => updateUserByAdmin(ctx.deps, ctx.actor, ctx.source, id, fields)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/users/{id}', tags, summary: 'Delete a user', description: 'Super-admins only. Deletes the user with their sessions and links; the task history they made stays, naming a former user. Deleting your own account is a 409.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await deleteUserByAdmin(ctx.deps, ctx.actor, ctx.source, input.id);
      return null;
    }),

  activate: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/activate/{id}', tags, summary: 'Approve a user and email them', description: `Super-admins only. Approves the user so they can sign in, and emails them that they were approved; a user without a password gets a set-password link (good for ${durationText(LINK_LIFETIME_MS['set-password'])}) in that email. Approving a user again sends the email again.` } })
    .input(byId)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.activateUser(ctx.deps, ctx.source, input.id)),

  sendSetPassword: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/users/sendsetpassword/{id}', tags, summary: `Email a set-password link valid ${durationText(LINK_LIFETIME_MS['set-password'])}`, description: `Super-admins only. Emails the user a single-use link to set a new password, good for ${durationText(LINK_LIFETIME_MS['set-password'])}, whether or not they have one; using it ends their sessions and revokes their other links, and it does not approve them.` } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => users.sendSetPasswordEmail(ctx.deps, ctx.source, input.id)),

  resetTwoFactor: superAdminProcedure
    .meta({ formerPaths: ['/superadmin/users/resettwofactor/{id}'], openapi: { method: 'PUT', path: '/superadmin/users/reset-two-factor/{id}', tags, summary: "Turn off a user's two-factor sign-in (lost phone and recovery codes), sign them out everywhere and email them", description: 'Super-admins only. For a user who lost both their authenticator and their recovery codes: their second factor is removed, every session of theirs ends and they are emailed, so they sign in with their password alone and may set it up again. A 400 when it is not on; your own is a 409 (turn it off on My Account with your password and a code).' } })
    .input(byId)
    .output(messageOutput)
    .mutation(({ ctx, input }) => resetTwoFactor(ctx.deps, ctx.actor, ctx.source, input.id)),
});
