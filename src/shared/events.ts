import { z } from 'zod';
import { dateRangeChecked, dateRangeFields, type DateRange } from './date-range.js';
import { listInput, type ListQuery } from './list.js';

/*
 * The events of the audit log and the webhooks: what happened to which record, who did it, when,
 * and the fields it changed, each as it was and as it became.
 */

/**
 * Every kind of event, with what it means: the audit log's type filter and a webhook endpoint's
 * choice of events list these. A type is `<record>.<what happened>`.
 */
export const EVENT_TYPES = {
  'company.created': 'A company was added (by the provider, or by signing up).',
  'company.updated': "A company's details changed.",
  'company.deleted': 'A company was deleted with its users and tasks.',
  'user.created': 'A user was added (by the provider, by signing up, or by an invitation).',
  'user.updated': "A user's details, role or company changed (by the provider, or by the user on their profile).",
  'user.approved': "The provider approved a user's sign-up.",
  'user.deleted': 'The provider deleted a user.',
  'user.invited': "A company admin invited a colleague.",
  'user.removed': "A company admin removed a colleague.",
  'user.password_changed': 'A user changed their password.',
  'user.password_reset': 'A user set a new password with a reset or set-password link.',
  'user.password_reset_requested': 'Someone asked for a password reset link for a user.',
  'user.link_resent': 'A user traded an expired reset or set-password link for a new one.',
  'user.set_password_email_sent': 'The provider emailed a user a link to set their password.',
  'user.password_set_by_operator': "The server's operator set a super-admin's password from the command line (create-superadmin).",
  'sign_in.succeeded': 'A user signed in.',
  'sign_in.failed': 'A sign-in failed: a wrong email address, password or two-factor code.',
  'sign_in.throttled': 'A sign-in was refused for too many failures.',
  'sign_in.signed_out': 'A user signed out.',
  'two_factor.setup_started': 'A user began setting up two-factor sign-in.',
  'two_factor.enabled': 'A user turned on two-factor sign-in.',
  'two_factor.disabled': 'A user turned off two-factor sign-in.',
  'two_factor.recovery_code_used': 'A user signed in with a recovery code.',
  'two_factor.reset': "The provider reset a user's two-factor sign-in.",
  'two_factor.policy_changed': "The provider changed who must use two-factor sign-in.",
  'package.created': 'A package was added.',
  'package.updated': 'A package changed.',
  'package.deleted': 'A package was deleted.',
  'invoice.created': 'An invoice was made: a purchase, by the provider, for overage, or for a monthly plan.',
  'invoice.updated': 'An invoice changed.',
  'invoice.deleted': 'An invoice was deleted.',
  'invoice.reminder_sent': "An invoice's open balance reminder was emailed.",
  'payment.created': 'A payment was recorded.',
  'payment.updated': 'A payment changed.',
  'payment.deleted': 'A payment was deleted.',
  'reported_payment.created': 'A customer reported a payment they sent; it counts for nothing until confirmed.',
  'reported_payment.confirmed': 'The provider confirmed a reported payment: it became a payment.',
  'reported_payment.rejected': 'The provider rejected a reported payment, with a reason.',
  'hours.activated': "An invoice was paid in full: its hours count toward the company's balance.",
  'hours.deactivated': 'An invoice is no longer paid in full: its hours are pending again.',
  'hours.expired': "A block of hours expired: its unused hours left the company's balance.",
  'hours.rolled_over': "A block's unused hours rolled over into a new block.",
  'hours.expiry_warning_sent': "A company was emailed that hours will expire soon.",
  'time_log.created': 'Hours were logged for a company.',
  'time_log.updated': 'A time log changed.',
  'time_log.deleted': 'A time log was deleted.',
  'task.created': 'A task was added.',
  'task.updated': 'A task changed.',
  'task.completed': 'A task was marked done.',
  'task.deleted': 'A task was deleted.',
  'balance_email.sent': "A company was emailed about its balance (running low or negative).",
  'plan.updated': "A company's monthly plan was set, changed or ended.",
  'settings.updated': "The provider's settings changed.",
  'setup.test_email_sent': 'The provider sent a test email.',
  'setup.checklist_hidden': 'The provider hid or showed the first-day checklist.',
  'schedule.sent': 'The scheduler sent its schedule.',
  'export.downloaded': 'A list was downloaded as CSV.',
  'statement.downloaded': "A company's statement was downloaded.",
  'proof.downloaded': "A reported payment's proof was downloaded.",
  'webhook_endpoint.created': 'The provider added a webhook endpoint.',
  'webhook_endpoint.updated': 'A webhook endpoint changed: its address, events, or whether it is on.',
  'webhook_endpoint.secret_rotated': "The provider replaced a webhook endpoint's signing secret.",
  'webhook_endpoint.deleted': 'The provider deleted a webhook endpoint.',
  'webhook_endpoint.disabled': 'A webhook endpoint was turned off after a day of failed deliveries.',
  'webhook_endpoint.test_sent': 'The provider sent a webhook endpoint a test event.',
  'webhook_delivery.redelivered': 'The provider sent a webhook delivery again.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

/** A field's value before and after the change; a record created has no before, one removed no after. */
export type FieldChange = { before: unknown; after: unknown };

export const eventOutput = z.object({
  _id: z.string(),
  occurredAt: z.string().describe('When it happened (ISO 8601, UTC).'),
  type: z.string().describe("What happened, e.g. 'invoice.updated'."),
  actorId: z.string().nullable().describe('The user who did it; null for the scheduled work or an unknown user.'),
  actorLabel: z.string().describe("The actor as shown at the time: name and email, or 'Scheduled work'."),
  companyId: z.string().nullable(),
  companyName: z.string().nullable().describe('The company as it is named now; null when none, or when it was deleted since.'),
  subjectType: z.string().describe("The kind of record changed, e.g. 'invoice'."),
  subjectId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.json(), after: z.json() })).describe('Each changed field as it was (before) and as it became (after); null where there was or is none.'),
  ipAddress: z.string().nullable(),
});
export type EventDto = z.infer<typeof eventOutput>;

