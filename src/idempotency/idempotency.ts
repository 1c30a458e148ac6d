import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Type } from 'typebox';
import { requireTransaction } from '../db/transaction.js';
import { AppError, validationFailed } from '../errors.js';

/** How long a used key answers with its stored response; after that it may be used afresh. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * REST checks its header against idempotencyKeySchema; a GraphQL `idempotencyKey`
 * argument arrives as it came, and is checked with this.
 */
export function assertIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw validationFailed([{ path: '/idempotencyKey', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters` }]);
  }
}

/** The `Idempotency-Key` header of the REST routes that take one. */
export function idempotencyKeySchema(description: string) {
  return Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, description });
}

export interface IdempotencyClaim {
  sellerId: string;
  scope: string;
  key: string;
}

/** SHA-256 of the request with its keys sorted, so key order and whitespace do not matter. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
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
 * Claims the key inside the caller's transaction. The insert is the arbiter: a concurrent
 * request with the same key blocks on it until the first transaction ends, then finds the
 * committed row and replays it (or, if the first rolled back, claims the key itself).
 * Returns the stored response when the key was already used with this same request within
 * the retention window; the same key with another request is IDEMPOTENCY_MISMATCH (422).
 */
export async function claimIdempotencyKey<T extends object>(
  tx: EntityManager,
  claim: IdempotencyClaim,
  hash: string,
): Promise<T | undefined> {
  requireTransaction(tx, 'claimIdempotencyKey');
  assertIdempotencyKey(claim.key);
  const claimed = await tx.execute<{ key: string }[]>(
    `insert into idempotency_key (seller_id, scope, key, request_hash) values (?, ?, ?, ?)
     on conflict (seller_id, scope, key) do update
       set request_hash = excluded.request_hash, response = null, created_at = now()
       where idempotency_key.created_at < now() - make_interval(hours => ?)
     returning key`,
    [claim.sellerId, claim.scope, claim.key, hash, IDEMPOTENCY_RETENTION_HOURS],
  );
  if (claimed.length > 0) return undefined;
  const [stored] = await tx.execute<{ request_hash: string; response: T | null }[]>(
    `select request_hash, response from idempotency_key where seller_id = ? and scope = ? and key = ?`,
    [claim.sellerId, claim.scope, claim.key],
  );
  if (!stored || stored.request_hash !== hash || !stored.response) {
    throw new AppError(
      'IDEMPOTENCY_MISMATCH',
      'This Idempotency-Key was already used with a different request; use a new key for a new change',
      { idempotencyKey: claim.key },
    );
  }
  return stored.response;
}

/** Stores the first response with the claim, in the same transaction as the change. */
export async function storeIdempotentResponse(tx: EntityManager, claim: IdempotencyClaim, response: object): Promise<void> {
  await tx.execute(`update idempotency_key set response = ? where seller_id = ? and scope = ? and key = ?`, [
    JSON.stringify(response),
    claim.sellerId,
    claim.scope,
    claim.key,
  ]);
}
