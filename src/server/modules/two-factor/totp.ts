import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { encodeBase32NoPadding } from '@oslojs/encoding';
import { renderSVG } from 'uqr';
import { normalizeCode, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../shared/two-factor.js';

/*
 * RFC 6238 codes through @oslojs/otp's HOTP functions with the time step worked out from the
 * app's clock (its TOTP helpers read Date.now(), which tests cannot move). A code of the step
 * before or after also counts, for phones whose clocks drift; a step at or below the last one
 * used is refused, so a code seen over someone's shoulder cannot be used again.
 */
const SECRET_BYTES = 20;
const STEPS_EITHER_SIDE = 1;

export function newTotpSecret(): Uint8Array {
  const secret = new Uint8Array(SECRET_BYTES);
  crypto.getRandomValues(secret);
  return secret;
}

function timeStep(now: Date): number {
  return Math.floor(now.getTime() / (TOTP_PERIOD_SECONDS * 1000));
}

/** The step the code belongs to, if it is current and newer than `lastUsedStep`; else null. */
export function matchingStep(secret: Uint8Array, typed: string, now: Date, lastUsedStep: number): number | null {
  const code = normalizeCode(typed);
  const current = timeStep(now);
  for (let step = current - STEPS_EITHER_SIDE; step <= current + STEPS_EITHER_SIDE; step += 1) {
    if (step > lastUsedStep && verifyHOTP(secret, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

export function enrolmentDetails(secret: Uint8Array, issuer: string, accountName: string) {
  const otpauthUri = createTOTPKeyURI(issuer, accountName, secret, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  const svg = renderSVG(otpauthUri, { border: 2 });
  return {
    otpauthUri,
    secret: encodeBase32NoPadding(secret),
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
