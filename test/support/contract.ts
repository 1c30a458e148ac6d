/**
 * The contract check every test file runs (vitest `setupFiles`): each REST answer any
 * test receives from a Ponte server in this process is checked against that server's
 * combined OpenAPI document (status listed, media type listed, body valid against the
 * response schema), and each webhook delivery a test receiver gets is checked against its
 * event's JSON Schema in schema/events/. A mismatch fails the test that was running.
 *
 * Servers are found through Fastify's `fastify.initialization` diagnostics channel, so
 * every server a test builds (startTestApp or buildServer) is covered without the tests
 * knowing. Routes a test adds itself (not in the document) are not checked.
 */
import { subscribe } from 'node:diagnostics_channel';
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach } from 'vitest';
import type { OpenApiDocument, Operation } from '../../src/http/openapi/document-types.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const PROCESS_STATE = Symbol.for('ponte.test.contract');
interface ContractState {
  violations: string[];
  subscribed: boolean;
}

/**
 * Test files share a worker's modules (vitest.config.ts, isolate: false) but this setup
 * file runs again for each of them, as a new module: a receiver module loaded by an earlier
 * file still reports to the first evaluation. One list and one channel subscription per
 * process, kept on globalThis, so every report reaches the afterEach of the file running.
 */
const shared = ((globalThis as unknown as Record<symbol, ContractState | undefined>)[PROCESS_STATE] ??= { violations: [], subscribed: false });
const violations = shared.violations;

/** Records a breach of the contract; the running test fails with it. */
export function reportContractViolation(message: string): void {
  violations.push(message);
}

afterEach(() => {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`The contract does not hold (${found.length}):\n${found.slice(0, 10).join('\n')}`);
});

if (!shared.subscribed) {
  shared.subscribed = true;
  subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onSend', async (request, reply, payload) => {
      checkAnswer(fastify, request, reply, payload);
      return payload;
    });
  });
}

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

const COMPONENTS = 'components.json';
const checkers = new WeakMap<object, { ajv: Ajv2020; compiled: Map<string, ValidateFunction> }>();

function checkAnswer(fastify: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const pattern = request.routeOptions.url;
  if (!pattern || !('swagger' in fastify)) return;
  const document = (fastify as unknown as { swagger(): OpenApiDocument }).swagger();
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = document.paths?.[path]?.[request.method.toLowerCase()] as Operation | undefined;
  if (!operation) return;
  const where = `${request.method} ${path} → ${reply.statusCode}`;
  const response = operation.responses?.[String(reply.statusCode)];
  if (!response) return reportContractViolation(`${where}: the document lists no ${reply.statusCode} for ${operation.operationId} (${body(payload).slice(0, 300)})`);
  if (reply.statusCode === 204) return;
  if (!response.content) {
    if (body(payload) !== '') reportContractViolation(`${where}: the document says no content, the answer has a body`);
    return;
  }
  const mediaType = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
  const media = response.content[mediaType];
  if (!media) return reportContractViolation(`${where}: answered ${mediaType}, the document lists ${Object.keys(response.content).join(', ')}`);
  if (!media.schema || typeof payload !== 'string') return;
  const validate = compiledFor(document, `${path} ${request.method} ${reply.statusCode} ${mediaType}`, media.schema);
  if (!validate(JSON.parse(payload))) {
    reportContractViolation(`${where}: the body does not match the document: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
  }
}

function compiledFor(document: OpenApiDocument, key: string, schema: object): ValidateFunction {
  let checker = checkers.get(document);
  if (!checker) {
    const ajv = newAjv();
    ajv.addSchema({ $id: COMPONENTS, $defs: localRefs(document.components?.schemas ?? {}) });
    checker = { ajv, compiled: new Map() };
    checkers.set(document, checker);
  }
  let validate = checker.compiled.get(key);
  if (!validate) {
    validate = checker.ajv.compile(localRefs(schema));
    checker.compiled.set(key, validate);
  }
  return validate;
}

/** `#/components/schemas/X` → `components.json#/$defs/X`: the components as one schema Ajv knows. */
function localRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`)) as T;
}

function body(payload: unknown): string {
  if (payload === null || payload === undefined) return '';
  return typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : '[stream]';
}

const EVENTS_FOLDER = new URL('../../schema/events/', import.meta.url);
const eventValidators = new Map<string, ValidateFunction>();
const eventsAjv = newAjv();

/**
 * Checks one delivery body against the event's schema in schema/events/: the webhooks
 * interface's for its signed envelope (`{id, evento, dataHora, data}`), a product's for
 * `{evento, data}` (the event's schema in any product folder).
 */
export function checkDelivery(rawBody: string): void {
  let body: { evento?: unknown; dataHora?: unknown };
  try {
    body = JSON.parse(rawBody) as { evento?: unknown };
  } catch {
    return reportContractViolation(`a delivery is not JSON: ${rawBody.slice(0, 200)}`);
  }
  const event = String(body.evento);
  const folder = 'dataHora' in body ? 'webhooks' : undefined;
  const folders = folder ? [folder] : readdirSync(EVENTS_FOLDER).filter((name) => name !== 'webhooks');
  const file = folders.map((name) => `${name}/${event}.json`).find((candidate) => exists(new URL(candidate, EVENTS_FOLDER)));
  if (!file) return reportContractViolation(`a delivery of ${event}: no schema in schema/events/${folder ?? '<product>'}/`);
  let validate = eventValidators.get(file);
  if (!validate) {
    validate = eventsAjv.compile(JSON.parse(readFileSync(new URL(file, EVENTS_FOLDER), 'utf8')) as object);
    eventValidators.set(file, validate);
  }
  if (!validate(body)) reportContractViolation(`a delivery of ${event} does not match schema/events/${file}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}

function exists(url: URL): boolean {
  try {
    readFileSync(url);
    return true;
  } catch {
    return false;
  }
}
