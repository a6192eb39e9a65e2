/*
 * What a finished sign-up says, on the server's answer and on the sign-in page after it. Kept apart
 * from the account schemas so the sign-in page's first load carries no zod.
 */

/** What a finished sign-up answers, and what the sign-in page then says until the visitor moves on. */
export const SIGN_UP_DONE = 'Thank you for signing up. We will review your account and email you once it is approved.';

/** Sign-up ends on /signin with this flag, so the page says what happens next (and still does after a reload). */
export const SIGNED_UP_FLAG = 'signedUp';
