/** One event to 1,000 graphql-ws subscribers: latency from the order's POST to each receipt, and memory per connection. */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createBenchDatabase } from '../lib/database.js';
import { orderBody } from '../lib/orders.js';
import { startService } from '../lib/processes.js';
import { percentile, report } from '../lib/report.js';

const SUBSCRIBERS = 1_000;
const EVENTS = 5;

export async function fanout(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'all');
  const clients: Client[] = [];
  try {
    const rssBefore = service.rss();
    const arrivals: number[][] = [];
    let onArrival: (() => void) | undefined;
    const wsUrl = service.url.replace('http', 'ws') + '/graphql';
    for (let index = 0; index < SUBSCRIBERS; index++) {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${database.token}` }, lazy: false, retryAttempts: 0 });
      clients.push(client);
      client.subscribe(
        { query: 'subscription { orderEvents { id evento dataHora } }' },
        {
          next: () => {
            (arrivals[index] ??= []).push(performance.now());
            onArrival?.();
          },
          error: (error) => console.error('subscriber error', error),
          complete: () => undefined,
        },
      );
    }
    const post = async () =>
      fetch(`${service.url}/pedidos`, { method: 'POST', headers: { authorization: `Bearer ${database.token}`, 'content-type': 'application/json' }, body: orderBody() });
    const everyone = (count: number) =>
      new Promise<boolean>((resolve) => {
        const check = () => {
          if (arrivals.filter((list) => list && list.length >= count).length === SUBSCRIBERS) resolve(true);
        };
        onArrival = check;
        check();
        setTimeout(() => resolve(false), 30_000).unref();
      });
    // Subscriptions are live once a first event reaches all of them.
    let warm = false;
    for (let round = 1; round <= 20 && !warm; round++) {
      await post();
      warm = await everyone(round);
    }
    if (!warm) throw new Error('not every subscriber received the warm-up event');
    const rssAfter = service.rss();
    const base = arrivals[0]!.length;
    const latencies: number[] = [];
    for (let event = 1; event <= EVENTS; event++) {
      const sent = performance.now();
      await post();
      await everyone(base + event);
      for (const list of arrivals) latencies.push(list[base + event - 1]! - sent);
    }
    report({ scenario: 'fanout', name: `1 event → ${SUBSCRIBERS} subscribers, p50`, value: percentile(latencies, 50), unit: 'ms', detail: 'from the POST that creates the order' });
    report({ scenario: 'fanout', name: `1 event → ${SUBSCRIBERS} subscribers, p99`, value: percentile(latencies, 99), unit: 'ms' });
    report({ scenario: 'fanout', name: 'memory per connection (service RSS)', value: (rssAfter - rssBefore) / SUBSCRIBERS / 1024, unit: 'KiB' });
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await service.stop();
    await database.drop();
  }
}
