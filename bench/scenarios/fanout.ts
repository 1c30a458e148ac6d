/**
 * One event to 1,000 graphql-ws subscribers: latency from the order's POST to each
 * receipt, the same from the event's own time (fan-out alone), and memory per connection.
 * The subscribers share this one process, on the service's cores: each reads its socket in
 * turn, so the last receipt of an event also waits for the reads before it. The CPU this
 * process spends per event is printed beside the service's, to show that share.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createBenchDatabase } from '../lib/database.js';
import { orderBody } from '../lib/orders.js';
import { cpuMsOf, mainThreadCpuMsOf, startService } from '../lib/processes.js';
import { percentile, report } from '../lib/report.js';

const SUBSCRIBERS = 1_000;
const EVENTS = 5;
/**
 * Events every subscriber receives before any is measured, after the first one (the
 * service's first orders run creation and the fan-out cold: JIT, caches).
 */
const WARM_EVENTS = 5;
const WAIT_MS = 30_000;

interface Arrival {
  at: number;
  /** The event's `dataHora`: when its row was written, in the creating transaction. */
  eventAt: number;
}

export async function fanout(): Promise<void> {
  const database = await createBenchDatabase();
  const service = await startService(database.url, 'all');
  const clients: Client[] = [];
  try {
    const rssBefore = service.rss();
    const arrivals: Arrival[][] = Array.from({ length: SUBSCRIBERS }, () => []);
    // Receipts before the measured events (warm-up), per subscriber.
    const bases: number[] = Array.from({ length: SUBSCRIBERS }, () => 0);
    let lastArrival = 0;
    // How many subscribers have reached `target` receipts above their base (each counted once, when it does).
    let target = 0;
    let reached = 0;
    let onReached: (() => void) | undefined;
    const wsUrl = service.url.replace('http', 'ws') + '/graphql';
    for (let index = 0; index < SUBSCRIBERS; index++) {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${database.token}` }, lazy: false, retryAttempts: 0 });
      clients.push(client);
      client.subscribe<{ orderEvents: { dataHora: string } }>(
        { query: 'subscription { orderEvents { id evento dataHora } }' },
        {
          next: (result) => {
            const at = performance.timeOrigin + performance.now();
            const list = arrivals[index]!;
            list.push({ at, eventAt: Date.parse(result.data!.orderEvents.dataHora) });
            lastArrival = at;
            if (list.length - bases[index]! === target && ++reached === SUBSCRIBERS) onReached?.();
          },
          error: (error) => console.error('subscriber error', error),
          complete: () => undefined,
        },
      );
    }
    const post = async () =>
      fetch(`${service.url}/pedidos`, { method: 'POST', headers: { authorization: `Bearer ${database.token}`, 'content-type': 'application/json' }, body: orderBody() });
    /** Resolves true once every subscriber holds `count` receipts above its base. */
    const everyone = (count: number) =>
      new Promise<boolean>((resolve) => {
        target = count;
        reached = arrivals.filter((list, index) => list.length - bases[index]! >= count).length;
        if (reached === SUBSCRIBERS) return resolve(true);
        onReached = () => resolve(true);
        setTimeout(() => resolve(false), WAIT_MS).unref();
      });
    // Subscriptions are live once an event reaches all of them; one that registered after
    // an event missed it for good, so each later event is counted above its own base.
    let warm = false;
    for (let round = 1; round <= 20 && !warm; round++) {
      await post();
      warm = await everyone(1);
    }
    if (!warm) throw new Error('not every subscriber received a warm-up event');
    // The last warm-up events may still be on their way to some: wait until none arrives for 2 s.
    while (performance.timeOrigin + performance.now() - lastArrival < 2000) await new Promise((resolve) => setTimeout(resolve, 250));
    const rssAfter = service.rss();
    /** Posts `count` orders one after the other, each once all subscribers received the last; the latency of every receipt. */
    const events = async (count: number) => {
      arrivals.forEach((list, index) => (bases[index] = list.length));
      const fromPost: number[] = [];
      const fromEvent: number[] = [];
      for (let event = 1; event <= count; event++) {
        const sent = performance.timeOrigin + performance.now();
        await post();
        if (!(await everyone(event))) throw new Error(`not every subscriber received event ${event}`);
        for (const [index, list] of arrivals.entries()) {
          const arrival = list[bases[index]! + event - 1]!;
          fromPost.push(arrival.at - sent);
          fromEvent.push(arrival.at - arrival.eventAt);
        }
      }
      return { fromPost, fromEvent };
    };
    const cold = await events(1);
    await events(WARM_EVENTS);
    const cpuBefore = cpuMsOf(service.pid);
    const loopCpuBefore = mainThreadCpuMsOf(service.pid);
    const clientCpuBefore = process.cpuUsage();
    const { fromPost, fromEvent } = await events(EVENTS);
    const cpuPerEvent = (cpuMsOf(service.pid) - cpuBefore) / EVENTS;
    const loopCpuPerEvent = (mainThreadCpuMsOf(service.pid) - loopCpuBefore) / EVENTS;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const clientCpuPerEvent = (clientCpu.user + clientCpu.system) / 1000 / EVENTS;
    report({ scenario: 'fanout', name: `1 event → ${SUBSCRIBERS} subscribers, p50`, value: percentile(fromPost, 50), unit: 'ms', detail: 'from the POST that creates the order' });
    report({ scenario: 'fanout', name: `1 event → ${SUBSCRIBERS} subscribers, p99`, value: percentile(fromPost, 99), unit: 'ms' });
    report({ scenario: 'fanout', name: 'fan-out alone, p50', value: percentile(fromEvent, 50), unit: 'ms', detail: "from the event's dataHora (its row written in the creating transaction) to receipt" });
    report({ scenario: 'fanout', name: 'fan-out alone, p99', value: percentile(fromEvent, 99), unit: 'ms' });
    report({ scenario: 'fanout', name: 'first event after the warm-up one, p99', value: percentile(cold.fromPost, 99), unit: 'ms', detail: `from the POST; cold, not counted above (${WARM_EVENTS} more events warm up before those)` });
    report({ scenario: 'fanout', name: 'service CPU per event', value: cpuPerEvent, unit: 'ms', detail: 'creating the order and fanning its event out; steadier than latency on a loaded machine' });
    report({ scenario: 'fanout', name: 'service main thread CPU per event', value: loopCpuPerEvent, unit: 'ms', detail: 'the event loop alone (the socket writes are made there), without GC and compiler threads' });
    report({ scenario: 'fanout', name: 'bench client CPU per event', value: clientCpuPerEvent, unit: 'ms', detail: "the 1,000 subscribers' process, on the same cores: reading 1,000 sockets in turn" });
    report({ scenario: 'fanout', name: 'memory per connection (service RSS)', value: (rssAfter - rssBefore) / SUBSCRIBERS / 1024, unit: 'KiB' });
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
    await service.stop();
    await database.drop();
  }
}
