import { TOKENS_TAG } from '../auth/auth.routes.js';
import type { RestInterface } from '../http/openapi/interfaces.js';

export const ORDERS_INTERFACE: RestInterface = {
  slug: 'orders',
  title: 'Orders',
  description:
    'Create orders (idempotent by Idempotency-Key or by channel and externalId), list them (newest first, or by updatedAt for cursor sync), read one, move its status, record payments.',
  tags: [{ name: 'orders', description: 'Orders with their items, payments and status history' }, TOKENS_TAG],
};
