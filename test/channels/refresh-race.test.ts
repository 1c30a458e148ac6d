import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putChannel } from '../../src/catalog/channel.service.js';
import type { MercadoLivreCredentials } from '../../src/channels/mercadolivre/mercadolivre.connector.js';
import { openCredentials } from '../../src/channels/credential-cipher.js';
import { InboundWorker } from '../../src/channels/inbound-worker.js';
import { SyncWorker } from '../../src/channels/sync-worker.js';
import { forkForSeller } from '../../src/db/orm.js';
import { createLogger } from '../../src/logger.js';
import { call, createTestSeller, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { createSellableSku } from '../support/catalog.js';
import { waitUntil } from '../webhooks/receiver.js';
import { mercadoLivreStandIn, type MercadoLivreStandIn } from './platform-stand-ins.js';
import { fixture, postInbound } from './world.js';

const SECRETS_KEY = randomBytes(32).toString('base64');
const ML_SELLER = '468424240';
const SKUS = Array.from({ length: 12 }, (_, index) => `SKU-${String(index + 1).padStart(2, '0')}`);
const ORDERS = 8;
const notification = JSON.parse(fixture('mercadolivre/notification.json')) as Record<string, unknown>;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Mercado Livre's refresh token is good for one use (the stand-in holds it to that). The
 * workers that find the token refused take turns to renew it: one refreshes, the rest use
 * what it stored; a refresh never overwrites credentials the seller replaced meanwhile,
 * and a refusal of credentials no longer stored does not pause the connection. Two sync
 * workers and an inbound worker, each with its own queue of renewals, share the database
 * as three processes would.
 */
describe('renewing Mercado Livre\'s token', () => {
  let server: TestApp;
  let workers: (SyncWorker | InboundWorker)[];
  let seller: TestSeller;
  const standIns: MercadoLivreStandIn[] = [];

  beforeAll(async () => {
    server = await startTestApp({ env: { SECRETS_KEY, CHANNEL_TIMEOUT_MS: '5000' } });
    const deps = { config: server.config, orm: server.orm, logger: createLogger(server.config) };
    workers = [new SyncWorker(deps), new SyncWorker(deps), new InboundWorker(deps)];
    for (const worker of workers) await worker.start();
    seller = await createTestSeller(server.orm);
    for (const sku of [...SKUS, 'CANECA-PONTE']) await createSellableSku(server.orm, seller.id, { sku, onHand: 10 });
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await Promise.all(standIns.map((standIn) => standIn.server.close()));
    await server.close();
  });

  /** A channel connected to a rotating stand-in with an access token it no longer takes. */
  async function connected(code: string): Promise<{ ml: MercadoLivreStandIn; inboundUrl: string; credentials: Record<string, string> }> {
    const ml = await mercadoLivreStandIn({ rotating: true });
    standIns.push(ml);
    await putChannel(forkForSeller(server.orm, seller.id), seller.id, code, { name: code });
    const credentials = { platform: 'mercadolivre', apiBaseUrl: ml.server.url, userId: ML_SELLER, clientId: 'app', clientSecret: 'secret', accessToken: 'APP_USR-expired', refreshToken: 'TG-refresh' };
    const put = await call(server, seller, 'PUT', `/canais/${code}/conexao`, credentials);
    expect(put.status).toBe(200);
    return { ml, inboundUrl: put.body.inboundUrl, credentials };
  }

  const connection = async (code: string) => (await call(server, seller, 'GET', `/canais/${code}/conexao`)).body;

  async function stored(code: string): Promise<MercadoLivreCredentials> {
    const [row] = await server.orm.em.fork().execute<{ id: string; sealed: string }[]>('select id, sealed from channel_connection where seller_id = ? and channel = ?', [seller.id, code]);
    return openCredentials<{ credentials: MercadoLivreCredentials }>(Buffer.from(SECRETS_KEY, 'base64'), row!.id, row!.sealed).credentials;
  }

  it(`${SKUS.length} syncs and ${ORDERS} imports refused at once spend the refresh token once and keep the connection active`, async () => {
    const { ml, inboundUrl } = await connected('mercado-livre');
    // A slow token endpoint: every other worker finds the token refused while one refreshes.
    ml.tokens.beforeAnswer = () => sleep(300);
    const links = SKUS.map((sku, index) => ({ sku, listingId: `MLB41234567${String(index).padStart(2, '0')}` }));
    await Promise.all([
      call(server, seller, 'PUT', '/canais/mercado-livre/anuncios', { links }),
      ...Array.from({ length: ORDERS }, (_, index) => postInbound(inboundUrl, JSON.stringify({ ...notification, _id: `race-${index}`, resource: `/orders/30000000${index}` }))),
    ]);

    await waitUntil(() => links.every((link) => ml.state.last(ml.state.quantities, link.listingId) === 10), 30_000, () => `${ml.state.quantities.size} quantities`);
    await waitUntil(async () => (await call(server, seller, 'GET', '/pedidos?channel=mercado-livre')).body.data.length === ORDERS, 30_000);
    const refusedFirst = ml.server.seen.filter((request) => request.headers.authorization === 'Bearer APP_USR-expired').length;
    expect(refusedFirst).toBeGreaterThan(1);
    expect(ml.tokens).toMatchObject({ refreshes: 1, refused: 0 });
    expect(await connection('mercado-livre')).toMatchObject({ status: 'active', lastError: null });
    expect(await stored('mercado-livre')).toMatchObject({ accessToken: 'APP_USR-rotated-1', refreshToken: 'TG-rotated-1' });
  });

  it('a refresh answered after the seller replaced the credentials stores nothing: the seller\'s stand and are used', async () => {
    const { ml, credentials } = await connected('ml-replaced');
    ml.tokens.beforeAnswer = async () => {
      ml.tokens.beforeAnswer = undefined;
      // The seller authorizes the application again while Mercado Livre answers the refresh.
      ml.tokens.grant('APP_USR-seller', 'TG-seller');
      expect((await call(server, seller, 'PUT', '/canais/ml-replaced/conexao', { ...credentials, accessToken: 'APP_USR-seller', refreshToken: 'TG-seller' })).status).toBe(200);
    };
    await call(server, seller, 'PUT', '/canais/ml-replaced/anuncios', { links: [{ sku: SKUS[0], listingId: 'MLB4123456801' }] });

    await waitUntil(() => ml.state.last(ml.state.quantities, 'MLB4123456801') === 10, 20_000);
    expect(ml.tokens).toMatchObject({ refreshes: 1, refused: 0 });
    expect(await stored('ml-replaced')).toMatchObject({ accessToken: 'APP_USR-seller', refreshToken: 'TG-seller' });
    expect(await connection('ml-replaced')).toMatchObject({ status: 'active' });
  });

  it.each([
    { what: 'a sync', code: 'ml-refused-sync' },
    { what: 'an import', code: 'ml-refused-import' },
  ])('$what whose refresh is refused after the seller replaced the credentials leaves the connection active, and goes through with the new ones', async ({ what, code }) => {
    const { ml, inboundUrl, credentials } = await connected(code);
    ml.tokens.beforeCheck = async () => {
      ml.tokens.beforeCheck = undefined;
      // The new authorization spends the old grant: the refresh in flight is invalid_grant.
      ml.tokens.grant('APP_USR-seller', 'TG-seller');
      expect((await call(server, seller, 'PUT', `/canais/${code}/conexao`, { ...credentials, accessToken: 'APP_USR-seller', refreshToken: 'TG-seller' })).status).toBe(200);
    };
    if (what === 'a sync') {
      await call(server, seller, 'PUT', `/canais/${code}/anuncios`, { links: [{ sku: SKUS[1], listingId: 'MLB4123456802' }] });
      await waitUntil(() => ml.state.last(ml.state.quantities, 'MLB4123456802') === 10, 20_000);
    } else {
      expect((await postInbound(inboundUrl, JSON.stringify({ ...notification, _id: 'refused-import' }))).status).toBe(200);
      await waitUntil(async () => (await call(server, seller, 'GET', `/pedidos?channel=${code}`)).body.data.length === 1, 20_000);
    }
    expect(ml.tokens).toMatchObject({ refreshes: 0, refused: 1 });
    expect(await connection(code)).toMatchObject({ status: 'active' });
  });
});
