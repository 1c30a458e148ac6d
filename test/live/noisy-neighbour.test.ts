import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { bearer, connectLive, metric, record, subscribe, waitForSubscriptions, type LiveConnection } from '../support/live.js';

const EVENTS = 'subscription { events { id evento dataHora data } }';
/** Seller A's sockets that stop reading: the 5,000, scaled to what one test process opens quickly. */
const STALLED = 200;
const ROUNDS = 40;
/** How long after its write each of B's events may take to reach B's reader: generous, for a loaded machine; A's stalled sockets must add no wait of their own. */
const B_LATENCY_BOUND_MS = 5000;

/**
 * One seller's many sockets that stop reading must not hold up another seller's events:
 * each subscription sends one message at a time and buffers the rest for itself (up to
 * LIVE_BUFFER_EVENTS, then 4413), so the events of seller B reach B's reader while A's
 * stalled subscriptions hold theirs. Real graphql-ws clients on 127.0.0.1; A's sockets
 * paused as a client that stopped reading leaves them.
 */
describe('live subscriptions: one seller’s stalled sockets and another seller’s events', () => {
  let server: TestApp;
  const connections: LiveConnection[] = [];

  beforeAll(async () => {
    // A's connections share one token (and one seller); the buffer is large enough that none is closed here.
    server = await startTestApp({ env: { LIVE_MAX_CONNECTIONS_PER_TOKEN: String(STALLED + 1), LIVE_MAX_CONNECTIONS_PER_SELLER: String(STALLED + 1), LIVE_BUFFER_EVENTS: String(ROUNDS + 10) } });
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.client.dispose()));
    await server.close();
  });

  it("delivers every event of seller B while seller A's stalled sockets each hold A's undelivered events", async () => {
    const a = await createTestSeller(server.orm);
    const b = await createTestSeller(server.orm);
    const stalled = Array.from({ length: STALLED }, () => connectLive(server.url, bearer(a.token)));
    connections.push(...stalled);
    const stalledSubscriptions = stalled.map((connection) => subscribe(connection.client, EVENTS));
    const reader = connectLive(server.url, bearer(b.token));
    connections.push(reader);
    const reading = subscribe(reader.client, EVENTS);
    await waitForSubscriptions(server.url, STALLED + 1, 60_000);
    for (const connection of stalled) connection.sockets[0]!.pause();

    // Large events for A fill its sockets' buffers at once; each of B's follows one of A's.
    const blob = 'x'.repeat(256 * 1024);
    const writtenAt: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await record(server.orm, a.id, 'estoque.alterado', { sku: `A-${round}`, blob }, `a-${round}`);
      // From before its write: the event may reach B before the write's own await returns.
      writtenAt.push(Date.now());
      await record(server.orm, b.id, 'pedido.criado', { round }, `b-${round}`);
    }
    expect((await reading.received(ROUNDS)).map((event) => (event.data as { round: number }).round)).toEqual(
      Array.from({ length: ROUNDS }, (_, index) => index + 1),
    );
    // Each of B's reached its reader soon after its write, while A's stalled sockets held A's.
    const latencies = reading.arrivals.slice(0, ROUNDS).map((arrival, index) => arrival - writtenAt[index]!);
    expect(latencies.filter((ms) => ms > B_LATENCY_BOUND_MS), `B's latencies (ms): ${latencies.join(', ')}`).toEqual([]);
    // A's subscriptions are still open, stalled: none of them got all of A's events.
    expect(stalled.every((connection) => connection.closedWith === undefined)).toBe(true);
    expect(stalledSubscriptions.every((subscription) => subscription.events.length < ROUNDS)).toBe(true);
    expect(await metric(server.url, 'ponte_live_slow_consumer_closes_total')).toBe(0);
  }, 120_000);
});
