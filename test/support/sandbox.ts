import { createToken, OPERATOR } from '../../src/auth/auth.service.js';
import type { Scope } from '../../src/auth/scopes.js';
import { putChannel } from '../../src/catalog/channel.service.js';
import { setPrices } from '../../src/catalog/price.service.js';
import { upsertProducts } from '../../src/catalog/product.service.js';
import { updateStock } from '../../src/catalog/stock.service.js';
import { forkForSeller, type Orm } from '../../src/db/orm.js';
import { createSandboxSeller, SIMULATOR_CHANNEL } from '../../src/simulator/sandbox.js';
import type { TestSeller } from './app.js';

/** What a sandbox test seller sells on `simulador` (and on `loja`): SKU, price, units on hand. */
export const SANDBOX_CATALOGUE = [
  { sku: 'CANECA', price: '49.90', onHand: 500 },
  { sku: 'CAMISETA', price: '79.90', onHand: 300 },
  { sku: 'MOCHILA', price: '199.90', onHand: 200 },
] as const;

/**
 * A sandbox seller (its `simulador` channel made with it) with a second channel `loja`,
 * the SANDBOX_CATALOGUE published on both with prices and stock, and a token.
 */
export async function createSandboxTestSeller(orm: Orm, options: { name?: string; scopes?: Scope[] } = {}): Promise<TestSeller> {
  const seller = await createSandboxSeller(orm.em.fork(), options.name ?? 'Sandbox seller');
  const em = forkForSeller(orm, seller.id);
  await putChannel(em, seller.id, 'loja', { name: 'Loja' });
  await upsertProducts(
    em,
    seller.id,
    SANDBOX_CATALOGUE.map(({ sku }) => ({ sku, title: `Produto ${sku}`, publicationStatus: 'published', channels: ['loja', SIMULATOR_CHANNEL] })),
  );
  for (const { sku, price, onHand } of SANDBOX_CATALOGUE) {
    await setPrices(em, seller.id, sku, [{ channel: null, sale: price }]);
    await updateStock(em, seller.id, sku, { onHand });
  }
  const { token } = await createToken(orm.em.fork(), { sellerId: seller.id, scopes: options.scopes, issuer: OPERATOR });
  return { id: seller.id, token, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
}
