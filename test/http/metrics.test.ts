import '../../src/modules.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/auth/scopes.js';
import { loadConfig } from '../../src/config.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createSubscription } from '../../src/webhooks/subscription.service.js';
import { createTestSeller, TEST_ENV } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { bearer, connectLive, subscribe } from '../support/live.js';
import { freePort, startService, type Service } from '../support/process.js';
import { emit } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver, type Reply } from '../webhooks/receiver.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const EVENTS = 'subscription { events { id evento } }';

/** One sample of a scrape: `name` with exactly these labels (none: no braces). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const escaped = (value: string) => value.replace(/[{}"\\]/g, '\\$&');
  const match = new RegExp(`^${name}${labels ? escaped(`{${labels}}`) : ''} (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

describe('/metrics', () => {
  let database: TestDatabase;
  let receiver: Receiver;
  let answer: Reply = { status: 204 };
  const services: Service[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver(() => answer);
  });
  afterEach(async () => {
    for (const service of services.splice(0)) {
      service.process.child.kill('SIGTERM');
      await service.process.exited;
    }
  });
  afterAll(async () => {
    await receiver.close();
    await database.drop();
  });

  const start = async (env: Record<string, string>) => {
    const service = await startService({ DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ...env }, ['--no-migrate']);
    services.push(service);
    return service;
  };

  it('needs METRICS_TOKEN when one is set, and reports process metrics under their usual names with the role', async () => {
    const { url } = await start({ ROLE: 'api', METRICS_TOKEN });
    const without = await fetch(`${url}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('content-type')).toContain('application/problem+json');
    expect((await fetch(`${url}/metrics`, { headers: bearer('wrong-token-0123456789abcdef') })).status).toBe(401);

    const scrape = await fetch(`${url}/metrics`, { headers: bearer(METRICS_TOKEN) });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    // prom-client's default names, which the stock Node.js dashboards query.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(sample(text, name, 'role="api"'), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('follows the deliveries pending and retrying, the oldest due delivery, the fan-out backlog and live connections', async () => {
    const { url } = await start({ ROLE: 'api', METRICS_TOKEN });
    const scrape = async () => (await fetch(`${url}/metrics`, { headers: bearer(METRICS_TOKEN) })).text();
    const gauge = async (name: string) => sample(await scrape(), name);
    const seller = await createTestSeller(database.orm);
    await createSubscription(
      forkForSeller(database.orm, seller.id),
      { sellerId: seller.id, scopes: new Set(SCOPES) },
      { url: receiver.url, events: ['*'] },
      { webhookAllowPrivateTargets: true, webhookSubscriptionsMax: 5 },
    );
    expect(await gauge('ponte_webhook_fanout_backlog')).toBe(0);
    expect(await gauge('ponte_webhook_deliveries_pending')).toBe(0);
    expect(await gauge('ponte_webhook_oldest_due_delivery_age_seconds')).toBe(0);

    // An API process fans nothing out: the backlog waits for a dispatcher.
    await emit(database.orm, seller.id, [{ aggregateId: 'm-1' }, { aggregateId: 'm-2' }, { aggregateId: 'm-3' }]);
    expect(await gauge('ponte_webhook_fanout_backlog')).toBe(3);

    // A dispatcher fans them out; the receiver holds the attempts (to fail them), so all
    // three stay pending and due meanwhile.
    answer = { status: 500 };
    receiver.pause();
    const config = loadConfig({ ...TEST_ENV, DATABASE_URL: database.url, WEBHOOK_MAX_ATTEMPTS: '100', WEBHOOK_BACKOFF_BASE_MS: '600000', WEBHOOK_BACKOFF_MAX_MS: '600000' });
    const dispatcher = new Dispatcher({ config, orm: database.orm, logger: createLogger(config), pollIntervalMs: 100 });
    await dispatcher.start();
    try {
      await waitUntil(async () => receiver.held().length === 3);
      expect(await gauge('ponte_webhook_fanout_backlog')).toBe(0);
      expect(await gauge('ponte_webhook_deliveries_pending')).toBe(3);
      await waitUntil(async () => (await gauge('ponte_webhook_oldest_due_delivery_age_seconds'))! > 0);

      // Failed attempts wait ten minutes for their retry: retrying, and no longer due.
      receiver.resume();
      await waitUntil(async () => (await gauge('ponte_webhook_deliveries_retrying')) === 3);
      const text = await scrape();
      expect(sample(text, 'ponte_webhook_deliveries_pending')).toBe(0);
      expect(sample(text, 'ponte_webhook_oldest_due_delivery_age_seconds')).toBe(0);
    } finally {
      answer = { status: 204 };
      await dispatcher.stop();
    }

    const live = connectLive(url, bearer(seller.token));
    try {
      subscribe(live.client, EVENTS);
      await waitUntil(async () => (await gauge('ponte_live_subscriptions')) === 1);
      expect(await gauge('ponte_live_connections')).toBe(1);
    } finally {
      await live.client.dispose();
    }
    await waitUntil(async () => (await gauge('ponte_live_connections')) === 0);
    expect(await gauge('ponte_live_subscriptions')).toBe(0);
  });

  it('serves /metrics on METRICS_PORT instead of PORT when set', async () => {
    const metricsPort = await freePort();
    const { url, process } = await start({ ROLE: 'dispatcher', METRICS_PORT: String(metricsPort) });
    expect(process.output()).toContain(`"metricsUrl":"http://127.0.0.1:${metricsPort}/metrics"`);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(sample(text, 'process_cpu_user_seconds_total', 'role="dispatcher"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'ponte_webhook_deliveries_pending')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'ponte_webhook_attempts_unrecorded_total', 'reason="error"')).toBeUndefined();
  });
});
