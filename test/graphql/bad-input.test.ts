import { isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchemas } from '../../src/graphql/schema.js';
import { SUBGRAPH_PATH } from '../../src/graphql/subgraph-access.js';
import { loadModuleApis } from '../../src/modules.js';
import { GATEWAY_ENV, gatewayHeaders, startTestApp, type TestApp } from '../support/app.js';
import { buildWorld, placeholderWorld, type World } from '../support/bad-input-world.js';
import { bearer, connectLive, metric, subscribe, type LiveConnection } from '../support/live.js';
import { changedTables, tableSnapshotter, type TableSnapshot } from '../support/table-snapshot.js';
import { graphqlCases, OWN_RESOURCES, rootFields, VALID_ARGS, type GraphQLCase } from './bad-input-cases.js';

/** Stack frames, SQL and driver words: what a response must never show. */
const LEAKS = /\bat .+\.[cm]?[jt]s:\d+|node_modules|\bselect\b.+\bfrom\b|\binsert into\b|\bviolates\b|syntax error at|\bpg_|\bpostgres/i;
const INTERNAL_CODES = ['INTERNAL', 'INTERNAL_SERVER_ERROR'];

// The served schemas, built as the server builds them: every root field of the subgraph,
// which has the client schema's and federation's. Federation's go to the gateway path.
const { client, subgraph } = await buildGraphQLSchemas((await loadModuleApis()).graphql);
const fields = rootFields(subgraph);
const clientFields = new Set(rootFields(client).map(({ field }) => field.name));
const caseNames = graphqlCases(fields, placeholderWorld()).map((entry) => entry.name);

/** Subscriptions a client may try over graphql-ws, each with what it must get. */
const SUBSCRIPTION_CASES: { name: string; query: string; variables?: Record<string, unknown>; expect: 'error' | 'accepted-or-error' }[] = [
  { name: 'events: an unknown event type', query: 'subscription { events(types: ["bogus.evento"]) { id } }', expect: 'error' },
  { name: 'events: types of the wrong type', query: 'subscription { events(types: { a: 1 }) { id } }', expect: 'error' },
  { name: 'events: after an unknown event', query: 'subscription { events(after: "01a20107-0000-7000-8000-000000000000") { id } }', expect: 'error' },
  { name: 'events: after a malformed id', query: 'subscription { events(after: "not-an-event") { id } }', expect: 'error' },
  { name: 'events: a type with a NUL character', query: 'subscription ($types: [EventType!]) { events(types: $types) { id } }', variables: { types: ['pedido_criado\u0000'] }, expect: 'error' },
  { name: 'orderEvents: a malformed order id', query: 'subscription { orderEvents(orderId: "not-a-uuid") { id } }', expect: 'accepted-or-error' },
  { name: 'orderEvents: an unknown status', query: 'subscription { orderEvents(statuses: [bogus]) { id } }', expect: 'error' },
  { name: 'stockEvents: a SKU of 100001 characters', query: 'subscription ($sku: String) { stockEvents(sku: $sku) { id } }', variables: { sku: 'x'.repeat(100_001) }, expect: 'error' },
  { name: 'stockEvents: an unknown argument', query: 'subscription { stockEvents(bogus: 1) { id } }', expect: 'error' },
  { name: 'an unknown subscription field', query: 'subscription { bogusEvents { id } }', expect: 'error' },
  { name: 'two root fields in one subscription', query: 'subscription { events { id } orderEvents { id } }', expect: 'error' },
];

/** Requests to /graphql that are wrong before any field is reached. */
const TRANSPORT_CASES: { name: string; method: 'GET' | 'POST'; path?: string; contentType?: string; body?: string }[] = [
  { name: 'broken JSON', method: 'POST', body: '{"query": "{ viewer { scopes } }"' },
  { name: 'an empty body', method: 'POST', body: '' },
  { name: 'a JSON array (a batch)', method: 'POST', body: '[{"query":"{ viewer { scopes } }"},{"query":"{ viewer { scopes } }"}]' },
  { name: 'no query member', method: 'POST', body: '{"variables":{}}' },
  { name: 'a query that is a number', method: 'POST', body: '{"query":42}' },
  { name: 'variables that are a string', method: 'POST', body: '{"query":"query ($sku: String!) { stock(sku: $sku) { sku } }","variables":"SKU-A"}' },
  { name: 'a query that does not parse', method: 'POST', body: '{"query":"{ viewer { "}' },
  { name: 'an operationName naming no operation', method: 'POST', body: '{"query":"query A { viewer { scopes } }","operationName":"B"}' },
  { name: 'two operations and no operationName', method: 'POST', body: '{"query":"query A { viewer { scopes } } query B { viewer { scopes } }"}' },
  { name: 'a query of 2 MiB', method: 'POST', body: JSON.stringify({ query: `{ viewer { scopes } } # ${'x'.repeat(2 * 1024 * 1024)}` }) },
  { name: 'the query sent as text/plain', method: 'POST', contentType: 'text/plain', body: '{"query":"{ viewer { scopes } }"}' },
  { name: 'a GET without a query', method: 'GET', path: '/graphql' },
  { name: 'a GET with variables that are not JSON', method: 'GET', path: '/graphql?query=query(%24sku%3AString!)%7Bstock(sku%3A%24sku)%7Bsku%7D%7D&variables=%7Bnot-json' },
  { name: 'a mutation over GET', method: 'GET', path: '/graphql?query=mutation%7BupdateStock(input%3A%7Bsku%3A%22SKU-A%22%2ConHand%3A1%7D)%7Bstock%7Bsku%7D%7D%7D' },
];

