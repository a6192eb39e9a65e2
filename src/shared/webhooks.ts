import { z } from 'zod';
import { EVENT_TYPE_NAMES } from './events.js';
import { listInput, type ListQuery } from './list.js';
import { singleLine } from './validation.js';

/*
 * Outgoing webhooks (docs/product-rules.md, webhooks): the provider's endpoints, each receiving the
 * event types it chose, signed per the Standard Webhooks specification, and their delivery logs.
 */

/** The type of the event a "Send test event" posts; it records nothing else. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;

const isWebAddress = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

export const webhookEndpointInput = z.object({
  url: z
    .string({ message: 'The endpoint address is required.' })
    .trim()
    .min(1, { message: 'The endpoint address is required.', abort: true })
    .max(WEBHOOK_URL_MAX, `The endpoint address must be at most ${WEBHOOK_URL_MAX} characters.`)
    .refine(isWebAddress, 'The endpoint address must be a full http:// or https:// address.')
    .describe('Where deliveries are posted: a full http:// or https:// address that resolves to a public address.'),
  description: singleLine(z.string().trim().max(200, 'The description must be at most 200 characters.'), 'The description')
    .default('')
    .describe('What the endpoint is for, as the Webhooks page shows it.'),
  eventTypes: z
    .array(z.enum(EVENT_TYPE_NAMES, { message: 'Each event type must be one of GET /superadmin/events/types.' }))
    .min(1, 'Choose at least one event type.')
    .max(EVENT_TYPE_NAMES.length)
    .transform((types) => [...new Set(types)])
    .describe('The event types the endpoint receives.'),
  enabled: z.boolean({ message: 'enabled must be true or false.' }).default(true).describe('Whether deliveries are made; false keeps the endpoint without sending.'),
});
export type WebhookEndpointForm = z.output<typeof webhookEndpointInput>;

export const webhookEndpointOutput = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe('Why the app turned the endpoint off (after a day of failed deliveries); null otherwise.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointOutput>;

/** An endpoint just made, with its signing secret: shown this once, never again. */
export const createdWebhookEndpointOutput = webhookEndpointOutput.extend({
  secret: z.string().describe('The signing secret (whsec_...), shown only in this answer: keep it where the receiver can read it.'),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliveryOutput = z.object({
  _id: z.string(),
  messageId: z.string().describe('The webhook-id header: the same on every attempt and redelivery, for the receiver to skip what it has seen.'),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable().describe('When it is tried next; null once delivered or failed.'),
  responseStatus: z.number().int().nullable().describe('The HTTP status of the last attempt; null when it got no answer.'),
  durationMs: z.number().int().nullable().describe('How long the last attempt took, in milliseconds.'),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryOutput>;

/** An endpoint's delivery log, newest first. */
export const webhookDeliveryListInput = listInput(['createdAt'], { sort: 'createdAt', dir: 'desc' })
  .unwrap()
  .extend({ endpoint: z.string().trim().min(1, 'endpoint is required.').max(64, 'That id is not valid.').describe('The endpoint whose deliveries are listed.') });
export type WebhookDeliveryListQuery = ListQuery<'createdAt'> & { endpoint: string };
