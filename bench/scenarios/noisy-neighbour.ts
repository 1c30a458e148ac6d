/**
 * One seller's slow or dead receiver against another seller's deliveries (issue 33). Seller
 * B orders at a steady 5 orders/s and its fast receiver takes `pedido.criado`; its
 * event→receipt latency is measured three times in one run: with seller A quiet (B's own
 * baseline), while A's receiver holds each request 8 s with ~1,500 deliveries owed, and
 * with A's receiver down (connection refused) and 100,000 owed. One `ROLE=all` process
 * with the default settings, as the issue reproduced it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { addBenchSeller, createBenchDatabase, withClient } from '../lib/database.js';
import { load } from '../lib/load.js';
import { orderBody } from '../lib/orders.js';
import { freePort, startService, type RunningProcess } from '../lib/processes.js';
import { startHoldingReceiver, startReceiver, type Receiver } from '../lib/receiver.js';
import { percentile, report } from '../lib/report.js';

const SCENARIO = 'noisy-neighbour';
const B_ORDERS_PER_SECOND = 5;
const B_SECONDS = 16;
const HOLD_MS = 8_000;
/** About 1,500 deliveries owed to A: 5 events an order. */
const A_ORDERS = 300;
const A_DOWN_OWED = 100_000;
const A_DOWN_EVENTS_PER_AGGREGATE = 5;

async function subscribe(url: string, token: string, target: string, events: string[]): Promise<void> {
  const response = await fetch(`${url}/webhooks/assinaturas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: target, events }),
  });
  if (response.status !== 201) throw new Error(`subscription refused: ${response.status} ${await response.text()}`);
}

/** B's steady orders; answers the latencies of the deliveries they made and how many of them arrived. */
async function ordersOfB(api: RunningProcess, token: string, receiver: Receiver): Promise<{ lags: number[]; orders: number; delivered: number }> {
  receiver.lags = [];
  receiver.countFrom = Date.now();
  const ingest = await load({ url: api.url, method: 'POST', path: '/pedidos', token, connections: 4, seconds: B_SECONDS, overallRate: B_ORDERS_PER_SECOND, body: () => orderBody() });
  const orders = ingest.statuses[201] ?? 0;
  await receiver.waitForLags(orders, 30_000);
  return { lags: [...receiver.lags], orders, delivered: receiver.lags.length };
}

function reportB(name: string, figures: { lags: number[]; orders: number; delivered: number }, quiet?: number[]): void {
  const detail = `${figures.delivered} of ${figures.orders} delivered within 30 s of the last order`;
  report({ scenario: SCENARIO, name: `B event→receipt p50, ${name}`, value: percentile(figures.lags, 50), unit: 'ms', baseline: quiet && percentile(quiet, 50), detail });
  report({ scenario: SCENARIO, name: `B event→receipt p99, ${name}`, value: percentile(figures.lags, 99), unit: 'ms', baseline: quiet && percentile(quiet, 99), detail: `max ${Math.max(...figures.lags)} ms` });
}

/** Answers per second among `times` (performance.now()) within [from, to]. */
function rateWithin(times: readonly number[], from: number, to: number): number {
  return (times.filter((time) => time >= from && time <= to).length * 1000) / (to - from);
}

/** B quiet, then A slow: one database, one service. Answers B's quiet latencies. */
async function quietThenSlow(): Promise<number[]> {
  const database = await createBenchDatabase();
  const b = await addBenchSeller(database.url, 'Bench B');
  const fast = await startReceiver();
  const slow = await startHoldingReceiver(HOLD_MS);
  const service = await startService(database.url, 'all');
  try {
    await subscribe(service.url, b.token, fast.url, ['pedido.criado']);
    const quiet = await ordersOfB(service, b.token, fast);
    reportB('A quiet', quiet);

    await subscribe(service.url, database.token, slow.url, ['*']);
    const started = performance.now();
    await load({ url: service.url, method: 'POST', path: '/pedidos', token: database.token, connections: 32, amount: A_ORDERS, body: () => orderBody() });
    // A alone for two holds: its slots fill, its first answers come back.
    await sleep(2 * HOLD_MS);
    const bFrom = performance.now();
    const slowB = await ordersOfB(service, b.token, fast);
    const bTo = performance.now();
    reportB(`A's receiver holding each request ${HOLD_MS / 1000} s`, slowB, quiet.lags);
    const alone = rateWithin(slow.answeredAt, started + HOLD_MS, bFrom);
    report({
      scenario: SCENARIO,
      name: "A's drain while B orders",
      value: rateWithin(slow.answeredAt, bFrom, bTo),
      unit: 'deliveries/s',
      baseline: alone,
      detail: `baseline: A's drain alone before B's orders; A held at most ${slow.mostHeld} at once, so its receiver allowed ${(slow.mostHeld / (HOLD_MS / 1000)).toFixed(1)}/s; ${slow.received} of ~${A_ORDERS * 5} sent to A so far`,
    });
    return quiet.lags;
  } finally {
    await service.stop();
    await Promise.all([fast.close(), slow.close()]);
    await database.drop();
  }
}

