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
} from '../../../shared/two-factor.js';
import { messageOutput } from '../../../shared/validation.js';
import { authedProcedure, publicProcedure, router, superAdminProcedure } from '../../trpc.js';
import * as twoFactor from './service.js';

const tags = ['Two-factor sign-in'];
const noInput = z.void();

/** The second step of sign-in; it sits with the other account calls as account.loginTwoFactor. */
export const loginTwoFactorProcedure = publicProcedure
  .meta({ rateLimit: 'two-factor', openapi: { method: 'POST', path: '/account/login/two-factor', tags, protect: false, summary: 'Finish signing in with an authenticator or recovery code; returns the session token' } })
  .input(loginTwoFactorInput)
  .output(loginOutput)
  .mutation(({ ctx, input }) => twoFactor.loginTwoFactor(ctx.deps, input));

export const twoFactorRouter = router({
  status: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/account/two-factor', tags, summary: "Whether the signed-in user's two-factor sign-in is on" } })
    .input(noInput)
    .output(twoFactorStatusOutput)
    .query(({ ctx }) => twoFactor.status(ctx.deps, ctx.actor)),

  begin: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/account/two-factor/begin', tags, summary: 'Start setting up: a fresh secret as an otpauth URI and QR code' } })
    .input(noInput)
    .output(twoFactorBeginOutput)
    .mutation(({ ctx }) => twoFactor.begin(ctx.deps, ctx.actor)),

  enable: authedProcedure
    .meta({ rateLimit: 'two-factor-code', openapi: { method: 'POST', path: '/account/two-factor/enable', tags, summary: 'Confirm with a current code; returns the recovery codes, shown once' } })
    .input(twoFactorEnableInput)
    .output(twoFactorEnableOutput)
    .mutation(({ ctx, input }) => twoFactor.enable(ctx.deps, ctx.actor, input)),

  disable: authedProcedure
    .meta({ rateLimit: 'two-factor-code', openapi: { method: 'POST', path: '/account/two-factor/disable', tags, summary: 'Turn off with the password and an authenticator or recovery code' } })
    .input(twoFactorDisableInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => twoFactor.disable(ctx.deps, ctx.actor, input)),

  policy: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/two-factor-policy', tags, summary: 'Whether super-admins must use two-factor sign-in' } })
    .input(noInput)
    .output(twoFactorPolicy)
    .query(({ ctx }) => twoFactor.getPolicy(ctx.deps)),

  setPolicy: superAdminProcedure
    .meta({ openapi: { method: 'PUT', path: '/superadmin/two-factor-policy', tags, summary: 'Require (or stop requiring) two-factor sign-in for super-admins' } })
    .input(twoFactorPolicy)
    .output(twoFactorPolicy.extend({ message: z.string() }))
    .mutation(({ ctx, input }) => twoFactor.setPolicy(ctx.deps, ctx.actor, input)),
});
