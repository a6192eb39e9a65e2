import { signInFailureLimits } from '../../../shared/limits.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import type { Caller, RateLimitedAction } from '../../rate-limit.js';
import { recordEvent, sourceOf, type EventSource, type NewEvent } from '../events/service.js';
import { userEvent, type UserSubject } from '../users/events.js';
import { findUserByEmail } from '../users/lookup.js';

/*
 * Who the public calls' events name. A public call has no session: its user is known once the
 * call has proved who they are (a right password, a link mailed to them, a two-factor challenge),
 * and until then the event names the attempt by what it typed, with no user.
 */

type Person = { id: string; firstName: string; lastName: string; emailAddress: string };

/** A public call's source once its user is known: that user, from the request's address. */
export function userSource(user: Person, ip: string | null): EventSource {
  return sourceOf({ userId: user.id, firstName: user.firstName, lastName: user.lastName, emailAddress: user.emailAddress }, ip);
}

/** How an event names a user gone since the proof that names them was issued. */
const FORMER_USER = 'A deleted user';

/**
 * The source of a public call whose signed proof names its user by id (a two-factor challenge, a
 * download link): that user, from the request's address, or their id alone should they be gone since.
 */
export function namedUserSource(user: Person | undefined, userId: string, ip: string): EventSource {
  return user ? userSource(user, ip) : { actorId: userId, actorLabel: FORMER_USER, ipAddress: ip };
}

/** The longest email address a sign-in accepts: the label of an attempt refused before its input is checked is cut to it. */
const LONGEST_EMAIL_ADDRESS = 254;

/** A public call by nobody known: named by the email address it typed, from the request's address. */
export function attemptSource(emailAddress: string, ip: string | null): EventSource {
  return { actorId: null, actorLabel: emailAddress.trim().slice(0, LONGEST_EMAIL_ADDRESS), ipAddress: ip };
}

/**
 * Records a refused sign-in in a transaction of its own: the refusal changes nothing else, and its
 * error undoes whatever the call's own transaction wrote.
 */
export async function recordRefusedSignIn(deps: AppDeps, source: EventSource, event: NewEvent): Promise<void> {
  await deps.db.transaction((tx) => recordEvent(tx, source, deps.clock.now(), event));
}

/** A throttled sign-in is recorded once in this long for the same actor and address: the failure window. */
const THROTTLE_RECORDED_ONCE_MS = signInFailureLimits.perAddress.windowMs;

const isTooMany = (error: unknown) => error instanceof AppError && error.code === 'TOO_MANY_REQUESTS';

/**
 * Records a sign-in the limiter refused (sign_in.throttled) and throws its refusal on; any other
 * error is thrown as it is. Once a window for each actor and address: a client that keeps trying
 * once refused writes one event, not one per request.
 */
export async function throttledSignIn(deps: AppDeps, refusal: unknown, source: EventSource, user: UserSubject | undefined): Promise<never> {
  if (isTooMany(refusal) && (await deps.rateLimiter.isFirst(`sign-in-throttled|${source.actorLabel}|${source.ipAddress}`, THROTTLE_RECORDED_ONCE_MS))) {
    await recordRefusedSignIn(deps, source, userEvent('sign_in.throttled', user));
  }
  throw refusal;
}

/**
 * The publicProcedure's admission of a rate-limited call: a sign-in refused for too many failures is
 * recorded, named by the email address tried (and about its user, if anyone has it), before its 429.
 */
export async function admitRecordingThrottle(deps: AppDeps, action: RateLimitedAction, caller: Caller): Promise<void> {
  try {
    await deps.rateLimiter.admit(action, caller);
  } catch (refusal) {
    if (action !== 'sign-in' || caller.emailAddress === undefined) throw refusal;
    const user = isTooMany(refusal) ? await findUserByEmail(deps.db, caller.emailAddress) : undefined;
    await throttledSignIn(deps, refusal, attemptSource(caller.emailAddress, caller.ip), user);
  }
}
