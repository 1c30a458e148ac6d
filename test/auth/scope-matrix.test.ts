import Fastify from 'fastify';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
} from 'graphql';
import { getMetadataStorage } from 'type-graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../src/auth/scopes.js';
import { loadConfig } from '../../src/config.js';
import { createOrm } from '../../src/db/orm.js';
import { buildGraphQLSchemas } from '../../src/graphql/schema.js';
import { ANY_SCOPE } from '../../src/http/rest.js';
import { ENTITIES, loadModuleApis } from '../../src/modules.js';
import { createTestApplication } from '../platforms/fixtures.js';
import { createTestSeller, graphql, startTestApp, type TestApp, type TestSeller } from '../support/app.js';
import { bearer, connectLive, subscribe, waitForSubscriptions } from '../support/live.js';

/**
 * Every REST route and GraphQL root field, read from the code rather than listed here:
 * without a token it answers 401, with a token lacking its scope 403, with one holding it
 * anything but those (and never a 5xx). A route or field added later is in the matrix
 * without anyone touching this file.
 */

interface RestRoute {
  method: string;
  url: string;
  /** The scope it needs, or ANY_SCOPE: any valid token. */
  scope?: Scope | typeof ANY_SCOPE;
  /** Per-product registration routes take an application credential instead of a token. */
  application: boolean;
}

/** The routes of every domain module, as Fastify registers them (src/modules.ts `loadModuleApis`). */
async function restRoutes(): Promise<RestRoute[]> {
  // Registering needs a config and an ORM, not a database: the ORM connects lazily.
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const orm = await createOrm('postgres://unused@127.0.0.1:1/unused', { entities: ENTITIES });
  const probe = Fastify();
  const routes: RestRoute[] = [];
  probe.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const security = JSON.stringify(route.schema?.security ?? []);
    for (const method of methods) {
      routes.push({ method, url: route.url, scope: route.config?.scope, application: security.includes('"applicationCredential"') });
    }
  });
  for (const register of (await loadModuleApis()).routes) await probe.register(async (scope) => register(scope as never, { config, orm }));
  await probe.ready();
  await probe.close();
  await orm.close(true);
  return routes;
}

interface RootField {
  operation: 'query' | 'mutation' | 'subscription';
  name: string;
  field: GraphQLField<unknown, unknown>;
  /** The scopes of its @Authorized; undefined when it has none (which a test below refuses). */
  scopes: Scope[] | undefined;
}

/** Every root field of the schema clients are served with the scopes its resolver's @Authorized names. */
async function rootFields(): Promise<RootField[]> {
  const { client: schema } = await buildGraphQLSchemas((await loadModuleApis()).graphql);
  const storage = getMetadataStorage();
  const resolvers = [...storage.queries, ...storage.mutations, ...storage.subscriptions];
  const fields: RootField[] = [];
  const roots: [RootField['operation'], GraphQLObjectType | null | undefined][] = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  for (const [operation, type] of roots) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const resolver = resolvers.find((entry) => entry.schemaName === field.name);
      const authorized = resolver
        ? (storage.authorizedFields.find((entry) => entry.target === resolver.target && entry.fieldName === resolver.methodName) ??
          storage.authorizedResolver.find((entry) => entry.target === resolver.target))
        : undefined;
      fields.push({ operation, name: field.name, field, scopes: authorized?.roles as Scope[] | undefined });
    }
  }
  return fields;
}

/** Fields any authenticated caller may use (`@Authorized()` without a scope); every other field names one. */
/** (`node`/`nodes` then answer only the types whose read scope the caller holds.) */
const ANY_CALLER_FIELDS = ['channelPlatforms', 'createToken', 'events', 'node', 'nodes', 'revokeToken', 'tokens', 'triggerEvent', 'viewer', 'webhookEvents'];

const SAMPLE_ID = '01234567-89ab-7def-8123-456789abcdef';
/** A value of each scalar the schema uses; a new scalar must be added here. */
const SCALAR_SAMPLES: Record<string, unknown> = {
  ID: SAMPLE_ID,
  String: 'x',
  Int: 1,
  Float: 1,
  Boolean: true,
  DateTimeISO: '2020-01-01T00:00:00.000Z',
  Money: '1.00',
  JSON: {},
};

