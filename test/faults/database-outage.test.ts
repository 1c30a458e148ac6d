import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../src/db/orm.js';
import { ENTITIES } from '../../src/modules.js';
import { auditOrders, stockSnapshot, type StockSnapshot } from '../orders/audit.js';
import { orderBody, orderSeller } from '../orders/fixtures.js';
import { startOrderLoad, type Exchange, type OrderBody, type OrderLoad } from '../orders/load.js';
import type { TestSeller } from '../support/app.js';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres.js';
import { startService, type Service } from '../support/process.js';
import { waitUntil } from '../webhooks/receiver.js';
import { describeExchanges, outageFigures } from './figures.js';

/** Orders acknowledged before the database stops, and again after it is back. */
const ORDERS_PER_PHASE = 30;
/** The outage lasts until this many answers came back while down, and at least OUTAGE_MS. */
const ANSWERS_WHILE_DOWN = 60;
const OUTAGE_MS = 2000;

/**
 * A service process on a PostgreSQL of this test's own, under a steady stream of order
 * creations and reads (clients retrying with their Idempotency-Key), while that database
 * is stopped and started again. The run happens once; each test reads one property of it.
 */
describe('the database stopped and started under load', () => {
  let postgres: OwnPostgres;
  let service: Service;
  let orm: Orm;
  let load: OrderLoad;
  let before: StockSnapshot;
  let seller: TestSeller;
  /** From when the server had stopped to when it was asked to start again. */
  const outage = { from: 0, until: 0, backAt: 0 };

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    // The service migrates the new database at start; no rate limit to get in the way of the load.
    service = await startService({ DATABASE_URL: postgres.url, RATE_LIMIT_PER_MINUTE: '1000000' });
    orm = await createOrm(postgres.url, { entities: ENTITIES, poolMax: 2 });
    seller = await orderSeller({ orm });
    before = await stockSnapshot(orm, seller.id);
    // This process's own pool would see its connections cut too: it is closed over the outage.
    await orm.close(true);

    load = startOrderLoad({ target: () => service.url, seller, body: () => orderBody() as OrderBody, writers: 4, readers: 2 });
    await load.waitForAcknowledged(ORDERS_PER_PHASE);

    await postgres.stop();
    outage.from = Date.now();
    const answeredWhileDown = () => load.exchanges.filter((exchange) => exchange.sentAt >= outage.from).length;
    await waitUntil(() => answeredWhileDown() >= ANSWERS_WHILE_DOWN && Date.now() - outage.from >= OUTAGE_MS, 30_000);
    outage.until = Date.now();
    await postgres.start();
    outage.backAt = Date.now();
    await load.waitForAcknowledged(load.acknowledged().length + ORDERS_PER_PHASE, 45_000);
    await load.stop();

    orm = await createOrm(postgres.url, { entities: ENTITIES, poolMax: 2 });
    console.log(outageFigures(load, outage));
  }, 120_000);

  afterAll(async () => {
    await load?.stop();
    service?.process.child.kill('SIGKILL');
    await service?.process.exited;
    await orm?.close(true);
    await postgres?.remove();
  });

  const whileDown = () => load.exchanges.filter((exchange) => exchange.sentAt >= outage.from && exchange.receivedAt <= outage.until);

  it('answers 503 UNAVAILABLE with Retry-After while the database is down, and no other 5xx at any time', () => {
    expect(whileDown().length).toBeGreaterThan(0);
    expect(describeExchanges(whileDown())).toEqual({ '503 UNAVAILABLE problem+json Retry-After': whileDown().length });
    const otherFailures = load.exchanges.filter((exchange) => exchange.status === 'network' || (exchange.status >= 500 && exchange.status !== 503));
    expect(describeExchanges(otherFailures)).toEqual({});
  });

  it('recovers by itself when the database is back: the same process answers every request again', async () => {
    expect(service.process.child.exitCode).toBeNull();
    expect(service.process.output().match(/"msg":"ponte started"/g)).toHaveLength(1);
    const firstSuccess = load.exchanges.find((exchange) => exchange.sentAt >= outage.backAt && isSuccess(exchange));
    expect(firstSuccess).toBeDefined();
    // Once one request succeeds again, every later one does: no connection is left broken.
    const later = load.exchanges.filter((exchange) => exchange.sentAt > firstSuccess!.receivedAt);
    expect(later.length).toBeGreaterThan(ORDERS_PER_PHASE);
    expect(describeExchanges(later.filter((exchange) => !isSuccess(exchange)))).toEqual({});
    expect((await fetch(`${service.url}/health/ready`)).status).toBe(200);
  });

  it('leaves nothing half-written: the stored orders are exactly the acknowledged ones, each complete with its stock and events', async () => {
    expect(load.orders.filter((order) => order.refused)).toEqual([]);
    expect(load.orders.every((order) => order.acknowledged)).toBe(true);
    expect(await auditOrders(orm, seller.id, load.orders, before)).toEqual([]);
  });

  it('serves every acknowledged order in full after the outage', async () => {
    for (const { acknowledged } of load.orders) {
      const response = await fetch(`${service.url}/pedidos/${acknowledged!.order.id}`, { headers: { authorization: seller.headers.authorization! } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(acknowledged!.order);
    }
  });

  const isSuccess = (exchange: Exchange) => typeof exchange.status === 'number' && exchange.status < 300;
});
