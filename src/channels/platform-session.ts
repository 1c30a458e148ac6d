import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sealed } from './connection.service.js';
import type { ChannelConnector, PlatformContext } from './connector.js';
import { connectorFor } from './connectors.js';
import { openCredentials } from './credential-cipher.js';
import { renewStoredCredentials, type CredentialRenewals } from './credential-renewal.js';
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
 * a client for its API that records each answer (for the sync log), and a way to renew
 * the credentials (credential-renewal.ts) that keeps `row.sealed` at the credentials in
 * use, so a refusal is judged against them (recordConnectionError).
 */
export function sessionFor(em: EntityManager, client: PlatformClient, secretsKey: Buffer, renewals: CredentialRenewals, row: ConnectionRow): PlatformSession {
  const connector = connectorFor(row.platform);
  if (!connector) throw new Error(`connection ${row.id} names the unknown platform ${row.platform}`);
  const context: PlatformContext<object> = {
    credentials: openCredentials<Sealed<object>>(secretsKey, row.id, row.sealed).credentials,
    http: client.forBase(row.api_base_url),
    renewCredentials: async (renew) => {
      context.credentials = await renewals.queued(row.id, () => renewStoredCredentials(em, secretsKey, row, renew));
      return context.credentials;
    },
  };
  return { connector, context };
}

/**
 * What a platform's refusal or failure does to the connection: its lastError, and 401/403
 * pauses it (`unauthorized`), unless its credentials changed since the ones refused were
 * read (`refusedSeal`): renewed by another worker, or replaced by the seller, they were
 * not refused.
 */
export async function recordConnectionError(
  em: EntityManager,
  row: Pick<ConnectionRow, 'id' | 'seller_id'>,
  message: string,
  refusedSeal: string | null,
): Promise<void> {
  await em.fork().execute(
    `update channel_connection set last_error = ?, status = case when sealed = ? then 'unauthorized' else status end, updated_at = now() where id = ? and seller_id = ?`,
    [message.slice(0, 1000), refusedSeal, row.id, row.seller_id],
  );
}
