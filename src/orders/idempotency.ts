import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
// Keys live as long as the catalogue's: a used key replays for a day, then may be used afresh.
import { IDEMPOTENCY_RETENTION_HOURS } from '../catalog/idempotency.js';
import { AppError } from '../errors.js';
import type { OrderView } from './schemas.js';

/** SHA-256 of the body with its keys sorted, so key order and whitespace do not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Claims the key inside the creation transaction. The insert is the arbiter: a concurrent
 * request with the same key blocks on it until the first transaction ends, then finds the
 * committed row (and replays it) or, if the first rolled back, claims the key itself.
 * Returns the stored response when the key was already used with this same body within
 * the retention window.
 */
export async function claimIdempotencyKey(
  tx: EntityManager,
  sellerId: string,
  key: string,
  hash: string,
): Promise<OrderView | undefined> {
  const claimed = await tx.execute<{ key: string }[]>(
    `insert into order_idempotency_key (seller_id, key, request_hash) values (?, ?, ?)
     on conflict (seller_id, key) do update
       set request_hash = excluded.request_hash, order_id = null, response = null, created_at = now()
       where order_idempotency_key.created_at < now() - make_interval(hours => ?)
     returning key`,
    [sellerId, key, hash, IDEMPOTENCY_RETENTION_HOURS],
  );
  if (claimed.length > 0) return undefined;
  const [stored] = await tx.execute<{ request_hash: string; response: OrderView }[]>(
    `select request_hash, response from order_idempotency_key where seller_id = ? and key = ?`,
    [sellerId, key],
  );
  if (!stored || stored.request_hash !== hash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used with a different request body', {
      idempotencyKey: key,
    });
  }
  return stored.response;
}

/** Stores the first response with the claim, in the same transaction as the order. */
export async function completeIdempotencyKey(tx: EntityManager, sellerId: string, key: string, response: OrderView): Promise<void> {
  await tx.execute(`update order_idempotency_key set order_id = ?, response = ? where seller_id = ? and key = ?`, [
    response.id,
    JSON.stringify(response),
    sellerId,
    key,
  ]);
}
