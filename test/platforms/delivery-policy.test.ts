import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
// Registers the modules' subscription kinds and events with the dispatcher and the event registry.
import '../../src/modules.js';
import { policyFor } from '../../src/webhooks/policy.js';

const config = loadConfig({ WEBHOOK_MAX_ATTEMPTS: '8' });
const event = { id: 'e1', type: 'atendimento.mensagem', createdAt: new Date('2026-01-02T03:04:05Z'), payload: { idAtendimento: 'c1' } };
const message = { deliveryId: 'd1', attempt: 1, timestamp: new Date(), body: '{}', secrets: { secret: 'whsec_AAAA', previousSecret: null, previousSecretExpiresAt: null } };

describe('per-product delivery policies', () => {
  it('logistics and payments: 5 attempts in all, any 2xx, charset=UTF-8, no signature, http allowed', () => {
    for (const kind of ['logistics', 'payments'] as const) {
      const policy = policyFor(kind);
      expect(policy.maxAttempts(config)).toBe(5);
      expect([200, 201, 202, 204, 299].map(policy.isSuccess)).toEqual([true, true, true, true, true]);
      expect([199, 301, 302, 400, 500].map(policy.isSuccess)).toEqual([false, false, false, false, false]);
      expect(policy.headers(message)).toEqual({ 'content-type': 'application/json; charset=UTF-8', 'user-agent': 'Ponte-Webhooks/1.0' });
      expect(policy.requireHttps).toBe(false);
    }
  });

  it('customer service: 1 + 5 attempts, only 200, https, no signature', () => {
    const policy = policyFor('support');
    expect(policy.maxAttempts(config)).toBe(6);
    expect([200, 201, 202, 204].map(policy.isSuccess)).toEqual([true, false, false, false]);
    expect(policy.requireHttps).toBe(true);
    expect(Object.keys(policy.headers(message))).toEqual(['content-type', 'user-agent']);
  });

  it('sends {evento, data} and offers only the product\'s own events', () => {
    expect(policyFor('support').body(event)).toStrictEqual({ evento: 'atendimento.mensagem', data: { idAtendimento: 'c1' } });
    expect(policyFor('support').offers('atendimento.mensagem')).toBe(true);
    expect(policyFor('support').offers('rastreio.atualizado')).toBe(false);
    expect(policyFor('logistics').offers('rastreio.atualizado')).toBe(true);
    expect(policyFor('payments').offers('aplicativo.removido')).toBe(true);
    expect(policyFor('logistics').offers('aplicativo.removido')).toBe(false);
    // The webhooks interface never offers product events, so "*" there does not include them.
    expect(policyFor('interface').offers('atendimento.mensagem')).toBe(false);
  });
});