/** A value of the argument's type that GraphQL accepts (required input fields only). */
function sampleOf(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleOf(type.ofType);
  if (isListType(type)) return [sampleOf(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isScalarType(type)) {
    if (!(type.name in SCALAR_SAMPLES)) throw new Error(`no sample value for scalar ${type.name}: add one to SCALAR_SAMPLES`);
    return SCALAR_SAMPLES[type.name];
  }
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, sampleOf(field.type)]),
    );
  }
  throw new Error(`unexpected input type ${String(type)}`);
}

/** `operation ($a: T!, …) { field(a: $a, …) { __typename } }` with sample variables for the required arguments. */
function operationFor(root: RootField): { query: string; variables: Record<string, unknown> } {
  const required = root.field.args.filter((arg: GraphQLArgument) => isNonNullType(arg.type));
  const declarations = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const named = getNamedType(root.field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  return {
    query: `${root.operation}${declarations ? ` (${declarations})` : ''} { ${root.name}${passed ? `(${passed})` : ''}${selection} }`,
    variables: Object.fromEntries(required.map((arg) => [arg.name, sampleOf(arg.type)])),
  };
}

describe('scope matrix', async () => {
  let server: TestApp;
  const routes = await restRoutes();
  const fields = await rootFields();

  /**
   * Sellers by scope set, made once: a token holding exactly these scopes. Sandbox
   * sellers: their `ponte_sk_test_…` tokens must pass wherever a live seller's do, and the
   * simulator's routes are theirs only (a live seller's 403 there is in test/simulator).
   */
  const sellers = new Map<string, Promise<TestSeller>>();
  const sellerWith = (scopes: readonly Scope[]) => {
    const key = [...scopes].sort().join(' ');
    if (!sellers.has(key)) sellers.set(key, createTestSeller(server.orm, { scopes: [...scopes], sandbox: true }));
    return sellers.get(key)!;
  };
  const allBut = (scopes: readonly Scope[]) => SCOPES.filter((scope) => !scopes.includes(scope));

  beforeAll(async () => {
    // Far above what the matrix sends: the limit is not what is under test here.
    server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  });
  afterAll(() => server.close());

  it('finds the routes and fields to check', () => {
    expect(routes.filter((route) => route.scope).length).toBeGreaterThan(20);
    expect(fields.filter((field) => field.scopes?.length).length).toBeGreaterThan(20);
  });

  it('has a scope or an application credential on every domain route but the platforms\' inbound URL', () => {
    // The inbound URL takes the platforms' own requests: its key and the platform's
    // signature authenticate them (test/channels/inbound.test.ts), no Ponte token can.
    expect(routes.filter((route) => !route.scope && !route.application).map((route) => `${route.method} ${route.url}`)).toEqual(['POST /entrada/:key']);
  });

  it('has @Authorized on every GraphQL root field, with a scope unless any caller may use it', () => {
    expect(fields.filter((field) => !field.scopes).map((field) => field.name)).toEqual([]);
    expect(fields.filter((field) => field.scopes?.length === 0).map((field) => field.name).sort()).toEqual(ANY_CALLER_FIELDS);
  });

  describe('REST', () => {
    const call = async (route: RestRoute, headers: Record<string, string>) => {
      const url = route.url.replace(/:\w+/g, SAMPLE_ID);
      const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const response = await fetch(`${server.url}${url}`, {
        method: route.method,
        headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
        body: withBody ? '{}' : undefined,
      });
      const text = await response.text();
      return { status: response.status, code: text && route.method !== 'HEAD' ? (JSON.parse(text) as { code?: string }).code : undefined };
    };

    const scoped = routes.filter((route) => route.scope);
    it.each(scoped.map((route) => [`${route.method} ${route.url}`, route] as const))('%s: 401 without a token, 403 without its scope, through with it', async (_name, route) => {
      const none = await call(route, {});
      expect(none.status).toBe(401);
      if (route.method !== 'HEAD') expect(none.code).toBe('UNAUTHENTICATED');

      // A route for any valid token has no scope to lack: one unrelated scope is enough.
      const needed: Scope = route.scope === ANY_SCOPE ? 'webhooks:read' : route.scope!;
      if (route.scope !== ANY_SCOPE) {
        const lacking = await sellerWith(allBut([needed]));
        const refused = await call(route, { authorization: lacking.headers.authorization! });
        expect(refused.status).toBe(403);
        if (route.method !== 'HEAD') expect(refused.code).toBe('FORBIDDEN');
      }

      const holding = await sellerWith([needed]);
      const through = await call(route, { authorization: holding.headers.authorization! });
      expect([401, 403]).not.toContain(through.status);
      expect(through.status).toBeLessThan(500);
    });

    const application = routes.filter((route) => route.application);
    it.each(application.map((route) => [`${route.method} ${route.url}`, route] as const))('%s: 401 without an application credential (a seller token is not one), through with one', async (_name, route) => {
      expect((await call(route, {})).status).toBe(401);
      const seller = await sellerWith(SCOPES);
      expect((await call(route, { authorization: seller.headers.authorization! })).status).toBe(401);
      const app = await createTestApplication(server.orm);
      const through = await call(route, { authorization: app.headers.authorization! });
      expect([401, 403]).not.toContain(through.status);
      expect(through.status).toBeLessThan(500);
    });
  });

  describe('GraphQL over HTTP', () => {
    const ask = async (root: RootField, headers: Record<string, string>) => {
      const { query, variables } = operationFor(root);
      const { status, body } = await graphql(server.url, query, { variables, headers });
      return { status, codes: (body.errors ?? []).map((error) => error.extensions?.code) };
    };

    const authorized = fields.filter((field) => field.operation !== 'subscription' && field.scopes);
    it.each(authorized.map((field) => [`${field.operation} ${field.name}`, field] as const))('%s: 401 without a token, 403 without its scopes, through with them', async (_name, root) => {
      const none = await ask(root, {});
      expect(none).toEqual({ status: 401, codes: ['UNAUTHENTICATED'] });

      for (const scope of root.scopes!) {
        const lacking = await sellerWith(allBut([scope]));
        expect(await ask(root, lacking.headers), `without ${scope}`).toEqual({ status: 403, codes: ['FORBIDDEN'] });
      }

      // A field that only needs a caller gets a token with one unrelated scope.
      const holding = await sellerWith(root.scopes!.length > 0 ? root.scopes! : ['webhooks:read']);
      const through = await ask(root, holding.headers);
      expect(through.codes).not.toContain('UNAUTHENTICATED');
      expect(through.codes).not.toContain('FORBIDDEN');
      expect(through.codes).not.toContain('INTERNAL');
      expect(through.status).toBeLessThan(500);
    });
  });

  describe('GraphQL subscriptions over graphql-ws', () => {
    const subscriptions = fields.filter((field) => field.operation === 'subscription' && field.scopes);
    it.each(subscriptions.map((field) => [field.name, field] as const))('%s: FORBIDDEN without its scopes (the connection stays), subscribes with them', async (_name, root) => {
      const { query, variables } = operationFor(root);
      for (const scope of root.scopes!) {
        // Still able to connect (it can read some live event), but not this subscription.
        const lacking = await sellerWith(allBut([scope, scope.replace(':read', ':write') as Scope]));
        const connection = connectLive(server.url, bearer(lacking.token));
        const refused = subscribe(connection.client, query.replace(/\s*\{ __typename \}/, ' { id }'), variables);
        expect(await refused.ended, `without ${scope}`).toMatchObject([{ extensions: { code: 'FORBIDDEN', requiredScope: scope } }]);
        expect(connection.closedWith).toBeUndefined();
        await connection.client.dispose();
      }
      // Only the field's scopes; a field that only needs a caller gets one that can read events.
      const holding = await sellerWith(root.scopes!.length > 0 ? root.scopes! : ['orders:read']);
      const connection = connectLive(server.url, bearer(holding.token));
      const subscription = subscribe(connection.client, query.replace(/\s*\{ __typename \}/, ' { id }'), variables);
      await waitForSubscriptions(server.url, 1);
      expect(subscription.errors).toEqual([]);
      await connection.client.dispose();
      await waitForSubscriptions(server.url, 0);
    });

    it('closes 4401 without a token', async () => {
      const connection = connectLive(server.url);
      subscribe(connection.client, 'subscription { events { id } }');
      expect(await connection.closed).toMatchObject({ code: 4401 });
    });
  });
});
