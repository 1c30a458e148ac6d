import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { buildWorld, placeholderWorld, type World } from '../support/bad-input-world.js';
import {
  credentialHeaders,
  defaultParams,
  fillPath,
  restCases,
  routeName,
  routesOf,
  schemaAdmits,
  staleServiceRules,
  VALID_REQUESTS,
  type RestCase,
  type Route,
} from './bad-input-cases.js';
import { replaceAt } from './body-mutations.js';
import { changedTables, tableSnapshotter, type TableSnapshot } from '../support/table-snapshot.js';

/** Stack frames, SQL and driver words: what a response must never show. */
const LEAKS = /\bat .+\.[cm]?[jt]s:\d+|node_modules|\bselect\b.+\bfrom\b|\binsert into\b|\bviolates\b|syntax error at|\bpg_|\bpostgres/i;

// Cases are listed from the checked-in contract (test names cannot wait for a server); a
// test below checks that the served document has exactly the same operations.
const document = JSON.parse(readFileSync(new URL('../../schema/openapi/all.json', import.meta.url), 'utf8')) as Parameters<typeof routesOf>[0];
const routes = routesOf(document);
const caseNames = restCases(routes, placeholderWorld()).map((entry) => entry.name);

describe('bad input over REST: every route refuses it with its exact problem, never a 5xx, and a refused write changes nothing', () => {
  let server: TestApp;
  let world: World;
  let cases: Map<string, RestCase>;
  let snapshot: () => Promise<TableSnapshot>;

  beforeAll(async () => {
    server = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    world = await buildWorld(server);
    cases = new Map(restCases(routes, world).map((entry) => [entry.name, entry]));
    snapshot = await tableSnapshotter(server.orm);
  });
  afterAll(() => server?.close());

  it('lists every operation the server documents, and has a valid request for every one that takes a body', async () => {
    const served = routesOf((await (await fetch(`${server.url}/openapi.json`)).json()) as Parameters<typeof routesOf>[0]);
    expect(served.map(routeName)).toEqual(routes.map(routeName));
    const withBody = routes.filter((route) => route.body).map(routeName);
    expect(withBody.filter((name) => !VALID_REQUESTS[name])).toEqual([]);
    expect(caseNames.length).toBeGreaterThanOrEqual(150);
    expect(new Set(caseNames).size).toBe(caseNames.length);
    expect(staleServiceRules(routes, placeholderWorld())).toEqual([]);
  });

  it('answers 2xx to the valid request every case starts from', async () => {
    for (const route of routes.filter((candidate) => VALID_REQUESTS[routeName(candidate)])) {
      const valid = VALID_REQUESTS[routeName(route)]!(world);
      const params = { ...defaultParams(route, world), ...(await valid.params?.(world)) };
      const headers = { ...credentialHeaders(route, world), ...valid.headers };
      const response = await fetch(`${server.url}${fillPath(route.path, params)}`, { method: route.method, headers, body: JSON.stringify(valid.body) });
      expect(response.status, `${routeName(route)}: ${await response.clone().text()}`).toBeLessThan(300);
    }
  });

  for (const name of caseNames) {
    it(name, async () => {
      const entry = cases.get(name)!;
      const path = entry.params ? fillPath(entry.template, { ...defaultParamsOf(entry, world), ...(await entry.params(world)) }) : entry.path;
      const refusedWrite = entry.method !== 'GET' && entry.expect.status >= 400;
      const before = refusedWrite ? await snapshot() : undefined;
      await expectAnswered(server, { ...entry, path });
      if (before) expect(changedTables(before, await snapshot()), 'a refused write changed these tables').toEqual({});
    });
  }

  // A client's x-request-id reaches the logs and comes back in headers and problems.
  for (const [label, requestId] of [
    ['x-request-id of 5000 characters', 'r'.repeat(5000)],
    ['x-request-id with quotes, angle brackets and spaces', 'id "<script>" and more'],
  ] as const) {
    it(`GET /canais: ${label}`, async () => {
      const response = await fetch(`${server.url}/canais`, { headers: { ...world.seller.headers, 'x-request-id': requestId } });
      expect(response.status).toBe(200);
      const echoed = response.headers.get('x-request-id');
      expect(echoed).not.toBe(requestId);
      expect(echoed).toMatch(/^[\w.:-]{1,128}$/);
    });
  }

  it('never answers 5xx to arbitrary JSON or to mutations of valid bodies, and 2xx only to valid ones', async () => {
    for (const route of routes.filter((candidate) => candidate.body && VALID_REQUESTS[routeName(candidate)])) {
      const valid = VALID_REQUESTS[routeName(route)]!(world).body;
      const path = fillPath(route.path, defaultParams(route, world));
      const headers = credentialHeaders(route, world);
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(valid), async (body) => {
          const response = await fetch(`${server.url}${path}`, { method: route.method, headers, body: JSON.stringify(body) });
          const text = await response.text();
          if (response.status >= 500) throw new Error(`${routeName(route)} answered ${response.status}: ${text}`);
          if (response.status < 300 && !schemaAdmits(route.body!, body)) throw new Error(`${routeName(route)} accepted an invalid body`);
        }),
        { numRuns: 25 },
      );
    }
  });

});

/** Arbitrary JSON, or the valid body with one member (at any depth) replaced by arbitrary JSON. */
function bodyArbitrary(valid: unknown): fc.Arbitrary<unknown> {
  const pointers = pointersOf(valid);
  const mutated = fc.tuple(fc.constantFrom(...pointers), fc.jsonValue()).map(([pointer, value]) => replaceAt(valid, pointer, value));
  return fc.oneof({ arbitrary: mutated, weight: 4 }, { arbitrary: fc.jsonValue(), weight: 1 });
}

function pointersOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const children = Object.entries(value).flatMap(([key, member]) => pointersOf(member, [...prefix, Array.isArray(value) ? Number(key) : key]));
  return [prefix, ...children];
}

/** The world's path parameters for the route a case was made from. */
function defaultParamsOf(entry: RestCase, world: World): Record<string, string> {
  return defaultParams(routes.find((route) => route.method === entry.method && route.path === entry.template)!, world);
}

async function expectAnswered(server: TestApp, entry: RestCase): Promise<void> {
  const response = await fetch(`${server.url}${entry.path}`, { method: entry.method, headers: entry.headers, body: entry.body });
  const text = await response.text();
  const seen = `${response.status} ${text.slice(0, 400)}`;
  expect(response.status, seen).toBe(entry.expect.status);
  if (response.status < 400) return;
  expect(response.headers.get('content-type'), seen).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(text) as Record<string, unknown>;
  expect(problem, seen).toMatchObject({ type: expect.any(String), title: expect.any(String), status: response.status, detail: expect.any(String) });
  expect(problem.code, seen).toBe(entry.expect.code);
  if (problem.code === 'VALIDATION_FAILED') expect((problem.errors as unknown[] | undefined)?.length, seen).toBeGreaterThan(0);
  expect(text, seen).not.toMatch(LEAKS);
  // However much was wrong, the answer stays small (no amplification).
  expect(text.length, seen).toBeLessThan(16 * 1024);
}
