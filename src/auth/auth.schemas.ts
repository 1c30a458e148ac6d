import { Type, type Static } from 'typebox';
import type { ApplicationCredential } from './application.entity.js';
import type { ApiToken } from './api-token.entity.js';
import { SCOPES } from './scopes.js';

/** What REST and GraphQL show of tokens and application credentials: never their secret or hash. */
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const TokenResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart' }),
  scopes: Type.Array(Type.Enum([...SCOPES])),
  createdAt: Timestamp,
  revokedAt: Nullable(Timestamp),
  lastUsedAt: Nullable(Type.String({ format: 'date-time', description: 'When a request last used it, to within about two minutes; null if never' })),
  issuedBy: Nullable(Type.String({ format: 'uuid', description: 'The token that created this one; null when the operator did (CLI)' })),
}, { title: 'Token' });
export type TokenView = Static<typeof TokenResponse>;

export const CredentialResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  prefix: Type.String({ description: 'The first characters of the credential, to tell credentials apart' }),
  createdAt: Timestamp,
  revokedAt: Nullable(Timestamp),
}, { title: 'Credential' });
export type CredentialView = Static<typeof CredentialResponse>;

export const IssuedCredentialResponse = Type.Intersect([
  CredentialResponse,
  Type.Object({ credential: Type.String({ description: 'ponte_app_…; shown now only' }) }),
], { title: 'IssuedCredential' });

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function tokenView(token: ApiToken): TokenView {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    scopes: token.scopes,
    createdAt: token.createdAt.toISOString(),
    revokedAt: iso(token.revokedAt),
    lastUsedAt: iso(token.lastUsedAt),
    issuedBy: token.issuedBy,
  };
}

export function credentialView(credential: ApplicationCredential): CredentialView {
  return { id: credential.id, prefix: credential.prefix, createdAt: credential.createdAt.toISOString(), revokedAt: iso(credential.revokedAt) };
}
