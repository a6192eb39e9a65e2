import { SCHEDULED_WORK } from '../../modules/events/service.js';
import { createWebhookEndpoint, sendTestEvent } from '../../modules/webhooks/service.js';
import type { WalkEntries, WalkWorld } from './world.js';

/*
 * The walk's entries for the provider's webhook endpoints. Their address is a public one written as
 * an address (TEST-NET-3), so the check needs no DNS; nothing is sent, as the walk runs no worker.
 */

const form = { url: 'https://203.0.113.10/hook', description: 'Walk receiver', eventTypes: ['package.created' as const], enabled: true };

/** A fresh endpoint's id. */
const endpoint = async ({ t }: WalkWorld) => (await createWebhookEndpoint(t.deps, SCHEDULED_WORK, form))._id;

export const webhookEntries: WalkEntries = {
  'superadmin.webhooks.create': { as: 'superadmin', input: () => form, records: ['webhook_endpoint.created'] },
  'superadmin.webhooks.update': { as: 'superadmin', input: async (world) => ({ id: await endpoint(world), enabled: false }), records: ['webhook_endpoint.updated'] },
  'superadmin.webhooks.delete': { as: 'superadmin', input: async (world) => ({ id: await endpoint(world) }), records: ['webhook_endpoint.deleted'] },
  'superadmin.webhooks.rotateSecret': { as: 'superadmin', input: async (world) => ({ id: await endpoint(world) }), records: ['webhook_endpoint.secret_rotated'] },
  'superadmin.webhooks.sendTest': { as: 'superadmin', input: async (world) => ({ id: await endpoint(world) }), records: ['webhook_endpoint.test_sent'] },
  'superadmin.webhooks.redeliver': {
    as: 'superadmin',
    input: async (world) => ({ id: (await sendTestEvent(world.t.deps, SCHEDULED_WORK, await endpoint(world)))._id }),
    records: ['webhook_delivery.redelivered'],
  },
};
