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
    .meta({ openapi: { method: 'POST', path: '/account/login', tags, protect: false, summary: 'Sign in; returns the session token, or a challenge for the two-factor step' } })
    .input(loginInput)
    .output(loginStepOutput)
    .mutation(async ({ ctx, input }) => {
      const { rateLimiter } = ctx.deps;
      rateLimiter.checkSignInFailures(ctx.ip, input.emailAddress);
      try {
        return await account.login(ctx.deps, input);
      } catch (error) {
        if (account.isWrongCredentials(error)) rateLimiter.recordSignInFailure(ctx.ip, input.emailAddress);
        throw error;
      }
    }),

  loginTwoFactor: loginTwoFactorProcedure,

  signup: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/account/signup', tags, protect: false, summary: 'Sign up a company and its first user (awaits approval)' } })
    .input(signUpInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consume('signup', ctx.ip, input.emailAddress);
      return account.signUp(ctx.deps, input);
    }),

  forgotPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/account/forgot-password', tags, protect: false, summary: 'Email a password reset link' } })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consume('forgot-password', ctx.ip, input.emailAddress);
      return account.forgotPassword(ctx.deps, input);
    }),

  resendLink: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/account/resend-link', tags, protect: false, summary: 'Email a fresh link for an expired one' } })
    .input(linkTokenInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consume('resend-link', ctx.ip);
      return account.resendLink(ctx.deps, input);
    }),

  resetPassword: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/account/reset-password', tags, protect: false, summary: 'Set a new password with a reset or set-password link' } })
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consume('reset-password', ctx.ip);
      return account.resetPassword(ctx.deps, input);
    }),

  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/profile', tags, summary: "The signed-in user's profile" } })
    .input(noInput)
    .output(profileOutput)
    .query(({ ctx }) => account.getProfile(ctx.deps, ctx.actor)),

  updateProfile: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/account/profile/update', tags, summary: 'Change name and email address' } })
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consumeByUser('profile-update', ctx.actor.userId);
      return account.updateProfile(ctx.deps, ctx.actor, input);
    }),

  changePassword: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/profile/changepassword', tags, summary: "Change password; ends the user's other sessions" } })
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => {
      ctx.deps.rateLimiter.consumeByUser('change-password', ctx.actor.userId);
      return account.changePassword(ctx.deps, ctx.actor, input);
    }),

  logout: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/logout', tags, summary: 'End the current session' } })
    .input(noInput)
    .output(messageOutput)
    .mutation(({ ctx }) => account.logout(ctx.deps, ctx.actor)),
});
