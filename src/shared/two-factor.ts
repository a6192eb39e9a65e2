import { z } from 'zod';
import { loginOutput } from './account.js';

/*
 * Two-factor sign-in: a six-digit code from an authenticator app (TOTP, 30-second steps), or one
 * of the one-time recovery codes handed out when it was turned on.
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

const CODE_MESSAGE = 'Enter the code from your authenticator app or a recovery code.';

const code = z
  .string({ message: CODE_MESSAGE })
  .trim()
  .min(1, { message: CODE_MESSAGE, abort: true })
  .max(32, CODE_MESSAGE);

/** A code as typed: spaces and dashes dropped, letters lower-cased. */
export function normalizeCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

export function isAuthenticatorCode(typed: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(typed));
}

export const twoFactorChallengeOutput = z.object({
  twoFactorRequired: z.literal(true),
  /** Signed, short-lived; send it back with the code to finish signing in. */
  challenge: z.string(),
});

/** A super-admin signing in while the policy asks for two-factor sign-in they have not set up. */
export const signedInOutput = loginOutput.extend({ twoFactorSetupRequired: z.boolean().optional() });

/** What sign-in answers: a session, or the second step for a user with two-factor sign-in. */
export const loginStepOutput = z.union([signedInOutput, twoFactorChallengeOutput]);
export type LoginStep = z.infer<typeof loginStepOutput>;

export const loginTwoFactorInput = z.object({
  challenge: z.string({ message: 'Please sign in again.' }).trim().min(1, 'Please sign in again.').max(2000, 'Please sign in again.'),
  code,
});

export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** True when the policy asks this user (a super-admin) to have it. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusOutput>;

export const twoFactorBeginOutput = z.object({
  /** otpauth:// URI an authenticator app reads from the QR code. */
  otpauthUri: z.string(),
  /** The same secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorBegin = z.infer<typeof twoFactorBeginOutput>;

/**
 * Turning it on or off asks for the password as well as a code: a session alone (a stolen one, a
 * computer left signed in) can neither remove the second factor nor put its own authenticator in.
 */
const currentPassword = z
  .string({ message: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(200, 'The password must be at most 200 characters long.');

export const twoFactorEnableInput = z.object({
  password: currentPassword,
  code: z
    .string({ message: 'Enter the 6-digit code from your authenticator app.' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

export const twoFactorEnableOutput = z.object({
  message: z.string(),
  /** Shown once; only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

export const twoFactorDisableInput = z.object({
  password: currentPassword,
  code,
});

export const twoFactorPolicy = z.object({
  requireForSuperAdmins: z.boolean({ message: 'Say whether super-admins must use two-factor sign-in.' }),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;
