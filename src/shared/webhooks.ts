import { z } from 'zod';
import { EVENT_TYPE_NAMES } from './events.js';
import { listInput, type ListQuery } from './list.js';
import { idParam, singleLine } from './validation.js';

/*
 * Outgoing webhooks (docs/product-rules.md, webhooks): the provider's endpoints, each receiving the
 * event types it chose, signed per the Standard Webhooks specification, and their delivery logs.
 */

/** The type of the event a "Send test event" posts; it records nothing else. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
/** Endpoints the provider may have: the list answers all of them. */
export const WEBHOOK_ENDPOINT_LIMIT = 50;

const isWebAddress = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

export const webhookEndpointInput = z.object({
  url: z
    .string({ message: 'The endpoint address is required.' })
    .trim()
    .min(1, { message: 'The endpoint address is required.', abort: true })
    .max(WEBHOOK_URL_MAX, `The endpoint address must be at most ${WEBHOOK_URL_MAX} characters.`)
    .refine(isWebAddress, 'The endpoint address must be a full http:// or https:// address.')
    .describe('Where deliveries are posted: a full http:// or https:// address whose host resolves to public addresses only (unless WEBHOOKS_ALLOW_PRIVATE is set).')
    .meta({ example: 'https://hooks.example.com/hourbank' }),
  description: singleLine(z.string().trim().max(200, 'The description must be at most 200 characters.'), 'The description')
    .default('')
    .describe('What the endpoint is for, as the Webhooks page shows it.'),
  eventTypes: z
    .array(z.enum(EVENT_TYPE_NAMES, { message: 'Each event type must be one of GET /superadmin/events/types.' }))
    .min(1, 'Choose at least one event type.')
    .max(EVENT_TYPE_NAMES.length)
    .transform((types) => [...new Set(types)])
    .describe('The event types the endpoint receives (names from GET /superadmin/events/types).')
    .meta({ example: ['invoice.created', 'payment.created'] }),
  enabled: z.boolean({ message: 'enabled must be true or false.' }).default(true).describe('Whether deliveries are made; false keeps the endpoint without sending.'),
});
export type WebhookEndpointForm = z.output<typeof webhookEndpointInput>;

/** A change of an endpoint: the same form, fields left out keep their values. */
export const webhookEndpointUpdateInput = webhookEndpointInput.extend({ id: idParam });

export const webhookEndpointOutput = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable().describe('Why the app turned the endpoint off (after a day of failed deliveries); null otherwise.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpointDto = z.infer<typeof webhookEndpointOutput>;

/** An endpoint just made, or its secret just rotated, with its signing secret: shown this once, never again. */
export const createdWebhookEndpointOutput = webhookEndpointOutput.extend({
  secret: z
    .string()
    .describe('The signing secret (whsec_ and base64), shown only in this answer: keep it where the receiver can read it.')
    .meta({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
});
export type CreatedWebhookEndpointDto = z.infer<typeof createdWebhookEndpointOutput>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliveryOutput = z.object({
  _id: z.string(),
  messageId: z
    .string()
    .describe('The webhook-id header: the same on every attempt and redelivery, for the receiver to skip what it has seen.')
    .meta({ example: 'msg_2b4xq7tmd3kz6v5n8c9fjw1hrp' }),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable().describe('When it is tried next; null once delivered or failed.'),
  responseStatus: z.number().int().nullable().describe('The HTTP status of the last attempt; null when it got no answer.'),
  durationMs: z.number().int().nullable().describe('How long the last attempt took, in milliseconds.'),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime().describe('When the delivery was made: with its event, or when the provider asked for it.'),
  deliveredAt: z.iso.datetime().nullable().describe('When the endpoint took it (a 2xx answer); null until then.'),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryOutput>;

/** An endpoint as the Webhooks page lists it, with how its latest delivery went. */
export const webhookEndpointListItem = webhookEndpointOutput.extend({
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), createdAt: z.iso.datetime() })
    .nullable()
    .describe('The newest delivery to the endpoint: its status and when it was made; null before the first.'),
});
export type WebhookEndpointListItemDto = z.infer<typeof webhookEndpointListItem>;

/** An endpoint's delivery log, newest first. */
export const webhookDeliveryListInput = listInput(['createdAt'], { sort: 'createdAt', dir: 'desc' })
  .unwrap()
  .extend({ id: idParam.describe('The endpoint whose deliveries are listed.') });
export type WebhookDeliveryListQuery = ListQuery<'createdAt'> & { id: string };
