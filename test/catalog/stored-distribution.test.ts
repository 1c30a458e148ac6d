import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel, recomputeAllStock } from '../../src/catalog/channel.service.js';
import { getStock, reserveStock } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createSellableSku, recordedEvents } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTestSeller } from '../support/app.js';

/**
 * The distribution as the service stores it (not the pure function alone): random
 * channels, stock and reservations go through the real services and database.
 */
describe('stored channel distribution (property)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const allocation = fc.record({
    active: fc.boolean(),
    sharePercent: fc.integer({ min: 1, max: 100 }),
    safetyStock: fc.integer({ min: 0, max: 50 }),
    maxQuantity: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  });
  const scenario = fc.record({
    channels: fc.array(allocation, { maxLength: 5 }),
    onHand: fc.integer({ min: 0, max: 500 }),
    reserved: fc.integer({ min: 0, max: 600 }),
    // The last channel change happens after the stock moves, as in real life.
    lateChange: fc.option(allocation, { nil: undefined }),
  });

  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  async function store(input: Scenario) {
    const { id: sellerId } = await createTestSeller(database.orm);
    const em = () => forkForSeller(database.orm, sellerId);
    for (const [i, settings] of input.channels.entries()) await putChannel(em(), sellerId, `c${i}`, { name: `c${i}`, ...settings });
    await createSellableSku(database.orm, sellerId, { sku: 'SKU', onHand: input.onHand });
    if (input.reserved > 0) {
      await em().transactional((tx) => reserveStock(tx, sellerId, [{ sku: 'SKU', quantity: input.reserved }], { allowOversell: true }));
    }
    if (input.lateChange && input.channels.length > 0) await putChannel(em(), sellerId, 'c0', { name: 'c0', ...input.lateChange });
    return { sellerId, em, stock: await getStock(em(), sellerId, 'SKU') };
  }

  it('is never negative, never above available, sums within available when shares fit, and is stable when recomputed', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (input) => {
        const { sellerId, em, stock } = await store(input);
        expect(stock.available).toBe(input.onHand - input.reserved);
        const settings = input.channels.map((channel, i) => (i === 0 && input.lateChange ? input.lateChange : channel));
        expect(stock.channels.map((entry) => entry.channel).sort()).toEqual(
          settings.flatMap((channel, i) => (channel.active ? [`c${i}`] : [])).sort(),
        );
        for (const entry of stock.channels) {
          expect(Number.isInteger(entry.quantity)).toBe(true);
          expect(entry.quantity).toBeGreaterThanOrEqual(0);
          expect(entry.quantity).toBeLessThanOrEqual(Math.max(0, stock.available));
        }
        const activeShares = settings.filter((channel) => channel.active).reduce((sum, channel) => sum + channel.sharePercent, 0);
        if (activeShares <= 100) {
          expect(stock.channels.reduce((sum, entry) => sum + entry.quantity, 0)).toBeLessThanOrEqual(Math.max(0, stock.available));
        }

        const events = await recordedEvents(database.orm, sellerId, 'estoque.alterado');
        await em().transactional((tx) => recomputeAllStock(tx, sellerId));
        await em().transactional((tx) => recomputeAllStock(tx, sellerId));
        expect(await getStock(em(), sellerId, 'SKU')).toEqual(stock);
        expect(await recordedEvents(database.orm, sellerId, 'estoque.alterado')).toEqual(events);
        // The last event, if the figures ever moved from the new SKU's zeros, carries exactly the stored ones.
        if (events.length > 0) expect(events[events.length - 1]!.payload).toEqual(stock);
        else expect(stock).toMatchObject({ onHand: 0, reserved: 0 });
      }),
      { numRuns: 40 },
    );
  });
});
