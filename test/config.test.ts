import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      role: 'all',
      webhookTimeoutMs: 10_000,
      webhookMaxAttempts: 8,
      webhookBackoffBaseMs: 5000,
      webhookBackoffMaxMs: 21_600_000,
      webhookAllowPrivateTargets: false,
      webhookDisableAfterMs: 259_200_000,
      rateLimitPerMinute: 1200,
      pageSizeDefault: 50,
      pageSizeMax: 200,
      bodyLimitBytes: 1024 * 1024,
      liveKeepAliveMs: 12_000,
      liveBufferEvents: 256,
      liveReplayWindowMs: 86_400_000,
      liveReplayMaxEvents: 1000,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer/],
    ['PORT', '70000', /PORT must be an integer between 0 and 65535/],
    ['WEBHOOK_MAX_ATTEMPTS', '0', /WEBHOOK_MAX_ATTEMPTS/],
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'maybe', /WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false/],
    ['ROLE', 'worker', /ROLE must be one of all, api, dispatcher/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must use postgres: or postgresql:/],
    ['REDIS_URL', 'not a url', /REDIS_URL must be a URL/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
    ['LIVE_BUFFER_EVENTS', '0', /LIVE_BUFFER_EVENTS must be an integer between 1 and 100000/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('parses values it accepts', () => {
    const config = loadConfig({
      PORT: '8080',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ROLE: 'dispatcher',
      SUPPORT_URL: 'https://support.example.com/',
    });
    expect(config).toMatchObject({ port: 8080, webhookAllowPrivateTargets: true, role: 'dispatcher', supportUrl: 'https://support.example.com' });
  });
});
