import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { AppError, validationFailed } from '../errors.js';
import { inboundKeyHash, type Sealed } from './connection.service.js';
import type { InboundRequest } from './connector.js';
import { connectorFor } from './connectors.js';
import { openCredentials, requireSecretsKey } from './credential-cipher.js';

/** The LISTEN/NOTIFY channel that wakes the inbound worker when a notification is stored. */
export const INBOUND_NOTIFY_CHANNEL = 'ponte_channel_inbound';

export type InboundOutcome = { stored: true; duplicate: boolean } | { stored: false; ignored: string };

const INBOUND_KEY = /^[A-Za-z0-9_-]{43}$/;

/** A connection as its inbound URL finds it (across sellers: the key is the only credential the platform has). */
export interface InboundConnection {
  id: string;
  seller_id: string;
  platform: string;
  sealed: string;
}

/** The connection whose inbound URL has this key; null for a key no connection has (or one that cannot be a key). */
export async function findInboundConnection(em: EntityManager, key: string): Promise<InboundConnection | null> {
  if (!INBOUND_KEY.test(key)) return null;
  const [connection] = await em.execute<InboundConnection[]>('select id, seller_id, platform, sealed from channel_connection where inbound_key_hash = ?', [inboundKeyHash(key)]);
  return connection && connectorFor(connection.platform) ? connection : null;
}

/**
 * `POST /entrada/{key}`, once the key found its connection: the platform's request,
 * verified by its connector, stored as it came before it is answered (one statement,
 * committed: a notification accepted survives any crash after it), deduplicated by the
 * platform's delivery id; the inbound worker imports it (inbound-worker.ts). A bad
 * signature is 401, a body with a NUL byte 422, and neither stores anything.
 */
export async function acceptInbound(em: EntityManager, connection: InboundConnection, request: InboundRequest, secretsKey: Buffer | undefined): Promise<InboundOutcome> {
  const connector = connectorFor(connection.platform)!;
  const { credentials } = openCredentials<Sealed<object>>(requireSecretsKey(secretsKey), connection.id, connection.sealed);
  const verdict = connector.verifyInbound(request, credentials);
  if (verdict.kind === 'refused') throw new AppError('UNAUTHENTICATED', `The request is not the platform's: ${verdict.reason}`);
  if (verdict.kind === 'ignored') return { stored: false, ignored: verdict.reason };
  // JSON has no raw NUL, and PostgreSQL's text cannot hold one: no platform sends it.
  if (request.body.includes(0)) throw validationFailed([{ path: '/', message: 'must not contain NUL bytes' }]);
  const inserted = await em.execute<{ id: string }[]>(
    `with stored as (
       insert into channel_inbound (id, seller_id, connection_id, delivery_id, topic, body, status, attempts, received_at, next_attempt_at)
       values (?, ?, ?, ?, ?, ?, 'pending', 0, now(), now())
       on conflict (connection_id, delivery_id) do nothing
       returning id
     )
     select id, pg_notify('${INBOUND_NOTIFY_CHANNEL}', '') from stored`,
    [newId(), connection.seller_id, connection.id, verdict.deliveryId.slice(0, 200), verdict.topic, request.body.toString('utf8')],
  );
  return { stored: true, duplicate: inserted.length === 0 };
}
