import { z } from 'zod';
import { loginOutput } from '../../../shared/account.js';
import {
  loginTwoFactorInput,
  twoFactorBeginOutput,
  twoFactorDisableInput,
  twoFactorEnableInput,
  twoFactorEnableOutput,
  twoFactorPolicy,
  twoFactorStatusOutput,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
} from '../../../shared/two-factor.js';
import { durationText, twoFactorFailureLimits } from '../../../shared/limits.js';
import { messageOutput, noInput } from '../../../shared/validation.js';
import { failureLimitText, rateLimitText } from '../../rate-limit.js';
import { authedProcedure, publicProcedure, router, superAdminProcedure } from '../../trpc.js';
import { CHALLENGE_LIFETIME_MS } from './challenge.js';
import * as twoFactor from './service.js';

const tags = ['Two-factor sign-in'];

/** The second step of sign-in; it sits with the other account calls as account.loginTwoFactor. */
export const loginTwoFactorProcedure = publicProcedure
  .meta({ rateLimit: 'two-factor', openapi: { method: 'POST', path: '/account/login/two-factor', tags, summary: 'Finish signing in with an authenticator or recovery code; returns the session token', description: `Public; rate-limited: ${rateLimitText('two-factor')}, and wrong codes (${failureLimitText(twoFactorFailureLimits)}; a right code never counts). Takes the challenge POST /account/login answered (good for ${durationText(CHALLENGE_LIFETIME_MS)}) and either the current ${TOTP_DIGITS}-digit code of the user's authenticator app, which works once, or one of their unused recovery codes, which is then used up; answers a session token as sign-in does. An expired or forged challenge, one issued before the password was last set, or a user no longer approved is a 400 asking to sign in again; a wrong code is a 400 too.` } })
  .input(loginTwoFactorInput)
  .output(loginOutput)
  .mutation(({ ctx, input }) => twoFactor.loginTwoFactor(ctx.deps, input, ctx.ip));

export const twoFactorRouter = router({
  status: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/two-factor', tags, summary: "Whether the signed-in user's two-factor sign-in is on", description: "Any signed-in user. Says whether the caller's two-factor sign-in is on, since when, and how many unused recovery codes are left; required is true for a super-admin while the policy requires it of super-admins." } })
    .input(noInput)
    .output(twoFactorStatusOutput)
    .query(({ ctx }) => twoFactor.status(ctx.deps, ctx.actor)),

  begin: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/begin', tags, summary: 'Start setting up: a fresh secret as an otpauth URI and QR code', description: 'Any signed-in user. Makes a fresh authenticator secret for the caller (replacing one not yet confirmed) and answers it as an otpauth URI, as base32 text and as a QR code (SVG data URL); sign-in does not change until POST /account/two-factor/enable confirms it. A 409 when two-factor sign-in is already on.' } })
    .input(noInput)
    .output(twoFactorBeginOutput)
    .mutation(({ ctx }) => twoFactor.begin(ctx.deps, ctx.actor, ctx.source)),

  enable: authedProcedure
    .meta({ rateLimit: 'two-factor-code', openapi: { method: 'POST', path: '/account/two-factor/enable', tags, summary: 'Confirm with the password and a current code; returns the recovery codes, shown once', description: `Any signed-in user; wrong codes and passwords count as at the sign-in code step (${rateLimitText('two-factor-code')}). Needs the caller's password, so a stolen session alone cannot enrol its own authenticator (a 400 "Your password is incorrect." as in turning it off), and a current ${TOTP_DIGITS}-digit code from the secret of POST /account/two-factor/begin (a 400 without one or for a wrong code, a 409 when already on). Turns two-factor sign-in on and answers ${RECOVERY_CODE_COUNT} recovery codes, shown only this once. From then on sign-in asks for a code after the password.` } })
    .input(twoFactorEnableInput)
    .output(twoFactorEnableOutput)
    .mutation(({ ctx, input }) => twoFactor.enable(ctx.deps, ctx.actor, ctx.source, input)),

  disable: authedProcedure
    .meta({ rateLimit: 'two-factor-code', openapi: { method: 'POST', path: '/account/two-factor/disable', tags, summary: 'Turn off with the password and an authenticator or recovery code', description: `Any signed-in user; wrong codes and passwords count as at the sign-in code step (${rateLimitText('two-factor-code')}). Needs both the caller's password and a current authenticator code or unused recovery code (a 400 for either wrong, or when it is not on), so a stolen session alone cannot turn it off; the secret and recovery codes are deleted. While the policy requires it for super-admins, a super-admin's stays on: a 409 until the requirement is switched off.` } })
    .input(twoFactorDisableInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => twoFactor.disable(ctx.deps, ctx.actor, ctx.source, input)),

  policy: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/two-factor-policy', tags, summary: 'Whether super-admins must use two-factor sign-in', description: 'Super-admins only. Whether two-factor sign-in is required of super-admins; the switch is kept in the database and applies at once, without a restart.' } })
    .input(noInput)
    .output(twoFactorPolicy)
    .query(({ ctx }) => twoFactor.getPolicy(ctx.deps)),

  setPolicy: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/two-factor-policy', tags, summary: 'Require (or stop requiring) two-factor sign-in for super-admins', description: "Super-admins only. Turning the requirement on needs the caller's own two-factor sign-in to be on (a 400 otherwise); from then on a super-admin without it is refused (403) on every back-office call until they set it up on My Account. Answers the saved policy with a message." } })
    .input(twoFactorPolicy)
    .output(twoFactorPolicy.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => twoFactor.setPolicy(ctx.deps, ctx.actor, ctx.source, input)),
});
