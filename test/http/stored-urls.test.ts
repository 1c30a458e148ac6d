import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderIn, orderSeller } from '../orders/fixtures.js';
import { productInput } from '../support/catalog.js';
import { call, graphql, startTestApp, type TestApp } from '../support/app.js';

/** Schemes a stored URL may not have: the console and clients render stored URLs as links. */
const HOSTILE = ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com/a', 'file:///etc/passwd', 'vbscript:msgbox(1)'];

/** Every string member of a served schema with format "uri", with where it is. */
function uriMembers(value: unknown, path = ''): { path: string; schema: Record<string, unknown> }[] {
  if (!value || typeof value !== 'object') return [];
  const here = (value as Record<string, unknown>).format === 'uri' ? [{ path, schema: value as Record<string, unknown> }] : [];
  return [...here, ...Object.entries(value).flatMap(([key, child]) => uriMembers(child, `${path}/${key}`))];
}

describe('URLs a client stores', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('are http or https only in every schema the API serves', async () => {
    const document = await (await fetch(`${server.url}/openapi.json`)).json();
    const members = uriMembers(document);
    // trackingUrl (two routes, their GraphQL twins use the same schemas), product images.
    expect(members.length).toBeGreaterThanOrEqual(3);
    for (const { path, schema } of members) expect(schema.pattern, path).toBe('^[Hh][Tt][Tt][Pp][Ss]?://');
  });

  it('refuses any other scheme for a tracking page, over REST and GraphQL, and for a product image', async () => {
    const seller = await orderSeller(server);
    const order = await orderIn(server, seller, 'faturado');
    for (const url of HOSTILE) {
      const rest = await call(server, seller, 'POST', `/pedidos/${order.id}/envios`, { carrier: 'Correios', trackingCode: `BR-${url.length}`, trackingUrl: url });
      expect(rest.status, url).toBe(422);
      expect(rest.body.errors[0].path).toBe('/trackingUrl');
      const shipped = await call(server, seller, 'PATCH', `/pedidos/${order.id}/status`, {
        status: 'enviado',
        shipment: { carrier: 'Correios', trackingCode: 'BR-2', trackingUrl: url },
      });
      expect(shipped.status, url).toBe(422);
      const graph = await graphql(server.url, 'mutation ($input: CreateShipmentInput!) { createShipment(input: $input) { shipment { id } } }', {
        headers: seller.headers,
        variables: { input: { orderId: order.id, carrier: 'Correios', trackingCode: 'BR-3', trackingUrl: url } },
      });
      expect(graph.body.errors?.[0]?.extensions?.code, url).toBe('VALIDATION_FAILED');
      const image = await call(server, seller, 'PUT', '/produtos', { products: [productInput('IMG-SKU', { images: [{ url, position: 0 }] })] });
      expect(image.status, url).toBe(422);
    }
    const accepted = await call(server, seller, 'POST', `/pedidos/${order.id}/envios`, { carrier: 'Correios', trackingCode: 'BR-OK', trackingUrl: 'HTTPS://rastreio.example.com/BR-OK' });
    expect(accepted.status).toBe(201);
  });
});
