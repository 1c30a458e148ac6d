import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * Structured logs; secrets in headers never reach them. JSON lines for machines (a pipe,
 * a file, a log collector), pino-pretty's coloured lines for a person at a terminal:
 * `LOG_FORMAT=auto` (the default) picks by whether stdout is a TTY.
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'ponte' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'headers.authorization', 'authorization'],
  };
  return pino(options, destination(config.logFormat, process.stdout.isTTY === true));
}

function destination(format: Config['logFormat'], terminal: boolean): DestinationStream {
  const prettyLines = format === 'pretty' || (format === 'auto' && terminal);
  if (!prettyLines) return pino.destination({ fd: 1, sync: true });
  // In this thread and synchronous (not a pino transport's worker): a line logged just
  // before process.exit is still printed, as with the JSON destination.
  return pretty({ destination: 1, sync: true, colorize: terminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}
