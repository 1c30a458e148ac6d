import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from '../../src/config.js';
import type { Orm } from '../../src/db/orm.js';
import type { Logger } from 'pino';
import { createLogger } from '../../src/logger.js';
import { SUBGRAPH_TOKEN_HEADER } from '../../src/graphql/subgraph-access.js';
import type { RestApp } from '../../src/http/rest.js';
import { buildServer } from '../../src/server.js';
import { createSeller, createToken, OPERATOR } from '../../src/auth/auth.service.js';
import type { Scope } from '../../src/auth/scopes.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  url: string;
  app: RestApp;
  orm: Orm;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** Environment every test server starts from; a test overrides what it is about. */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  WEBHOOK_BACKOFF_BASE_MS: '20',
  WEBHOOK_BACKOFF_MAX_MS: '200',
  // Channel connections seal their credentials with it; the service refuses to connect without one.
  SECRETS_KEY: randomBytes(32).toString('base64'),
};

/**
 * A real server on 127.0.0.1 over this file's own database (`database`: one made
 * beforehand, which closing drops too). `beforeListen` may add routes or hooks to
 * exercise the kernel (error mapping, scopes) through real HTTP.
 */
export async function startTestApp(
  options: { env?: Record<string, string>; beforeListen?: (app: RestApp) => void | Promise<void>; database?: TestDatabase; logger?: Logger } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({ ...TEST_ENV, ...options.env, DATABASE_URL: database.url });
  const app = await buildServer({ config, orm: database.orm, logger: options.logger ?? createLogger(config) });
  await options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    orm: database.orm,
    config,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export interface TestSeller {
  id: string;
  token: string;
  /** Headers for fetch: the bearer token and JSON. */
  headers: Record<string, string>;
}

/** A seller with a token; `sandbox: true` makes a sandbox seller (token `ponte_sk_test_…`, no simulador channel: see support/sandbox.ts). */
export async function createTestSeller(orm: Orm, options: { name?: string; scopes?: Scope[]; sandbox?: boolean } = {}): Promise<TestSeller> {
  const em = orm.em.fork();
  const seller = await createSeller(em, options.name ?? 'Test seller', { sandbox: options.sandbox });
  const { token } = await createToken(em, { sellerId: seller.id, scopes: options.scopes, issuer: OPERATOR });
  return { id: seller.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

/** Another token of an existing seller, with these scopes. */
export async function createTestToken(orm: Orm, sellerId: string, scopes: Scope[]): Promise<TestSeller> {
  const { token } = await createToken(orm.em.fork(), { sellerId, scopes, issuer: OPERATOR });
  return { id: sellerId, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}

/** A REST call as a token: JSON body when given; the parsed answer (null for 204). */
export async function call(server: TestApp, token: TestSeller, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? { authorization: token.headers.authorization! } : token.headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

/** GRAPHQL_SUBGRAPH_TOKEN of a server started with GATEWAY_ENV: it serves the federation subgraph to those who present it. */
export const SUBGRAPH_TOKEN = 'test-gateway-subgraph-token';
export const GATEWAY_ENV: Record<string, string> = { GRAPHQL_SUBGRAPH_TOKEN: SUBGRAPH_TOKEN };

/** A gateway's request on a caller's behalf: the caller's bearer token (when given) and the gateway's own. */
export function gatewayHeaders(caller?: TestSeller): Record<string, string> {
  return { ...caller?.headers, [SUBGRAPH_TOKEN_HEADER]: SUBGRAPH_TOKEN };
}

/** POST a GraphQL operation to /graphql (or `path`, e.g. SUBGRAPH_PATH); returns the status and the parsed body. */
export async function graphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  options: { variables?: Record<string, unknown>; headers?: Record<string, string>; path?: string } = {},
): Promise<{ status: number; body: { data?: T | null; errors?: { message: string; extensions?: Record<string, unknown> }[] } }> {
  const response = await fetch(`${url}${options.path ?? '/graphql'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: response.status, body: (await response.json()) as never };
}
