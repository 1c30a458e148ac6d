import pg from 'pg';
import type { Logger } from 'pino';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenOptions {
  databaseUrl: string;
  channel: string;
  onNotification: (payload: string) => void;
  /** The connection is LISTENing again after a loss: notifications meanwhile are lost, catch up. */
  onReconnect?: () => void;
  /** The connection was lost: nothing is heard until onReconnect. */
  onDisconnect?: () => void;
  logger?: Logger;
  retryDelayMs?: number;
}

/**
 * A dedicated connection LISTENing on one channel, reconnecting after a loss. PostgreSQL
 * delivers a notification when the transaction that sent it commits, and never one sent
 * while the connection was down: consumers treat notifications as wake-ups and catch up
 * from the tables in onReconnect. The first connection's failure is thrown.
 */
export async function listen(options: ListenOptions): Promise<Listener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== options.channel) return;
      try {
        options.onNotification(message.payload ?? '');
      } catch (error) {
        options.logger?.error({ err: error, channel: options.channel }, 'notification handler failed');
      }
    });
    const lost = (error?: Error) => {
      if (client !== next) return;
      options.logger?.warn({ err: error, channel: options.channel }, 'listener connection lost; reconnecting');
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    await next.query(`LISTEN ${options.channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const previous = client;
    client = undefined;
    options.onDisconnect?.();
    void previous?.end().catch(() => undefined);
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        options.onReconnect?.();
      } catch (error) {
        options.logger?.warn({ err: error, channel: options.channel }, 'listener reconnect failed');
        scheduleReconnect();
      }
    }, options.retryDelayMs ?? 1000);
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
