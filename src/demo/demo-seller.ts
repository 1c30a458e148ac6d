import { createApplication, installApplication } from '../auth/application.service.js';
import { Seller } from '../auth/seller.entity.js';
import { createToken, OPERATOR } from '../auth/auth.service.js';
import { putChannel } from '../catalog/channel.service.js';
import { setPrices } from '../catalog/price.service.js';
import { upsertProducts } from '../catalog/product.service.js';
import { updateStock } from '../catalog/stock.service.js';
import type { Orm } from '../db/orm.js';
import { createSandboxSeller } from '../simulator/sandbox.js';
import { SELLER_FILTER } from '../db/seller-owned.js';
import { DEMO_APPLICATION, DEMO_CHANNELS, DEMO_PRODUCTS, DEMO_SELLER } from './demo-catalogue.js';

/** What a new user needs to try the API: printed once at the first start. */
export interface DemoSeller {
  sellerId: string;
  /** A `ponte_sk_test_…` token with every scope (the demo seller is a sandbox seller). */
  token: string;
  applicationId: string;
  /** The demo application's `ponte_app_…` credential (per-product registrations). */
  applicationCredential: string;
}

/**
 * On the first start of an empty database, a demo seller the README's first requests
 * work against: a sandbox seller (so the simulated marketplace `simulador`, `ponte
 * listen` and `ponte trigger` work at once), its channels, published products with
 * prices and stock on every channel, a token with every scope and an installed application. Made through the same
 * services as the API, in one transaction (all or nothing); an advisory lock keeps two
 * processes starting together from making two.
 */
export async function ensureDemoSeller(orm: Orm): Promise<DemoSeller | undefined> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`select pg_advisory_xact_lock(hashtext('ponte:demo-seller'))`);
    if ((await em.count(Seller, {})) > 0) return undefined;
    const seller = await createSandboxSeller(em, DEMO_SELLER);
    em.setFilterParams(SELLER_FILTER, { sellerId: seller.id });
    const { token } = await createToken(em, { sellerId: seller.id, name: 'demo', issuer: OPERATOR });
    for (const channel of DEMO_CHANNELS) await putChannel(em, seller.id, channel.code, { name: channel.name });
    await upsertProducts(em, seller.id, DEMO_PRODUCTS.map(({ price: _price, onHand: _onHand, ...product }) => product));
    for (const product of DEMO_PRODUCTS) {
      await setPrices(em, seller.id, product.sku, [{ channel: null, sale: product.price }]);
      await updateStock(em, seller.id, product.sku, { onHand: product.onHand });
    }
    const { application, credential } = await createApplication(em, DEMO_APPLICATION);
    await installApplication(em, { applicationId: application.id, sellerId: seller.id });
    return { sellerId: seller.id, token, applicationId: application.id, applicationCredential: credential };
  });
}