/** The fields whose values differ between `before` and `after`, each with both values (compared as JSON); a made record's empty fields are left out. */
export function changedFields<T extends Record<string, unknown>>(before: T | undefined, after: T | undefined, fields: readonly (keyof T & string)[]): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    // a record made has no before, one removed no after: nothing, as a field left empty is
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** The event types, in the catalogue's order (a list for the type filter and the schemas). */
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];

const optionalId = (what: string) => z.string().trim().max(64, 'That id is not valid.').default('').describe(what);

/**
 * The audit log's list: newest first (the one order, on an index); search matches the event type
 * and its meaning, the name or email address of the user who did it, and a record's id exactly.
 */
export const eventListInput = dateRangeChecked(
  listInput(['occurredAt'], { sort: 'occurredAt', dir: 'desc' })
    .unwrap()
    .extend({
      type: z
        .union([z.enum(EVENT_TYPE_NAMES), z.literal('')], { message: 'type must be one of the event types (GET /superadmin/events/types), or empty for all.' })
        .default('')
        .describe("Only events of this type ('' or left out: every type)."),
      actor: optionalId("Only events made by this user's id ('' or left out: anyone)."),
      subject: optionalId("Only the events of this record: an invoice's, payment's, company's ... id (its History)."),
      ...dateRangeFields('events that happened'),
    }),
).prefault({});
export type EventListQuery = ListQuery<'occurredAt'> & DateRange & { type: EventType | ''; actor: string; subject: string };

/** A changed value as a person reads it: text as it is, nothing as an em dash, anything else as JSON. */
const EMPTY = '—';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The changes of an event as one line: `field: before → after; ...`; a record created shows its
 * values alone, and a field empty before and after (an empty text kept as such) is left out.
 */
export function changesText(changes: Record<string, FieldChange>): string {
  return Object.entries(changes)
    .filter(([, { before, after }]) => valueText(before) !== EMPTY || valueText(after) !== EMPTY)
    .map(([field, { before, after }]) => (before === null ? `${field}: ${valueText(after)}` : `${field}: ${valueText(before)} → ${valueText(after)}`))
    .join('; ');
}
