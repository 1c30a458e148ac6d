import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forkForSeller } from '../../src/db/orm.js';
import { listOrders } from '../../src/orders/order.queries.js';
import { graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { VALID_CNPJ, VALID_CPF, call, createOrder, orderBody, orderIn, orderSeller } from './fixtures.js';

// A second valid CPF, so a document search has one order to find among others.
const OTHER_CPF = '111.444.777-35';

describe('searching orders by customer name, document or external id', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  const customer = (name: string, document = VALID_CPF) => ({ name, email: 'cliente@example.com', document });
  const ids = async (seller: TestSeller, query: string) => {
    const reply = await call<{ data: { id: string }[] }>(server, seller, 'GET', `/pedidos?${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body.data.map((order) => order.id);
  };
  const search = (seller: TestSeller, term: string, more = '') => ids(seller, `search=${encodeURIComponent(term)}${more}`);

  it('finds part of the customer name in any case, with or without accents', async () => {
    const seller = await orderSeller(server);
    const joao = (await createOrder(server, seller, orderBody({ customer: customer('João da Conceição') }))).body.id;
    const maria = (await createOrder(server, seller, orderBody({ customer: customer('MARIA JOANA') }))).body.id;
    await createOrder(server, seller, orderBody({ customer: customer('Pedro Alves') }));

    expect(await search(seller, 'joao')).toEqual([joao]);
    expect(await search(seller, 'CONCEICAO')).toEqual([joao]);
    expect(await search(seller, 'ceição')).toEqual([joao]);
    expect(await search(seller, 'maria joana')).toEqual([maria]);
    expect(await search(seller, 'jo')).toEqual([maria, joao]);
    expect(await search(seller, '  Joao  ')).toEqual([joao]);
    expect(await search(seller, 'Joanna')).toEqual([]);
  });

  it('finds a CPF or CNPJ with or without its mask, whole only', async () => {
    const seller = await orderSeller(server);
    const cpf = (await createOrder(server, seller, orderBody({ customer: customer('Ana', OTHER_CPF) }))).body.id;
    const cnpj = (await createOrder(server, seller, orderBody({ customer: customer('Empresa', VALID_CNPJ) }))).body.id;
    await createOrder(server, seller, orderBody({ customer: customer('Outra') }));

    expect(await search(seller, OTHER_CPF)).toEqual([cpf]);
    expect(await search(seller, OTHER_CPF.replace(/\D/g, ''))).toEqual([cpf]);
    expect(await search(seller, VALID_CNPJ)).toEqual([cnpj]);
    expect(await search(seller, '11222333000181')).toEqual([cnpj]);
    expect(await search(seller, '111.444')).toEqual([]);
  });

  it('finds the channel\'s order id exactly, in any channel, and combines with the other filters', async () => {
    const seller = await orderSeller(server);
    const own = await orderIn(server, seller, 'pendente', orderBody({ externalId: 'MLB-2000-77', channel: 'loja-propria' }));
    const market = await orderIn(server, seller, 'aprovado', orderBody({ externalId: 'MLB-2000-77', channel: 'mercadolivre' }));
    await createOrder(server, seller, orderBody({ externalId: 'MLB-2000-778' }));

    expect(await search(seller, 'MLB-2000-77')).toEqual([market.id, own.id]);
    expect(await search(seller, 'MLB-2000')).toEqual([]);
    expect(await search(seller, 'MLB-2000-77', '&status=pendente')).toEqual([own.id]);
    expect(await search(seller, 'MLB-2000-77', '&channel=mercadolivre')).toEqual([market.id]);
  });

  it('reads %, _ and \\ in a term as themselves, not as patterns', async () => {
    const seller = await orderSeller(server);
    const percent = (await createOrder(server, seller, orderBody({ customer: customer('Loja 100% Algodão') }))).body.id;
    await createOrder(server, seller, orderBody({ customer: customer('Loja 1000 Algodão') }));
    const underscore = (await createOrder(server, seller, orderBody({ customer: customer('a_b Comércio') }))).body.id;
    await createOrder(server, seller, orderBody({ customer: customer('axb Comércio') }));

    expect(await search(seller, '%')).toEqual([percent]);
    expect(await search(seller, '100%')).toEqual([percent]);
    expect(await search(seller, 'a_b')).toEqual([underscore]);
    expect(await search(seller, '\\')).toEqual([]);
  });

  it('pages through what it finds, finds only the caller\'s orders, and answers GraphQL the same', async () => {
    const [mine, theirs] = [await orderSeller(server), await orderSeller(server)];
    const found: string[] = [];
    for (let i = 0; i < 5; i++) found.unshift((await createOrder(server, mine, orderBody({ customer: customer(`Cliente Silva ${i}`) }))).body.id);
    await createOrder(server, mine, orderBody({ customer: customer('Cliente Souza') }));
    await createOrder(server, theirs, orderBody({ customer: customer('Cliente Silva do outro vendedor') }));

    const first = await call<{ data: { id: string }[]; nextCursor: string }>(server, mine, 'GET', '/pedidos?search=silva&limit=3');
    const second = await call<{ data: { id: string }[]; nextCursor: string | null }>(server, mine, 'GET', `/pedidos?search=silva&limit=3&cursor=${first.body.nextCursor}`);
    expect([...first.body.data, ...second.body.data].map((order) => order.id)).toEqual(found);
    expect(second.body.nextCursor).toBeNull();

    const reply = await graphql<any>(server.url, 'query ($filter: OrderFilterInput) { orders(filter: $filter) { edges { node { id } } } }', {
      headers: mine.headers,
      variables: { filter: { search: 'SILVA' } },
    });
    expect(reply.body.data.orders.edges.map((edge: any) => edge.node.id)).toEqual(found);
  });

  it('refuses an empty or overlong term and one with a NUL character, with 422', async () => {
    const seller = await orderSeller(server);
    for (const term of ['', 'x'.repeat(101), 'a\u0000b']) {
      const reply = await call(server, seller, 'GET', `/pedidos?search=${encodeURIComponent(term)}`);
      expect(reply.status, JSON.stringify(term)).toBe(422);
      expect(reply.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: '/search', in: 'query' }] });
    }
    const reply = await graphql<any>(server.url, 'query { orders(filter: { search: "" }) { edges { node { id } } } }', { headers: seller.headers });
    expect(reply.body.errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
  });
});

describe('the search\'s plan', () => {
  let server: TestApp;
  let seller: TestSeller;
  beforeAll(async () => {
    server = await startTestApp();
    seller = await orderSeller(server);
    const other = await orderSeller(server);
    // Enough orders that reading all of a seller's would show in the plan: 6,000 each, of
    // two sellers, with names drawn from a few words so trigrams repeat as in real names.
    await server.orm.em.getConnection().execute(
      `insert into sales_order (id, seller_id, number, channel, external_id, status, customer, delivery_address,
         items_amount, shipping_amount, discount_amount, total_amount, placed_at, created_at, updated_at)
       select gen_random_uuid(), s.id, n, 'loja-propria', 'ext-' || n, 'pendente',
              jsonb_build_object('name', (array['Ana','João','Maria','José','Antônio'])[1 + n % 5] || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima'])[1 + n / 5 % 5] || ' ' || n,
                                 'email', null, 'phone', null, 'document', lpad((n * 7919)::text, 11, '0')),
              '{}'::jsonb, 10, 0, 0, 10, now(), now() - make_interval(secs => n), now()
         from (values (?::uuid), (?::uuid)) as s(id), generate_series(1, 6000) as n`,
      [seller.id, other.id],
    );
    await server.orm.em.getConnection().execute('analyze sales_order');
  }, 120_000);
  afterAll(() => server.close());

  /** The statement listOrders runs for `search`, and the plan PostgreSQL keeps for it (generic, as a prepared statement's becomes). */
  async function planOf(term: string): Promise<string> {
    const logger = server.orm.config.getLogger();
    const original = logger.logQuery.bind(logger);
    let statement: { query: string; params: unknown[] } | undefined;
    logger.logQuery = (context) => {
      if (context.query?.includes('from "sales_order"')) statement = { query: context.query, params: [...(context.params ?? [])] };
      original(context);
    };
    try {
      await listOrders(forkForSeller(server.orm, seller.id), { search: term }, { limit: 25 });
    } finally {
      logger.logQuery = original;
    }
    const client = new pg.Client({ connectionString: server.database.url });
    await client.connect();
    try {
      let position = 0;
      await client.query(`prepare search_plan as ${statement!.query.replace(/\?/g, () => `$${++position}`)}`);
      await client.query('set plan_cache_mode = force_generic_plan');
      const args = statement!.params.map((value) => client.escapeLiteral(String(value))).join(', ');
      const rows = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) execute search_plan(${args})`);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.end();
    }
  }

  it('reads each way of matching through its index, never the seller\'s every order', async () => {
    const plan = await planOf('529.982.247-25');
    expect(plan).toContain('sales_order_seller_id_external_id_index');
    expect(plan).toContain('sales_order_customer_document_index');
    expect(plan).toContain('sales_order_customer_name_search_index');
    expect(plan).not.toMatch(/Seq Scan|sales_order_seller_id_created_at_id_index/);

    const byName = await planOf('oliveira');
    expect(byName).toContain('sales_order_customer_name_search_index');
    expect(byName).not.toMatch(/Seq Scan|sales_order_seller_id_created_at_id_index/);
  });
});
