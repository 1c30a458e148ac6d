import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListArgs, productListFromQuery } from '../../src/catalog/catalog.schemas.js';
import { listArgs } from '../../src/graphql/list-args.js';
import { orderListArgs, orderListFromQuery } from '../../src/orders/orders.schemas.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { addPayment, approvedPayment, call, createOrder, orderBody, orderSeller } from '../orders/fixtures.js';

const config = { pageSizeMax: 200, pageSizeDefault: 50 };

describe('one translation per list, REST and GraphQL alike', () => {
  it('gives the order list the same filter and page from a query string and from GraphQL arguments', () => {
    const rest = orderListFromQuery(
      { channel: 'loja-propria', status: 'aprovado,faturado', createdFrom: '2026-01-01T00:00:00.000Z', sort: 'updatedAt', limit: 10, cursor: 'abc' },
      config.pageSizeDefault,
    );
    const viaGraphQL = listArgs({ config }, orderListArgs, {
      channel: 'loja-propria',
      status: ['aprovado', 'faturado'],
      createdFrom: new Date('2026-01-01T00:00:00.000Z'),
      createdTo: null,
      sort: 'updatedAt',
      first: 10,
      after: 'abc',
    });
    expect(viaGraphQL).toEqual(rest);
    expect(rest).toEqual({
      filter: { channel: 'loja-propria', status: ['aprovado', 'faturado'], createdFrom: '2026-01-01T00:00:00.000Z', sort: 'updatedAt' },
      page: { limit: 10, cursor: 'abc' },
    });
  });

  it('gives the product list the same filter, and the default page size, from both', () => {
    const rest = productListFromQuery({ publicationStatus: 'published,paused', availability: 'in_stock' }, config.pageSizeDefault);
    const viaGraphQL = listArgs({ config }, productListArgs, { publicationStatus: ['published', 'paused'], availability: 'in_stock', channel: null, first: null });
    expect(viaGraphQL).toEqual(rest);
    expect(rest.page).toEqual({ limit: 50 });
  });
});

describe('the order list over both interfaces', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
  });
  afterAll(() => server.close());

  const ORDERS = 'query ($filter: OrderFilterInput, $first: Int) { orders(filter: $filter, first: $first) { edges { node { id } } } }';

  it('lists the same orders for the same filter, and refuses the same bad value at the same path', async () => {
    const created = [];
    for (const channel of ['loja-propria', 'mercadolivre', 'loja-propria', 'loja-propria']) {
      created.push((await createOrder(server, seller, orderBody({ channel }))).body);
    }
    for (const order of created.slice(0, 2)) await addPayment(server, seller, order.id, approvedPayment(order.amounts.total));
    const since = created[0].createdAt;

    const rest = await call(server, seller, 'GET', `/pedidos?channel=loja-propria&status=aprovado,pendente&createdFrom=${since}&limit=2`);
    const viaGraphQL = await graphql<{ orders: { edges: { node: { id: string } }[] } }>(server.url, ORDERS, {
      headers: seller.headers,
      variables: { filter: { channel: 'loja-propria', status: ['aprovado', 'pendente'], createdFrom: since }, first: 2 },
    });
    const restIds = rest.body.data.map((order: { id: string }) => order.id);
    expect(restIds).toEqual([created[3].id, created[2].id]);
    expect(viaGraphQL.body.data!.orders.edges.map((edge) => edge.node.id)).toEqual(restIds);

    const long = 'x'.repeat(65);
    const refused = await call(server, seller, 'GET', `/pedidos?channel=${long}`);
    const refusedGraphQL = await graphql(server.url, ORDERS, { headers: seller.headers, variables: { filter: { channel: long } } });
    expect(refused.body.errors).toEqual([{ path: '/channel', in: 'query', message: 'must NOT have more than 64 characters' }]);
    expect(refusedGraphQL.body.errors?.[0]?.extensions).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ path: '/channel', message: 'must NOT have more than 64 characters' }],
    });
  });
});
