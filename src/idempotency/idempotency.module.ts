import type { PonteModule } from '../kernel/ponte-module.js';
import { IdempotencyKey } from './idempotency-key.entity.js';
import { createIdempotencyPurge } from './purge.js';

/** `Idempotency-Key` claims, and the hourly purge of expired ones. */
export const idempotencyModule: PonteModule = {
  name: 'idempotency',
  entities: [IdempotencyKey],
  workers: [{ roles: ['all', 'dispatcher'], create: createIdempotencyPurge }],
};
