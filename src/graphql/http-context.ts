import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/auth.service.js';
import type { Config } from '../config.js';
import type { GraphQLContext } from './context.js';

/**
 * A GraphQL request's context. Its entity manager is the request's, forked on first use,
 * through a getter on the prototype: Apollo copies a context's own properties for each
 * operation, which would call a getter of the object itself and fork for every request.
 */
export class HttpGraphQLContext implements GraphQLContext {
  readonly principal: Principal | undefined;
  readonly requestId: string;
  readonly origin: string;
  readonly loaders = new Map<string, unknown>();
  readonly log: FastifyBaseLogger;

  constructor(
    private readonly request: FastifyRequest,
    readonly config: Config,
  ) {
    this.principal = request.principal;
    this.requestId = String(request.id);
    this.origin = `${request.protocol}://${request.host}`;
    this.log = request.log;
  }

  get em(): EntityManager {
    return this.request.em;
  }

  lagTolerantRead<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.request.lagTolerantRead(work);
  }

  noteWrite(): void {
    this.request.wrote = true;
  }
}
