import { readFileSync } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Orm } from '../db/orm.js';
import { AppError } from '../errors.js';
import { registerHealth } from './health.js';
import { hostRewriter, type HostMount } from './host-mounts.js';
import { parseJsonStrictly } from './json-body.js';
import { registerMetrics } from './metrics.js';
import { handleError, sendProblem } from './problem.js';
import { requestIdOf } from './request-id.js';
import type { RestApp } from './rest.js';
import { validatorCompiler } from './validation.js';

export interface ServerDeps {
  config: Config;
  orm: Orm;
  logger: Logger;
  /** The process's metrics registry, shared with its workers; a new one when absent. */
  metrics?: Registry;
}

/** A dispatcher process answers probes and metrics only (README.md, `ROLE`): no API, no GraphQL. */
export async function buildProbeServer(deps: ServerDeps): Promise<RestApp> {
  const app = createFastify(deps, []);
  registerMetrics(app, deps.config, deps.metrics);
  registerHealth(app, deps.orm);
  return app;
}

/** Fastify as every process serves it: HTTPS when configured, problem+json errors, request ids, JSON bodies only. */
export function createFastify(deps: ServerDeps, hosts: readonly ((config: Config) => HostMount[])[]): RestApp {
  const https = httpsOptions(deps.config);
  const app = Fastify({
    ...https,
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    requestIdHeader: false,
    // request.ip, which keys the address budgets: X-Forwarded-For only from a TRUST_PROXY peer.
    ...(deps.config.trustProxy ? { trustProxy: deps.config.trustProxy } : {}),
    genReqId: requestIdOf,
    return503OnClosing: true,
    // A product published on its own host (LOGISTICS_URL…) answers there at the root too.
    rewriteUrl: hostRewriter(hosts.flatMap((mounts) => mounts(deps.config))),
    // Malformed percent-encoding and over-long path parameters fail before routing: same problem+json.
    frameworkErrors: (error, request, reply) => handleError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>() as RestApp;

  parseJsonStrictly(app);
  // Bodies are JSON only: anything else (text/plain included, which Fastify would read
  // as a string) answers 415 rather than failing validation as "must be object".
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );
  // Over HTTPS, browsers are told to keep to it for a year; over plain HTTP the proxy in
  // front terminates TLS and is the one to say so.
  const servesHttps = 'https' in https;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (servesHttps) reply.header('strict-transport-security', 'max-age=31536000');
  });
  return app;
}

/**
 * With TLS_CERT_FILE and TLS_KEY_FILE the service speaks HTTPS itself (WebSockets become
 * wss on the same port); without them, plain HTTP for a proxy or load balancer that
 * terminates TLS in front of it (docs/security.md#https).
 */
function httpsOptions(config: Config): { https: { cert: Buffer; key: Buffer } } | Record<string, never> {
  if (!config.tlsCertFile || !config.tlsKeyFile) return {};
  return { https: { cert: readFileSync(config.tlsCertFile), key: readFileSync(config.tlsKeyFile) } };
}
