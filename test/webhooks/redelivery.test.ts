import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { deliveriesOf, emit, getJson, startDispatcher, subscribe, type DeliveryRecord, type SubscriptionRecord } from './fixtures.js';
import { startReceiver, waitUntil, type Receiver } from './receiver.js';

const REDELIVER = 'mutation ($id: ID!) { redeliverWebhookDelivery(input: { deliveryId: $id }) { delivery { id status } } }';
const RECOVER = 'mutation ($id: ID!, $since: DateTimeISO!) { recoverWebhookDeliveries(input: { subscriptionId: $id, since: $since }) { redelivered } }';
const DELIVERY = 'query ($id: ID!) { webhookDelivery(id: $id) { id status attempts { number } } }';
const DELIVERIES = '{ webhookDeliveries(first: 10) { edges { node { id } } } }';

describe('redelivery and recovery', () => {
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
  });
  afterAll(() => server.close());

  /** A seller whose subscription ended one delivery `failed` (its receiver answers 500), dispatcher stopped. */
  async function failedDelivery(): Promise<{ seller: TestSeller; subscription: SubscriptionRecord; delivery: DeliveryRecord; receiver: Receiver; since: string }> {
    const seller = await createTestSeller(server.orm);
    let failing = true;
    const receiver = await startReceiver(() => (failing ? { status: 500 } : { status: 200 }));
    receivers.push(receiver);
    const subscription = await subscribe(server, seller, { url: receiver.url });
    const since = new Date(Date.now() - 1000).toISOString();
    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    await emit(server.orm, seller.id, [{ aggregateId: 'o-redeliver' }]);
    let deliveries: DeliveryRecord[] = [];
    await waitUntil(async () => (deliveries = await deliveriesOf(server, seller)).length === 1 && deliveries[0]!.status === 'failed');
    await dispatcher.stop();
    dispatcher = undefined;
    failing = false;
    return { seller, subscription, delivery: deliveries[0]!, receiver, since };
  }

  const post = (seller: TestSeller, path: string, body: unknown = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: seller.headers, body: JSON.stringify(body) });
  const codeOf = async (response: Response) => [response.status, ((await response.json()) as { code: string }).code];
  const gqlCode = async (seller: TestSeller, query: string, variables: Record<string, unknown>) =>
    (await graphql(server.url, query, { headers: seller.headers, variables })).body.errors?.[0]?.extensions?.code;
  const statusOf = async (seller: TestSeller, id: string) => (await getJson<DeliveryRecord>(server, seller, `/webhooks/entregas/${id}`)).status;

  it('refuses both on a disabled subscription with 409, over REST and GraphQL, changing nothing', async () => {
    const { seller, subscription, delivery, since } = await failedDelivery();
    const off = await fetch(`${server.url}/webhooks/assinaturas/${subscription.id}`, { method: 'PATCH', headers: seller.headers, body: JSON.stringify({ active: false }) });
    expect(off.status).toBe(200);

    expect(await codeOf(await post(seller, `/webhooks/entregas/${delivery.id}/reenvio`))).toEqual([409, 'CONFLICT']);
    expect(await codeOf(await post(seller, `/webhooks/assinaturas/${subscription.id}/recuperacao`, { since }))).toEqual([409, 'CONFLICT']);
    expect(await gqlCode(seller, REDELIVER, { id: delivery.id })).toBe('CONFLICT');
    expect(await gqlCode(seller, RECOVER, { id: subscription.id, since })).toBe('CONFLICT');
    expect(await statusOf(seller, delivery.id)).toBe('failed');
  });

  it('refuses a delivery of a deleted subscription with 409, and its recovery with 404', async () => {
    const { seller, subscription, delivery, since } = await failedDelivery();
    expect((await fetch(`${server.url}/webhooks/assinaturas/${subscription.id}`, { method: 'DELETE', headers: { authorization: seller.headers.authorization! } })).status).toBe(204);

    expect(await codeOf(await post(seller, `/webhooks/entregas/${delivery.id}/reenvio`))).toEqual([409, 'CONFLICT']);
    expect(await codeOf(await post(seller, `/webhooks/assinaturas/${subscription.id}/recuperacao`, { since }))).toEqual([404, 'NOT_FOUND']);
    expect(await gqlCode(seller, REDELIVER, { id: delivery.id })).toBe('CONFLICT');
    expect(await gqlCode(seller, RECOVER, { id: subscription.id, since })).toBe('NOT_FOUND');
    // The log keeps it as it ended.
    expect(await statusOf(seller, delivery.id)).toBe('failed');
  });

  it('queues a delivery once when many ask to redeliver it at the same time', async () => {
    const { seller, delivery, receiver } = await failedDelivery();
    const replies = await Promise.all(Array.from({ length: 10 }, () => post(seller, `/webhooks/entregas/${delivery.id}/reenvio`)));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);

    dispatcher = await startDispatcher(server, { env: { WEBHOOK_MAX_ATTEMPTS: '1' } });
    await waitUntil(async () => (await statusOf(seller, delivery.id)) === 'succeeded');
    const after = await getJson<DeliveryRecord>(server, seller, `/webhooks/entregas/${delivery.id}`);
    expect(after.attempts.map((attempt) => [attempt.number, attempt.statusCode])).toEqual([[1, 500], [2, 200]]);
    expect(receiver.requests.map((request) => request.headers['webhook-attempt'])).toEqual(['1', '2']);
  });

  it('answers NOT_FOUND over GraphQL for another seller\'s delivery and subscription, and lists none of them', async () => {
    const { seller, subscription, delivery, since } = await failedDelivery();
    const stranger = await createTestSeller(server.orm);
    expect(await gqlCode(stranger, DELIVERY, { id: delivery.id })).toBe('NOT_FOUND');
    expect(await gqlCode(stranger, REDELIVER, { id: delivery.id })).toBe('NOT_FOUND');
    expect(await gqlCode(stranger, RECOVER, { id: subscription.id, since })).toBe('NOT_FOUND');
    expect((await graphql(server.url, DELIVERIES, { headers: stranger.headers })).body.data).toEqual({ webhookDeliveries: { edges: [] } });
    expect(await statusOf(seller, delivery.id)).toBe('failed');

    // The owner may.
    const own = await graphql<{ webhookDelivery: { id: string; status: string } }>(server.url, DELIVERY, { headers: seller.headers, variables: { id: delivery.id } });
    expect(own.body.data?.webhookDelivery).toEqual({ id: delivery.id, status: 'failed', attempts: [{ number: 1 }] });
    const recovered = await graphql(server.url, RECOVER, { headers: seller.headers, variables: { id: subscription.id, since } });
    expect(recovered.body.data).toEqual({ recoverWebhookDeliveries: { redelivered: 1 } });
    expect(await statusOf(seller, delivery.id)).toBe('pending');
  });
});
