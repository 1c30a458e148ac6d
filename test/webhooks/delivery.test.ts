import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { retryDelayMs } from '../../src/webhooks/retry-schedule.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { validPayload } from '../support/events.js';
import { deliveriesOf, emit, fanOutDrained, getJson, settledDeliveries, startDispatcher, subscribe, type DeliveryRecord, type SubscriptionRecord } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver, type Reply } from './receiver.js';

const BACKOFF = { baseMs: 20, maxMs: 200 };

describe('webhook delivery', () => {
  let server: TestApp;
  let dispatcher: Dispatcher | undefined;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    // Nothing a test left owed may reach the next test's dispatcher.
    await server.orm.em.fork().execute(`update webhook_delivery set status = 'cancelled' where status in ('pending', 'retrying')`);
  });
  afterAll(() => server.close());

  async function receiver(reply?: (request: Parameters<Parameters<typeof startReceiver>[0] & {}>[0], count: number) => Reply): Promise<Receiver> {
    const started = await startReceiver(reply);
    receivers.push(started);
    return started;
  }

  const subscription = (seller: TestSeller, id: string) => getJson<SubscriptionRecord>(server, seller, `/webhooks/assinaturas/${id}`);
  const patch = (seller: TestSeller, id: string, body: Record<string, unknown>) =>
    fetch(`${server.url}/webhooks/assinaturas/${id}`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify(body) });
  const rotate = async (seller: TestSeller, id: string) =>
    ((await (await fetch(`${server.url}/webhooks/assinaturas/${id}/segredo`, { method: 'POST', headers: seller.headers, body: '{}' })).json()) as { secret: string }).secret;
  const waitForSettled = (seller: TestSeller, count: number, query = '', timeoutMs?: number) => settledDeliveries(server, seller, count, { query, timeoutMs });

  it('POSTs the envelope of each matching event, signed so the standardwebhooks verifier accepts it', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    const created = await subscribe(server, seller, { url: hook.url, events: ['pedido.criado', 'pedido.status_alterado'] });
    hook.secrets = [created.secret];
    dispatcher = await startDispatcher(server);

    await emit(server.orm, seller.id, [
      { type: 'pedido.criado', aggregateId: 'o-1', data: { number: 1 } },
      { type: 'estoque.alterado', aggregateType: 'sku', aggregateId: 'SKU-1', data: { sku: 'SKU-1' } },
      { type: 'pedido.status_alterado', aggregateId: 'o-1', data: { from: 'pendente', to: 'aprovado' } },
    ]);
    await hook.waitFor((requests) => requests.length === 2);
    const deliveries = await waitForSettled(seller, 2);

    expect(hook.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);
    expect(hook.requests.map((request) => request.envelope.evento)).toEqual(['pedido.criado', 'pedido.status_alterado']);
    const [first] = hook.requests;
    expect(first!.envelope).toEqual({ id: expect.any(String), evento: 'pedido.criado', dataHora: expect.stringMatching(/Z$/), data: validPayload('pedido.criado', { number: 1 }) });
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['webhook-attempt']).toBe('1');
    expect(Number(first!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    // webhook-id is the delivery id; the envelope id is the event's.
    const delivery = deliveries.find((entry) => entry.event === 'pedido.criado')!;
    expect(first!.webhookId).toBe(delivery.id);
    expect(first!.envelope.id).toBe(delivery.eventId);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 1, payload: first!.envelope, nextAttemptAt: null });
    expect(delivery.attempts).toEqual([
      { number: 1, at: expect.any(String), durationMs: expect.any(Number), statusCode: 204, responseBody: '', error: null, errorDetail: null },
    ]);
    const after = await subscription(seller, created.id);
    expect(after).toMatchObject({ health: 'healthy', consecutiveFailures: 0, lastSuccessAt: expect.any(String) });
  });

  it('signs with the old and the new secret for 24 hours after a rotation, then with the new one only', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    const created = await subscribe(server, seller, { url: hook.url });
    const rotated = await rotate(seller, created.id);
    hook.secrets = [created.secret, rotated];
    dispatcher = await startDispatcher(server);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-rot-1' }]);
    await hook.waitFor((requests) => requests.length === 1);
    expect(hook.requests[0]!.verifiedWith).toEqual([created.secret, rotated]);
    expect(String(hook.requests[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // The overlap ends: the old secret stops signing.
    await server.orm.em
      .fork()
      .execute(`update webhook_subscription set previous_secret_expires_at = now() - interval '1 second' where id = ?`, [created.id]);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-rot-2' }]);
    await hook.waitFor((requests) => requests.length === 2);
    expect(hook.requests[1]!.verifiedWith).toEqual([rotated]);
    expect(String(hook.requests[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('keeps only the last two secrets when rotating twice within the overlap', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    const created = await subscribe(server, seller, { url: hook.url });
    const second = await rotate(seller, created.id);
    const third = await rotate(seller, created.id);
    hook.secrets = [created.secret, second, third];
    dispatcher = await startDispatcher(server);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-rot-twice' }]);
    await hook.waitFor((requests) => requests.length === 1);
    expect(hook.requests[0]!.verifiedWith).toEqual([second, third]);
    expect(String(hook.requests[0]!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  });

  it('retries failing, slow, redirecting and resetting receivers on the schedule and ends them failed', async () => {
    const seller = await createTestSeller(server.orm);
    const behaviours: Record<string, Reply> = {
      status: { status: 500, body: 'x'.repeat(10_000) },
      // Never answers within the attempt: only the dispatcher's timeout ends it.
      timeout: { status: 200, delayMs: 60_000 },
      redirect: { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } },
      connection: 'reset',
    };
    const subscriptions: Record<string, SubscriptionRecord> = {};
    for (const [error, reply] of Object.entries(behaviours)) {
      const hook = await receiver(() => reply);
      subscriptions[error] = await subscribe(server, seller, { url: hook.url });
    }
    // A timeout long enough that a loaded machine's slow answers are not mistaken for one.
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_TIMEOUT_MS: '2000' } });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-fail' }]);
    const deliveries = await waitForSettled(seller, 4, '', 25_000);

    for (const [error, created] of Object.entries(subscriptions)) {
      const delivery = deliveries.find((entry) => entry.subscriptionId === created.id)!;
      expect(delivery.status, error).toBe('failed');
      expect(delivery.attempts.map((attempt) => [attempt.number, attempt.error]), error).toEqual([1, 2, 3].map((n) => [n, error]));
      expectScheduleFollowed(delivery);
      expect(await subscription(seller, created.id), error).toMatchObject({ health: 'degraded', consecutiveFailures: 3, lastFailureAt: expect.any(String) });
    }
    const byError = (error: string) => deliveries.find((entry) => entry.subscriptionId === subscriptions[error]!.id)!.attempts[0]!;
    expect(byError('status')).toMatchObject({ statusCode: 500, errorDetail: 'HTTP 500' });
    expect(byError('status').responseBody).toHaveLength(4096);
    expect(byError('redirect')).toMatchObject({ statusCode: 302 });
    expect(byError('timeout')).toMatchObject({ statusCode: null });
    expect(byError('timeout').durationMs).toBeGreaterThanOrEqual(1995);
    expect(byError('connection')).toMatchObject({ statusCode: null, errorDetail: expect.any(String) });
  });

  /** Each retry waits at least the low end of the equal-jitter window after the previous attempt ended. */
  function expectScheduleFollowed(delivery: DeliveryRecord): void {
    delivery.attempts.slice(1).forEach((attempt, index) => {
      const previous = delivery.attempts[index]!;
      const previousEnd = Date.parse(previous.at) + previous.durationMs;
      const minimum = retryDelayMs(previous.number, BACKOFF, () => 0);
      // 2 ms: timestamps are kept to the millisecond and durations rounded.
      expect(Date.parse(attempt.at) - previousEnd, `attempt ${attempt.number} of ${delivery.id}`).toBeGreaterThanOrEqual(minimum - 2);
    });
  }

  it('moves health from healthy to degraded to failing and back, counting consecutive failed attempts', async () => {
    const seller = await createTestSeller(server.orm);
    let failing = true;
    const hook = await receiver(() => (failing ? { status: 500 } : { status: 200 }));
    const created = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '3' } });

    await emit(server.orm, seller.id, [{ aggregateId: 'o-h1' }]);
    await waitForSettled(seller, 1);
    expect(await subscription(seller, created.id)).toMatchObject({ health: 'degraded', consecutiveFailures: 3 });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-h2' }]);
    await waitForSettled(seller, 2);
    expect(await subscription(seller, created.id)).toMatchObject({ health: 'failing', consecutiveFailures: 6 });

    failing = false;
    await emit(server.orm, seller.id, [{ aggregateId: 'o-h3' }]);
    await waitForSettled(seller, 3);
    expect(await subscription(seller, created.id)).toMatchObject({ health: 'healthy', consecutiveFailures: 0 });
  });

  it('disables the subscription on 410 Gone; what it still owed ends failed', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver((request) => (request.envelope.data.n === 1 ? { status: 410 } : { status: 200 }));
    const created = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server);
    // One aggregate: the second waits behind the first, so it is still owed when the 410 comes.
    await emit(server.orm, seller.id, [{ aggregateId: 'o-gone', data: { n: 1 } }, { aggregateId: 'o-gone', data: { n: 2 } }]);
    const deliveries = await waitForSettled(seller, 2);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attemptCount]).sort()).toEqual([['failed', 0], ['failed', 1]]);
    expect(hook.requests).toHaveLength(1);
    expect(await subscription(seller, created.id)).toMatchObject({ active: false, health: 'disabled', disabledReason: 'gone', disabledAt: expect.any(String) });

    await emit(server.orm, seller.id, [{ aggregateId: 'o-gone-later' }]);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-gone-later' }]);
    await fanOutDrained(server);
    expect(await deliveriesOf(server, seller)).toHaveLength(2);
  });

  it('gives a subscription its user switched off nothing new, and events again once switched on', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    const created = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server);
    expect((await patch(seller, created.id, { active: false })).status).toBe(200);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-off', data: { n: 1 } }]);
    await fanOutDrained(server);
    expect(await deliveriesOf(server, seller)).toEqual([]);

    expect((await patch(seller, created.id, { active: true })).status).toBe(200);
    await emit(server.orm, seller.id, [{ aggregateId: 'o-on', data: { n: 2 } }]);
    const [delivery] = await waitForSettled(seller, 1);
    expect(delivery).toMatchObject({ status: 'succeeded', aggregateId: 'o-on' });
    expect(hook.requests.map((request) => request.envelope.data.n)).toEqual([2]);
  });

  it('honours Retry-After on 503 within the backoff bounds', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver((_request, count) => (count === 1 ? { status: 503, headers: { 'retry-after': '1' } } : { status: 200 }));
    await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_BACKOFF_BASE_MS: '10', WEBHOOK_BACKOFF_MAX_MS: '5000' } });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-ra' }]);
    const [delivery] = await waitForSettled(seller, 1);
    expect(delivery!.status).toBe('succeeded');
    const [first, second] = delivery!.attempts;
    expect(first).toMatchObject({ statusCode: 503, error: 'status' });
    expect(Date.parse(second!.at) - (Date.parse(first!.at) + first!.durationMs)).toBeGreaterThanOrEqual(998);
  });

  it('disables a subscription that keeps failing for WEBHOOK_DISABLE_AFTER_MS', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver(() => ({ status: 500 }));
    const created = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '100', WEBHOOK_BACKOFF_MAX_MS: '40', WEBHOOK_DISABLE_AFTER_MS: '400' } });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-auto' }]);
    const [delivery] = await waitForSettled(seller, 1);
    expect(delivery!.status).toBe('failed');
    const after = await subscription(seller, created.id);
    expect(after).toMatchObject({ active: false, health: 'disabled', disabledReason: 'failing' });
    const attempts = delivery!.attempts;
    expect(attempts.length).toBeGreaterThan(1);
    expect(attempts.length).toBeLessThan(100);
    const windowEnd = Date.parse(attempts[0]!.at) + 400;
    const ended = (attempt: (typeof attempts)[number]) => Date.parse(attempt.at) + attempt.durationMs;
    // Not before the window closed: it was disabled when a failure was recorded after it…
    expect(Date.parse(String(after.disabledAt))).toBeGreaterThanOrEqual(windowEnd);
    // …and not later: by the first such failure. Every earlier attempt was recorded inside
    // the window (2 ms: times are kept to the millisecond, durations rounded).
    for (const attempt of attempts.slice(0, -1)) expect(ended(attempt), `attempt ${attempt.number}`).toBeLessThan(windowEnd + 2);
    expect(Date.parse(String(after.disabledAt))).toBeGreaterThanOrEqual(ended(attempts.at(-1)!) - 2);
  });

  it('redelivers by hand and recovers failed deliveries since a time, keeping the webhook-id', async () => {
    const seller = await createTestSeller(server.orm);
    let failing = true;
    const hook = await receiver(() => (failing ? { status: 500 } : { status: 200 }));
    const created = await subscribe(server, seller, { url: hook.url });
    hook.secrets = [created.secret];
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '2' } });
    const before = new Date(Date.now() - 1000).toISOString();
    await emit(server.orm, seller.id, [{ aggregateId: 'o-r1' }, { aggregateId: 'o-r2' }, { aggregateId: 'o-r3' }]);
    await waitForSettled(seller, 3, '&status=failed');

    failing = false;
    const recover = (since: string) =>
      fetch(`${server.url}/webhooks/assinaturas/${created.id}/recuperacao`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ since }) });
    const future = await recover(new Date(Date.now() + 60_000).toISOString());
    expect(await future.json()).toEqual({ redelivered: 0 });
    const recovered = await recover(before);
    expect(recovered.status).toBe(202);
    expect(await recovered.json()).toEqual({ redelivered: 3 });
    const deliveries = await waitForSettled(seller, 3, '&status=succeeded');
    for (const delivery of deliveries) {
      expect(delivery.attempts.map((attempt) => [attempt.number, attempt.statusCode])).toEqual([[1, 500], [2, 500], [3, 200]]);
      expect(new Set(hook.requests.filter((request) => request.webhookId === delivery.id).map((request) => request.envelope.id))).toEqual(new Set([delivery.eventId]));
    }
    expect(hook.requests.every((request) => request.verifiedWith.length === 1)).toBe(true);

    const target = deliveries[0]!;
    // With no dispatcher running the delivery stays queued, so a second request meets it pending.
    await dispatcher.stop();
    const again = await fetch(`${server.url}/webhooks/entregas/${target.id}/reenvio`, { method: 'POST', headers: seller.headers, body: '{}' });
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ id: target.id, status: 'pending', nextAttemptAt: expect.any(String) });
    const twice = await fetch(`${server.url}/webhooks/entregas/${target.id}/reenvio`, { method: 'POST', headers: seller.headers, body: '{}' });
    expect(twice.status).toBe(409);
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '2' } });
    await hook.waitFor((requests) => requests.filter((request) => request.webhookId === target.id).length === 4);
    let redelivered: DeliveryRecord | undefined;
    await waitUntil(async () => (redelivered = await getJson<DeliveryRecord>(server, seller, `/webhooks/entregas/${target.id}`)).attempts.length === 4);
    expect(redelivered!.status).toBe('succeeded');
    expect(redelivered!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200, 200]);
  });

  it('shows a delivery with the attempts its status has counted, not one recorded after the delivery was read', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver(() => ({ status: 500 }));
    const created = await subscribe(server, seller, { url: hook.url });
    hook.secrets = [created.secret];
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-view' }]);
    const [failed] = await waitForSettled(seller, 1, '&status=failed');
    await dispatcher.stop();
    dispatcher = undefined;

    // What a reader meets between reading the delivery and its attempts while the next
    // attempt is being recorded: an attempt row the delivery has not counted yet.
    const em = server.orm.em.fork();
    await em.execute(
      `insert into webhook_attempt (id, seller_id, delivery_id, number, at, duration_ms, status_code) values (gen_random_uuid(), ?, ?, 2, now(), 1, 200)`,
      [seller.id, failed!.id],
    );
    const early = await getJson<DeliveryRecord>(server, seller, `/webhooks/entregas/${failed!.id}`);
    expect([early.status, early.attempts.map((attempt) => attempt.statusCode)]).toEqual(['failed', [500]]);

    await em.execute(`update webhook_delivery set attempt_count = 2, status = 'succeeded' where id = ?`, [failed!.id]);
    const counted = await getJson<DeliveryRecord>(server, seller, `/webhooks/entregas/${failed!.id}`);
    expect([counted.status, counted.attempts.map((attempt) => attempt.statusCode)]).toEqual(['succeeded', [500, 200]]);
  });

  it('recovers only failed deliveries created since `since`, and none of a disabled subscription', async () => {
    const seller = await createTestSeller(server.orm);
    let failing = true;
    const hook = await receiver((request) => (failing && request.envelope.data.kind !== 'ok' ? { status: 500 } : { status: 200 }));
    const created = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    await emit(server.orm, seller.id, ['old', 'new', 'ok', 'cancelled'].map((kind) => ({ aggregateId: `o-${kind}`, data: { kind } })));
    const settledOnce = await waitForSettled(seller, 4);
    const byKind = (deliveries: DeliveryRecord[], kind: string) => deliveries.find((delivery) => delivery.aggregateId === `o-${kind}`)!;
    expect(byKind(settledOnce, 'ok').status).toBe('succeeded');
    // An older failure (an hour ago) and one that ended cancelled.
    const em = server.orm.em.fork();
    await em.execute(`update webhook_delivery set created_at = now() - interval '1 hour' where id = ?`, [byKind(settledOnce, 'old').id]);
    await em.execute(`update webhook_delivery set status = 'cancelled' where id = ?`, [byKind(settledOnce, 'cancelled').id]);

    failing = false;
    const since = new Date(Date.now() - 30 * 60_000).toISOString();
    const recover = () => fetch(`${server.url}/webhooks/assinaturas/${created.id}/recuperacao`, { method: 'POST', headers: seller.headers, body: JSON.stringify({ since }) });
    const recovered = await recover();
    expect([recovered.status, await recovered.json()]).toEqual([202, { redelivered: 1 }]);
    const after = await waitForSettled(seller, 4);
    expect(['old', 'new', 'ok', 'cancelled'].map((kind) => [kind, byKind(after, kind).status, byKind(after, kind).attemptCount])).toEqual([
      ['old', 'failed', 1],
      ['new', 'succeeded', 2],
      ['ok', 'succeeded', 1],
      ['cancelled', 'cancelled', 1],
    ]);

    // A disabled subscription recovers nothing: 409, and its failed delivery stays failed.
    expect((await patch(seller, created.id, { active: false })).status).toBe(200);
    const refused = await recover();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'CONFLICT' });
    expect(byKind(await deliveriesOf(server, seller), 'old').status).toBe('failed');
  });

  it('lists deliveries by subscription, event and status with a cursor, in REST and GraphQL', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver((request) => (request.envelope.evento === 'estoque.alterado' ? { status: 500 } : { status: 200 }));
    const one = await subscribe(server, seller, { url: hook.url });
    const two = await subscribe(server, seller, { url: hook.url, events: ['pedido.criado'] });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    await emit(server.orm, seller.id, [
      { type: 'pedido.criado', aggregateId: 'o-l1' },
      { type: 'pedido.criado', aggregateId: 'o-l2' },
      { type: 'estoque.alterado', aggregateType: 'sku', aggregateId: 'S-1' },
    ]);
    await waitForSettled(seller, 5);

    const ids = async (query: string) => (await deliveriesOf(server, seller, query)).map((delivery) => delivery.id);
    expect(await ids(`&subscriptionId=${one.id}`)).toHaveLength(3);
    expect(await ids(`&subscriptionId=${two.id}`)).toHaveLength(2);
    expect(await ids('&event=pedido.criado')).toHaveLength(4);
    expect(await ids('&status=failed')).toHaveLength(1);
    expect(await ids('&status=failed&event=pedido.criado')).toHaveLength(0);
    expect((await fetch(`${server.url}/webhooks/entregas?status=lost`, { headers: seller.headers })).status).toBe(422);

    const all = await ids('');
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: DeliveryRecord[]; nextCursor: string | null } = await getJson(server, seller, `/webhooks/entregas?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      paged.push(...page.data.map((delivery) => delivery.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(all);

    const { body } = await graphql<{ webhookDeliveries: { edges: { node: { id: string; status: string; event: string; attempts: { number: number; statusCode: number; error: string }[] } }[] } }>(
      server.url,
      'query ($filter: WebhookDeliveryFilter) { webhookDeliveries(filter: $filter, first: 10) { edges { node { id status event attempts { number statusCode error } } } } }',
      { headers: seller.headers, variables: { filter: { status: 'failed' } } },
    );
    expect(body.data!.webhookDeliveries.edges.map((edge) => edge.node)).toEqual([{ id: expect.any(String), status: 'failed', event: 'estoque_alterado', attempts: [{ number: 1, statusCode: 500, error: 'status' }] }]);
  });

  it('checks the resolved address at delivery time: a name rebound to loopback is blocked', async () => {
    const seller = await createTestSeller(server.orm);
    const hook = await receiver();
    const port = new URL(hook.url).port;
    // A resolver answering like a rebinding attacker's DNS: a harmless-looking name → 127.0.0.1.
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const byName = await subscribe(server, seller, { url: `http://hooks.rebind.example:${port}/hook` });
    const byLiteral = await subscribe(server, seller, { url: hook.url });
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false', WEBHOOK_MAX_ATTEMPTS: '2' }, lookup });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-ssrf' }]);
    const deliveries = await waitForSettled(seller, 2);
    for (const created of [byName, byLiteral]) {
      const delivery = deliveries.find((entry) => entry.subscriptionId === created.id)!;
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts.map((attempt) => attempt.error)).toEqual(['blocked', 'blocked']);
    }
    expect(hook.requests).toHaveLength(0);
    await dispatcher.stop();

    // The same name with private targets allowed reaches the receiver: the socket used our lookup.
    dispatcher = await startDispatcher(server, { lookup });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-ssrf-2' }]);
    await hook.waitFor((requests) => requests.length === 2);
  });

  it('classifies an untrusted certificate as a tls failure', async () => {
    const seller = await createTestSeller(server.orm);
    const folder = mkdtempSync(join(tmpdir(), 'ponte-tls-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-keyout', join(folder, 'key.pem'), '-out', join(folder, 'cert.pem')], { stdio: 'ignore' });
    let reached = 0;
    const https = createServer({ key: readFileSync(join(folder, 'key.pem')), cert: readFileSync(join(folder, 'cert.pem')) }, (_request, response) => {
      reached++;
      response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    try {
      await subscribe(server, seller, { url: `https://127.0.0.1:${(https.address() as AddressInfo).port}/hook` });
      dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
      await emit(server.orm, seller.id, [{ aggregateId: 'o-tls' }]);
      const [delivery] = await waitForSettled(seller, 1);
      expect(delivery!.status).toBe('failed');
      expect(delivery!.attempts[0]).toMatchObject({ error: 'tls', statusCode: null });
      expect(reached).toBe(0);
    } finally {
      https.closeAllConnections();
      await new Promise((resolve) => https.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
