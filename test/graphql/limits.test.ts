import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBGRAPH_PATH } from '../../src/graphql/subgraph-access.js';
import { createTestSeller, GATEWAY_ENV, gatewayHeaders, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, type LiveConnection } from '../support/live.js';
import { recordStatements } from '../support/statements.js';

interface Reply {
  /** The HTTP status; undefined over graphql-ws. */
  status?: number;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  extensions?: Record<string, unknown>;
}

type Run = (query: string, variables?: Record<string, unknown>) => Promise<Reply>;

/** One query or mutation over graphql-ws: its single result, or the errors it was refused with. */
function overWebSocket(client: Client): Run {
  return (query, variables) =>
    new Promise((resolve, reject) => {
      let reply: Reply = {};
      client.subscribe(
        { query, variables },
        {
          next: (result) => (reply = result as Reply),
          error: (error) => (Array.isArray(error) ? resolve({ errors: error }) : reject(error)),
          complete: () => resolve(reply),
        },
      );
    });
}

const aliases = (count: number, field: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => `a${index}: ${field(index)}`).join('\n');

const ITEMS_PAGE = 'edges { node { items { sku } } }';
/** `count` representations of orders that need not exist: refused or not, nothing is looked up. */
const orderRepresentations = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ __typename: 'Order', id: `0190a000-0000-7000-8000-${String(index).padStart(12, '0')}` }));
const ENTITIES = 'query ($representations: [_Any!]!) { _entities(representations: $representations) { ... on Order { id number items { sku } } } }';

/** Refused before execution: a 400 over HTTP (no Accept header), an error message over graphql-ws. */
const refused = (reply: Reply, code: string | RegExp = 'GRAPHQL_VALIDATION_FAILED') => {
  expect(reply.errors?.[0]?.extensions?.code, JSON.stringify(reply.errors)).toMatch(code);
  expect(reply.data ?? undefined).toBeUndefined();
  if (reply.status !== undefined) expect(reply.status).toBe(400);
};

