import { accessSync, constants } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Environment → typed, validated configuration. The one place that reads process.env
 * for settings: a wrong value stops the process with one line naming the variable.
 */
export type Role = 'all' | 'api' | 'dispatcher';
export type LogFormat = 'auto' | 'json' | 'pretty';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Streaming replicas that take reads which tolerate lag (docs/operations.md, Read replicas). */
  databaseReadUrls: string[];
  /** A replica further behind the primary than this serves no read. */
  replicaMaxLagMs: number;
  /** How often the replicas' replay positions are checked against the primary's. */
  replicaCheckMs: number;
  dataDir: string;
  /** A built console to serve at /console instead of the build's own (src/http/console.ts). */
  consoleDir: string | undefined;
  embeddedPostgresPort: number;
  role: Role;
  logLevel: string;
  /** `auto`: pretty lines when stdout is a terminal, JSON lines otherwise. */
  logFormat: LogFormat;
  /** When set, `/metrics` answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** When set, `/metrics` is served on this port (on HOST) instead of PORT. */
  metricsPort: number | undefined;
  redisUrl: string | undefined;
  bodyLimitBytes: number;
  pageSizeDefault: number;
  pageSizeMax: number;
  rateLimitPerMinute: number;
  /** The budget of one seller over all its tokens (the token budget holds within it). */
  rateLimitPerSellerPerMinute: number;
  /** Active tokens a seller may hold before its tokens may mint no more (the operator may). */
  tokensPerSellerMax: number;
  /** Proxies whose X-Forwarded-For gives the client's address (rate limits); unset: the peer is the client. */
  trustProxy: string[] | undefined;
  /** How long a credential that passed may be answered from memory (0: looked up on every request). */
  authCacheMs: number;
  /** Operation limits, over HTTP and graphql-ws alike (docs/security.md#graphql-operations). */
  graphqlMaxDepth: number;
  graphqlMaxCost: number;
  graphqlMaxAliases: number;
  graphqlMaxTokens: number;
  graphqlMaxDirectives: number;
  /** About the most bytes of data one GraphQL response carries (src/graphql/response-size.ts). */
  graphqlMaxResponseBytes: number;
  /** When set, the federation subgraph is served at /graphql/subgraph to gateways that present it (src/graphql/subgraph-access.ts). */
  graphqlSubgraphToken: string | undefined;
  webhookTimeoutMs: number;
  webhookMaxAttempts: number;
  webhookBackoffBaseMs: number;
  webhookBackoffMaxMs: number;
  webhookAllowPrivateTargets: boolean;
  webhookDisableAfterMs: number;
  /** Attempts one dispatcher process has in flight at once. */
  webhookConcurrency: number;
  /** Attempts one destination (a subscription, or an application's registration) may have in flight per dispatcher process. */
  webhookDestinationMaxInFlight: number;
  /** Attempts one seller's deliveries may have in flight per dispatcher process. */
  webhookSellerMaxInFlight: number;
  /** Slots of a dispatcher process that only destinations and sellers under their caps may take. */
  webhookReservedSlots: number;
  /** Webhook subscriptions (webhooks interface and portal v2 alike) a seller may keep. */
  webhookSubscriptionsMax: number;
  /** Per-product webhook registrations an application may keep, per product. */
  productRegistrationsMax: number;
  /** PEM files: both set → the service itself serves HTTPS (docs/operations: when a proxy terminates TLS instead). */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  logisticsUrl: string | undefined;
  paymentsUrl: string | undefined;
  supportUrl: string | undefined;
  /** Payments product: the fee taken from a settlement cycle's gross, in percent ("2.50"). */
  settlementFeePercent: string;
  /** Payments product: days from a cycle's period end to its payout date. */
  settlementPayoutDays: number;
  shutdownGraceMs: number;
  /** graphql-ws keep-alive: a WebSocket ping every this many ms; no pong by the next one closes the socket. */
  liveKeepAliveMs: number;
  /** Events one live subscription may hold for a client that is not reading before it is closed. */
  liveBufferEvents: number;
  /** How far back `after` may reach: by age and by number of events to replay. */
  liveReplayWindowMs: number;
  liveReplayMaxEvents: number;
  /** Redis channel and key prefix of the live-event fan-out (when REDIS_URL is set). */
  liveRedisPrefix: string;
  /** Largest WebSocket message accepted, before connection_init too; larger closes with 1009. */
  liveMaxMessageBytes: number;
  /** Operations (subscriptions, running queries) one WebSocket connection may hold at once. */
  liveMaxSubscriptionsPerConnection: number;
  /** Open WebSocket connections one token may hold in this process. */
  liveMaxConnectionsPerToken: number;
  /** Open live connections of one seller, over all its tokens, per process. */
  liveMaxConnectionsPerSeller: number;
  /** Subscriptions with `after` (replays) one token may start per minute in this process. */
  liveMaxReplaysPerMinute: number;
  /** How often a process checks that the tokens of its open live connections are not revoked. */
  liveTokenCheckMs: number;
  /**
   * AES-256 key (32 bytes) that encrypts channel connections' credentials at rest. Unset
   * with the embedded database: one is made under the data folder; unset with
   * DATABASE_URL: connecting a channel answers 503 (docs/channels.md).
   */
  secretsKey: Buffer | undefined;
  /** Scheme, host and port platforms reach this service at (inbound URLs); unset: the request's own. */
  publicUrl: string | undefined;
  /** A platform request (connector) gives up after this long. */
  channelTimeoutMs: number;
  /** Requests one channel connection's inbound URL takes per minute (per process, or across processes with REDIS_URL). */
  channelInboundRateLimitPerMinute: number;
  /** Imports of stored channel notifications one process runs at once. */
  channelInboundConcurrency: number;
  /** Imports one channel connection may have in flight per process. */
  channelInboundConnectionMaxInFlight: number;
  /** Imports one seller's connections may have in flight per process, together. */
  channelInboundSellerMaxInFlight: number;
  /** Import slots of a process that only connections and sellers under their caps may take. */
  channelInboundReservedSlots: number;
  /** Finished webhook deliveries (and their attempts) are kept this long after they finished. */
  retentionDeliveriesMs: number;
  /** Outbox events are kept this long (at least the live replay window), and while a delivery or the fan-out needs them. */
  retentionEventsMs: number;
  /** Finished channel notifications (the inbound URL's) are kept this long after they arrived. */
  retentionChannelInboundMs: number;
  /** Channel sync attempts (the sync log) are kept this long. */
  retentionSyncLogMs: number;
  /** How often the retention purges run, and how many rows one statement of the channel notifications' removes. */
  retentionIntervalMs: number;
  retentionBatchSize: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;
