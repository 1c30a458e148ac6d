import { COLLECTION_KEY, type CollectionHint } from './collection-hints.js';
import type { JsonSchema, OpenApiDocument, Operation } from './document-types.js';
import { exampleOf } from './examples.js';
import { HTTP_METHODS } from './problems.js';

/**
 * Where an answer holds a value later requests use: a field of the answer (the id of what
 * it made), of the first item of its `data` (a list, asked again until it has one), of
 * the last item of another of its lists, or the last path segment of a URL field.
 */
export type AnswerValue =
  | { kind: 'field'; property: string }
  | { kind: 'first'; property: string }
  | { kind: 'last'; list: string; property: string }
  | { kind: 'segment'; property: string };

/** One request of a collection, with where each value it sends comes from and what it keeps for later ones. */
export interface Step {
  operationId: string;
  method: string;
  path: string;
  operation: Operation;
  /** Path parameters: a collection variable set by an earlier request, or a literal (a key such as a SKU). */
  params: Record<string, { variable: string } | { value: string }>;
  /** Body fields (JSON pointers) sent as a collection variable, as a fresh UUID (kept in `variable` when a later request needs it), or as an instant relative to the run. */
  body: Record<string, { variable: string } | { fresh: true; variable?: string } | { recent: number; variable: string }>;
  /** Variables set from the answer. */
  sets: { variable: string; from: AnswerValue }[];
  /** Run before the request: a GraphQL mutation whose answer sets a variable. */
  graphqlId?: { variable: string; mutation: string; id: string };
  /** Read before the request (`path`, a GET, into `variable`): it succeeds when the item has these values, else answers 409 (CollectionHint.conflictUnless). */
  conflictUnless?: { path: string; variable: string; values: Readonly<Record<string, readonly unknown[]>> };
  /** A platform's signed request (CollectionHint.signed), signed with the secret in `secretVariable`. */
  signed?: { body: unknown; headers: Readonly<Record<string, string>>; header: string; secretVariable: string };
  /** Not an operation of the collection's document: run to make what one of them needs. */
  setup: boolean;
}

/** How the requests find their values: a resource (a path up to a parameter) and who makes it. */
interface Producer {
  operationId: string;
  from: AnswerValue;
}

/** The words of a path that name things (not `api`, not a version). */
function words(path: string): string[] {
  return path.split('/').filter((segment) => segment && !segment.startsWith('{') && segment !== 'api' && !/^v\d+$/.test(segment));
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (parts: string[]) =>
  parts
    .flatMap((part) => part.split(/[-_]/))
    .map((part, index) => (index === 0 ? part : capital(part)))
    .join('');

/** `/pedidos/{id}/envios` and `id` → `/pedidos`: the collection the parameter picks an item of. */
function resourceOf(path: string, param: string): string {
  return path.slice(0, path.indexOf(`/{${param}}`));
}

/** The collection variable holding a resource's parameter: `/webhooks/assinaturas` + `id` → `webhooksAssinaturasId`. */
export function variableOf(resource: string, param: string): string {
  return camel([...words(resource), param]);
}

interface Entry {
  operationId: string;
  method: string;
  path: string;
  operation: Operation;
}

function entriesOf(document: OpenApiDocument): Entry[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ operationId: String(operation.operationId), method, path, operation })),
  );
}

function hintOf(operation: Operation): CollectionHint {
  return (operation[COLLECTION_KEY] as CollectionHint | undefined) ?? {};
}

/**
 * The requests of a collection, in an order where each has what it needs: the document's
 * operations, plus setup requests from the combined document that make what they need
 * (the order a shipment belongs to), creates and upserts before reads, reads before
 * updates, and deletes last, each after every other request that uses what it deletes.
 * An id nothing makes stops the printing with the route's name: a route that can say where
 * it comes from declares a hint.
 */