describe('GraphQL operation limits', () => {
  let server: TestApp;
  let seller: TestSeller;
  let live: LiveConnection;
  beforeAll(async () => {
    server = await startTestApp({ env: GATEWAY_ENV });
    seller = await createTestSeller(server.orm);
    live = connectLive(server.url, bearer(seller.token));
  });
  afterAll(async () => {
    await live.client.dispose();
    await server.close();
  });

  describe.each([
    ['HTTP', () => (query: string, variables?: Record<string, unknown>) =>
      graphql(server.url, query, { variables, headers: seller.headers }).then(({ status, body }) => ({ status, ...body }) as Reply)],
    ['graphql-ws', () => overWebSocket(live.client)],
  ])('over %s', (_transport, transport: () => Run) => {
    const run: Run = (query, variables) => transport()(query, variables);

    it('refuses fragment cycles and undefined fragments as validation failures', async () => {
      const cycle = await run('query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }');
      refused(cycle);
      expect(cycle.errors?.map((error) => error.message).join(' ')).toMatch(/Cannot spread fragment "A" within itself/);
      const selfCycle = await run('query { viewer { ...V } } fragment V on Viewer { tokenId ...V }');
      refused(selfCycle);
      const undefinedFragment = await run('query { viewer { ...Missing } }');
      refused(undefinedFragment);
      expect(undefinedFragment.errors?.[0]?.message).toMatch(/Unknown fragment "Missing"/);
    });

    it('refuses more aliases than GRAPHQL_MAX_ALIASES, however cheap each one is', async () => {
      // 500 of them are past GRAPHQL_MAX_TOKENS already; 40 are not.
      refused(await run(`{ ${aliases(500, () => `orders(first: 100) { ${ITEMS_PAGE} }`)} }`), /^GRAPHQL_(PARSE|VALIDATION)_FAILED$/);
      const wide = await run(`{ ${aliases(40, () => `orders(first: 100) { ${ITEMS_PAGE} }`)} }`);
      refused(wide);
      expect(wide.errors?.[0]?.message).toBe('Aliases limit of 30 exceeded, found 40.');
      refused(await run(`{ viewer { ${aliases(31, () => 'tokenId')} } }`));
      const withinLimit = await run(`{ viewer { ${aliases(30, () => 'tokenId')} } }`);
      expect(withinLimit.errors).toBeUndefined();
    });

    it('refuses aliased pages spread through fragments', async () => {
      const spread = await run(`{ ${aliases(200, () => 'orders(first: 200) { ...Page }')} } fragment Page on OrderConnection { ${ITEMS_PAGE} }`);
      refused(spread, /^GRAPHQL_(PARSE|VALIDATION)_FAILED$/);
      const withinAliasLimit = await run(`{ ${aliases(25, () => 'orders(first: 200) { ...Page }')} } fragment Page on OrderConnection { ${ITEMS_PAGE} }`);
      refused(withinAliasLimit);
      expect(withinAliasLimit.errors?.[0]?.message).toBe('Query cost 20000 exceeds the limit of 5000');
    });

    it('prices each page by its size, each alias and each fragment spread, and says so in extensions.cost', async () => {
      // orders(first: 200) { edges { node { items } } }: 200 × (the connection's page + edge + node + items list) = 800.
      const one = await run(`{ a0: orders(first: 200) { ...Page } } fragment Page on OrderConnection { ${ITEMS_PAGE} }`);
      expect(one.errors).toBeUndefined();
      expect(one.extensions?.cost).toEqual({ requested: 800, maximum: 5000 });
      const seven = await run(`{ ${aliases(7, () => 'orders(first: 200) { ...Page }')} } fragment Page on OrderConnection { ${ITEMS_PAGE} }`);
      refused(seven);
      expect(seven.errors?.[0]?.message).toMatch(/Query cost 5600 exceeds the limit of 5000/);
    });

    it('takes the page size from variables, and the default page size when it is absent', async () => {
      const query = `query ($first: Int) { orders(first: $first) { ${ITEMS_PAGE} } }`;
      expect((await run(query, { first: 10 })).extensions?.cost).toEqual({ requested: 40, maximum: 5000 });
      expect((await run(query, {})).extensions?.cost).toEqual({ requested: 200, maximum: 5000 });
      expect((await run(`{ orders { ${ITEMS_PAGE} } }`)).extensions?.cost).toEqual({ requested: 200, maximum: 5000 });
    });

    it('prices a query asked again by its own variables each time, and refuses it again above the limit', async () => {
      // Prices are remembered per document and variables (limits.ts): none may answer for another.
      const query = `query ($first: Int) { orders(first: $first) { ${ITEMS_PAGE} } }`;
      for (const first of [10, 2_000, 10, 20, 2_000]) {
        const reply = await run(query, { first });
        if (first * 4 > 5000) {
          expect(reply.errors?.[0]?.message).toBe(`Query cost ${first * 4} exceeds the limit of 5000`);
        } else {
          expect(reply.errors).toBeUndefined();
          expect(reply.extensions?.cost).toEqual({ requested: first * 4, maximum: 5000 });
        }
      }
    });

    it('refuses documents longer than GRAPHQL_MAX_TOKENS as parse failures', async () => {
      const long = await run(`{ viewer { ${Array.from({ length: 1000 }, () => 'tokenId').join(' ')} } }`);
      refused(long, 'GRAPHQL_PARSE_FAILED');
      expect(long.errors?.[0]?.message).toMatch(/more that 1000 tokens/);
    });

    it('refuses more directives than GRAPHQL_MAX_DIRECTIVES', async () => {
      const fields = (count: number) => Array.from({ length: count }, () => 'tokenId @include(if: true)').join(' ');
      refused(await run(`{ viewer { ${fields(51)} } }`));
      expect((await run(`{ viewer { ${fields(50)} } }`)).errors).toBeUndefined();
    });

    it('refuses fragments that fan out exponentially without walking them', async () => {
      // F9 spreads F8 twice, … : 2^9 copies of one field; merged by execution, but a naive walk is exponential.
      const levels = Array.from({ length: 30 }, (_, level) => `fragment F${level + 1} on Viewer { ...F${level} ...F${level} }`).join('\n');
      const fanOut = await run(`{ viewer { ...F30 } } fragment F0 on Viewer { seller { id } } ${levels}`);
      refused(fanOut);
    });

    it('answers the standard introspection query and refuses introspection that nests itself', async () => {
      const { getIntrospectionQuery } = await import('graphql');
      const introspection = await run(getIntrospectionQuery({ descriptions: true }));
      expect(introspection.errors).toBeUndefined();
      const nested = await run('{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }');
      refused(nested);
    });
  });

  it('prices the gateway\'s _entities by its representations and refuses 5,000 orders before looking any up', async () => {
    const run = (query: string, variables: Record<string, unknown>) =>
      graphql(server.url, query, { variables, headers: gatewayHeaders(seller), path: SUBGRAPH_PATH }).then(({ status, body }) => ({ status, ...body }) as Reply);
    const { result, statements } = await recordStatements(server.orm, () => run(ENTITIES, { representations: orderRepresentations(5000) }));
    refused(result);
    expect(result.errors?.[0]?.message).toMatch(/Query cost 10000 exceeds the limit of 5000/);
    // The token lookup runs first; nothing else may.
    expect(statements.filter((statement) => !/from api_token/.test(statement))).toEqual([]);
    const few = await run(ENTITIES, { representations: orderRepresentations(3) });
    expect(few.data).toEqual({ _entities: [null, null, null] });
    expect(few.extensions?.cost).toEqual({ requested: 6, maximum: 5000 });
  });

  it('refuses queries deeper than GRAPHQL_MAX_DEPTH, counting the root field as depth 1', async () => {
    const shallow = await startTestApp({ env: { GRAPHQL_MAX_DEPTH: '2' } });
    try {
      const owner = await createTestSeller(shallow.orm);
      const ok = await graphql(shallow.url, '{ viewer { tokenId } }', { headers: owner.headers });
      expect(ok.body.errors).toBeUndefined();
      const deep = await graphql(shallow.url, '{ viewer { seller { id } } }', { headers: owner.headers });
      expect(deep.status).toBe(400);
      expect(deep.body.errors?.[0]).toMatchObject({ message: 'Query depth limit of 2 exceeded, found 3.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
      const throughFragment = await graphql(shallow.url, '{ viewer { ...S } } fragment S on Viewer { seller { id } }', { headers: owner.headers });
      expect(throughFragment.status).toBe(400);
    } finally {
      await shallow.close();
    }
  });
});
