/*
 * The calls made without signing in: the procedures built on publicProcedure (src/server/trpc.ts).
 * The client sends these without the session token and refuses any other call locally while it has
 * none. Written by `npm run write:public-calls` from the procedures: do not edit it by hand.
 */
export const PUBLIC_PROCEDURES: readonly string[] = [
  'account.forgotPassword',
  'account.login',
  'account.loginTwoFactor',
  'account.resendLink',
  'account.resetPassword',
  'account.signup',
  'branding.get',
];
