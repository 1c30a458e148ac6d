import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122021441 } from './Migration20261122021441_foundation.js';
import { Migration20261122022317 } from './Migration20261122022317_catalog.js';
import { Migration20261122022327 } from './Migration20261122022327_orders.js';
import { Migration20261122025724 } from './Migration20261122025724_catalog_idempotency_purge.js';
import { Migration20261122031128 } from './Migration20261122031128_products.js';
import { Migration20261122031904 } from './Migration20261122031904_idempotency.js';
import { Migration20261122032532 } from './Migration20261122032532_webhooks.js';
import { Migration20261122032758 } from './Migration20261122032758_product_webhook_subscriptions.js';
import { Migration20261122035419 } from './Migration20261122035419_installation_periods.js';
import { Migration20261123051813 } from './Migration20261123051813_outbox_commit_position.js';
import { Migration20261123054937 } from './Migration20261123054937_token_management.js';
import { Migration20261123083036 } from './Migration20261123083036_retention.js';
import { Migration20261123083311 } from './Migration20261123083311_sync_and_app_log_indexes.js';
import { Migration20261123085430 } from './Migration20261123085430_order_number_taken_last.js';
import { Migration20261123162904 } from './Migration20261123162904_webhook_claim_order.js';
import { Migration20261123222125 } from './Migration20261123222125_outbox_positioned_events.js';
import { Migration20261124091552 } from './Migration20261124091552_webhook_delivery_fewer_indexes.js';
import { Migration20261124104825 } from './Migration20261124104825_first_attempt_on_delivery.js';
import { Migration20261128000239 } from './Migration20261128000239_channel_order_attention.js';

/** Every migration, in order. `npm run migration:create` rewrites this list. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122021441_foundation', class: Migration20261122021441 },
  { name: 'Migration20261122022317_catalog', class: Migration20261122022317 },
  { name: 'Migration20261122022327_orders', class: Migration20261122022327 },
  { name: 'Migration20261122025724_catalog_idempotency_purge', class: Migration20261122025724 },
  { name: 'Migration20261122031128_products', class: Migration20261122031128 },
  { name: 'Migration20261122031904_idempotency', class: Migration20261122031904 },
  { name: 'Migration20261122032532_webhooks', class: Migration20261122032532 },
  { name: 'Migration20261122032758_product_webhook_subscriptions', class: Migration20261122032758 },
  { name: 'Migration20261122035419_installation_periods', class: Migration20261122035419 },
  { name: 'Migration20261123051813_outbox_commit_position', class: Migration20261123051813 },
  { name: 'Migration20261123054937_token_management', class: Migration20261123054937 },
  { name: 'Migration20261123083036_retention', class: Migration20261123083036 },
  { name: 'Migration20261123083311_sync_and_app_log_indexes', class: Migration20261123083311 },
  { name: 'Migration20261123085430_order_number_taken_last', class: Migration20261123085430 },
  { name: 'Migration20261123162904_webhook_claim_order', class: Migration20261123162904 },
  { name: 'Migration20261123222125_outbox_positioned_events', class: Migration20261123222125 },
  { name: 'Migration20261124091552_webhook_delivery_fewer_indexes', class: Migration20261124091552 },
  { name: 'Migration20261124104825_first_attempt_on_delivery', class: Migration20261124104825 },
  { name: 'Migration20261128000239_channel_order_attention', class: Migration20261128000239 },
];
