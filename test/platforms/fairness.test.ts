import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, startTestApp, type TestApp } from '../support/app.js';
import { emit, startDispatcher, subscribe } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';
import { startStallingReceiver, type StallingReceiver } from '../webhooks/stalling-receiver.js';
import { createTestApplication } from './fixtures.js';

/** The default cap of one destination's attempts in flight per dispatcher process (src/config.ts). */
const DESTINATION_CAP = 16;
const SELLERS_OF_APP = 3;
/** Per seller: together far more than the dispatcher's 64 slots. */
const CYCLES_PER_SELLER = 40;
const OWED_TO_B = 10;

/**
 * An application's registration is one destination, whatever number of sellers it
 * serves: its slow receiver holds one destination's share of the slots, not one per
 * seller (which, over enough sellers, would be all of them), and a seller's own
 * subscription elsewhere is served meanwhile.
 */
describe('fair claiming for per-product deliveries', () => {
  let server: TestApp;
  let dispatcher: Dispatcher;
  let silent: StallingReceiver;
  let fast: Receiver;

  beforeAll(async () => {
    server = await startTestApp();
    silent = await startStallingReceiver('silent');
    fast = await startReceiver(() => ({ status: 200 }));
  });
  afterAll(async () => {
    await silent.close();
    await dispatcher?.stop();
    await fast.close();
    await server.close();
  });

  it("holds an application's slow receiver to one destination's share across its sellers, and delivers another seller's events meanwhile", async () => {
    const sellers = await Promise.all(Array.from({ length: SELLERS_OF_APP }, () => createTestSeller(server.orm)));
    const app = await createTestApplication(server.orm, { installedBy: sellers });
    const response = await fetch(`${server.url}/pagamentos/api/v1/webhook/novo`, {
      method: 'POST',
      headers: app.headers,
      body: JSON.stringify({ url: silent.url, events: ['ciclo.criado'] }),
    });
    expect(response.status).toBe(201);
    for (const seller of sellers) {
      await emit(server.orm, seller.id, Array.from({ length: CYCLES_PER_SELLER }, (_, n) => ({ type: 'ciclo.criado', aggregateType: 'settlement_cycle', aggregateId: `cycle-${n}` })));
    }
    const b = await createTestSeller(server.orm);
    const created = await subscribe(server, b, { url: fast.url });
    fast.secrets = [created.secret];

    // Hard caps (no idle slot goes beyond them): what a destination holds is then its cap.
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_RESERVED_SLOTS: '80' } });
    await waitUntil(() => silent.open() >= DESTINATION_CAP, 30_000, () => `${silent.open()} open at the application`);
    await emit(server.orm, b.id, Array.from({ length: OWED_TO_B }, (_, n) => ({ aggregateId: `b-${n}` })));

    await waitUntil(() => new Set(fast.requests.map((request) => request.webhookId)).size === OWED_TO_B, 30_000, () => `${fast.requests.length} of B's delivered`);
    expect(silent.mostOpen()).toBe(DESTINATION_CAP);
    // Every seller's subscription of the registration counts against the one destination.
    const [row] = await server.orm.em.fork().execute<{ destinations: string; subscriptions: string }[]>(
      `select count(distinct destination_id) as destinations, count(*) as subscriptions from webhook_subscription where kind = 'payments'`,
    );
    expect([Number(row!.destinations), Number(row!.subscriptions)]).toEqual([1, SELLERS_OF_APP]);
  });
});
