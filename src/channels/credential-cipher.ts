import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';

/**
 * Channel credentials at rest: AES-256-GCM under SECRETS_KEY, a fresh 96-bit nonce per
 * write, the connection's id as associated data (a sealed value copied onto another
 * connection's row does not open). Stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url.
 */
const VERSION = 'v1';

export function sealCredentials(key: Buffer, connectionId: string, credentials: object): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(connectionId));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function openCredentials<C>(key: Buffer, connectionId: string, sealed: string): C {
  const [version, nonce, tag, data] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || data === undefined) throw new Error('sealed credentials in an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(connectionId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plain = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as C;
}

/** The key, or 503 saying it is missing: a connection cannot be made or used without it. */
export function requireSecretsKey(key: Buffer | undefined): Buffer {
  if (key) return key;
  throw new AppError(
    'UNAVAILABLE',
    'Channel connections need SECRETS_KEY (32 bytes in base64) to encrypt their credentials; the operator has not set it',
  );
}