export function planCollection(document: OpenApiDocument, combined: OpenApiDocument): Step[] {
  const all = entriesOf(combined);
  const byId = new Map(all.map((entry) => [entry.operationId, entry]));
  const resolve = (ref: string) => combined.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};
  const steps = new Map<string, Step>();
  const needs = new Map<string, Set<string>>();

  const add = (entry: Entry, setup: boolean): Step => {
    const known = steps.get(entry.operationId);
    if (known) return known;
    const hint = hintOf(entry.operation);
    const step: Step = { ...entry, params: {}, body: {}, sets: [], setup };
    steps.set(entry.operationId, step);
    const deps = new Set<string>();
    needs.set(entry.operationId, deps);
    const chain = (resource: string, param: string, what: string): string => {
      const variable = variableOf(resource, param);
      const producer = producerOf(all, resource, param, resolve);
      if (!producer) throw new Error(`${entry.operationId}: no operation makes the ${param} of ${resource} (${what}); declare where it comes from in the route's config.collection`);
      if (producer.operationId !== entry.operationId) {
        const made = add(byId.get(producer.operationId)!, !documentHas(document, producer.operationId));
        if (!made.sets.some((set) => set.variable === variable)) made.sets.push({ variable, from: producer.from });
        deps.add(producer.operationId);
      }
      return variable;
    };
    const needOf = (operationId: string): Step => {
      const before = byId.get(operationId);
      if (!before) throw new Error(`${entry.operationId}: runs after ${operationId}, which no route has`);
      deps.add(operationId);
      return add(before, !documentHas(document, operationId));
    };
    for (const parameter of entry.operation.parameters ?? []) {
      if (parameter.in !== 'path') continue;
      const resource = resourceOf(entry.path, parameter.name);
      const example = parameter.example ?? (Array.isArray(parameter.schema?.examples) ? parameter.schema.examples[0] : undefined);
      if (hint.graphqlId) {
        const variable = variableOf(resource, parameter.name);
        step.graphqlId = { variable, ...hint.graphqlId };
        step.params[parameter.name] = { variable };
      } else if (example !== undefined) {
        step.params[parameter.name] = { value: String(example) };
      } else {
        step.params[parameter.name] = { variable: chain(resource, parameter.name, `{${parameter.name}} in ${entry.path}`) };
      }
    }
    for (const [pointer, itemPath] of Object.entries(hint.ids ?? {})) {
      const param = /\{(\w+)\}$/.exec(itemPath)?.[1];
      if (!param) throw new Error(`${entry.operationId}: the hint for ${pointer} names ${itemPath}, not an item path`);
      step.body[pointer] = { variable: chain(resourceOf(itemPath, param), param, pointer) };
    }
    for (const pointer of hint.fresh ?? []) step.body[pointer] = { fresh: true };
    for (const [pointer, offset] of Object.entries(hint.recent ?? {})) step.body[pointer] = { recent: offset, variable: camel([entry.operationId, ...pointer.split('/')]) };
    if (hint.conflictUnless) step.conflictUnless = { ...itemRead(entry, all), variable: `${entry.operationId}State`, values: hint.conflictUnless };
    if (hint.signed) {
      const { secret, ...signed } = hint.signed;
      const secretVariable = camel([secret.operationId, ...secret.field.split('/')]);
      needOf(secret.operationId).body[secret.field] = { fresh: true, variable: secretVariable };
      step.signed = { ...signed, secretVariable };
    }
    let previous: string | undefined;
    for (const operationId of hint.after ?? []) {
      needOf(operationId);
      if (previous) needs.get(operationId)!.add(previous);
      previous = operationId;
    }
    return step;
  };

  for (const entry of entriesOf(document)) add(entry, false);
  // A delete comes after every other request that uses the variable it deletes by.
  for (const step of steps.values()) {
    if (step.method !== 'delete') continue;
    const used = new Set(Object.values(step.params).flatMap((param) => ('variable' in param ? [param.variable] : [])));
    for (const other of steps.values()) {
      if (other === step || other.method === 'delete') continue;
      if (Object.values(other.params).some((param) => 'variable' in param && used.has(param.variable))) needs.get(step.operationId)!.add(other.operationId);
    }
  }
  return ordered([...steps.values()], needs);
}

/** The GET of the item a request's path names (`/webhooks/entregas/{id}/reenvio` → `/webhooks/entregas/{id}`). */
function itemRead(entry: Entry, all: Entry[]): { path: string } {
  const path = entry.path.slice(0, entry.path.lastIndexOf('}') + 1);
  if (!path || !all.some((other) => other.method === 'get' && other.path === path)) throw new Error(`${entry.operationId}: no GET ${path || '(no parameter)'} reads the item its state depends on`);
  return { path };
}

