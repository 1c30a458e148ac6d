import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LiveFeed, LiveHub } from './hub.js';
import { decodeLiveEvent } from './live-event.js';

export function liveChannel(prefix: string): string {
  return `${prefix}events`;
}

/**
 * The feed when REDIS_URL is set: the relay (one process at a time, see redis-relay.ts)
 * publishes each committed event, whole, on one channel. Delivery is at least once, so
 * subscriptions drop ids they already delivered; after a lost connection every
 * subscription catches up from the outbox.
 */
export async function connectRedisFeed(hub: LiveHub, options: { redisUrl: string; prefix: string; logger: Logger }): Promise<LiveFeed> {
  const channel = liveChannel(options.prefix);
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: null });
  let connectedBefore = false;
  redis.on('error', (error) => options.logger.warn({ err: error }, 'live Redis feed connection error'));
  redis.on('message', (_channel: string, message: string) => {
    const event = decodeLiveEvent(message);
    if (event && hub.wants(event.sellerId, event.envelope.evento)) hub.dispatch(event);
  });
  redis.on('ready', () => {
    if (!connectedBefore) return;
    // Subscribed again (a no-op when ioredis already did) before catching up, so nothing
    // published after the catch-up query is missed.
    redis.subscribe(channel).then(
      () => hub.resyncAll(),
      (error: unknown) => options.logger.warn({ err: error }, 'live Redis feed could not resubscribe'),
    );
  });
  try {
    await redis.connect();
    await redis.subscribe(channel);
  } catch (error) {
    // The next subscription tries again with a new connection; this one must not keep retrying.
    redis.disconnect();
    throw error;
  }
  connectedBefore = true;
  return {
    close: async () => {
      redis.disconnect();
    },
  };
}
