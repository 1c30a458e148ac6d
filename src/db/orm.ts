import 'reflect-metadata';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import type { EntityClass } from '@mikro-orm/core';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '../../migrations/index.js';
import { SELLER_FILTER, SellerOwned } from './seller-owned.js';

export type Orm = MikroORM;

/** How long a query may wait for a connection, new or from the pool. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface OrmOptions {
  /** The modules' entities (src/modules.ts); the tenant base class is the ORM's own. */
  entities: readonly EntityClass[];
  poolMax?: number;
  debug?: boolean;
}

export async function createOrm(databaseUrl: string, options: OrmOptions): Promise<Orm> {
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities: [SellerOwned, ...options.entities],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: {
      // Node 20 cannot glob migration files (fs.globSync): they are listed explicitly.
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
    // SQL functions are written by hand in migrations (an index's immutable wrapper, such
    // as ponte_fold), not declared as MikroORM routines: the schema diff leaves them be.
    schemaGenerator: { ignoreRoutines: true },
    pool: { min: 0, max: options.poolMax ?? 10 },
    // Without it pg waits forever for a connection (a database that stopped answering, or
    // a pool with every connection busy); with it the request fails as UNAVAILABLE (503).
    driverOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    forceUtcTimezone: true,
    debug: options.debug ?? false,
    allowGlobalContext: false,
  });
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}

/** An entity manager that can only see one seller's rows (see SellerOwned). */
export function forkForSeller(orm: Orm, sellerId: string): EntityManager {
  return scopeToSeller(orm.em.fork(), sellerId);
}

/**
 * Scopes an entity manager that has no seller yet to one, as forkForSeller's would be.
 * Only for one that holds no entities (a fresh fork that has run raw statements alone):
 * entities it had loaded unscoped would stay in its identity map.
 */
export function scopeToSeller(em: EntityManager, sellerId: string): EntityManager {
  em.setFilterParams(SELLER_FILTER, { sellerId });
  return em;
}

/** For work that deliberately spans sellers: the caller names why in its own code. */
export const ALL_SELLERS = { filters: { [SELLER_FILTER]: false } } as const;
