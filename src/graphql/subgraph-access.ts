import type { FastifyRequest } from 'fastify';
import { hashSecret, secretMatches } from '../auth/secrets.js';
import { AppError } from '../errors.js';

/** Where gateways reach the federation subgraph; clients use /graphql. */
export const SUBGRAPH_PATH = '/graphql/subgraph';

/** The header a gateway sends GRAPHQL_SUBGRAPH_TOKEN in: the caller's own token stays in Authorization. */
export const SUBGRAPH_TOKEN_HEADER = 'ponte-subgraph-token';

/**
 * The subgraph's `_entities` and `_service` are for a gateway composing a supergraph, not
 * for clients: a request to /graphql/subgraph without the gateway's token is refused
 * (401) before Apollo sees it. The caller's bearer token, which the gateway forwards,
 * still decides whose orders and products `_entities` finds.
 */
export function subgraphAccess(token: string): (request: FastifyRequest) => Promise<void> {
  // Hashed once; each request compares hashes in constant time.
  const tokenHash = hashSecret(token);
  return async (request) => {
    const given = request.headers[SUBGRAPH_TOKEN_HEADER];
    if (typeof given !== 'string' || !secretMatches(given, tokenHash)) {
      throw new AppError('UNAUTHENTICATED', `The subgraph needs GRAPHQL_SUBGRAPH_TOKEN in the ${SUBGRAPH_TOKEN_HEADER} header`);
    }
  };
}
