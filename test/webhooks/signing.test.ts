import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, ROTATION_OVERLAP_MS, secretsInUse, signatureHeaders } from '../../src/webhooks/signing.js';

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('signs so the standardwebhooks verifier accepts the message with either secret, and rejects a change', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const body = JSON.stringify({ id: 'e-1', evento: 'pedido.criado', dataHora: '2026-01-01T00:00:00.000Z', data: {} });
    const headers = signatureHeaders([current, previous], { id: 'msg-1', timestamp: new Date(), body });
    expect(headers['webhook-id']).toBe('msg-1');
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('e-1', 'e-2'), headers)).toThrow();
  });

  it('signs exactly as the standardwebhooks package does, UTF-8 bodies included', () => {
    const secret = generateWebhookSecret();
    const timestamp = new Date('2026-03-01T12:00:00.999Z');
    const body = JSON.stringify({ id: 'e-1', evento: 'pedido.criado', data: { cliente: 'João Ñandú 🚚', nota: 'ação' } });
    const headers = signatureHeaders([secret], { id: 'msg-ç', timestamp, body });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(timestamp.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('msg-ç', timestamp, body));
  });

  it('keeps the previous secret signing for 24 hours after a rotation, and only then', () => {
    const rotatedAt = new Date('2026-01-01T00:00:00Z');
    const secrets = { secret: 'whsec_new', previousSecret: 'whsec_old', previousSecretExpiresAt: new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS) };
    expect(ROTATION_OVERLAP_MS).toBe(24 * 60 * 60 * 1000);
    expect(secretsInUse(secrets, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS - 1))).toEqual(['whsec_new', 'whsec_old']);
    expect(secretsInUse(secrets, new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS))).toEqual(['whsec_new']);
    expect(secretsInUse({ secret: 'whsec_new', previousSecret: null, previousSecretExpiresAt: null }, rotatedAt)).toEqual(['whsec_new']);
  });
});
