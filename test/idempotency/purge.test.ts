import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotencyKeys } from '../../src/idempotency/purge.js';
import { getStock, updateStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { AppError } from '../../src/errors.js';
import { createSellableSku } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTestSeller } from '../support/app.js';

describe('idempotency key retention', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const age = (key: string, hours: number) =>
    database.orm.em.fork().execute(`update idempotency_key set created_at = now() - make_interval(hours => ?) where key = ?`, [hours, key]);

  it('lets an expired key be used afresh and purges expired keys only', async () => {
    const { id: sellerId } = await createTestSeller(database.orm);
    await createSellableSku(database.orm, sellerId, { sku: 'A', onHand: 0 });
    const delta = (amount: number, key: string) => updateStock(forkForSeller(database.orm, sellerId), sellerId, 'A', { delta: amount, idempotencyKey: key });

    await delta(1, 'old');
    await delta(1, 'fresh');
    const mismatch = await delta(5, 'old').catch((error: AppError) => error);
    expect(mismatch).toBeInstanceOf(AppError);
    expect((mismatch as AppError).code).toBe('IDEMPOTENCY_MISMATCH');

    await age('old', 25);
    expect((await delta(5, 'old')).onHand).toBe(7);

    await age('old', 25);
    expect(await purgeExpiredIdempotencyKeys(database.orm)).toBe(1);
    const left = await database.orm.em.fork().execute<{ key: string }[]>(`select key from idempotency_key where seller_id = ? order by key`, [sellerId]);
    expect(left.map((row) => row.key)).toEqual(['fresh']);
    // A fresh key still replays its first answer, and the change is not applied again.
    expect((await delta(1, 'fresh')).onHand).toBe(2);
    expect((await getStock(forkForSeller(database.orm, sellerId), sellerId, 'A')).onHand).toBe(7);
  });
});

describe('the retention boundary', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const ageMinutes = (key: string, minutes: number) =>
    database.orm.em.fork().execute(`update idempotency_key set created_at = now() - make_interval(mins => ?) where key = ?`, [minutes, key]);

  it('keeps a key 24 hours less a minute (replayed, refused for another body, not purged) and lets it go a minute after', async () => {
    const { id: sellerId } = await createTestSeller(database.orm);
    await createSellableSku(database.orm, sellerId, { sku: 'B', onHand: 0 });
    const delta = (amount: number, key: string) => updateStock(forkForSeller(database.orm, sellerId), sellerId, 'B', { delta: amount, idempotencyKey: key });

    await delta(1, 'edge');
    await ageMinutes('edge', 24 * 60 - 1);
    expect(await purgeExpiredIdempotencyKeys(database.orm)).toBe(0);
    expect((await delta(1, 'edge')).onHand).toBe(1);
    expect(((await delta(5, 'edge').catch((error: AppError) => error)) as AppError).code).toBe('IDEMPOTENCY_MISMATCH');

    await ageMinutes('edge', 24 * 60 + 1);
    expect((await delta(5, 'edge')).onHand).toBe(6);
    await ageMinutes('edge', 24 * 60 + 1);
    expect(await purgeExpiredIdempotencyKeys(database.orm)).toBe(1);
  });
});

describe('idempotency key scopes', () => {
  it('keeps one key apart across kinds of write', async () => {
    const database = await createTestDatabase();
    try {
      const { claimIdempotencyKey, storeIdempotentResponse } = await import('../../src/idempotency/idempotency.js');
      const { id: sellerId } = await createTestSeller(database.orm);
      const em = forkForSeller(database.orm, sellerId);
      const stock = { sellerId, scope: 'stock.delta', key: 'k1' };
      const orders = { sellerId, scope: 'order.create', key: 'k1' };
      await em.transactional(async (tx) => {
        expect(await claimIdempotencyKey(tx, stock, 'hash-a')).toBeUndefined();
        await storeIdempotentResponse(tx, stock, { answer: 'stock' });
        // The same key under another scope is a new claim, not a mismatch.
        expect(await claimIdempotencyKey(tx, orders, 'hash-b')).toBeUndefined();
        await storeIdempotentResponse(tx, orders, { answer: 'order' });
      });
      await em.transactional(async (tx) => {
        expect(await claimIdempotencyKey(tx, stock, 'hash-a')).toEqual({ answer: 'stock' });
        expect(await claimIdempotencyKey(tx, orders, 'hash-b')).toEqual({ answer: 'order' });
      });
    } finally {
      await database.drop();
    }
  });
});
