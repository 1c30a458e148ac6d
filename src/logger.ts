import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** Structured JSON logs; secrets in headers never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'ponte' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'headers.authorization', 'authorization'],
  });
}
