import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PREFIX = 'ponte_sk_';
/** A sandbox seller's tokens: the same kind of token, marked so nobody mistakes one for a live one. */
export const TEST_TOKEN_PREFIX = 'ponte_sk_test_';
export const APP_CREDENTIAL_PREFIX = 'ponte_app_';

/** 32 random bytes, base64url: 256 bits, so a hash lookup cannot be brute-forced. */
export function generateSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** The random part of every secret generateSecret makes: 32 bytes, base64url. */
const SECRET_BODY = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string could be a secret of this kind; anything else is refused without a lookup. */
export function isWellFormedSecret(secret: string, prefix: string): boolean {
  return secret.startsWith(prefix) && SECRET_BODY.test(secret.slice(prefix.length));
}

/** Whether a string could be an API token, a live seller's or a sandbox seller's. */
export function isWellFormedToken(secret: string): boolean {
  return isWellFormedSecret(secret, TOKEN_PREFIX) || isWellFormedSecret(secret, TEST_TOKEN_PREFIX);
}

/** SHA-256, hex; `hash` is the one-shot form (no Hash object), run on every request. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/**
 * The row was found by its hash through an index; comparing the hashes again in
 * constant time keeps the final decision free of timing differences.
 */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** `Authorization: Bearer <secret>` → the secret, or undefined. */
export function bearerSecret(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
