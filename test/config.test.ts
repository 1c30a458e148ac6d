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
      graphqlMaxDepth: 12,
      graphqlMaxCost: 5000,
      graphqlMaxAliases: 30,
      graphqlMaxTokens: 1000,
      graphqlMaxDirectives: 50,
      liveMaxMessageBytes: 1024 * 1024,
      liveMaxSubscriptionsPerConnection: 25,
      liveMaxConnectionsPerToken: 10,
      liveMaxReplaysPerMinute: 60,
      logFormat: 'auto',
      retentionDeliveriesMs: 2_592_000_000,
      retentionEventsMs: 2_592_000_000,
      retentionIntervalMs: 3_600_000,
      retentionBatchSize: 1000,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
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
    ['GRAPHQL_MAX_ALIASES', '-1', /GRAPHQL_MAX_ALIASES must be an integer between 0 and 10000/],
    ['GRAPHQL_MAX_TOKENS', '99', /GRAPHQL_MAX_TOKENS must be an integer between 100 and 1000000/],
    ['GRAPHQL_MAX_DIRECTIVES', '1.5', /GRAPHQL_MAX_DIRECTIVES must be an integer/],
    ['LIVE_MAX_MESSAGE_BYTES', '1023', /LIVE_MAX_MESSAGE_BYTES must be an integer between 1024 and 104857600/],
    ['LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION', '0', /LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION must be an integer between 1 and 10000/],
    ['LIVE_MAX_CONNECTIONS_PER_TOKEN', 'many', /LIVE_MAX_CONNECTIONS_PER_TOKEN must be an integer/],
    ['LIVE_MAX_REPLAYS_PER_MINUTE', '0', /LIVE_MAX_REPLAYS_PER_MINUTE must be an integer between 1 and 100000/],
    ['LOG_FORMAT', 'xml', /LOG_FORMAT must be one of auto, json, pretty/],
    ['METRICS_TOKEN', 'short', /METRICS_TOKEN must be at least 16 characters long/],
    ['METRICS_PORT', '4000', /METRICS_PORT must differ from PORT \(4000\)/],
    ['RETENTION_EVENTS_MS', '3600000', /RETENTION_EVENTS_MS must be at least LIVE_REPLAY_WINDOW_MS \(86400000\)/],
    ['RETENTION_BATCH_SIZE', '0', /RETENTION_BATCH_SIZE must be an integer between 1 and 100000/],
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
