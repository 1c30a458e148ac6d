import type { Logger } from 'pino';
import { listen, type Listener } from '../db/listener.js';
import { OUTBOX_CHANNEL } from './outbox.js';

/** What the outbox trigger sends on commit (see OutboxEvent's @Trigger). */
export interface OutboxNotification {
  id: string;
  sellerId: string;
  type: string;
}

export type OutboxListener = Listener;

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
  return listen({
    ...options,
    channel: OUTBOX_CHANNEL,
    onNotification: (payload) => {
      if (payload) options.onNotification(JSON.parse(payload) as OutboxNotification);
    },
  });
}
