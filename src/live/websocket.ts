import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { RestApp } from '../http/rest.js';
import { LiveHub } from './hub.js';
import { LiveEndpoint, type ConnectionExtra, type LiveDeps } from './live-endpoint.js';
import { connectPostgresFeed } from './postgres-feed.js';
import { connectRedisFeed } from './redis-feed.js';

/** How long closing sockets get to finish their close handshake at shutdown. */
const CLOSE_GRACE_MS = 1000;

/**
 * GraphQL over WebSocket (graphql-ws) on /graphql, sharing the HTTP port. The token goes
 * in `connection_init` (`{ authorization: "Bearer …" }`): none or a bad one closes with
 * 4401, one that can read no live event or that was revoked with 4403. A subscription
 * whose scope the token lacks gets an `error` message for that operation alone, the
 * connection stays. Operations meet the HTTP limits (depth, aliases, tokens, cost);
 * messages, operations per connection, connections per token and replays have their own
 * (docs/live-events.md, Limits).
 */
export function attachLiveEvents(app: RestApp, deps: LiveDeps): LiveHub {
  const hub = liveHubOf(deps);
  // maxPayload holds before connection_init too: ws reads the frame header and closes with 1009.
  const wss = new WebSocketServer({ server: app.server, path: '/graphql', maxPayload: deps.config.liveMaxMessageBytes });
  const endpoint = new LiveEndpoint(deps, hub);
  useServer<Record<string, unknown>, ConnectionExtra>(endpoint.serverOptions(), wss, deps.config.liveKeepAliveMs);
  app.addHook('preClose', async () => {
    endpoint.stop();
    await closeSockets(wss);
    await hub.close();
  });
  return hub;
}

/** The process's subscriptions, fed from Redis when REDIS_URL is set, else from the outbox NOTIFY. */
function liveHubOf({ config, orm, logger, metrics }: LiveDeps): LiveHub {
  const databaseUrl = orm.config.get('clientUrl')!;
  return new LiveHub({
    orm,
    config,
    logger,
    metrics,
    connectFeed: (target) =>
      config.redisUrl
        ? connectRedisFeed(target, { redisUrl: config.redisUrl, prefix: config.liveRedisPrefix, logger })
        : connectPostgresFeed(target, { databaseUrl, orm, logger }),
  });
}

/** Going away (1001) to every client; those that do not finish the handshake in time are cut. */
async function closeSockets(wss: WebSocketServer): Promise<void> {
  const closing = [...wss.clients].map(
    (socket) =>
      new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(1001, 'Server shutting down');
      }),
  );
  await Promise.race([Promise.all(closing), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
  for (const socket of wss.clients) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}
