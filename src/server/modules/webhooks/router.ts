import { z } from 'zod';
import { pageOutput } from '../../../shared/list.js';
import { idParam, noInput } from '../../../shared/validation.js';
import {
  createdWebhookEndpointOutput,
  webhookDeliveryListInput,
  webhookDeliveryOutput,
  webhookEndpointInput,
  webhookEndpointListItem,
  webhookEndpointOutput,
  webhookEndpointUpdateInput,
  WEBHOOK_ENDPOINT_LIMIT,
} from '../../../shared/webhooks.js';
import { keepsOmittedFields, router, superAdminProcedure } from '../../trpc.js';
import * as webhooks from './service.js';

const tags = ['Webhooks (super-admin)'];
const byId = z.object({ id: idParam });

const SIGNING =
  'Each delivery is a POST of JSON { type, timestamp, data } signed as the Standard Webhooks specification says: headers webhook-id (the same on every attempt and redelivery), webhook-timestamp (seconds) and webhook-signature (v1, and the base64 HMAC-SHA256 of `id.timestamp.body` keyed by the secret); any Standard Webhooks library verifies it.';

export const superAdminWebhooksRouter = router({
  list: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/webhooks', tags, summary: `Every webhook endpoint (at most ${WEBHOOK_ENDPOINT_LIMIT}), oldest first, with its newest delivery's status`, description: `Super-admins only. Where events are posted, which event types each receives, whether it is on (and why the app turned it off), and how its newest delivery went. ${SIGNING}` } })
    .input(noInput)
    .output(z.array(webhookEndpointListItem))
    .query(({ ctx }) => webhooks.webhookEndpoints(ctx.deps)),

  get: superAdminProcedure
    .meta({ openapi: { method: 'GET', path: '/superadmin/webhooks/{id}', tags, summary: 'One webhook endpoint', description: 'Super-admins only. The endpoint without its secret, which is only ever shown when made or rotated.' } })
    .input(byId)
    .output(webhookEndpointOutput)
    .query(({ ctx, input }) => webhooks.webhookEndpoint(ctx.deps, input.id)),

  create: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/webhooks', tags, summary: 'Add a webhook endpoint; the answer shows its signing secret, this once', description: `Super-admins only. url must be http(s) and its host must resolve to public addresses only: loopback, link-local and private networks are refused (400) unless the operator set WEBHOOKS_ALLOW_PRIVATE. eventTypes are names from GET /superadmin/events/types. The answer's secret (whsec_...) is never shown again; rotate it to get a new one. ${SIGNING}` } })
    .input(webhookEndpointInput)
    .output(createdWebhookEndpointOutput)
    .mutation(({ ctx, input }) => webhooks.createWebhookEndpoint(ctx.deps, ctx.source, input)),

  update: superAdminProcedure
    .use(keepsOmittedFields((ctx, id) => webhooks.webhookEndpoint(ctx.deps, id), ['url', 'description', 'eventTypes', 'enabled']))
    .meta({ openapi: { method: 'PUT', path: '/superadmin/webhooks/{id}', tags, summary: "Change a webhook endpoint's address, description, event types, or whether it is on", description: 'Super-admins only. Fields left out keep their values. A new url is checked as on create. Turning the endpoint off ends its deliveries still waiting (they show as failed, and can be redelivered); turning it on clears why the app had turned it off.' } })
    .input(webhookEndpointUpdateInput)
    .output(webhookEndpointOutput)
    .mutation(({ ctx, input: { id, ...form } }) => webhooks.updateWebhookEndpoint(ctx.deps, ctx.source, id, form)),

  delete: superAdminProcedure
    .meta({ openapi: { method: 'DELETE', path: '/superadmin/webhooks/{id}', tags, summary: 'Delete a webhook endpoint with its delivery log', description: 'Super-admins only. Nothing more is sent to it; its deliveries, sent or waiting, are deleted with it.' } })
    .input(byId)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      await webhooks.deleteWebhookEndpoint(ctx.deps, ctx.source, input.id);
      return null;
    }),

  rotateSecret: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/webhooks/{id}/secret', tags, summary: "Replace a webhook endpoint's signing secret; the answer shows the new one, this once", description: 'Super-admins only. Every attempt from now on is signed with the new secret, including retries of deliveries made before.' } })
    .input(byId)
    .output(createdWebhookEndpointOutput)
    .mutation(({ ctx, input }) => webhooks.rotateWebhookSecret(ctx.deps, ctx.source, input.id)),

  sendTest: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/webhooks/{id}/test', tags, summary: 'Send the endpoint a test event (webhook.test)', description: 'Super-admins only. Queues a signed delivery of type webhook.test, sent at once and retried like any other, even to an endpoint that is turned off; the answer is the delivery as queued (its delivery log shows how it went).' } })
    .input(byId)
    .output(webhookDeliveryOutput)
    .mutation(({ ctx, input }) => webhooks.sendTestEvent(ctx.deps, ctx.source, input.id)),

  deliveries: superAdminProcedure
    .meta({ paged: true, openapi: { method: 'GET', path: '/superadmin/webhooks/{id}/deliveries', tags, summary: "A webhook endpoint's delivery log, newest first", description: 'Super-admins only. Each delivery: its event type, status (pending, delivered, failed), attempts so far, and the last attempt\'s HTTP status, duration and error. A delivery is retried for a day after it was made (first after 30 seconds, then twice as long each time, at most 2 hours apart).' } })
    .input(webhookDeliveryListInput)
    .output(pageOutput(webhookDeliveryOutput))
    .query(({ ctx, input }) => webhooks.webhookDeliveries(ctx.deps, input)),

  redeliver: superAdminProcedure
    .meta({ openapi: { method: 'POST', path: '/superadmin/webhooks/deliveries/{id}/redeliver', tags, summary: 'Send a delivery again', description: 'Super-admins only. Queues a new delivery with the same body and webhook-id (so the receiver can tell it has seen it), sent at once and retried like any other, even to an endpoint that is turned off.' } })
    .input(byId)
    .output(webhookDeliveryOutput)
    .mutation(({ ctx, input }) => webhooks.redeliver(ctx.deps, ctx.source, input.id)),
});
