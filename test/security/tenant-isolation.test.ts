import { readFileSync } from 'node:fs';
import {
  getNamedType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchemas } from '../../src/graphql/schema.js';
import { idFloorAt } from '../../src/live/live-event.js';
import { loadModuleApis } from '../../src/modules.js';
import { VALID_ARGS } from '../graphql/bad-input-cases.js';
import { defaultParams, fillPath, routeName, routesOf, type Route } from '../http/bad-input-cases.js';
import { orderBody } from '../orders/fixtures.js';
import { graphql, startTestApp, type TestApp } from '../support/app.js';
import { buildMarkedWorld, leaksOf, type MarkedWorld } from '../support/isolation-world.js';
import { bearer, connectLive, subscribe, waitForSubscriptions, type LiveConnection, type LiveSubscription } from '../support/live.js';

/**
 * Two sellers with the same SKUs, channel codes, order shapes and hook URLs, and values
 * of their own (ALPHA… and BRAVO… text, prices and stock no other seller has). Every read
 * path — each GET of the OpenAPI document, each Query field of the client schema, the
 * live feed and its replay, the delivery log — is read as one seller and searched for the
 * other's values; another seller's ids answer as missing ones. The paths are generated
 * from the document and the schema, so a new one is checked (or fails) without an edit.
 */
const document = JSON.parse(readFileSync(new URL('../../schema/openapi/all.json', import.meta.url), 'utf8')) as Parameters<typeof routesOf>[0];
const READS = routesOf(document).filter((route) => route.method === 'GET');
const { client: clientSchema } = await buildGraphQLSchemas((await loadModuleApis()).graphql);

/** Query fields whose answers hold marked text of the world (the rest read ids, figures or settings). */
const SHOWING_OWN_MARKER = ['carrierChat', 'channel', 'channels', 'nodes', 'order', 'orders', 'product', 'products', 'shipment', 'shipments', 'supportCase', 'supportCases', 'webhookDeliveries', 'webhookSubscription', 'webhookSubscriptions'];

/** GET routes not read here, each with why; a new route fails the coverage test until it is read or named here. */
const EXCLUDED: Record<string, string> = {};

