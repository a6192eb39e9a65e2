import { z } from 'zod';
import {
  changePasswordInput,
  forgotPasswordInput,
  linkTokenInput,
  loginInput,
  profileOutput,
  profileUpdateInput,
  resetPasswordInput,
  signUpInput,
} from '../../../shared/account.js';
import { loginStepOutput } from '../../../shared/two-factor.js';
import { messageOutput } from '../../../shared/validation.js';
import { authedProcedure, publicProcedure, router } from '../../trpc.js';
import { loginTwoFactorProcedure } from '../two-factor/router.js';
import * as account from './service.js';

const tags = ['Account'];
const noInput = z.void();

export const accountRouter = router({
  login: publicProcedure
    .meta({ rateLimit: 'sign-in', openapi: { method: 'POST', path: '/account/login', tags, protect: false, summary: 'Sign in; returns the session token, or a challenge for the two-factor step' } })
    .input(loginInput)
    .output(loginStepOutput)
    .mutation(({ ctx, input }) => account.login(ctx.deps, input)),

  loginTwoFactor: loginTwoFactorProcedure,

  signup: publicProcedure
    .meta({ rateLimit: 'signup', openapi: { method: 'POST', path: '/account/signup', tags, protect: false, summary: 'Sign up a company and its first user (awaits approval)' } })
    .input(signUpInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.signUp(ctx.deps, input)),

  forgotPassword: publicProcedure
    .meta({ rateLimit: 'forgot-password', openapi: { method: 'POST', path: '/account/forgot-password', tags, protect: false, summary: 'Email a password reset link' } })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.forgotPassword(ctx.deps, input)),

  resendLink: publicProcedure
    .meta({ rateLimit: 'resend-link', openapi: { method: 'POST', path: '/account/resend-link', tags, protect: false, summary: 'Email a fresh link for an expired one' } })
    .input(linkTokenInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.resendLink(ctx.deps, input)),

  resetPassword: publicProcedure
    .meta({ rateLimit: 'reset-password', openapi: { method: 'POST', path: '/account/reset-password', tags, protect: false, summary: 'Set a new password with a reset or set-password link' } })
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.resetPassword(ctx.deps, input)),

  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/profile', tags, summary: "The signed-in user's profile" } })
    .input(noInput)
    .output(profileOutput)
    .query(({ ctx }) => account.getProfile(ctx.deps, ctx.actor)),

  updateProfile: authedProcedure
    .meta({ rateLimit: 'profile-update', openapi: { method: 'PUT', path: '/account/profile/update', tags, summary: 'Change name and email address' } })
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx.deps, ctx.actor, input)),

  changePassword: authedProcedure
    .meta({ rateLimit: 'change-password', openapi: { method: 'POST', path: '/account/profile/changepassword', tags, summary: "Change password; ends the user's other sessions" } })
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.changePassword(ctx.deps, ctx.actor, input)),

  logout: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/logout', tags, summary: 'End the current session' } })
    .input(noInput)
    .output(messageOutput)
    .mutation(({ ctx }) => account.logout(ctx.deps, ctx.actor)),
});
