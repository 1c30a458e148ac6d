import type { Orm } from '../db/orm.js';
import { Seller } from './seller.entity.js';
import { createSeller, createToken, OPERATOR } from './auth.service.js';

/**
 * On the first start of an empty database a new user gets a seller and a token with
 * every scope, so a `curl` works at once. An advisory lock keeps two processes starting
 * together from creating two demo sellers.
 */
export async function ensureDemoSeller(orm: Orm): Promise<{ sellerId: string; token: string } | undefined> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute(`select pg_advisory_xact_lock(hashtext('ponte:demo-seller'))`);
    if ((await em.count(Seller, {})) > 0) return undefined;
    const seller = await createSeller(em, 'Demo seller');
    const { token } = await createToken(em, { sellerId: seller.id, name: 'demo', issuer: OPERATOR });
    return { sellerId: seller.id, token };
  });
}