describe('bad input over GraphQL: every root field answers it with its exact code, never INTERNAL, and a refused write changes nothing', () => {
  let server: TestApp;
  let world: World;
  let cases: Map<string, GraphQLCase>;
  let snapshot: () => Promise<TableSnapshot>;
  const connections: LiveConnection[] = [];

  beforeAll(async () => {
    server = await startTestApp({ env: { ...GATEWAY_ENV, RATE_LIMIT_PER_MINUTE: '1000000' } });
    world = await buildWorld(server);
    cases = new Map(graphqlCases(fields, world).map((entry) => [entry.name, entry]));
    snapshot = await tableSnapshotter(server.orm);
  });
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.client.dispose()));
    await server?.close();
  });

  it('covers every root field, with a valid value for every required argument', () => {
    const missing = fields.filter(({ field }) => field.args.some((arg) => isNonNullType(arg.type)) && !VALID_ARGS[field.name]).map(({ field }) => field.name);
    expect(missing).toEqual([]);
    for (const { operation, field } of fields) expect(caseNames.some((name) => name.startsWith(`${operation} ${field.name}:`)), field.name).toBe(true);
    expect(new Set(caseNames).size).toBe(caseNames.length);
  });

  it('runs the valid value of every root field without an error', async () => {
    // Destructive ones (deleting, uninstalling, closing a case) would take the world's resources away from the cases.
    // redeliverWebhookDelivery needs a finished delivery, and no dispatcher runs here.
    // The simulated order is paid here; cancelling it or wiping the sandbox would take the world's orders away.
    const destructive = new Set(['deleteWebhookSubscription', 'uninstallApplication', 'closeSupportCase', 'changeOrderStatus', 'redeliverWebhookDelivery', 'simulateCancellation', 'wipeSandboxData', 'disconnectChannel']);
    for (const { operation, field } of fields.filter(({ field }) => VALID_ARGS[field.name] && !destructive.has(field.name))) {
      const variables = VALID_ARGS[field.name]!(world);
      const definitions = field.args.filter((arg) => arg.name in variables).map((arg) => `$${arg.name}: ${String(arg.type)}`);
      const passed = field.args.filter((arg) => arg.name in variables).map((arg) => `${arg.name}: $${arg.name}`);
      const query = `${operation} Valid(${definitions.join(', ')}) { ${field.name}(${passed.join(', ')}) { __typename } }`;
      const body = await post(server, world, field.name, query, variables);
      expect(body.errors, `${field.name}: ${JSON.stringify(body.errors)}`).toBeUndefined();
    }
  });

  for (const name of caseNames) {
    it(name, async () => {
      const entry = await withOwnResources(world, cases.get(name)!);
      const refusedWrite = entry.write && typeof entry.expect === 'object';
      const before = refusedWrite ? await snapshot() : undefined;
      await expectHandled(server, world, entry);
      if (before) expect(changedTables(before, await snapshot()), 'a refused write changed these tables').toEqual({});
    });
  }

  for (const entry of TRANSPORT_CASES) {
    it(`transport ${entry.name}`, async () => {
      const headers: Record<string, string> = { authorization: world.seller.headers.authorization!, 'apollo-require-preflight': 'true' };
      if (entry.body !== undefined) headers['content-type'] = entry.contentType ?? 'application/json';
      const response = await fetch(`${server.url}${entry.path ?? '/graphql'}`, { method: entry.method, headers, body: entry.body });
      const text = await response.text();
      const seen = `${response.status} ${text.slice(0, 400)}`;
      expect(response.status, seen).toBeLessThan(500);
      expect(text, seen).not.toMatch(LEAKS);
      const body = JSON.parse(text) as { code?: string; data?: unknown; errors?: { extensions?: { code?: string } }[] };
      // GraphQL over HTTP lets a server answer 200 with errors (and no data) to an `application/json` client.
      if (response.status < 400) expect(body.errors?.length && !body.data, seen).toBeTruthy();
      // A problem+json (refused by HTTP before GraphQL) or GraphQL errors, each coded.
      const codes = body.errors ? body.errors.map((error) => error.extensions?.code) : [body.code];
      expect(codes.length, seen).toBeGreaterThan(0);
      for (const code of codes) expect(code, seen).toEqual(expect.any(String));
      expect(INTERNAL_CODES, seen).not.toContain(codes[0]);
    });
  }

  for (const entry of SUBSCRIPTION_CASES) {
    const name = `subscription ${entry.name}`;
    it(name, async () => {
      const before = await metric(server.url, 'ponte_live_subscriptions');
      const connection = connectLive(server.url, bearer(world.seller.token));
      connections.push(connection);
      const subscription = subscribe(connection.client, entry.query, entry.variables);
      const watch = { stopped: false };
      const accepted = waitForGauge(server.url, before + 1, watch).then(() => 'accepted' as const);
      const outcome = await Promise.race([subscription.ended.then((error) => ({ error })), accepted]);
      watch.stopped = true;
      subscription.dispose();
      if (outcome === 'accepted') {
        expect(entry.expect, `${name} was accepted`).toBe('accepted-or-error');
        return;
      }
      // Validation errors end the operation (graphql-ws `error`); execution errors arrive as a result.
      const errors = (subscription.errors.length > 0 ? subscription.errors : Array.isArray(outcome.error) ? outcome.error : []) as {
        extensions?: { code?: string };
      }[];
      expect(errors.length, JSON.stringify(outcome.error)).toBeGreaterThan(0);
      for (const error of errors) {
        expect(error.extensions?.code, JSON.stringify(error)).toEqual(expect.any(String));
        expect(INTERNAL_CODES).not.toContain(error.extensions?.code);
      }
    });
  }
});

