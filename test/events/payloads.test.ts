import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { TObject } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, installApplication, uninstallApplication } from '../../src/auth/application.service.js';
import { putChannel } from '../../src/catalog/channel.service.js';
import { setPrices } from '../../src/catalog/price.service.js';
import { upsertProducts } from '../../src/catalog/product.service.js';
import { loadConfig } from '../../src/config.js';
import { forkForSeller } from '../../src/db/orm.js';
import { eventDefinition } from '../../src/events/event-registry.js';
import type { EventInput } from '../../src/events/outbox.js';
import { EVENTS } from '../../src/modules.js';
import { createOrder } from '../../src/orders/order.service.js';
import { recordPayment } from '../../src/orders/payment.service.js';
import type { CreateOrderInput } from '../../src/orders/orders.schemas.js';
import { changeOrderStatus } from '../../src/orders/order-status.service.js';
import { addTrackingEvent, createShipment, postCarrierChatMessage } from '../../src/platforms/logistics/shipment.service.js';
import { closeSettlementCycle } from '../../src/platforms/payments/settlement-cycle.service.js';
import { closeSupportCase, openSupportCase } from '../../src/platforms/support/support-case.service.js';
import { createTestSeller } from '../support/app.js';
import { createSellableSku, productInput, recordedEvents, type RecordedEvent } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { ACCESS_KEY, CHANNELS, orderBody, SKUS } from '../orders/fixtures.js';

/**
 * Every event a module declares, recorded by the services that emit it, carries data its
 * declared schema describes: the schemas are the contract client teams receive, so a
 * builder that drifts from its schema (a field added, renamed, of another type) fails here.
 */
describe('event payloads', () => {
  let database: TestDatabase;
  let recorded: RecordedEvent[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const seller = await createTestSeller(database.orm);
    const em = () => forkForSeller(database.orm, seller.id);
    for (const code of CHANNELS) await putChannel(em(), seller.id, code, { name: code });
    for (const sku of SKUS) await createSellableSku(database.orm, seller.id, { sku, onHand: 100 });
    await upsertProducts(em(), seller.id, [productInput('SKU-PUB', { publicationStatus: 'published', channels: [CHANNELS[0]] })]);
    await setPrices(em(), seller.id, 'SKU-A', [{ channel: null, sale: '50.00' }]);

    const periodStart = new Date(Date.now() - 60_000);
    const { order } = await createOrder(em(), seller.id, orderBody() as CreateOrderInput);
    await recordPayment(em(), seller.id, order.id, { method: 'pix', status: 'approved', amount: '120.00' });
    await changeOrderStatus(em(), seller.id, order.id, { status: 'faturado', invoice: { number: '123', series: '1', accessKey: ACCESS_KEY } });
    const shipment = await createShipment(em(), seller.id, order.id, { carrier: 'Correios', trackingCode: 'BR123' });
    await addTrackingEvent(em(), seller.id, shipment.id, { status: 'in_transit', description: 'Em trânsito' });
    await postCarrierChatMessage(em(), seller.id, order.id, { sender: 'seller', message: 'Quando chega?' });
    await closeSettlementCycle(em(), seller.id, { periodStart: periodStart.toISOString(), periodEnd: new Date().toISOString() }, loadConfig({}));
    const supportCase = await openSupportCase(em(), seller.id, { channel: 'chat', subject: 'Atraso', message: 'Cadê?', orderId: order.id });
    await closeSupportCase(em(), seller.id, supportCase.id);
    const { application } = await createApplication(database.orm.em.fork(), 'Payload app');
    await installApplication(database.orm.em.fork(), { applicationId: application.id, sellerId: seller.id });
    await uninstallApplication(database.orm.em.fork(), { applicationId: application.id, sellerId: seller.id });

    recorded = await recordedEvents(database.orm, seller.id);
  });
  afterAll(() => database.drop());

  it('covers every declared event', () => {
    expect(new Set(recorded.map((event) => event.type))).toEqual(new Set(EVENTS.map((definition) => definition.name)));
  });

  it('records data that validates against the declared schema, with exactly its fields', () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    for (const event of recorded) {
      const schema = eventDefinition(event.type)!.payload as TObject;
      const validate = ajv.compile(schema);
      expect(validate(event.payload) ? [] : validate.errors, event.type).toEqual([]);
      expect(Object.keys(event.payload).sort(), event.type).toEqual(Object.keys(schema.properties).sort());
    }
  });
});

/**
 * What the types refuse, checked by `npm run typecheck` (each line below must stay an
 * error): events are recorded only with a declared name and the data its schema describes.
 */
export function refusedByTheTypes(): EventInput[] {
  return [
    // @ts-expect-error no module declares this event
    { type: 'pedido.inventado', aggregateType: 'order', aggregateId: 'o-1', data: {} },
    // @ts-expect-error pedido.status_alterado also carries number, from, to, at and note
    { type: 'pedido.status_alterado', aggregateType: 'order', aggregateId: 'o-1', data: { orderId: 'o-1' } } satisfies EventInput<'pedido.status_alterado'>,
    // @ts-expect-error estoque.alterado counts units in integers, not strings
    { type: 'estoque.alterado', aggregateType: 'sku', aggregateId: 'A', data: { sku: 'A', onHand: '1', reserved: 0, available: 1, channels: [] } } satisfies EventInput<'estoque.alterado'>,
  ];
}
