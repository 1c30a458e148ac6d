import { readdirSync, readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, Operation } from '../../src/http/openapi/document-types.js';
import { PROBLEM_CODES, problemTypeUri } from '../../src/http/problem-catalogue.js';
import { loadModuleApis } from '../../src/modules.js';
import { startTestApp, type TestApp } from '../support/app.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const FOLDER = new URL('../../schema/openapi/', import.meta.url);
const NAMES = readdirSync(FOLDER).map((file) => file.replace(/\.json$/, ''));
const read = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, FOLDER), 'utf8')) as OpenApiDocument;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

function operations(document: OpenApiDocument): [string, string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => [path, method, operation] as [string, string, Operation]),
  );
}

describe('the OpenAPI documents', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('are one per interface plus the combined one, checked in', async () => {
    const { interfaces } = await loadModuleApis();
    expect(NAMES.sort()).toEqual(['all', ...interfaces.map((api) => api.slug)].sort());
  });

  it.each(NAMES)('%s is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async (name) => {
    const result = await validate(read(name) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('are served as checked in, the combined one also at /openapi.json', async () => {
    const index = (await (await fetch(`${server.url}/openapi`)).json()) as { documents: { name: string; url: string }[] };
    expect(index.documents.map((entry) => entry.name).sort()).toEqual([...NAMES].sort());
    for (const { name, url } of index.documents) {
      expect(await (await fetch(`${server.url}${url}`)).json(), name).toEqual(read(name));
    }
    expect(await (await fetch(`${server.url}/openapi.json`)).json()).toEqual(read('all'));
    expect((await fetch(`${server.url}/openapi/none.json`)).status).toBe(404);
  });

  it('give every operation a unique operationId, a tag, its security and a summary', () => {
    const all = operations(read('all'));
    expect(all.length).toBeGreaterThan(40);
    const ids = all.map(([, , operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, method, operation] of all) {
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(operation.description, `${method} ${path}`).toBeTruthy();
      // The platforms' inbound URL is authenticated by its key and their signatures, not by a Ponte credential.
      expect(operation.security, `${method} ${path}`).toEqual(operation.operationId === 'receiveChannelNotification' ? [] : [expect.objectContaining({})]);
    }
  });

  it('put every operation of the combined document in an interface document', () => {
    const inInterfaces = new Set(NAMES.filter((name) => name !== 'all').flatMap((name) => operations(read(name)).map(([, , operation]) => operation.operationId)));
    expect(operations(read('all')).map(([, , operation]) => operation.operationId).filter((id) => !inInterfaces.has(id))).toEqual([]);
  });

  it('answer 204 without content for every DELETE, and list the Problem of each error', () => {
    for (const [path, method, operation] of operations(read('all'))) {
      const responses = operation.responses ?? {};
      if (method === 'delete') {
        expect(Object.keys(responses).filter((status) => status.startsWith('2')), path).toEqual(['204']);
        expect(responses['204']!.content, path).toBeUndefined();
      }
      for (const [status, response] of Object.entries(responses).filter(([status]) => Number(status) >= 400)) {
        expect(response.content?.['application/problem+json']?.schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
      }
      expect(Object.keys(responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '503']));
    }
  });

  it('name the seller token scope each operation needs, beside a bearer requirement without scopes', () => {
    const listOrders = operations(read('orders')).find(([, , operation]) => operation.operationId === 'listOrders')![2];
    expect(listOrders.security).toEqual([{ sellerToken: [] }]);
    expect(listOrders['x-required-scopes']).toEqual(['orders:read']);
    expect(listOrders.description).toContain('`orders:read`');
    expect(Object.keys(listOrders.responses!)).toEqual(['200', '401', '403', '422', '429', '503']);
    const register = operations(read('logistics')).find(([, , operation]) => operation.operationId === 'registerLogisticsWebhook')![2];
    expect(register.security).toEqual([{ applicationCredential: [] }]);
  });

  it('carry an example valid against its schema on every request, success and delivery body', () => {
    for (const name of NAMES) {
      const document = read(name);
      const ajv = new Ajv2020({ strict: false });
      addFormats(ajv);
      ajv.addSchema({ $id: 'components.json', $defs: refsTo(document.components?.schemas ?? {}) });
      const items = [...Object.entries(document.paths ?? {}), ...Object.entries(document.webhooks ?? {})];
      let checked = 0;
      const invalid: unknown[] = [];
      for (const [path, item] of items) {
        for (const [method, operation] of Object.entries(item).filter(([key]) => METHODS.includes(key))) {
          const bodies = [
            operation.requestBody?.content['application/json'],
            ...Object.entries(operation.responses ?? {})
              .filter(([status]) => status.startsWith('2'))
              .map(([, response]) => response.content?.['application/json']),
          ].filter((media) => media?.schema);
          for (const media of bodies) {
            expect(media!.example, `${name}: ${method} ${path}`).toBeDefined();
            const check = ajv.compile(refsTo(media!.schema!));
            if (!check(media!.example)) invalid.push({ body: `${method} ${path}`, errors: check.errors?.map((error) => `${error.instancePath} ${error.message}`) });
            checked++;
          }
        }
      }
      expect(invalid, name).toEqual([]);
      expect(checked, name).toBeGreaterThan(2);
    }
  });

  it('describe one delivery per event in the webhooks section of each interface that delivers', () => {
    const webhooks = read('webhooks');
    expect(Object.keys(webhooks.webhooks ?? {})).toContain('pedido.criado');
    expect(Object.keys(read('support').webhooks ?? {}).sort()).toEqual(['aplicativo.removido', 'atendimento.criado', 'atendimento.encerrado', 'atendimento.mensagem']);
    expect(read('orders').webhooks).toBeUndefined();
  });
});

describe('the error catalogue', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server.close());

  it('serves a page at the type URI of every problem, and an index with an anchor each', async () => {
    for (const code of PROBLEM_CODES) {
      const response = await fetch(`${server.url}${problemTypeUri(code)}`);
      expect(response.status, code).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain(code);
    }
    const index = await (await fetch(`${server.url}/problems`)).text();
    for (const code of PROBLEM_CODES) expect(index).toContain(`id="${problemTypeUri(code).split('/').pop()}"`);
    expect((await fetch(`${server.url}/problems/no-such-problem`)).status).toBe(404);
  });

  it('is where an actual problem\'s type points', async () => {
    const problem = (await (await fetch(`${server.url}/pedidos`)).json()) as { type: string; code: string };
    expect(problem.code).toBe('UNAUTHENTICATED');
    const page = await fetch(new URL(problem.type, server.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('UNAUTHENTICATED');
  });
});

describe('the HTTP-client collections', () => {
  it('hold a request per operation of their document (and setup requests from others), with variables and tests', () => {
    for (const name of NAMES) {
      const collection = JSON.parse(readFileSync(new URL(`../../collections/${name}.postman_collection.json`, import.meta.url), 'utf8')) as {
        info: { schema: string };
        item: { id: string; name: string; event: { listen: string; script: { exec: string[] } }[]; request: { url: { raw: string; variable?: { key: string; value: string }[] }; auth: { type: string; bearer?: { value: string }[] } } }[];
        variable: { key: string }[];
      };
      expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
      const ids = collection.item.map((item) => item.id);
      expect(ids, name).toEqual(expect.arrayContaining(operations(read(name)).map(([, , operation]) => operation.operationId)));
      expect(new Set(ids).size).toBe(ids.length);
      expect(collection.variable.map((variable) => variable.key).slice(0, 3)).toEqual(['baseUrl', 'token', 'applicationCredential']);
      for (const item of collection.item) {
        expect(item.request.url.raw.startsWith('{{baseUrl}}/')).toBe(true);
        // Inbound platform notifications (`/entrada/…`) carry the platform's own signature, no bearer.
        if (item.request.auth.type === 'noauth') expect(item.request.url.raw, item.id).toMatch(/^\{\{baseUrl\}\}\/entrada\//);
        else expect(item.request.auth.bearer?.[0]?.value).toMatch(/^\{\{(token|applicationCredential)\}\}$/);
        const test = item.event.find((event) => event.listen === 'test')!.script.exec.join('\n');
        expect(test, item.id).toContain('pm.test(');
        // No path parameter goes out empty: each is a variable an earlier request set, or a key.
        for (const variable of item.request.url.variable ?? []) expect(variable.value, `${item.id} :${variable.key}`).toMatch(/^(\{\{\w+\}\}|[^{}]+)$/);
      }
    }
  });
});

function refsTo<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components.json#/$defs/')) as T;
}

