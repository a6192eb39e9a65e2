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
import { durationText } from '../../../shared/limits.js';
import { loginStepOutput } from '../../../shared/two-factor.js';
import { messageOutput, MIN_PASSWORD_LENGTH, noInput } from '../../../shared/validation.js';
import { rateLimitText } from '../../rate-limit.js';
import { authedProcedure, publicProcedure, router } from '../../trpc.js';
import { CHALLENGE_LIFETIME_MS } from '../two-factor/challenge.js';
import { loginTwoFactorProcedure } from '../two-factor/router.js';
import { LINK_LIFETIME_MS } from './links.js';
import * as account from './service.js';
import { SESSION_LIFETIME_MS } from './sessions.js';

const tags = ['Account'];

export const accountRouter = router({
  login: publicProcedure
    .meta({ rateLimit: 'sign-in', openapi: { method: 'POST', path: '/account/login', tags, summary: 'Sign in; returns the session token, or a challenge for the two-factor step', description: `Public; rate-limited by its failures (${rateLimitText('sign-in')}): past that many wrong emails or passwords, that address gets a 429. A wrong email or password is a 401; the right ones for a user not yet approved a 403 ("Your account is awaiting approval."). Answers a session token for the jwttoken header (${durationText(SESSION_LIFETIME_MS)}, extended while in use; flagged twoFactorSetupRequired for a super-admin the policy asks to set up two-factor sign-in), or for a user with two-factor sign-in { twoFactorRequired, challenge }, to finish with POST /account/login/two-factor within ${durationText(CHALLENGE_LIFETIME_MS)}.` } })
    .input(loginInput)
    .output(loginStepOutput)
    .mutation(({ ctx, input }) => account.login(ctx.deps, input, ctx.ip)),

  loginTwoFactor: loginTwoFactorProcedure,

  signup: publicProcedure
    .meta({ rateLimit: 'signup', openapi: { method: 'POST', path: '/account/signup', tags, summary: 'Sign up a company and its first user (awaits approval)', description: `Public; rate-limited (${rateLimitText('signup')}). Creates the company and its first user with the role admin and the password given (at least ${MIN_PASSWORD_LENGTH} characters), not yet approved, and emails the provider to review them; sign-in is refused until a super-admin approves the user. An email address already in use is a 409.` } })
    .input(signUpInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.signUp(ctx.deps, input, ctx.ip)),

  forgotPassword: publicProcedure
    .meta({ rateLimit: 'forgot-password', openapi: { method: 'POST', path: '/account/forgot-password', tags, summary: 'Email a password reset link', description: `Public; rate-limited (${rateLimitText('forgot-password')}). Emails the user with that address a single-use reset link good for ${durationText(LINK_LIFETIME_MS.reset)}; the answer is the same whether or not the address belongs to anyone, so it tells nobody which addresses have accounts.` } })
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.forgotPassword(ctx.deps, input, ctx.ip)),

  resendLink: publicProcedure
    .meta({ rateLimit: 'resend-link', openapi: { method: 'POST', path: '/account/resend-link', tags, summary: 'Email a fresh link for an expired one', description: `Public; rate-limited (${rateLimitText('resend-link')}). Takes the token of a reset or set-password link, expired or not, and emails its owner a new link of the same kind (reset: ${durationText(LINK_LIFETIME_MS.reset)}, set-password: ${durationText(LINK_LIFETIME_MS['set-password'])}); the traded link, like every older link of the owner, no longer works. A forged token, or one already used or revoked (by a newer link, or a change of password or email address), is a 400 and sends nothing.` } })
    .input(linkTokenInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.resendLink(ctx.deps, input, ctx.ip)),

  resetPassword: publicProcedure
    .meta({ rateLimit: 'reset-password', openapi: { method: 'POST', path: '/account/reset-password', tags, summary: 'Set a new password with a reset or set-password link', description: `Public; rate-limited (${rateLimitText('reset-password')}). Sets the password (at least ${MIN_PASSWORD_LENGTH} characters) of the link's owner; the link is used up, the owner's other links are revoked, every session of theirs ends and a two-factor sign-in begun with the old password can no longer finish. An invalid, used, revoked or expired link is a 400 ("Token expired. Please request a new link." for an expired one, which POST /account/resend-link exchanges).` } })
    .input(resetPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.resetPassword(ctx.deps, input, ctx.ip)),

  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/profile', tags, summary: "The signed-in user's profile", description: "Any signed-in user. The caller's names, email address, mobile and role, with isAdmin and isSuperAdmin read from the role, and their company (null for the provider's super-admin, who has none)." } })
    .input(noInput)
    .output(profileOutput)
    .query(({ ctx }) => account.getProfile(ctx.actor)),

  updateProfile: authedProcedure
    .meta({ rateLimit: 'profile-update', openapi: { method: 'PUT', path: '/account/profile/update', tags, summary: 'Change name and email address', description: `Any signed-in user; ${rateLimitText('profile-update')}. Names change freely; a new email address (not just a change of letter case) needs currentPassword (a 400 naming it otherwise), emails the old address that it changed and revokes every unused reset or set-password link, since those went to the old address. An address another account uses is a 409; mobile and role are not changed here.` } })
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(({ ctx, input }) => account.updateProfile(ctx.deps, ctx.actor, ctx.source, input)),

  changePassword: authedProcedure
    .meta({ rateLimit: 'change-password', openapi: { method: 'POST', path: '/account/profile/changepassword', tags, summary: "Change password; ends the user's other sessions", description: `Any signed-in user; ${rateLimitText('change-password')}. Checks currentPassword (a 400 when wrong) and sets newPassword (at least ${MIN_PASSWORD_LENGTH} characters); the user's other sessions end, their unused reset and set-password links are revoked and a two-factor sign-in begun with the old password can no longer finish, while this session stays signed in.` } })
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => account.changePassword(ctx.deps, ctx.actor, ctx.source, input)),

  logout: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/logout', tags, summary: 'End the current session', description: "Any signed-in user. Ends the session whose token was sent; the token stops working at once (on PostgreSQL with several server processes, within a second on the others), and the user's other sessions stay signed in." } })
    .input(noInput)
    .output(messageOutput)
    .mutation(({ ctx }) => account.logout(ctx.deps, ctx.actor, ctx.source)),
});