type Parse<T> = (raw: string, name: string) => T;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const ROLES: Role[] = ['all', 'api', 'dispatcher'];
const LOG_FORMATS: LogFormat[] = ['auto', 'json', 'pretty'];
const DAY_MS = 86_400_000;

function integer(min: number, max = Number.MAX_SAFE_INTEGER): Parse<number> {
  return (raw, name) => {
    const value = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `between ${min} and ${max}`;
      throw new ConfigError(`${name} must be an integer ${range} (got "${raw}")`);
    }
    return value;
  };
}

const boolean: Parse<boolean> = (raw, name) => {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
};

function oneOf<T extends string>(values: readonly T[]): Parse<T> {
  return (raw, name) => {
    if ((values as readonly string[]).includes(raw)) return raw as T;
    throw new ConfigError(`${name} must be one of ${values.join(', ')} (got "${raw}")`);
  };
}

function url(protocols: string[]): Parse<string> {
  return (raw, name) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError(`${name} must be a URL (got "${raw}")`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got "${raw}")`);
    }
    return raw.replace(/\/+$/, '');
  };
}

const text: Parse<string> = (raw) => raw;

/** A comma-separated list, each item parsed alone (empty items ignored). */
function list<T>(parse: Parse<T>): Parse<T[]> {
  return (raw, name) =>
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => parse(item, name));
}

/** A shared secret: long enough not to be guessed. */
function secret(minLength: number): Parse<string> {
  return (raw, name) => {
    if (raw.length < minLength) throw new ConfigError(`${name} must be at least ${minLength} characters long`);
    return raw;
  };
}

/** A file the process can read now (a certificate, a key): a wrong path fails at start, not at the first connection. */
const readableFile: Parse<string> = (raw, name) => {
  try {
    accessSync(raw, constants.R_OK);
  } catch {
    throw new ConfigError(`${name} must name a readable file (got "${raw}")`);
  }
  return raw;
};

/** A 32-byte key given as base64 (`openssl rand -base64 32`). */
const aesKey: Parse<Buffer> = (raw, name) => {
  const key = Buffer.from(raw.trim(), 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw.trim()) || key.length !== 32) {
    throw new ConfigError(`${name} must be 32 bytes in base64, e.g. the output of: openssl rand -base64 32`);
  }
  return key;
};

/** A percentage with at most two decimal places, 0 to 100 ("2.50"). */
const percent: Parse<string> = (raw, name) => {
  const value = raw.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value) || Number(value) > 100) {
    throw new ConfigError(`${name} must be a percentage between 0 and 100 with at most two decimals (got "${raw}")`);
  }
  return value;
};

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Addresses or networks of the proxies in front ("127.0.0.1,10.0.0.0/8", or loopback,
 * linklocal, uniquelocal), comma-separated. No "true" and no hop count: either would let a
 * client that reaches the port directly write its own X-Forwarded-For.
 */
const proxies: Parse<string[]> = (raw, name) => {
  const entries = raw.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !PROXY_RANGES.includes(entry) && !isAddressOrNetwork(entry));
  if (invalid.length > 0) {
    throw new ConfigError(`${name} must list proxy addresses or networks (e.g. 127.0.0.1,10.0.0.0/8) or loopback, linklocal, uniquelocal (got "${invalid.join(',')}")`);
  }
  return entries;
};

function isAddressOrNetwork(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (!(isIPv4(address) || isIPv6(address)) || rest.length > 0) return false;
  if (bits === undefined) return true;
  const maximum = isIPv6(address) ? 128 : 32;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= maximum;
}

function read<T>(env: Env, name: string, parse: Parse<T>, fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return parse(raw, name);
}

function optional<T>(env: Env, name: string, parse: Parse<T>): T | undefined {
  return read<T | undefined>(env, name, parse, undefined);
}

export function loadConfig(env: Env = process.env): Config {
  const config: Config = {
    port: read(env, 'PORT', integer(0, 65535), 4000),
    host: read(env, 'HOST', text, '127.0.0.1'),
    databaseUrl: optional(env, 'DATABASE_URL', url(['postgres:', 'postgresql:'])),
    databaseReadUrls: read(env, 'DATABASE_READ_URL', list(url(['postgres:', 'postgresql:'])), []),
    replicaMaxLagMs: read(env, 'REPLICA_MAX_LAG_MS', integer(1, 3_600_000), 2000),
    replicaCheckMs: read(env, 'REPLICA_CHECK_MS', integer(10, 60_000), 200),
    dataDir: read(env, 'PONTE_DATA_DIR', text, '.data'),
    consoleDir: optional(env, 'PONTE_CONSOLE_DIR', text),
    embeddedPostgresPort: read(env, 'EMBEDDED_POSTGRES_PORT', integer(1, 65535), 54329),
    role: read(env, 'ROLE', oneOf(ROLES), 'all'),
    logLevel: read(env, 'LOG_LEVEL', oneOf(LOG_LEVELS), 'info'),
    logFormat: read(env, 'LOG_FORMAT', oneOf(LOG_FORMATS), 'auto'),
    metricsToken: optional(env, 'METRICS_TOKEN', secret(16)),
    metricsPort: optional(env, 'METRICS_PORT', integer(0, 65535)),
    redisUrl: optional(env, 'REDIS_URL', url(['redis:', 'rediss:'])),
    bodyLimitBytes: read(env, 'BODY_LIMIT_BYTES', integer(1024), 1024 * 1024),
    pageSizeDefault: read(env, 'PAGE_SIZE_DEFAULT', integer(1, 200), 50),
    pageSizeMax: read(env, 'PAGE_SIZE_MAX', integer(1, 1000), 200),
    rateLimitPerMinute: read(env, 'RATE_LIMIT_PER_MINUTE', integer(1), 1200),
    rateLimitPerSellerPerMinute: read(env, 'RATE_LIMIT_PER_SELLER_PER_MINUTE', integer(1), 3600),
    tokensPerSellerMax: read(env, 'TOKENS_PER_SELLER_MAX', integer(1, 100_000), 100),
    trustProxy: optional(env, 'TRUST_PROXY', proxies),
    authCacheMs: read(env, 'AUTH_CACHE_MS', integer(0, 3_600_000), 60_000),
    graphqlMaxDepth: read(env, 'GRAPHQL_MAX_DEPTH', integer(1, 100), 12),
    graphqlMaxCost: read(env, 'GRAPHQL_MAX_COST', integer(1), 5000),
    graphqlMaxAliases: read(env, 'GRAPHQL_MAX_ALIASES', integer(0, 10_000), 30),
    graphqlMaxTokens: read(env, 'GRAPHQL_MAX_TOKENS', integer(100, 1_000_000), 1000),
    graphqlMaxDirectives: read(env, 'GRAPHQL_MAX_DIRECTIVES', integer(0, 10_000), 50),
    graphqlMaxResponseBytes: read(env, 'GRAPHQL_MAX_RESPONSE_BYTES', integer(1024, 1024 * 1024 * 1024), 10 * 1024 * 1024),
    graphqlSubgraphToken: optional(env, 'GRAPHQL_SUBGRAPH_TOKEN', secret(16)),
    webhookTimeoutMs: read(env, 'WEBHOOK_TIMEOUT_MS', integer(1), 10_000),
    webhookMaxAttempts: read(env, 'WEBHOOK_MAX_ATTEMPTS', integer(1, 100), 8),
    webhookBackoffBaseMs: read(env, 'WEBHOOK_BACKOFF_BASE_MS', integer(0), 5000),
    webhookBackoffMaxMs: read(env, 'WEBHOOK_BACKOFF_MAX_MS', integer(0), 21_600_000),
    webhookAllowPrivateTargets: read(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', boolean, false),
    webhookDisableAfterMs: read(env, 'WEBHOOK_DISABLE_AFTER_MS', integer(1), 259_200_000),
    webhookConcurrency: read(env, 'WEBHOOK_CONCURRENCY', integer(1, 10_000), 80),
    webhookDestinationMaxInFlight: read(env, 'WEBHOOK_DESTINATION_MAX_IN_FLIGHT', integer(1, 10_000), 16),
    webhookSellerMaxInFlight: read(env, 'WEBHOOK_SELLER_MAX_IN_FLIGHT', integer(1, 10_000), 32),
    webhookReservedSlots: read(env, 'WEBHOOK_RESERVED_SLOTS', integer(0, 10_000), 16),
    webhookSubscriptionsMax: read(env, 'WEBHOOK_SUBSCRIPTIONS_MAX', integer(1, 100_000), 50),
    productRegistrationsMax: read(env, 'PRODUCT_REGISTRATIONS_MAX', integer(1, 100_000), 20),
    tlsCertFile: optional(env, 'TLS_CERT_FILE', readableFile),
    tlsKeyFile: optional(env, 'TLS_KEY_FILE', readableFile),
    logisticsUrl: optional(env, 'LOGISTICS_URL', url(['http:', 'https:'])),
    paymentsUrl: optional(env, 'PAYMENTS_URL', url(['http:', 'https:'])),
    supportUrl: optional(env, 'SUPPORT_URL', url(['http:', 'https:'])),
    settlementFeePercent: read(env, 'SETTLEMENT_FEE_PERCENT', percent, '2.50'),
    settlementPayoutDays: read(env, 'SETTLEMENT_PAYOUT_DAYS', integer(0, 365), 30),
    shutdownGraceMs: read(env, 'SHUTDOWN_GRACE_MS', integer(0), 10_000),
    liveKeepAliveMs: read(env, 'LIVE_KEEPALIVE_MS', integer(0), 12_000),
    liveBufferEvents: read(env, 'LIVE_BUFFER_EVENTS', integer(1, 100_000), 256),
    liveReplayWindowMs: read(env, 'LIVE_REPLAY_WINDOW_MS', integer(1), 86_400_000),
    liveReplayMaxEvents: read(env, 'LIVE_REPLAY_MAX_EVENTS', integer(1, 100_000), 1000),
    liveRedisPrefix: read(env, 'LIVE_REDIS_PREFIX', text, 'ponte:live:'),
    liveMaxMessageBytes: read(env, 'LIVE_MAX_MESSAGE_BYTES', integer(1024, 100 * 1024 * 1024), 1024 * 1024),
    liveMaxSubscriptionsPerConnection: read(env, 'LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION', integer(1, 10_000), 25),
    liveMaxConnectionsPerToken: read(env, 'LIVE_MAX_CONNECTIONS_PER_TOKEN', integer(1, 100_000), 10),
    liveMaxConnectionsPerSeller: read(env, 'LIVE_MAX_CONNECTIONS_PER_SELLER', integer(1, 100_000), 30),
    liveMaxReplaysPerMinute: read(env, 'LIVE_MAX_REPLAYS_PER_MINUTE', integer(1, 100_000), 60),
    liveTokenCheckMs: read(env, 'LIVE_TOKEN_CHECK_MS', integer(10, 60_000), 2000),
    secretsKey: optional(env, 'SECRETS_KEY', aesKey),
    publicUrl: optional(env, 'PUBLIC_URL', url(['http:', 'https:'])),
    channelTimeoutMs: read(env, 'CHANNEL_TIMEOUT_MS', integer(1), 10_000),
    channelInboundRateLimitPerMinute: read(env, 'CHANNEL_INBOUND_RATE_LIMIT_PER_MINUTE', integer(1), 12_000),
    channelInboundConcurrency: read(env, 'CHANNEL_INBOUND_CONCURRENCY', integer(1, 10_000), 64),
    channelInboundConnectionMaxInFlight: read(env, 'CHANNEL_INBOUND_CONNECTION_MAX_IN_FLIGHT', integer(1, 10_000), 8),
    channelInboundSellerMaxInFlight: read(env, 'CHANNEL_INBOUND_SELLER_MAX_IN_FLIGHT', integer(1, 10_000), 16),
    channelInboundReservedSlots: read(env, 'CHANNEL_INBOUND_RESERVED_SLOTS', integer(0, 10_000), 8),
    retentionDeliveriesMs: read(env, 'RETENTION_DELIVERIES_MS', integer(1), 30 * DAY_MS),
    retentionEventsMs: read(env, 'RETENTION_EVENTS_MS', integer(1), 30 * DAY_MS),
    retentionChannelInboundMs: read(env, 'RETENTION_CHANNEL_INBOUND_MS', integer(1), 30 * DAY_MS),
    retentionSyncLogMs: read(env, 'RETENTION_SYNC_LOG_MS', integer(1), 30 * DAY_MS),
    retentionIntervalMs: read(env, 'RETENTION_INTERVAL_MS', integer(100), 3_600_000),
    retentionBatchSize: read(env, 'RETENTION_BATCH_SIZE', integer(1, 100_000), 1000),
  };
  if ((config.tlsCertFile === undefined) !== (config.tlsKeyFile === undefined)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE go together: set both to serve HTTPS, or neither');
  }
  if (config.pageSizeDefault > config.pageSizeMax) {
    throw new ConfigError(`PAGE_SIZE_DEFAULT must not exceed PAGE_SIZE_MAX (${config.pageSizeMax})`);
  }
  // Live subscriptions replay from the outbox within their window: those events must stay.
  if (config.retentionEventsMs < config.liveReplayWindowMs) {
    throw new ConfigError(`RETENTION_EVENTS_MS must be at least LIVE_REPLAY_WINDOW_MS (${config.liveReplayWindowMs})`);
  }
  if (config.databaseReadUrls.length > 0 && !config.databaseUrl) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: the embedded database has no replicas');
  }
  if (config.metricsPort !== undefined && config.metricsPort === config.port && config.port !== 0) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${config.port})`);
  }
  return config;
}