/**
 * A's receiver down, 100,000 owed: the deliveries (and their events) written by SQL before
 * the service starts, 5 per aggregate, as orders' events are.
 */
async function down(quiet: number[]): Promise<void> {
  const database = await createBenchDatabase();
  const b = await addBenchSeller(database.url, 'Bench B');
  const fast = await startReceiver();
  // A port nothing listens on: every attempt to A is refused at once.
  const refused = `http://127.0.0.1:${await freePort()}/hook`;
  const api = await startService(database.url, 'api');
  try {
    await subscribe(api.url, b.token, fast.url, ['pedido.criado']);
    await subscribe(api.url, database.token, refused, ['*']);
  } finally {
    await api.stop();
  }
  await withClient(database.url, async (client) => {
    await client.query('begin');
    await client.query(
      `insert into outbox_event (id, seller_id, type, aggregate_type, aggregate_id, sequence, payload, created_at, commit_position)
       select ponte_uuid_v7(), $1, 'pedido.status_alterado', 'order', 'down-' || (n / $3), (n % $3) + 1, '{}'::jsonb, now(), nextval('outbox_event_commit_position_seq')
         from generate_series(0, $2 - 1) n`,
      [database.sellerId, A_DOWN_OWED, A_DOWN_EVENTS_PER_AGGREGATE],
    );
    // Owed by the deliveries below already: not to be fanned out again.
    await client.query('delete from webhook_fanout_queue');
    await client.query(
      `insert into webhook_delivery (id, seller_id, subscription_id, event_id, event_type, aggregate_type, aggregate_id, sequence,
                                     status, attempt_count, attempts_in_round, next_attempt_at, created_at, updated_at)
       select ponte_uuid_v7(), e.seller_id, s.id, e.id, e.type, e.aggregate_type, e.aggregate_id, e.sequence, 'pending', 0, 0, now(), now(), now()
         from outbox_event e join webhook_subscription s on s.seller_id = e.seller_id
        where e.seller_id = $1`,
      [database.sellerId],
    );
    await client.query('commit');
    await client.query('vacuum analyze');
  });
  const service = await startService(database.url, 'all');
  try {
    await sleep(3_000);
    const figures = await ordersOfB(service, b.token, fast);
    reportB(`A's receiver down, ${A_DOWN_OWED.toLocaleString('en')} owed`, figures, quiet);
    await withClient(database.url, async (client) => {
      const { rows } = await client.query<{ attempted: string; open: string }>(
        `select count(*) filter (where first_attempt_at is not null) as attempted, count(*) filter (where status in ('pending', 'retrying')) as open
           from webhook_delivery where seller_id = $1`,
        [database.sellerId],
      );
      report({ scenario: SCENARIO, name: "A's deliveries attempted (refused), A down", value: Number(rows[0]!.attempted), unit: 'deliveries', detail: `${rows[0]!.open} still owed; first attempts only (a refused attempt waits WEBHOOK_BACKOFF_BASE_MS, 5 s, before its retry)` });
    });
  } finally {
    await service.stop();
    await fast.close();
    await database.drop();
  }
}

export async function noisyNeighbour(): Promise<void> {
  const quiet = await quietThenSlow();
  await down(quiet);
}