function documentHas(document: OpenApiDocument, operationId: string): boolean {
  return entriesOf(document).some((entry) => entry.operationId === operationId);
}

const RANK: Record<string, number> = { put: 0, post: 1, get: 2, patch: 3, delete: 4 };

/** Dependencies first; among requests ready together, by method (creates, reads, updates, deletes), then as listed. */
function ordered(steps: Step[], needs: Map<string, Set<string>>): Step[] {
  const done = new Set<string>();
  const result: Step[] = [];
  const waiting = [...steps];
  while (waiting.length > 0) {
    const ready = waiting.filter((step) => [...needs.get(step.operationId)!].every((id) => done.has(id)));
    if (ready.length === 0) throw new Error(`The collection's requests wait on each other: ${waiting.map((step) => step.operationId).join(', ')}`);
    // Deletes wait until nothing else can run.
    const candidates = ready.some((step) => step.method !== 'delete') ? ready.filter((step) => step.method !== 'delete') : ready;
    const next = candidates.reduce((best, step) => (RANK[step.method]! < RANK[best.method]! ? step : best));
    result.push(next);
    done.add(next.operationId);
    waiting.splice(waiting.indexOf(next), 1);
  }
  return result;
}

/**
 * What makes the item `param` of `resource` names, in order of preference: a request that
 * says so (CollectionHint.makes), a create on the resource (`POST /pedidos` → its `id`), a
 * create of the same kind elsewhere (`POST /pedidos/{id}/envios` makes an item of
 * `/envios`), a create one word below (`POST …/webhook/novo`), and last the resource's
 * list (the first item of its `data`).
 */
function producerOf(all: Entry[], resource: string, param: string, resolve: (ref: string) => JsonSchema): Producer | undefined {
  const itemPath = `${resource}/{${param}}`;
  for (const entry of all) {
    const made = hintOf(entry.operation).makes?.[itemPath];
    if (made) return { operationId: entry.operationId, from: 'in' in made ? { kind: 'last', list: made.in, property: param } : { kind: 'segment', property: made.url } };
  }
  const last = resource.split('/').at(-1);
  const creates = all.filter((entry) => (entry.method === 'post' || entry.method === 'put') && hasProperty(successSchema(entry.operation), param, resolve));
  const create =
    creates.find((entry) => entry.path === resource) ??
    creates.find((entry) => entry.method === 'post' && entry.path !== resource && entry.path.endsWith(`/${last}`) && entry.path.includes('{')) ??
    creates.find((entry) => entry.method === 'post' && /^\/[^/{}]+$/.test(entry.path.slice(resource.length)) && entry.path.startsWith(`${resource}/`));
  if (create) return { operationId: create.operationId, from: { kind: 'field', property: param } };
  const list = all.find((entry) => entry.method === 'get' && entry.path === resource);
  const items = list ? property(successSchema(list.operation), 'data', resolve) : undefined;
  if (list && items && hasProperty((items.items ?? {}) as JsonSchema, param, resolve)) return { operationId: list.operationId, from: { kind: 'first', property: param } };
  return undefined;
}

function successSchema(operation: Operation): JsonSchema | undefined {
  const [, response] = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2') && status !== '204') ?? [];
  return response?.content?.['application/json']?.schema;
}

function property(schema: JsonSchema | undefined, name: string, resolve: (ref: string) => JsonSchema): JsonSchema | undefined {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return property(resolve(schema.$ref), name, resolve);
  const own = (schema.properties as Record<string, JsonSchema> | undefined)?.[name];
  if (own) return own;
  const parts = (schema.allOf ?? schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return parts?.map((part) => property(part, name, resolve)).find(Boolean);
}

function hasProperty(schema: JsonSchema | undefined, name: string, resolve: (ref: string) => JsonSchema): boolean {
  return property(schema, name, resolve) !== undefined;
}

/** The example of a JSON body, with `resolve` for its references. */
export function bodyExample(operation: Operation, combined: OpenApiDocument): unknown {
  const media = operation.requestBody?.content['application/json'];
  if (!media) return undefined;
  const resolve = (ref: string) => combined.components?.schemas?.[ref.replace('#/components/schemas/', '')] ?? {};
  return media.example ?? (media.schema ? exampleOf(media.schema, resolve) : {});
}