/** Where a root field is asked, and as whom: a client's at /graphql, federation's as a gateway. */
function requestFor(server: TestApp, world: World, field: string): { url: string; headers: Record<string, string> } {
  if (clientFields.has(field)) return { url: `${server.url}/graphql`, headers: world.seller.headers };
  return { url: `${server.url}${SUBGRAPH_PATH}`, headers: gatewayHeaders(world.seller) };
}

async function post(server: TestApp, world: World, field: string, query: string, variables: Record<string, unknown>) {
  const { url, headers } = requestFor(server, world, field);
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

/** The case on a resource of its own where the field uses one up (OWN_RESOURCES). */
async function withOwnResources(world: World, entry: GraphQLCase): Promise<GraphQLCase> {
  const own = OWN_RESOURCES[entry.field];
  if (!own) return entry;
  const { replace, by } = await own(world);
  return { ...entry, variables: JSON.parse(JSON.stringify(entry.variables).replaceAll(JSON.stringify(replace), JSON.stringify(by))) as Record<string, unknown> };
}

async function expectHandled(server: TestApp, world: World, entry: GraphQLCase): Promise<void> {
  const { url, headers } = requestFor(server, world, entry.field);
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query: entry.query, variables: entry.variables }) });
  const text = await response.text();
  const seen = `${response.status} ${text.slice(0, 400)}`;
  expect(response.status, seen).toBeLessThan(500);
  expect(text, seen).not.toMatch(LEAKS);
  const { expect: expected } = entry;
  if (response.headers.get('content-type')?.startsWith('application/problem+json')) {
    // Refused before GraphQL ran (a body over the limit): a REST problem says why.
    expect({ code: (JSON.parse(text) as { code?: string }).code }, seen).toEqual(expected);
    return;
  }
  const body = JSON.parse(text) as { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };
  const errors = body.errors ?? [];
  if (typeof expected === 'object') {
    expect(errors.length, seen).toBeGreaterThan(0);
    expect(errors.map((error) => error.extensions?.code), seen).toEqual(errors.map(() => expected.code));
    return;
  }
  expect(errors, seen).toEqual([]);
  expect(isNothing(body.data?.[entry.field]), seen).toBe(entry.expect === 'nothing');
}

/** A lookup that found nothing: null, or (for `nodes`, `_entities`) only nulls. */
function isNothing(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.length > 0 && value.every((item) => item === null));
}

/** Resolves once the server holds `count` live subscriptions; gives up quietly once told to stop. */
async function waitForGauge(url: string, count: number, watch: { stopped: boolean }): Promise<void> {
  while (!watch.stopped && (await metric(url, 'ponte_live_subscriptions')) < count) await new Promise((resolve) => setTimeout(resolve, 20));
  if (watch.stopped) await new Promise(() => undefined);
}