/** A read's widest form: every `include` it has, and its largest page. */
function widestQuery(route: Route): string {
  const query = new URLSearchParams();
  for (const { name, schema } of route.query) {
    if (name === 'limit' && typeof schema.maximum === 'number') query.set('limit', String(schema.maximum));
    if (name === 'include' && typeof schema.pattern === 'string') query.set('include', [...schema.pattern.matchAll(/\^\(([\w|]+)\)/g)][0]![1]!.replaceAll('|', ','));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The world's resource for each path parameter: the corpus's, but an application's own delivery for its delivery log. */
function paramsOf(route: Route, world: MarkedWorld): Record<string, string> {
  const mount = /^(\/\w+)\/api\/v1\/webhook\/entregas\/\{id\}$/.exec(route.path)?.[1];
  return mount ? { id: world.applicationDeliveries[mount]! } : defaultParams(route, world);
}

const ALPHA = { marker: 'ALPHA', prices: ['111.11', '122.22'] as [string, string], onHand: 4321 };
const BRAVO = { marker: 'BRAVO', prices: ['888.88', '899.99'] as [string, string], onHand: 8765 };

describe('tenant isolation: two sellers with the same keys and their own values', () => {
  let server: TestApp;
  let alpha: MarkedWorld;
  let bravo: MarkedWorld;
  let startedAt: string;
  const connections: LiveConnection[] = [];

  beforeAll(async () => {
    server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', GRAPHQL_MAX_TOKENS: '100000', GRAPHQL_MAX_COST: '1000000', GRAPHQL_MAX_DEPTH: '20', GRAPHQL_MAX_ALIASES: '1000' } });
    startedAt = idFloorAt(Date.now() - 1000);
    alpha = await buildMarkedWorld(server, ALPHA);
    bravo = await buildMarkedWorld(server, BRAVO);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(connections.map((connection) => connection.client.dispose()));
    await server?.close();
  });

  const headersFor = (route: Route, world: MarkedWorld) => (route.credential === 'application' ? world.application.headers : world.seller.headers);
  const read = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: headers.authorization! } });
    const text = await response.text();
    return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };

  it('reads every GET route of the document, or names why not', () => {
    const unread = READS.filter((route) => !EXCLUDED[routeName(route)] && !fillable(route)).map(routeName);
    expect(unread).toEqual([]);
    const stale = Object.keys(EXCLUDED).filter((name) => !READS.some((route) => routeName(route) === name));
    expect(stale).toEqual([]);
  });

  /** A route read as a seller or an application whose path parameters the worlds can fill. */
  const fillable = (route: Route) => {
    if (route.credential === 'none') return false;
    try {
      paramsOf(route, alpha);
      return true;
    } catch {
      return false;
    }
  };

  describe('REST', () => {
    for (const route of READS.filter((entry) => !EXCLUDED[routeName(entry)])) {
      it(`${routeName(route)}: each seller sees its own values and none of the other's`, async () => {
        for (const [self, other] of [[alpha, bravo], [bravo, alpha]] as const) {
          const path = fillPath(route.path, paramsOf(route, self)) + widestQuery(route);
          const answer = await read(path, headersFor(route, self));
          expect(route.success, `${self.marker} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`).toContain(answer.status);
          expect(leaksOf(answer.body, other), `${self.marker} ${path}`).toEqual([]);
        }
      });
      if (!route.path.includes('{id}')) continue;
      it(`${routeName(route)}: the other seller's id answers 404`, async () => {
        for (const [self, other] of [[alpha, bravo], [bravo, alpha]] as const) {
          const path = fillPath(route.path, paramsOf(route, other));
          const answer = await read(path, headersFor(route, self));
          expect(answer.status, `${self.marker} ${path}: ${answer.text.slice(0, 300)}`).toBe(404);
          expect(leaksOf(answer.body, other)).toEqual([]);
        }
      });
    }

    it('the marked values are what the reads show (a read that showed nothing would hide a leak)', async () => {
      const products = (await read('/produtos?include=prices,stock', alpha.seller.headers)).body as { data: any[] };
      const product = products.data.find((entry) => entry.sku === alpha.sku);
      expect(product.title).toBe(`ALPHA ${alpha.sku}`);
      expect(product.prices.map((price: { sale: string }) => price.sale)).toEqual(ALPHA.prices);
      expect(product.stock.onHand).toBe(ALPHA.onHand);
      expect((await read(`/pedidos/${alpha.marked.order}`, alpha.seller.headers)).text).toContain('ALPHA Maria');
      expect((await read('/webhooks/entregas?limit=200', alpha.seller.headers)).text).toContain('ALPHA');
    });

    it("the delivery log filtered by the other seller's subscription shows nothing of it", async () => {
      const answer = await read(`/webhooks/entregas?subscriptionId=${bravo.ids.subscription}`, alpha.seller.headers);
      expect(answer.status === 404 || (answer.status === 200 && (answer.body as { data: unknown[] }).data.length === 0), answer.text.slice(0, 300)).toBe(true);
      expect(leaksOf(answer.body, bravo)).toEqual([]);
    });
  });

  describe('GraphQL', () => {
    const queryFields = Object.values(clientSchema.getQueryType()!.getFields());
    /** Arguments for the fields whose bad-input values narrow too much to show a leak (a filter matching nothing) or name the wrong kind. */
    const WIDE_ARGS: Record<string, (world: MarkedWorld) => Record<string, unknown>> = {
      orders: () => ({ first: 100 }),
      products: () => ({ first: 100 }),
      supportCases: () => ({ first: 100 }),
      webhookDeliveries: () => ({ first: 100 }),
      settlementCycle: (world) => ({ id: world.ids.cycle }),
      order: (world) => ({ id: world.marked.order }),
      supportCase: (world) => ({ id: world.marked.supportCase }),
      nodes: (world) => ({ ids: [world.ids.order, world.marked.order, world.ids.shipment, world.marked.supportCase] }),
    };
    /** The fields whose answers showed the reading seller's own marker. */
    const shown = new Set<string>();
    const argsOf = (field: GraphQLField<unknown, unknown>, world: MarkedWorld) => (WIDE_ARGS[field.name] ?? VALID_ARGS[field.name])?.(world) ?? {};

    it('has arguments for every Query field that needs some', () => {
      const missing = queryFields.filter((field) => field.args.some((arg) => isNonNullType(arg.type)) && !WIDE_ARGS[field.name] && !VALID_ARGS[field.name]);
      expect(missing.map((field) => field.name)).toEqual([]);
    });

    for (const field of queryFields) {
      it(`${field.name}: each seller sees none of the other's values`, async () => {
        for (const [self, other] of [[alpha, bravo], [bravo, alpha]] as const) {
          const { query, variables } = operationOf(clientSchema, field, argsOf(field, self));
          const { body } = await graphql(server.url, query, { headers: self.seller.headers, variables });
          expect(body.errors, `${self.marker} ${field.name}: ${JSON.stringify(body.errors)}`).toBeUndefined();
          expect(leaksOf(body, other), `${self.marker} ${field.name}`).toEqual([]);
          if (JSON.stringify(body.data).includes(self.marker)) shown.add(field.name);
        }
      });
    }

    it('the reads show the marked values of their own seller (a read that showed nothing would hide a leak)', () => {
      expect([...shown].sort()).toEqual(expect.arrayContaining(SHOWING_OWN_MARKER));
    });

    it("node, nodes and the id lookups answer the other seller's ids as missing", async () => {
      const LOOKUPS: [string, string][] = [
        ['order', bravo.marked.order],
        ['shipment', bravo.ids.shipment],
        ['supportCase', bravo.marked.supportCase],
        ['settlementCycle', bravo.ids.cycle],
        ['webhookSubscription', bravo.ids.subscription],
        ['webhookDelivery', bravo.ids.delivery],
      ];
      for (const [name, id] of LOOKUPS) {
        const field = clientSchema.getQueryType()!.getFields()[name]!;
        const { query, variables } = operationOf(clientSchema, field, { id });
        const { body } = await graphql<Record<string, unknown>>(server.url, query, { headers: alpha.seller.headers, variables });
        expect(body.data?.[name] ?? null, name).toBeNull();
        for (const error of body.errors ?? []) expect(error.extensions?.code, name).toBe('NOT_FOUND');
        expect(leaksOf(body, bravo), name).toEqual([]);
      }
      const ids = [bravo.ids.order, bravo.marked.order, bravo.ids.shipment, bravo.marked.supportCase, bravo.ids.cycle, bravo.ids.subscription, bravo.ids.delivery];
      const { body } = await graphql<{ nodes: unknown[] }>(server.url, 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { headers: alpha.seller.headers, variables: { ids } });
      expect(body.data?.nodes).toEqual(ids.map(() => null));
      for (const id of ids) {
        const single = await graphql<{ node: unknown }>(server.url, 'query ($id: ID!) { node(id: $id) { id } }', { headers: alpha.seller.headers, variables: { id } });
        expect(single.body.data?.node ?? null, id).toBeNull();
      }
    });
  });

  describe('the live feed', () => {
    // Each test counts only its own subscriptions.
    afterEach(async () => {
      await Promise.all(connections.splice(0).map((connection) => connection.client.dispose()));
      await waitForSubscriptions(server.url, 0);
    });
    const EVENTS = 'subscription ($after: ID) { events(after: $after) { id evento data } }';
    const live = (world: MarkedWorld, variables?: Record<string, unknown>): LiveSubscription => {
      const connection = connectLive(server.url, bearer(world.seller.token));
      connections.push(connection);
      return subscribe(connection.client, EVENTS, variables);
    };
    /** An order of the world's seller, marked: the event it writes is the sentinel a subscriber waits for. */
    const sentinel = async (world: MarkedWorld) => {
      const response = await fetch(`${server.url}/pedidos`, { method: 'POST', headers: world.seller.headers, body: JSON.stringify(orderBody({ customer: { name: `${world.marker} sentinel`, email: 'a@example.com', document: '529.982.247-25' } })) });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const until = async (subscription: LiveSubscription, orderId: string) => {
      for (let count = 1; !subscription.events.some((event) => JSON.stringify(event.data).includes(orderId)); count += 1) await subscription.received(count);
    };

    it("a subscriber gets none of another seller's events, live or replayed from before it subscribed", async () => {
      const alphaLive = live(alpha);
      const alphaReplay = live(alpha, { after: startedAt });
      const bravoLive = live(bravo);
      await waitForSubscriptions(server.url, 3);
      // Each subscription is in place once it sees its own seller's sentinel.
      await until(alphaLive, await sentinel(alpha));
      await until(bravoLive, await sentinel(bravo));
      // Bravo's changes, seen by Bravo, then Alpha's sentinel: anything of Bravo's Alpha would get has come by then.
      const bravoOrder = await sentinel(bravo);
      await fetch(`${server.url}/estoque/${bravo.sku}`, { method: 'PATCH', headers: bravo.seller.headers, body: JSON.stringify({ onHand: BRAVO.onHand }) });
      await until(bravoLive, bravoOrder);
      const last = await sentinel(alpha);
      await until(alphaLive, last);
      await until(alphaReplay, last);
      expect(leaksOf(alphaLive.events, bravo)).toEqual([]);
      expect(leaksOf(alphaReplay.events, bravo)).toEqual([]);
      // The replay held Alpha's world from the start: it read the outbox, not only the feed.
      expect(JSON.stringify(alphaReplay.events)).toContain('ALPHA Maria');
      expect(alphaLive.errors).toEqual([]);
    });

    it("a replay after another seller's event id replays none of that seller's events", async () => {
      const bravoLive = live(bravo);
      await waitForSubscriptions(server.url, 1);
      const order = await sentinel(bravo);
      await until(bravoLive, order);
      const bravoEvent = bravoLive.events.find((event) => JSON.stringify(event.data).includes(order))!;
      // Another seller's event is no event of this one's: at most a point in time to replay this seller's events from.
      const replay = live(alpha, { after: bravoEvent.id });
      await waitForSubscriptions(server.url, 2);
      await until(replay, await sentinel(alpha));
      expect(leaksOf(replay.events, bravo)).toEqual([]);
      expect(replay.errors).toEqual([]);
      expect(leaksOf(replay.events, bravo)).toEqual([]);
    });
  });
});

