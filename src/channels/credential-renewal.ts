/**
 * Renewing a connection's credentials (Mercado Livre's OAuth refresh) one at a time per
 * connection (docs/channels.md, "Mercado Livre"). A refresh token is good for one use:
 * two workers refreshing with the same one would leave one of them with invalid_grant,
 * which reads as "the seller must authorize again", though valid tokens were just stored.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Sealed } from './connection.service.js';
import { openCredentials, sealCredentials } from './credential-cipher.js';

/** The connection whose credentials are renewed, as the worker holds it; `sealed` follows what it uses. */
export interface RenewedConnection {
  id: string;
  seller_id: string;
  sealed: string;
}

/**
 * A worker's renewals, queued per connection: of a worker's attempts that find the token
 * refused at once, one renews while the others wait here rather than each holding a
 * database connection while it waits for the lock (the pool is small).
 */
export class CredentialRenewals {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` once every task queued before it for this connection has ended. */
  async queued<T>(connectionId: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(connectionId) ?? Promise.resolve();
    const run = before.then(task, task);
    const tail = run.catch(() => undefined);
    this.tails.set(connectionId, tail);
    try {
      return await run;
    } finally {
      if (this.tails.get(connectionId) === tail) this.tails.delete(connectionId);
    }
  }
}

/**
 * Renews under a transaction-scoped advisory lock on the connection, which serialises
 * renewals across workers and processes: the stored credentials are read after taking it
 * (another worker may have renewed them meanwhile, and `renew` then answers them as they
 * are), and renewed ones are stored only if the stored ones are still those read: a
 * seller who replaced them (PUT …/conexao) meanwhile keeps theirs, and those are used.
 * The lock is held through the platform's answer, at most CHANNEL_TIMEOUT_MS.
 */
export async function renewStoredCredentials<C>(
  em: EntityManager,
  secretsKey: Buffer,
  connection: RenewedConnection,
  renew: (stored: C) => Promise<C>,
): Promise<C> {
  const { id, seller_id: sellerId } = connection;
  return em.fork().transactional(async (tx) => {
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`ponte:channel-credentials:${id}`]);
    const read = await storedSeal(tx, connection);
    // A refusal from here on is of the credentials stored now (recordConnectionError).
    connection.sealed = read;
    const stored = openCredentials<Sealed<C>>(secretsKey, id, read);
    const next = await renew(stored.credentials);
    if (next === stored.credentials) return next;
    const sealed = sealCredentials(secretsKey, id, { credentials: next, inboundKey: stored.inboundKey } satisfies Sealed<C>);
    const saved = await tx.execute<{ id: string }[]>(
      `update channel_connection set sealed = ?, updated_at = now() where id = ? and seller_id = ? and sealed = ? returning id`,
      [sealed, id, sellerId, read],
    );
    if (saved.length > 0) {
      connection.sealed = sealed;
      return next;
    }
    // Replaced by the seller since it was read: theirs stand.
    connection.sealed = await storedSeal(tx, connection);
    return openCredentials<Sealed<C>>(secretsKey, id, connection.sealed).credentials;
  });
}

async function storedSeal(tx: EntityManager, connection: RenewedConnection): Promise<string> {
  const [row] = await tx.execute<{ sealed: string }[]>(`select sealed from channel_connection where id = ? and seller_id = ?`, [connection.id, connection.seller_id]);
  if (!row) throw new Error(`connection ${connection.id} was removed`);
  return row.sealed;
}
