import type { Logger } from 'pino';
import type { Orm } from '../db/orm.js';
import { listenForOutbox } from '../events/outbox-listener.js';
import type { LiveFeed, LiveHub } from './hub.js';
import { loadEvent } from './live-event.js';

/**
 * The default feed: this process LISTENs to the outbox trigger's NOTIFY, sent on commit
 * by whichever process wrote the event. The notification names the event; the row is
 * read here, so payload size never meets the NOTIFY limit. Rows are read one after the
 * other, so events reach subscribers in commit order.
 */
export async function connectPostgresFeed(hub: LiveHub, options: { databaseUrl: string; orm: Orm; logger: Logger }): Promise<LiveFeed> {
  let reading = Promise.resolve();
  const listener = await listenForOutbox({
    databaseUrl: options.databaseUrl,
    logger: options.logger,
    onNotification: ({ id, sellerId, type }) => {
      if (!hub.wants(sellerId, type)) return;
      reading = reading
        .then(() => loadEvent(options.orm, sellerId, id))
        .then((event) => {
          if (event) hub.dispatch(event);
        })
        .catch((error: unknown) => {
          options.logger.error({ err: error, eventId: id }, 'live event could not be read; catching up');
          hub.resyncAll();
        });
    },
    onReconnect: () => hub.resyncAll(),
  });
  return { close: () => listener.close() };
}
