import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { recordedEvents } from '../support/catalog.js';
import { orderIn, orderSeller } from '../orders/fixtures.js';
import { gql, gqlErrorCode } from './fixtures.js';

const CREATE_SHIPMENT = `mutation ($input: CreateShipmentInput!) {
  createShipment(input: $input) { shipment { id order carrier trackingCode status } } }`;
const ADD_TRACKING = `mutation ($input: AddTrackingEventInput!) {
  addTrackingEvent(input: $input) { trackingEvent { id status description location at } } }`;
const POST_CHAT = `mutation ($input: PostCarrierChatMessageInput!) {
  postCarrierChatMessage(input: $input) { message { id sender message createdAt } } }`;
const SHIPMENTS = `query ($orderId: ID!) { shipments(orderId: $orderId) { id status trackingEvents { status description at } } }`;
const CHAT = `query ($orderId: ID!, $after: String) {
  carrierChat(orderId: $orderId, first: 1, after: $after) { edges { node { message sender } } pageInfo { hasNextPage endCursor } } }`;

describe('logistics: shipments, tracking and the carrier chat', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  /** A seller with an invoiced order, and another seller: each test starts from its own. */
  const invoicedOrder = async (): Promise<{ seller: TestSeller; other: TestSeller; orderId: string }> => {
    const seller = await orderSeller(server);
    const other = await orderSeller(server);
    return { seller, other, orderId: (await orderIn(server, seller, 'faturado')).id };
  };

  it('records a tracking event as frete.rastreio and rastreio.atualizado with the same data', async () => {
    const { seller, orderId } = await invoicedOrder();
    const { createShipment: { shipment } } = await gql(server, seller, CREATE_SHIPMENT, {
      input: { orderId, carrier: 'Correios', trackingCode: 'BR1' },
    });
    expect(shipment).toMatchObject({ order: orderId, carrier: 'Correios', trackingCode: 'BR1', status: null });

    const at = '2026-01-02T10:00:00.000Z';
    const { addTrackingEvent: { trackingEvent: event } } = await gql(server, seller, ADD_TRACKING, {
      input: { shipmentId: shipment.id, status: 'in_transit', description: 'Objeto em trânsito', location: 'Curitiba/PR', at },
    });
    expect(event).toMatchObject({ status: 'in_transit', location: 'Curitiba/PR', at });

    const expected = {
      orderId,
      shipmentId: shipment.id,
      carrier: 'Correios',
      trackingCode: 'BR1',
      status: 'in_transit',
      description: 'Objeto em trânsito',
      location: 'Curitiba/PR',
      at,
    };
    expect((await recordedEvents(server.orm, seller.id, 'frete.rastreio')).map((row) => row.payload)).toEqual([expected]);
    expect((await recordedEvents(server.orm, seller.id, 'rastreio.atualizado')).map((row) => row.payload)).toEqual([expected]);

    // An older scan reported late is kept but does not move the shipment's status back.
    await gql(server, seller, ADD_TRACKING, { input: { shipmentId: shipment.id, status: 'posted', description: 'Postado', at: '2026-01-01T08:00:00.000Z' } });
    const { shipments } = await gql(server, seller, SHIPMENTS, { orderId });
    expect(shipments).toEqual([
      {
        id: shipment.id,
        status: 'in_transit',
        trackingEvents: [
          { status: 'in_transit', description: 'Objeto em trânsito', at },
          { status: 'posted', description: 'Postado', at: '2026-01-01T08:00:00.000Z' },
        ],
      },
    ]);
  });

  it('refuses a shipment of an order not yet invoiced, a repeated tracking code and another seller\'s order', async () => {
    const { seller, other, orderId } = await invoicedOrder();
    await gql(server, seller, CREATE_SHIPMENT, { input: { orderId, carrier: 'Correios', trackingCode: 'BR1' } });
    const pending = await orderIn(server, seller, 'pendente');
    expect(await gqlErrorCode(server, seller, CREATE_SHIPMENT, { input: { orderId: pending.id, carrier: 'Correios', trackingCode: 'BR2' } })).toBe('CONFLICT');
    expect(await gqlErrorCode(server, seller, CREATE_SHIPMENT, { input: { orderId, carrier: 'Correios', trackingCode: 'BR1' } })).toBe('CONFLICT');
    expect(await gqlErrorCode(server, other, CREATE_SHIPMENT, { input: { orderId, carrier: 'Correios', trackingCode: 'BR3' } })).toBe('NOT_FOUND');
    const { shipments } = await gql(server, seller, SHIPMENTS, { orderId });
    expect(await gqlErrorCode(server, other, ADD_TRACKING, { input: { shipmentId: shipments[0].id, status: 'delivered', description: 'x' } })).toBe('NOT_FOUND');
    expect(await gqlErrorCode(server, seller, ADD_TRACKING, { input: { shipmentId: shipments[0].id, status: 'delivered', description: '' } })).toBe('VALIDATION_FAILED');
  });

  it('sends each new chat message as chatTransportadora and pages the chat oldest first', async () => {
    const { seller, other, orderId } = await invoicedOrder();
    const first = (await gql(server, seller, POST_CHAT, { input: { orderId, sender: 'seller', message: 'Coleta amanhã?' } })).postCarrierChatMessage.message;
    await gql(server, seller, POST_CHAT, { input: { orderId, sender: 'carrier', authorName: 'Central', message: 'Sim, às 9h' } });

    const events = await recordedEvents(server.orm, seller.id, 'chatTransportadora');
    expect(events.map((row) => row.payload)).toEqual([
      { orderId, messageId: first.id, sender: 'seller', authorName: null, message: 'Coleta amanhã?', at: first.createdAt },
      expect.objectContaining({ orderId, sender: 'carrier', authorName: 'Central', message: 'Sim, às 9h' }),
    ]);

    const page1 = (await gql(server, seller, CHAT, { orderId })).carrierChat;
    expect(page1.edges.map((edge: any) => edge.node.message)).toEqual(['Coleta amanhã?']);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await gql(server, seller, CHAT, { orderId, after: page1.pageInfo.endCursor })).carrierChat;
    expect(page2.edges.map((edge: any) => edge.node.message)).toEqual(['Sim, às 9h']);
    expect(page2.pageInfo.hasNextPage).toBe(false);

    expect(await gqlErrorCode(server, other, CHAT, { orderId })).toBe('NOT_FOUND');
    expect(await recordedEvents(server.orm, other.id, 'chatTransportadora')).toEqual([]);
  });
});
