/**
 * The calls made without signing in; every other call needs the session token. The client sends
 * these without it, the server builds them on publicProcedure and the API document marks them
 * unprotected (procedure-internals.test.ts holds the three together).
 */
export const PUBLIC_PROCEDURES: readonly string[] = [
  'account.login',
  'account.loginTwoFactor',
  'account.signup',
  'account.forgotPassword',
  'account.resetPassword',
  'account.resendLink',
  'branding.get',
];
