import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sealed } from './connection.service.js';
import type { ChannelConnector, PlatformContext } from './connector.js';
import { connectorFor } from './connectors.js';
import { openCredentials, sealCredentials } from './credential-cipher.js';
import type { PlatformClient } from './platform-http.js';

/** A connection as the workers read it (across sellers). */
export interface ConnectionRow {
  id: string;
  seller_id: string;
  channel: string;
  platform: string;
  api_base_url: string;
  sealed: string;
  status: string;
}

export const CONNECTION_COLUMNS = 'c.id, c.seller_id, c.channel, c.platform, c.api_base_url, c.sealed, c.status';

export interface PlatformSession {
  connector: ChannelConnector<object>;
  context: PlatformContext<object>;
}

/**
 * A connection's connector with what calling its platform needs: the credentials opened,
 * a client for its API that records each answer (for the sync log), and a way to store
 * credentials the platform renewed, sealed again with the same inbound key.
 */
export function sessionFor(em: EntityManager, client: PlatformClient, secretsKey: Buffer, row: ConnectionRow): PlatformSession {
  const connector = connectorFor(row.platform);
  if (!connector) throw new Error(`connection ${row.id} names the unknown platform ${row.platform}`);
  const sealed = openCredentials<Sealed<object>>(secretsKey, row.id, row.sealed);
  return {
    connector,
    context: {
      credentials: sealed.credentials,
      http: client.forBase(row.api_base_url),
      saveCredentials: async (next) => {
        row.sealed = sealCredentials(secretsKey, row.id, { credentials: next, inboundKey: sealed.inboundKey });
        await em.fork().execute('update channel_connection set sealed = ?, updated_at = now() where id = ? and seller_id = ?', [row.sealed, row.id, row.seller_id]);
      },
    },
  };
}

/** What a platform's refusal or failure does to the connection: 401/403 pauses it. */
export async function recordConnectionError(em: EntityManager, row: Pick<ConnectionRow, 'id' | 'seller_id'>, message: string, unauthorized: boolean): Promise<void> {
  await em.fork().execute(
    `update channel_connection set last_error = ?, status = case when ? then 'unauthorized' else status end, updated_at = now() where id = ? and seller_id = ?`,
    [message.slice(0, 1000), unauthorized, row.id, row.seller_id],
  );
}
