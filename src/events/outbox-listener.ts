import pg from 'pg';
import type { Logger } from 'pino';
import { OUTBOX_CHANNEL } from './outbox.js';

/** What the outbox trigger sends on commit (see OutboxEvent's @Trigger). */
export interface OutboxNotification {
  id: string;
  sellerId: string;
  type: string;
}

export interface OutboxListener {
  close(): Promise<void>;
}

/**
 * A dedicated connection LISTENing on the outbox channel. Notifications sent while it was
 * disconnected are lost, so `onReconnect` tells the consumer to catch up from the table;
 * consumers must treat notifications as wake-ups, never as the only source of truth.
 */
export async function listenForOutbox(options: {
  databaseUrl: string;
  onNotification: (notification: OutboxNotification) => void;
  onReconnect?: () => void;
  logger?: Logger;
  retryDelayMs?: number;
}): Promise<OutboxListener> {
  return listenOn(OUTBOX_CHANNEL, {
    ...options,
    onNotification: (payload) => {
      if (payload) options.onNotification(JSON.parse(payload) as OutboxNotification);
    },
  });
}

/**
 * The same for any NOTIFY channel (a domain's own wake-ups, such as stored channel
 * notifications): a dedicated connection, reconnected when lost, `onReconnect` to catch up.
 */
export async function listenOn(
  channel: string,
  options: {
    databaseUrl: string;
    onNotification: (payload: string) => void;
    onReconnect?: () => void;
    logger?: Logger;
    retryDelayMs?: number;
  },
): Promise<OutboxListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== channel) return;
      try {
        options.onNotification(message.payload ?? '');
      } catch (error) {
        options.logger?.error({ err: error, channel }, 'notification handler failed');
      }
    });
    next.on('error', (error) => {
      options.logger?.warn({ err: error, channel }, 'listener connection lost; reconnecting');
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const previous = client;
    client = undefined;
    void previous?.end().catch(() => undefined);
    retryTimer = setTimeout(async () => {
      retryTimer = undefined;
      try {
        await connect();
        options.onReconnect?.();
      } catch (error) {
        options.logger?.warn({ err: error, channel }, 'listener reconnect failed');
        scheduleReconnect();
      }
    }, options.retryDelayMs ?? 1000);
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
