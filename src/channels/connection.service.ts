import { createHash, randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { findChannel } from '../catalog/channel.service.js';
import { newId } from '../db/ids.js';
import { notFound, validationFailed } from '../errors.js';
import { assertValid, compileInput, type InputValidator } from '../http/validation.js';
import { checkDestinationUrl } from '../webhooks/ssrf-guard.js';
import type { ConnectionInput, ConnectionViewType } from './channels.schemas.js';
import { ChannelConnection } from './connection.entity.js';
import type { ChannelConnector } from './connector.js';
import { CONNECTORS, PLATFORMS, connectorFor } from './connectors.js';
import { openCredentials, requireSecretsKey, sealCredentials } from './credential-cipher.js';

/** What connection writes need beyond the input: the key, the SSRF rule and where platforms reach us. */
export interface ConnectionDeps {
  secretsKey: Buffer | undefined;
  allowPrivate: boolean;
  /** Scheme, host and port of the inbound URLs (PUBLIC_URL, or the request's own). */
  publicUrl: string;
}

/** What a connection's seal holds: the platform's credentials and the inbound URL's key. */
export interface Sealed<C = Record<string, string>> {
  credentials: C;
  inboundKey: string;
}

const validators = new Map<string, InputValidator<ChannelConnector['credentials']>>(CONNECTORS.map((connector) => [connector.platform, compileInput(connector.credentials)]));
const BASE_URL = /^https?:\/\/[^/?#@\s]+$/;

/**
 * `PUT /canais/{code}/conexao`: connects the channel to a platform, or replaces its
 * connection's credentials (the inbound URL stays, since the platform has it already;
 * the status returns to `active`, and notifications waiting for new credentials are due). An unknown platform or credentials the platform's
 * schema refuses are 422 before anything is written; so is an `apiBaseUrl` that is not
 * `scheme://host[:port]` or (without WEBHOOK_ALLOW_PRIVATE_TARGETS) not public.
 */
export async function putConnection(
  em: EntityManager,
  sellerId: string,
  code: string,
  input: ConnectionInput,
  deps: ConnectionDeps,
): Promise<{ connection: ConnectionViewType; created: boolean }> {
  const { platform, apiBaseUrl, ...rest } = input;
  const connector = connectorFor(platform);
  if (!connector) throw validationFailed([{ path: '/platform', message: `is not a platform Ponte connects to (${PLATFORMS.join(', ')})` }]);
  const credentials = assertValid(validators.get(platform)!, rest, `The ${connector.title} credentials are not valid`) as Record<string, string>;
  const baseUrl = checkedBaseUrl(apiBaseUrl ?? connector.defaultApiBaseUrl(credentials as never), apiBaseUrl === undefined ? '/siteUrl' : '/apiBaseUrl', deps.allowPrivate);
  const key = requireSecretsKey(deps.secretsKey);
  return em.transactional(async (tx) => {
    if (!(await findChannel(tx, sellerId, code))) throw notFound(`Channel ${code}`);
    const existing = await tx.findOne(ChannelConnection, { seller: sellerId, channel: code }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const connection = existing ?? tx.create(ChannelConnection, { id: newId(), seller: sellerId, channel: code, platform, apiBaseUrl: baseUrl, sealed: '', inboundKeyHash: '' });
    const inboundKey = existing ? openCredentials<Sealed>(key, existing.id, existing.sealed).inboundKey : randomBytes(32).toString('base64url');
    Object.assign(connection, {
      platform,
      apiBaseUrl: baseUrl,
      sealed: sealCredentials(key, connection.id, { credentials, inboundKey } satisfies Sealed),
      inboundKeyHash: inboundKeyHash(inboundKey),
      status: 'active',
      lastError: null,
      updatedAt: new Date(),
    });
    await tx.flush();
    // Notifications that waited for credentials the platform refused are due again now.
    if (existing) await tx.execute(`update channel_inbound set next_attempt_at = now() where connection_id = ? and seller_id = ? and status = 'pending'`, [connection.id, sellerId]);
    return { connection: viewOf(connection, inboundKey, deps.publicUrl), created: !existing };
  });
}

export async function getConnection(em: EntityManager, sellerId: string, code: string, deps: Pick<ConnectionDeps, 'secretsKey' | 'publicUrl'>): Promise<ConnectionViewType> {
  const connection = await findConnection(em, sellerId, code);
  if (!connection) throw notFound(`Connection of channel ${code}`);
  return viewWithKey(connection, deps);
}

/** The connection's view; null when the channel is not connected. */
export async function findConnectionView(em: EntityManager, sellerId: string, code: string, deps: Pick<ConnectionDeps, 'secretsKey' | 'publicUrl'>): Promise<ConnectionViewType | null> {
  const connection = await findConnection(em, sellerId, code);
  return connection ? viewWithKey(connection, deps) : null;
}

/** `DELETE /canais/{code}/conexao`: the connection, its listing links, notifications and sync queue go. */
export async function deleteConnection(em: EntityManager, sellerId: string, code: string): Promise<void> {
  const deleted = await em.nativeDelete(ChannelConnection, { seller: sellerId, channel: code });
  if (deleted === 0) throw notFound(`Connection of channel ${code}`);
}

export function findConnection(em: EntityManager, sellerId: string, code: string): Promise<ChannelConnection | null> {
  return em.findOne(ChannelConnection, { seller: sellerId, channel: code });
}

/** The inbound URL is matched by its key's SHA-256: the key itself is only inside the seal. */
export function inboundKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function viewWithKey(connection: ChannelConnection, deps: Pick<ConnectionDeps, 'secretsKey' | 'publicUrl'>): ConnectionViewType {
  const sealed = openCredentials<Sealed>(requireSecretsKey(deps.secretsKey), connection.id, connection.sealed);
  return viewOf(connection, sealed.inboundKey, deps.publicUrl);
}

function viewOf(connection: ChannelConnection, inboundKey: string, publicUrl: string): ConnectionViewType {
  return {
    channel: connection.channel,
    platform: connection.platform,
    status: connection.status,
    inboundUrl: `${publicUrl}/entrada/${inboundKey}`,
    apiBaseUrl: connection.apiBaseUrl,
    createdAt: connection.createdAt.toISOString(),
    lastOrderAt: connection.lastOrderAt?.toISOString() ?? null,
    lastSyncAt: connection.lastSyncAt?.toISOString() ?? null,
    lastError: connection.lastError,
  };
}

/** `scheme://host[:port]`, public unless private targets are allowed (the webhooks' SSRF rule). */
function checkedBaseUrl(value: string, path: string, allowPrivate: boolean): string {
  if (!BASE_URL.test(value)) throw validationFailed([{ path, message: 'must be scheme://host[:port] (http or https), with no path, query or credentials' }]);
  const check = checkDestinationUrl(value, { allowPrivate, requireHttps: false });
  if (!check.ok) throw validationFailed([{ path, message: `is not allowed: ${check.reason}` }]);
  return check.url.origin;
}
