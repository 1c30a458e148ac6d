import type { PonteModule } from '../kernel/ponte-module.js';
import { partitionUpkeep } from '../kernel/partition-upkeep.js';
import { DELIVERY_PARTITIONS, WebhookAttempt, WebhookDelivery } from './delivery.entity.js';
import { Dispatcher } from './dispatcher.js';
import { FanoutQueueEntry } from './fanout-queue.entity.js';
import { sellerSubscriptions } from './fanout.js';
import { INTERFACE_POLICY } from './policy.js';
import { createRetentionPurge } from './retention.js';
import { registerQueueGauges } from './queue-metrics.js';
import { WebhookSubscription } from './subscription.entity.js';

/** The webhooks interface (subscriptions, deliveries) and the dispatcher every kind shares. */
export const webhooksModule: PonteModule = {
  name: 'webhooks',
  entities: [WebhookSubscription, WebhookDelivery, WebhookAttempt, FanoutQueueEntry],
  api: async () => (await import('./webhooks.api.js')).webhooksApi,
  workers: [
    { roles: ['all', 'dispatcher'], create: (deps) => new Dispatcher(deps) },
    { roles: ['all', 'dispatcher'], create: createRetentionPurge },
    partitionUpkeep('webhooks', DELIVERY_PARTITIONS),
  ],
  webhooks: { kinds: { interface: INTERFACE_POLICY }, audience: sellerSubscriptions },
  metrics: [registerQueueGauges],
};
