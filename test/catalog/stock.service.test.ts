import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChannels, putChannel } from '../../src/catalog/channel.service.js';
import { distributeStock } from '../../src/catalog/distribution.js';
import { getStock, releaseStock, reserveStock, shipStock, updateStock, type StockLine } from '../../src/catalog/stock.service.js';
import { forkForSeller } from '../../src/db/orm.js';
import { AppError } from '../../src/errors.js';
import { createSellableSku, productInput, recordedEvents } from '../support/catalog.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { createTestSeller } from '../support/app.js';
import { upsertProducts } from '../../src/catalog/product.service.js';

describe('stock service (reserve, release, ship)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  async function sellerWithStock(stock: Record<string, number>): Promise<string> {
    const { id } = await createTestSeller(database.orm);
    for (const [sku, onHand] of Object.entries(stock)) await createSellableSku(database.orm, id, { sku, onHand });
    return id;
  }

  function inTransaction(sellerId: string, work: (tx: Parameters<typeof reserveStock>[0]) => Promise<void>): Promise<void> {
    return forkForSeller(database.orm, sellerId).transactional(work);
  }

  const stockOf = (sellerId: string, sku: string) => getStock(forkForSeller(database.orm, sellerId), sellerId, sku);

  async function failure(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it('reserves, releases and ships, keeping available = onHand − reserved', async () => {
    const sellerId = await sellerWithStock({ 'CAM-P': 10, 'CAM-M': 5 });
    await inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'CAM-P', quantity: 3 }, { sku: 'CAM-M', quantity: 5 }]));
    expect(await stockOf(sellerId, 'CAM-P')).toMatchObject({ onHand: 10, reserved: 3, available: 7 });
    expect(await stockOf(sellerId, 'CAM-M')).toMatchObject({ onHand: 5, reserved: 5, available: 0 });

    await inTransaction(sellerId, (tx) => releaseStock(tx, sellerId, [{ sku: 'CAM-P', quantity: 1 }]));
    expect(await stockOf(sellerId, 'CAM-P')).toMatchObject({ onHand: 10, reserved: 2, available: 8 });

    await inTransaction(sellerId, (tx) => shipStock(tx, sellerId, [{ sku: 'CAM-P', quantity: 2 }, { sku: 'CAM-M', quantity: 5 }]));
    expect(await stockOf(sellerId, 'CAM-P')).toMatchObject({ onHand: 8, reserved: 0, available: 8 });
    expect(await stockOf(sellerId, 'CAM-M')).toMatchObject({ onHand: 0, reserved: 0, available: 0 });
  });

  it('adds up lines that name the same SKU', async () => {
    const sellerId = await sellerWithStock({ A: 5 });
    const error = await failure(inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'A', quantity: 3 }, { sku: 'A', quantity: 3 }])));
    expect(error.details).toEqual({ shortSkus: [{ sku: 'A', requested: 6, available: 5 }] });
  });

  it('refuses with INSUFFICIENT_STOCK listing every short SKU and changes nothing', async () => {
    const sellerId = await sellerWithStock({ A: 1, B: 10, C: 0 });
    const error = await failure(
      inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'A', quantity: 2 }, { sku: 'B', quantity: 1 }, { sku: 'C', quantity: 1 }])),
    );
    expect(error.code).toBe('INSUFFICIENT_STOCK');
    expect(error.details).toEqual({
      shortSkus: [
        { sku: 'A', requested: 2, available: 1 },
        { sku: 'C', requested: 1, available: 0 },
      ],
    });
    expect(await stockOf(sellerId, 'B')).toMatchObject({ reserved: 0, available: 10 });
  });

  it('oversells when told to, leaving available negative and publishing 0', async () => {
    const sellerId = await sellerWithStock({ A: 1 });
    await putChannel(forkForSeller(database.orm, sellerId), sellerId, 'mercadolivre', { name: 'Mercado Livre' });
    await inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'A', quantity: 3 }], { allowOversell: true }));
    expect(await stockOf(sellerId, 'A')).toEqual({
      sku: 'A',
      onHand: 1,
      reserved: 3,
      available: -2,
      channels: [{ channel: 'mercadolivre', quantity: 0 }],
    });
  });

  it('names every line whose SKU is not sellable here, by its index', async () => {
    const sellerId = await sellerWithStock({ A: 5 });
    const other = await sellerWithStock({ THEIRS: 5 });
    // A product with variations is not itself sellable: its variations are.
    await upsertProducts(forkForSeller(database.orm, sellerId), sellerId, [
      productInput('SHIRT', { variations: [{ sku: 'SHIRT-P' }, { sku: 'SHIRT-M' }] }),
    ]);
    const lines: StockLine[] = [
      { sku: 'A', quantity: 1 },
      { sku: 'NOPE', quantity: 1 },
      { sku: 'THEIRS', quantity: 1 },
      { sku: 'SHIRT', quantity: 1 },
      { sku: 'SHIRT-P', quantity: 1 },
    ];
    const error = await failure(inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, lines, { allowOversell: true })));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors).toEqual([
      { path: '/items/1/sku', message: 'is not a SKU of this catalogue' },
      { path: '/items/2/sku', message: 'is not a SKU of this catalogue' },
      { path: '/items/3/sku', message: 'is not a SKU of this catalogue' },
    ]);
    expect(await stockOf(other, 'THEIRS')).toMatchObject({ reserved: 0 });
  });

  it('refuses to run outside the caller\'s transaction', async () => {
    const sellerId = await sellerWithStock({ A: 5 });
    const em = forkForSeller(database.orm, sellerId);
    await expect(reserveStock(em, sellerId, [{ sku: 'A', quantity: 1 }])).rejects.toThrow(/inside the caller's transaction/);
    await expect(releaseStock(em, sellerId, [{ sku: 'A', quantity: 1 }])).rejects.toThrow(/transaction/);
    await expect(shipStock(em, sellerId, [{ sku: 'A', quantity: 1 }])).rejects.toThrow(/transaction/);
  });

  it('records estoque.alterado with every active channel, and only when figures change', async () => {
    const sellerId = await sellerWithStock({});
    const em = forkForSeller(database.orm, sellerId);
    await putChannel(em, sellerId, 'mercadolivre', { name: 'ML', sharePercent: 50, safetyStock: 1 });
    await putChannel(em, sellerId, 'loja-propria', { name: 'Loja' });
    await putChannel(em, sellerId, 'amazon', { name: 'Amazon', active: false });
    await createSellableSku(database.orm, sellerId, { sku: 'A', onHand: 10 });
    await inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'A', quantity: 4 }]));
    const events = await recordedEvents(database.orm, sellerId, 'estoque.alterado');
    expect(events.map((event) => event.payload)).toEqual([
      { sku: 'A', onHand: 10, reserved: 0, available: 10, channels: [{ channel: 'loja-propria', quantity: 10 }, { channel: 'mercadolivre', quantity: 4 }] },
      { sku: 'A', onHand: 10, reserved: 4, available: 6, channels: [{ channel: 'loja-propria', quantity: 6 }, { channel: 'mercadolivre', quantity: 2 }] },
    ]);
    expect(events.every((event) => event.aggregateId === 'A')).toBe(true);
  });

  it('never oversells under many parallel reservations of one SKU, and loses no update', async () => {
    const sellerId = await sellerWithStock({ HOT: 20 });
    const attempts = 40;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () => inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'HOT', quantity: 1 }]))),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected' && (outcome.reason as AppError).code === 'INSUFFICIENT_STOCK').length;
    expect(succeeded).toBe(20);
    expect(refused).toBe(attempts - 20);
    expect(await stockOf(sellerId, 'HOT')).toMatchObject({ onHand: 20, reserved: 20, available: 0 });
  });

  it('does not deadlock when parallel orders name the same SKUs in opposite orders', async () => {
    const sellerId = await sellerWithStock({ X: 100, Y: 100 });
    const orders = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? [{ sku: 'X', quantity: 1 }, { sku: 'Y', quantity: 2 }] : [{ sku: 'Y', quantity: 2 }, { sku: 'X', quantity: 1 }],
    );
    await Promise.all(orders.map((lines) => inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, lines))));
    expect(await stockOf(sellerId, 'X')).toMatchObject({ reserved: 30, available: 70 });
    expect(await stockOf(sellerId, 'Y')).toMatchObject({ reserved: 60, available: 40 });
  });

  it('loses no update when reservations, deltas and channel changes race on one SKU', async () => {
    const sellerId = await sellerWithStock({ MIX: 10 });
    const em = () => forkForSeller(database.orm, sellerId);
    await putChannel(em(), sellerId, 'ml', { name: 'ML' });
    const reservations = Array.from({ length: 20 }, () =>
      inTransaction(sellerId, (tx) => reserveStock(tx, sellerId, [{ sku: 'MIX', quantity: 1 }])).then(
        () => 1,
        (error: AppError) => {
          if (error.code !== 'INSUFFICIENT_STOCK') throw error;
          return 0;
        },
      ),
    );
    const deltas = Array.from({ length: 10 }, (_, i) => updateStock(em(), sellerId, 'MIX', { delta: 1, idempotencyKey: `mix-${i}` }));
    const shares = [30, 60, 45, 80, 50].map((sharePercent) => putChannel(em(), sellerId, 'ml', { name: 'ML', sharePercent }));
    const [reserved] = await Promise.all([Promise.all(reservations), Promise.all(deltas), Promise.all(shares)]);
    const stock = await stockOf(sellerId, 'MIX');
    const succeeded = reserved.reduce((sum, one) => sum + one, 0);
    expect(stock).toMatchObject({ onHand: 20, reserved: succeeded, available: 20 - succeeded });
    expect(stock.available).toBeGreaterThanOrEqual(0);
    // Whatever order they ran in, the stored quantity follows the final settings and stock.
    const { sharePercent } = (await listChannels(em(), sellerId))[0]!;
    expect(stock.channels).toEqual(distributeStock(stock.available, [{ code: 'ml', active: true, sharePercent, safetyStock: 0, maxQuantity: null }]));
  });

  it('creates a product once when the same new SKU is upserted in parallel', async () => {
    const { id: sellerId } = await createTestSeller(database.orm);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => upsertProducts(forkForSeller(database.orm, sellerId), sellerId, [productInput('NEW')])),
    );
    expect(results.map(([result]) => result!.result).sort()).toEqual(['created', ...Array(7).fill('unchanged')]);
  });
});

