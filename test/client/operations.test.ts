import { readdirSync, readFileSync } from 'node:fs';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { buildClientSchema, buildSchema, getIntrospectionQuery, Kind, lexicographicSortSchema, parse, print, printSchema, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChangeOrderStatusDocument,
  ChannelsDocument,
  CreateOrderDocument,
  CreateWebhookSubscriptionDocument,
  DeleteWebhookSubscriptionDocument,
  EffectivePriceDocument,
  EventsDocument,
  NodeDocument,
  OrderDocument,
  OrderEventsDocument,
  OrdersDocument,
  PricesDocument,
  ProductDocument,
  ProductsDocument,
  PutChannelDocument,
  RecordOrderPaymentDocument,
  RedeliverWebhookDeliveryDocument,
  SetPricesDocument,
  StockDocument,
  StockEventsDocument,
  UpdateStockDocument,
  UpdateWebhookSubscriptionDocument,
  UpsertProductsDocument,
  ViewerDocument,
  WebhookDeliveriesDocument,
  WebhookDeliveryDocument,
  WebhookSubscriptionsDocument,
  type CreateOrderInput,
  type LiveEventFragment,
} from '../../client/generated/graphql.js';
import type { Dispatcher } from '../../src/webhooks/dispatcher.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, waitForSubscriptions, type LiveConnection } from '../support/live.js';
import { ACCESS_KEY, orderBody } from '../orders/fixtures.js';
import { fanOutDrained, startDispatcher } from '../webhooks/fixtures.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/receiver.js';

/**
 * The typed client a team generates from client/operations/ (npm run codegen), run
 * against the real service: each operation's document goes over the wire as printed, its
 * variables are checked by TypeScript against the generated types, and the answers are
 * read through the generated result types.
 */
