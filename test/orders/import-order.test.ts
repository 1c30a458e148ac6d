import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { importOrder } from '../../src/orders/order-import.service.js';
import type { ChannelOrderInput } from '../../src/orders/orders.schemas.js';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { call, changeStatus, createOrder, orderBody, orderSeller, ACCESS_KEY } from './fixtures.js';

let sales = 0;

/** A channel's sale of `items`, as a connector hands it over: no document, 2 × 50.00 by default. */
function channelSale(overrides: Partial<ChannelOrderInput> = {}): ChannelOrderInput {
  sales += 1;
  return {
    channel: 'mercadolivre',
    externalId: `ML-${process.pid}-${sales}`,
    customer: { name: 'Comprador' },
    deliveryAddress: { recipient: 'Comprador', street: 'Rua A', number: '1', district: 'Centro', city: 'Curitiba', state: 'PR', postalCode: '80010-000' },
    items: [{ sku: 'SKU-A', quantity: 2, unitPrice: '50.00' }],
    ...overrides,
  };
}

describe('importing a channel\'s order (importOrder)', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const stockOf = async (seller: TestSeller, sku: string) => {
    const { onHand, reserved, available } = await getStock(forkForSeller(server.orm, seller.id), seller.id, sku);
    return { onHand, reserved, available };
  };
  const importAs = (seller: TestSeller, input: ChannelOrderInput) => importOrder(forkForSeller(server.orm, seller.id), seller.id, input);

  it('stores a covered sale as POST /pedidos would, once: a resend creates nothing and reserves nothing more', async () => {
    const seller = await orderSeller(server, { onHand: 10 });
    const sale = channelSale();
    const first = await importAs(seller, sale);
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ status: 'pendente', needsAttention: false, attentionReasons: [], customer: { document: null } });
    const again = await importAs(seller, sale);
    expect(again).toMatchObject({ created: false, order: { id: first.order.id } });
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 10, reserved: 2, available: 8 });
    expect((await recordedEvents(server.orm, seller.id, 'pedido.criado')).length).toBe(1);
  });

  it('never refuses a sale: an unknown SKU and a short one are stored, flagged, reserved up to what is available, and pedido.criado says so', async () => {
    const seller = await orderSeller(server, { onHand: 3 });
    const { order, created } = await importAs(
      seller,
      channelSale({ items: [{ sku: 'SKU-A', quantity: 5, unitPrice: '10.00' }, { sku: 'NOT-SOLD', quantity: 1, unitPrice: '10.00' }, { sku: 'SKU-B', quantity: 1, unitPrice: '10.00' }] }),
    );
    expect(created).toBe(true);
    expect(order.needsAttention).toBe(true);
    expect(order.attentionReasons).toEqual([
      { code: 'unknown_sku', sku: 'NOT-SOLD', detail: expect.any(String) },
      { code: 'insufficient_stock', sku: 'SKU-A', detail: '5 sold, 3 available: 3 reserved' },
    ]);
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 3, reserved: 3, available: 0 });
    expect(await stockOf(seller, 'SKU-B')).toEqual({ onHand: 3, reserved: 1, available: 2 });
    const [event] = await recordedEvents(server.orm, seller.id, 'pedido.criado');
    expect(event!.payload).toMatchObject({ needsAttention: true, attentionReasons: order.attentionReasons });

    // Over REST the order shows the same, and the flagged orders can be listed apart.
    const listed = await call(server, seller, 'GET', '/pedidos?needsAttention=true');
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).toEqual([order.id]);
  });

  it('a later sale of a SKU with nothing available reserves nothing and leaves available at zero', async () => {
    const seller = await orderSeller(server, { onHand: 1 });
    await importAs(seller, channelSale({ items: [{ sku: 'SKU-A', quantity: 1, unitPrice: '10.00' }] }));
    const { order } = await importAs(seller, channelSale({ items: [{ sku: 'SKU-A', quantity: 2, unitPrice: '10.00' }] }));
    expect(order.attentionReasons).toEqual([{ code: 'insufficient_stock', sku: 'SKU-A', detail: '2 sold, 0 available: 0 reserved' }]);
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 1, reserved: 1, available: 0 });
  });

  it('cancelling a flagged sale releases only what it reserved, never another order\'s reservation', async () => {
    const seller = await orderSeller(server, { onHand: 4 });
    // An API order holds 2 of SKU-A (orderBody: 2 × SKU-A, 1 × SKU-B).
    expect((await createOrder(server, seller, orderBody())).status).toBe(201);
    const sale = channelSale({ items: [{ sku: 'SKU-A', quantity: 5, unitPrice: '10.00' }, { sku: 'NOT-SOLD', quantity: 1, unitPrice: '1.00' }] });
    await importAs(seller, sale);
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 4, reserved: 4, available: 0 });
    const { order } = await importAs(seller, { ...sale, cancellation: { reason: 'cancelled by the buyer on the channel' } });
    expect(order).toMatchObject({ status: 'cancelado', cancellationReason: 'cancelled by the buyer on the channel' });
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 4, reserved: 2, available: 2 });
  });

  it('shipping a flagged sale takes out of onHand only the units it reserved', async () => {
    const seller = await orderSeller(server, { onHand: 3 });
    const { order } = await importAs(
      seller,
      channelSale({ items: [{ sku: 'SKU-A', quantity: 5, unitPrice: '10.00' }], payments: [{ method: 'pix', status: 'approved', amount: '50.00', transactionId: 't-1' }] }),
    );
    expect(order.status).toBe('aprovado');
    expect((await changeStatus(server, seller, order.id, { status: 'faturado', invoice: { number: '1', series: '1', accessKey: ACCESS_KEY } })).status).toBe(200);
    expect((await changeStatus(server, seller, order.id, { status: 'enviado', shipment: { carrier: 'Correios', trackingCode: 'BR1' } })).status).toBe(200);
    expect(await stockOf(seller, 'SKU-A')).toEqual({ onHand: 0, reserved: 0, available: 0 });
  });

  it('follows what the channel says later: a payment approves it, a cancellation after shipping changes nothing', async () => {
    const seller = await orderSeller(server, { onHand: 10 });
    const sale = channelSale();
    const { order } = await importAs(seller, sale);
    const paid = await importAs(seller, { ...sale, payments: [{ method: 'credit_card', status: 'approved', amount: '100.00', transactionId: 'pay-1' }] });
    expect(paid.order).toMatchObject({ id: order.id, status: 'aprovado' });
    // The same payment again records nothing new.
    const resent = await importAs(seller, { ...sale, payments: [{ method: 'credit_card', status: 'approved', amount: '100.00', transactionId: 'pay-1' }] });
    expect(resent.order.payments).toHaveLength(1);
    await changeStatus(server, seller, order.id, { status: 'faturado', invoice: { number: '1', series: '1', accessKey: ACCESS_KEY } });
    await changeStatus(server, seller, order.id, { status: 'enviado', shipment: { carrier: 'Correios', trackingCode: 'BR1' } });
    const late = await importAs(seller, { ...sale, cancellation: { reason: 'refunded' } });
    expect(late.order.status).toBe('enviado');
  });

  it('keeps what the channel knows of the buyer: an invalid document becomes null, an address that is not a UF or CEP is kept as sent', async () => {
    const seller = await orderSeller(server, { onHand: 10 });
    const { order } = await importAs(
      seller,
      channelSale({
        customer: { name: 'Comprador', document: '111.111.111-11' },
        deliveryAddress: { recipient: 'X', street: 'Rua', number: 's/n', district: 'Centro', city: 'Recife', state: 'Pernambuco', postalCode: '50000' },
      }),
    );
    expect(order.customer.document).toBeNull();
    expect(order.deliveryAddress).toMatchObject({ state: 'Pernambuco', postalCode: '50000', country: 'BR' });
  });
});
