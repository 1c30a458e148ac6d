import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../auth/auth.service.js';
import type { Config } from '../config.js';

/** What every resolver receives: the caller, an entity manager scoped to its seller. */
export interface GraphQLContext {
  principal: Principal | undefined;
  em: EntityManager;
  requestId: string;
  /** Scheme, host and port the operation came to (the HTTP request's, or the WebSocket upgrade's). */
  origin: string;
  /** Limits resolvers apply (page sizes); the same values the REST routes use. */
  config: Config;
  /** Per-request DataLoaders, created on first use by the domain that needs them. */
  loaders: Map<string, unknown>;
  /** Where reads that tolerate lag run, when the transport offers a choice (HTTP with read replicas). */
  lagTolerantRead?<T>(work: (em: EntityManager) => Promise<T>): Promise<T>;
  /** Told when the operation is a mutation: the caller's next reads must see it. */
  noteWrite?(): void;
}

/** A list or detail read that may run on a read replica which has the caller's own writes; else on `em`. */
export function lagTolerantRead<T>(context: GraphQLContext, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return context.lagTolerantRead ? context.lagTolerantRead(work) : work(context.em);
}

/** One loader per request and key: batching works within a request, never across sellers. */
export function loaderFor<T>(context: GraphQLContext, key: string, create: () => T): T {
  let loader = context.loaders.get(key) as T | undefined;
  if (!loader) {
    loader = create();
    context.loaders.set(key, loader);
  }
  return loader;
}
