import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122020937 } from './Migration20261122020937_foundation.js';

/** Every migration, in order. `npm run migration:create` rewrites this list. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122020937_foundation', class: Migration20261122020937 },
];