describe('typed client operations (client/operations, client/generated)', () => {
  let server: TestApp;
  let dispatcher: Dispatcher | undefined;
  let receiver: Receiver | undefined;
  const connections: LiveConnection[] = [];

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.client.dispose();
    await dispatcher?.stop();
    await receiver?.close();
    await server.close();
  });

  /** One operation over HTTP with its generated types; fails on any GraphQL error. */
  async function run<Result, Variables extends Record<string, unknown>>(
    seller: TestSeller,
    document: TypedDocumentNode<Result, Variables>,
    variables?: Variables,
  ): Promise<Result> {
    const { status, body } = await graphql<Result>(server.url, print(document), { headers: seller.headers, variables });
    expect(body.errors, print(document)).toBeUndefined();
    expect(status).toBe(200);
    return body.data!;
  }

  /** A seller with a channel and two sellable SKUs, set up through the typed client itself. */
  async function catalogueSeller(): Promise<TestSeller> {
    const seller = await createTestSeller(server.orm);
    await run(seller, PutChannelDocument, { input: { code: 'loja-propria', name: 'Loja própria' } });
    await run(seller, UpsertProductsDocument, {
      input: { products: [{ sku: 'SKU-A', title: 'Caneca', publicationStatus: 'published', channels: ['loja-propria'] }, { sku: 'SKU-B', title: 'Prato' }] },
    });
    await run(seller, UpdateStockDocument, { input: { sku: 'SKU-A', onHand: 100 } });
    await run(seller, UpdateStockDocument, { input: { sku: 'SKU-B', onHand: 100 } });
    return seller;
  }

  it('runs every operation kept in client/operations in this file', () => {
    const names = readdirSync('client/operations')
      .filter((file) => file.endsWith('.graphql'))
      .flatMap((file) => parse(readFileSync(`client/operations/${file}`, 'utf8')).definitions)
      .flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : []));
    const source = readFileSync(new URL(import.meta.url), 'utf8');
    const untested = names.filter((name) => !new RegExp(`\\b(run|live)\\([^)]*\\b${name}Document\\b`).test(source));
    expect(names.length).toBeGreaterThan(20);
    expect(untested).toEqual([]);
  });

  it('serves by introspection, without a token, the schema schema/schema.graphql holds (what a client generates from)', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery({ directiveIsRepeatable: true, specifiedByUrl: true }) }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: IntrospectionQuery };
    const served = printSchema(lexicographicSortSchema(buildClientSchema(data)));
    const checkedIn = printSchema(lexicographicSortSchema(buildSchema(readFileSync('schema/schema.graphql', 'utf8'))));
    expect(served).toBe(checkedIn);
  });

  it('reads who is calling', async () => {
    const seller = await createTestSeller(server.orm, { name: 'Cliente tipado', scopes: ['orders:read', 'catalog:read'] });
    const { viewer } = await run(seller, ViewerDocument);
    expect(viewer).toEqual({ seller: { id: seller.id, name: 'Cliente tipado' }, scopes: ['orders_read', 'catalog_read'], tokenId: expect.any(String) });
  });

  it('manages the catalogue: channels, products, stock and prices', async () => {
    const seller = await catalogueSeller();
    expect((await run(seller, ChannelsDocument)).channels).toEqual([
      { code: 'loja-propria', name: 'Loja própria', active: true, sharePercent: 100, safetyStock: 0, maxQuantity: null },
    ]);
    const { upsertProducts } = await run(seller, UpsertProductsDocument, { input: { products: [{ sku: 'SKU-A', title: 'Caneca azul', publicationStatus: 'published', channels: ['loja-propria'] }] } });
    expect(upsertProducts.results).toEqual([{ sku: 'SKU-A', result: 'updated' }]);

    const { updateStock } = await run(seller, UpdateStockDocument, { input: { sku: 'SKU-A', delta: -10, idempotencyKey: 'typed-1' } });
    expect(updateStock.stock).toEqual({ sku: 'SKU-A', onHand: 90, reserved: 0, available: 90, channels: [{ channel: 'loja-propria', quantity: 90 }] });
    expect((await run(seller, StockDocument, { sku: 'SKU-A' })).stock.available).toBe(90);

    const { setPrices } = await run(seller, SetPricesDocument, {
      input: { sku: 'SKU-A', prices: [{ sale: '59.9' }, { channel: 'loja-propria', sale: '55.00', promo: '49.90', promoStart: '2026-01-01T00:00:00Z' }] },
    });
    expect(setPrices.skuPrices.prices).toEqual([
      { channel: null, sale: '59.90', promo: null, promoStart: null, promoEnd: null },
      { channel: 'loja-propria', sale: '55.00', promo: '49.90', promoStart: '2026-01-01T00:00:00.000Z', promoEnd: null },
    ]);
    expect((await run(seller, PricesDocument, { sku: 'SKU-A' })).prices.prices).toHaveLength(2);
    const { effectivePrice } = await run(seller, EffectivePriceDocument, { sku: 'SKU-A', channel: 'loja-propria', at: '2026-06-01T00:00:00Z' });
    expect(effectivePrice).toMatchObject({ source: 'channel', price: '49.90', promoActive: true, at: '2026-06-01T00:00:00.000Z' });

    const published = await run(seller, ProductsDocument, { first: 1, filter: { publicationStatus: ['published'], availability: 'in_stock' } });
    expect(published.products.nodes).toEqual([{ sku: 'SKU-A', title: 'Caneca azul', publicationStatus: 'published', channels: ['loja-propria'], stock: { available: 90 }, variations: [] }]);
    expect(published.products.pageInfo.hasNextPage).toBe(false);
    const { product } = await run(seller, ProductDocument, { sku: 'SKU-A' });
    expect(product).toMatchObject({ sku: 'SKU-A', stock: { onHand: 90 }, prices: { sku: 'SKU-A' }, variations: [] });
  });

  it('creates an order, lists and reads it, records its payment, invoices it and finds it as a Node', async () => {
    const seller = await catalogueSeller();
    const input = { ...orderBody(), idempotencyKey: 'typed-order' } as CreateOrderInput;
    const { createOrder } = await run(seller, CreateOrderDocument, { input });
    expect(createOrder.created).toBe(true);
    expect(createOrder.order).toMatchObject({ number: 1, status: 'pendente', amounts: { items: '125.00', shipping: '10.00', discount: '15.00', total: '120.00' } });
    const again = await run(seller, CreateOrderDocument, { input });
    expect(again.createOrder).toEqual({ created: false, order: createOrder.order });
    const id = createOrder.order.id;

    const { recordOrderPayment } = await run(seller, RecordOrderPaymentDocument, {
      input: { orderId: id, payment: { method: 'pix', status: 'approved', amount: '120.00', transactionId: 'tx-typed' } },
    });
    expect(recordOrderPayment.order).toMatchObject({ status: 'aprovado', payments: [{ status: 'approved', amount: '120.00' }] });
    const { changeOrderStatus } = await run(seller, ChangeOrderStatusDocument, {
      input: { orderId: id, status: 'faturado', invoice: { number: '1', series: '1', accessKey: ACCESS_KEY }, note: 'NF 1' },
    });
    expect(changeOrderStatus.order.status).toBe('faturado');
    expect(changeOrderStatus.order.statusHistory.map((entry) => entry.status)).toEqual(['pendente', 'aprovado', 'faturado']);

    const { orders } = await run(seller, OrdersDocument, { first: 10, filter: { status: ['faturado'] }, sort: 'updatedAt' });
    expect(orders.nodes.map((order) => [order.id, order.status, order.amounts.total])).toEqual([[id, 'faturado', '120.00']]);
    const { order } = await run(seller, OrderDocument, { id });
    expect(order).toMatchObject({ id, invoice: { accessKey: ACCESS_KEY }, payments: [{ method: 'pix', transactionId: 'tx-typed' }], items: [{ sku: 'SKU-A' }, { sku: 'SKU-B' }] });

    const { node } = await run(seller, NodeDocument, { id });
    expect(node).toEqual({ __typename: 'Order', id, number: 1, status: 'faturado' });
    const stranger = await createTestSeller(server.orm);
    expect((await run(stranger, NodeDocument, { id })).node).toBeNull();
  });

  it('subscribes a webhook, reads its delivery log, redelivers, switches it off and deletes it', async () => {
    dispatcher = await startDispatcher(server);
    const seller = await catalogueSeller();
    // The set-up's own stock events are fanned out before the subscription exists.
    await fanOutDrained(server);
    receiver = await startReceiver();
    const { createWebhookSubscription } = await run(seller, CreateWebhookSubscriptionDocument, {
      input: { url: receiver.url, events: ['estoque_alterado'], description: 'typed' },
    });
    expect(createWebhookSubscription.secret).toMatch(/^whsec_/);
    const subscription = createWebhookSubscription.subscription;
    expect(subscription).toMatchObject({ events: ['estoque_alterado'], health: 'healthy', active: true, disabledReason: null });

    await run(seller, UpdateStockDocument, { input: { sku: 'SKU-B', onHand: 7 } });
    let deliveries: { id: string; status: string; event: string }[] = [];
    await waitUntil(async () => {
      deliveries = (await run(seller, WebhookDeliveriesDocument, { first: 10, filter: { subscriptionId: subscription.id } })).webhookDeliveries.nodes;
      return deliveries.length === 1 && deliveries[0]!.status === 'succeeded';
    });
    expect(deliveries[0]!.event).toBe('estoque_alterado');
    const { webhookDelivery } = await run(seller, WebhookDeliveryDocument, { id: deliveries[0]!.id });
    expect(webhookDelivery.attempts).toEqual([expect.objectContaining({ number: 1, statusCode: 204, error: null })]);
    expect(webhookDelivery.payload).toMatchObject({ evento: 'estoque.alterado', data: { sku: 'SKU-B', onHand: 7 } });

    const { redeliverWebhookDelivery } = await run(seller, RedeliverWebhookDeliveryDocument, { input: { deliveryId: webhookDelivery.id } });
    expect(redeliverWebhookDelivery.delivery).toMatchObject({ id: webhookDelivery.id, status: 'pending' });
    await waitUntil(() => receiver!.requests.length === 2);

    const { node } = await run(seller, NodeDocument, { id: webhookDelivery.id });
    expect(node).toMatchObject({ __typename: 'WebhookDelivery', event: 'estoque_alterado' });
    const { updateWebhookSubscription } = await run(seller, UpdateWebhookSubscriptionDocument, { input: { subscriptionId: subscription.id, active: false } });
    expect(updateWebhookSubscription.subscription).toMatchObject({ active: false, health: 'disabled', disabledReason: 'user' });
    expect((await run(seller, WebhookSubscriptionsDocument, { first: 10 })).webhookSubscriptions.nodes.map((entry) => entry.id)).toEqual([subscription.id]);
    const { deleteWebhookSubscription } = await run(seller, DeleteWebhookSubscriptionDocument, { input: { subscriptionId: subscription.id } });
    expect(deleteWebhookSubscription.deletedSubscriptionId).toBe(subscription.id);
    expect((await run(seller, WebhookSubscriptionsDocument)).webhookSubscriptions.nodes).toEqual([]);
  });

  it('follows orders, stock and chosen event types live over graphql-ws', async () => {
    const seller = await catalogueSeller();
    const connection = connectLive(server.url, bearer(seller.token));
    connections.push(connection);
    /** A typed subscription: its events as the generated fragment type. */
    function live<Result, Variables extends Record<string, unknown>>(document: TypedDocumentNode<Result, Variables>, variables: Variables) {
      const events: LiveEventFragment[] = [];
      connection.client.subscribe<Result>(
        { query: print(document), variables },
        { next: ({ data }) => data && events.push(Object.values(data as Record<string, LiveEventFragment>)[0]!), error: () => undefined, complete: () => undefined },
      );
      return events;
    }
    const orderEvents = live(OrderEventsDocument, { statuses: ['pendente'] });
    const stockEvents = live(StockEventsDocument, { sku: 'SKU-A' });
    const typed = live(EventsDocument, { types: ['pedido_criado', 'estoque_alterado'] });
    await waitForSubscriptions(server.url, 3);

    const { createOrder } = await run(seller, CreateOrderDocument, { input: orderBody() as CreateOrderInput });
    await waitUntil(() => orderEvents.length === 1 && stockEvents.length >= 1 && typed.length >= 2);
    expect(orderEvents[0]).toMatchObject({ evento: 'pedido.criado', data: { id: createOrder.order.id, status: 'pendente' } });
    expect(stockEvents[0]).toMatchObject({ evento: 'estoque.alterado', data: { sku: 'SKU-A', reserved: 2 } });
    expect(new Set(typed.map((event) => event.evento))).toEqual(new Set(['pedido.criado', 'estoque.alterado']));
    expect(typed.every((event) => /Z$/.test(event.dataHora))).toBe(true);
  });
});