/** An operation reading one root field with every leaf its type has, a few levels down, and each argument as a variable. */
/**
 * Fields a root field's generated selection leaves out, each with why: one that fails for
 * a reason of the world's (not of isolation) would null the whole answer and hide a leak.
 */
const UNSELECTED: Record<string, string[]> = {
  // The simulator's channel has no connection, so its listings and syncs answer NOT_FOUND; channel(code:) reads a connected channel's.
  channels: ['Channel.listings', 'Channel.syncs'],
};

function operationOf(schema: GraphQLSchema, field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): { query: string; variables: Record<string, unknown> } {
  const given = field.args.filter((arg) => arg.name in args);
  const declarations = given.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = given.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = selectionOf(schema, getNamedType(field.type), 4, new Set(UNSELECTED[field.name]));
  const query = `query${declarations ? ` (${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection ? ` ${selection}` : ''} }`;
  return { query, variables: Object.fromEntries(given.map((arg) => [arg.name, args[arg.name]])) };
}

function selectionOf(schema: GraphQLSchema, type: GraphQLNamedType, depth: number, unselected: Set<string>, alias = ''): string {
  if (isLeafType(type)) return '';
  if (isInterfaceType(type) || isUnionType(type)) {
    // Each type's fields under names of its own: two types' `status` of different enums cannot merge.
    const fragments = schema.getPossibleTypes(type).map((possible) => `... on ${possible.name} ${selectionOf(schema, possible, depth, unselected, `${possible.name}_`)}`);
    return `{ __typename ${fragments.join(' ')} }`;
  }
  if (!isObjectType(type)) return '';
  const parts = Object.values(type.getFields())
    .filter((child) => !child.args.some((arg) => isNonNullType(arg.type)) && !unselected.has(`${type.name}.${child.name}`))
    .flatMap((child) => {
      const named = getNamedType(child.type);
      const name = alias ? `${alias}${child.name}: ${child.name}` : child.name;
      if (isLeafType(named)) return [name];
      if (depth <= 1) return [];
      const inner = selectionOf(schema, named, depth - 1, unselected);
      return inner ? [`${name} ${inner}`] : [];
    });
  return parts.length ? `{ ${parts.join(' ')} }` : '{ __typename }';
}
