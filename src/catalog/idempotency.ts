import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../db/ids.js';
import { AppError } from '../errors.js';
import { requireTransaction } from './transaction.js';

/** How long a used key answers with its stored response; after that it may be used afresh. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export type IdempotencyClaim = { replay: false } | { replay: true; response: Record<string, unknown> };

/** SHA-256 of what the request asks for; a key reused with another request is refused. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/**
 * Claims `key` for this request inside the caller's transaction. A concurrent request
 * with the same key waits on the unique index until the first commits, then replays
 * its response; the same key with a different request is IDEMPOTENCY_MISMATCH (422).
 */
export async function claimIdempotencyKey(em: EntityManager, sellerId: string, key: string, hash: string): Promise<IdempotencyClaim> {
  requireTransaction(em, 'claimIdempotencyKey');
  const claimed = await em.execute<{ id: string }[]>(
    `insert into catalog_idempotency_key (id, seller_id, key, request_hash, response, created_at)
     values (?, ?, ?, ?, null, now())
     on conflict (seller_id, key) do update
       set request_hash = excluded.request_hash, response = null, created_at = now()
       where catalog_idempotency_key.created_at < now() - make_interval(hours => ?)
     returning id`,
    [newId(), sellerId, key, hash, IDEMPOTENCY_RETENTION_HOURS],
  );
  if (claimed.length > 0) return { replay: false };
  const [existing] = await em.execute<{ request_hash: string; response: Record<string, unknown> | null }[]>(
    `select request_hash, response from catalog_idempotency_key where seller_id = ? and key = ?`,
    [sellerId, key],
  );
  if (!existing || existing.request_hash !== hash || !existing.response) {
    throw new AppError(
      'IDEMPOTENCY_MISMATCH',
      'This Idempotency-Key was already used with a different request; use a new key for a new change',
      { idempotencyKey: key },
    );
  }
  return { replay: true, response: existing.response };
}

export async function storeIdempotentResponse(
  em: EntityManager,
  sellerId: string,
  key: string,
  response: Record<string, unknown>,
): Promise<void> {
  await em.execute(`update catalog_idempotency_key set response = ?::jsonb where seller_id = ? and key = ?`, [
    JSON.stringify(response),
    sellerId,
    key,
  ]);
}
