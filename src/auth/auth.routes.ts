import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { registerPageRoute } from '../http/page-route.js';
import { problemResponse } from '../http/problem.js';
import { ANY_SCOPE, callerOf, NO_CONTENT, type RestRoutes } from '../http/rest.js';
import { issueCredential, listCredentials, revokeCredential } from './application.service.js';
import { credentialView, CredentialResponse, IdParams, IssuedCredentialResponse, tokenView, TokenResponse } from './auth.schemas.js';
import { listTokens, revokeToken } from './auth.service.js';

const any = { scope: ANY_SCOPE } as const;

/** The tags of these routes; every interface that takes seller tokens (or application credentials) shows them. */
export const TOKENS_TAG = { name: 'tokens', description: 'The seller\'s API tokens: list them, revoke one. New tokens come from GraphQL `createToken` or the CLI.' };
export const CREDENTIALS_TAG = {
  name: 'application credentials',
  description: 'An application\'s own credentials (`ponte_app_…`): rotate by issuing a new one, switching, revoking the old.',
};

/** The calling application (the server resolved `Authorization: Bearer ponte_app_…`); 401 otherwise. */
export function callingApplication(request: FastifyRequest): string {
  if (!request.applicationId) throw new AppError('UNAUTHENTICATED', 'A valid application credential (Bearer ponte_app_…) is required');
  return request.applicationId;
}

/**
 * `/tokens`: a seller's API tokens, listed and revoked by any of its tokens within that
 * token's scopes; `/aplicativo/credenciais`: an application's own credentials, managed
 * with one of them (rotation: issue a new one, switch, revoke the old). Creation of API
 * tokens is GraphQL's `createToken` and the CLI's (docs/security.md#credentials).
 */
export const authRoutes: RestRoutes = (app, { config }) => {
  const pageSize = { max: config.pageSizeMax, default: config.pageSizeDefault };
  registerPageRoute(app, pageSize, {
    url: '/tokens',
    config: any,
    tags: [TOKENS_TAG.name],
    operationId: 'listTokens',
    summary: 'The seller\'s API tokens, revoked ones included, oldest first (any token may list them)',
    item: TokenResponse,
    list: (request, page) => listTokens(request.em, callerOf(request).sellerId, page),
    view: tokenView,
  });

  app.delete(
    '/tokens/:id',
    {
      config: {
        ...any,
        // The collections revoke a token made for the purpose, never the one they run with.
        collection: { graphqlId: { mutation: 'mutation { createToken(input: { name: "collection run" }) { apiToken { id } } }', id: 'createToken.apiToken.id' } },
      },
      schema: {
        tags: [TOKENS_TAG.name],
        operationId: 'revokeToken',
        summary: 'Revoke a token whose scopes the caller holds; it stops working at once and its live connections close (4403)',
        params: IdParams,
        response: { 204: NO_CONTENT, 403: problemResponse('FORBIDDEN: the token to revoke holds scopes the caller does not') },
      },
    },
    async (request, reply) => {
      await revokeToken(request.em, callerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const security = [{ applicationCredential: [] }];
  const tags = [CREDENTIALS_TAG.name];
  registerPageRoute(app, pageSize, {
    url: '/aplicativo/credenciais',
    tags,
    operationId: 'listApplicationCredentials',
    security,
    summary: 'The calling application\'s credentials, revoked ones included, oldest first',
    item: CredentialResponse,
    list: (request, page) => listCredentials(request.em, callingApplication(request), page),
    view: credentialView,
  });

  app.post(
    '/aplicativo/credenciais',
    {
      schema: {
        tags,
        security,
        operationId: 'issueApplicationCredential',
        summary: 'Issue a new credential for the calling application; the others keep working until revoked',
        response: { 201: IssuedCredentialResponse },
      },
    },
    async (request, reply) => {
      const { credential, record } = await issueCredential(request.em, callingApplication(request));
      return reply.status(201).send({ ...credentialView(record), credential });
    },
  );

  app.delete(
    '/aplicativo/credenciais/:id',
    {
      schema: {
        tags,
        security,
        operationId: 'revokeApplicationCredential',
        summary: 'Revoke one of the calling application\'s credentials (the one in use included)',
        params: IdParams,
        response: { 204: NO_CONTENT },
      },
    },
    async (request, reply) => {
      await revokeCredential(request.em, { applicationId: callingApplication(request), credentialId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
