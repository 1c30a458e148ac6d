import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** How long a rotated-out secret keeps signing, so receivers can switch without a gap. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** `whsec_` + 32 random bytes in base64, the Standard Webhooks secret format. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

export interface SigningSecrets {
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The current secret, plus the previous one while its overlap lasts. */
export function secretsInUse(secrets: SigningSecrets, now: Date): string[] {
  const previousValid = secrets.previousSecret && secrets.previousSecretExpiresAt && secrets.previousSecretExpiresAt > now;
  return previousValid ? [secrets.secret, secrets.previousSecret!] : [secrets.secret];
}

/**
 * The Standard Webhooks headers. With several secrets the signature header lists one
 * `v1,…` per secret, space-separated; verifiers accept the message if any one matches.
 */
export function signatureHeaders(
  secrets: readonly string[],
  message: { id: string; timestamp: Date; body: string },
): Record<string, string> {
  const timestamp = String(Math.floor(message.timestamp.getTime() / 1000));
  const signed = `${message.id}.${timestamp}.${message.body}`;
  return {
    'webhook-id': message.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((secret) => `v1,${hmacOf(secret, signed)}`).join(' '),
  };
}

/**
 * Standard Webhooks' `v1` signature: HMAC-SHA256 under the secret's base64 bytes. Node's
 * own HMAC: the standardwebhooks package computes it in JavaScript, ~5% of the
 * dispatcher's CPU per delivery (test/webhooks verify every signature with that package).
 */
function hmacOf(secret: string, signed: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(signed).digest('base64');
}
