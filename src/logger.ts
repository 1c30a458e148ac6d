import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * Structured logs; secrets in headers and URLs never reach them. JSON lines for machines
 * (a pipe, a file, a log collector), pino-pretty's coloured lines for a person at a
 * terminal: `LOG_FORMAT=auto` (the default) picks by whether stdout is a TTY. `to`: where
 * the lines go instead of stdout (tests read them).
 */
export function createLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, to?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'ponte' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'headers.authorization', 'authorization'],
    serializers: { req: requestLine },
  };
  return pino(options, to ?? destination(config.logFormat, process.stdout.isTTY === true));
}

/** URL paths whose last part is a secret: a channel's inbound URL carries its key (docs/channels.md). */
const SECRET_PATHS = /^(\/entrada\/)[^/?#]+/;

/** A request as its log lines show it (Fastify's own fields), with the secret part of its path hidden. */
function requestLine(request: { method?: string; url?: string; host?: string; ip?: string; headers?: Record<string, unknown>; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: request.url?.replace(SECRET_PATHS, '$1…'),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function destination(format: Config['logFormat'], terminal: boolean): DestinationStream {
  const prettyLines = format === 'pretty' || (format === 'auto' && terminal);
  if (!prettyLines) return pino.destination({ fd: 1, sync: true });
  // In this thread and synchronous (not a pino transport's worker): a line logged just
  // before process.exit is still printed, as with the JSON destination.
  return pretty({ destination: 1, sync: true, colorize: terminal, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' });
}
