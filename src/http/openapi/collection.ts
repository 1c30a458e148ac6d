import { bodyExample, planCollection, type Step } from './collection-plan.js';
import type { JsonSchema, OpenApiDocument } from './document-types.js';

const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const DEFAULT_BASE_URL = 'http://127.0.0.1:4000';
/** How long a request that waits for a list's first item (a delivery, made asynchronously) retries: 60 × 500 ms. */
const WAIT_TRIES = 60;
const WAIT_MS = 500;

/**
 * A Postman Collection v2.1 of a document that runs as it is (`npx newman run`) against a
 * fresh Ponte with the demo seller's token and application credential: its requests in an
 * order where each has what it needs (planCollection), ids carried from the answers that
 * make them to the requests that use them in collection variables, a test of the status
 * on every request and, for the whole collection, of each JSON answer against its schema
 * in the document. Postman, Insomnia, Bruno (import) and Hoppscotch read it; it is printed
 * from the document, never edited.
 */
export function postmanCollection(document: OpenApiDocument, name: string, combined: OpenApiDocument): unknown {
  const steps = planCollection(document, combined);
  const variables = [
    ...new Set(
      steps.flatMap((step) => [
        ...step.sets.map((set) => set.variable),
        ...(step.graphqlId ? [step.graphqlId.variable] : []),
        ...Object.values(step.params).flatMap((param) => ('variable' in param ? [param.variable] : [])),
      ]),
    ),
  ];
  return {
    info: {
      _postman_id: `ponte-${name}`,
      name: document.info.title,
      description: `${document.info.description ?? ''}\n\nGenerated from schema/openapi/${name}.json. Set baseUrl, token (a seller API token) and applicationCredential, e.g. with collections/local.postman_environment.json and the demo seller's values (README.md, "Postman collections"); requests run in order, each taking the ids earlier ones made.`,
      schema: POSTMAN_SCHEMA,
    },
    item: steps.map((step) => requestItem(step, combined)),
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: schemaTest(steps, combined) } }],
    variable: [
      { key: 'baseUrl', value: String(document.servers?.[0]?.variables?.baseUrl?.default ?? DEFAULT_BASE_URL), type: 'string' },
      { key: 'token', value: '', type: 'string', description: 'A seller API token (ponte_sk_…)' },
      { key: 'applicationCredential', value: '', type: 'string', description: 'An application credential (ponte_app_…)' },
      ...variables.map((key) => ({ key, value: '', type: 'string', description: 'Set by the request that makes it' })),
    ],
  };
}

/** The environment the collections read: fill token and applicationCredential (README.md, "Postman collections"). */
export function postmanEnvironment(): unknown {
  return {
    id: 'ponte-local',
    name: 'Ponte (local)',
    values: [
      { key: 'baseUrl', value: DEFAULT_BASE_URL, type: 'default', enabled: true },
      { key: 'token', value: '', type: 'secret', enabled: true },
      { key: 'applicationCredential', value: '', type: 'secret', enabled: true },
    ],
    _postman_variable_scope: 'environment',
  };
}

function requestItem(step: Step, combined: OpenApiDocument): unknown {
  const { operation } = step;
  const application = operation.security?.some((requirement) => 'applicationCredential' in requirement) ?? false;
  const parameters = operation.parameters ?? [];
  const segments = step.path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, ':$1'));
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const headers = parameters.filter((parameter) => parameter.in === 'header');
  const example = bodyExample(operation, combined);
  const events = [{ listen: 'test', script: { type: 'text/javascript', exec: requestTest(step) } }];
  const before = step.manual
    ? [`// ${step.manual}: send it by hand.`, 'pm.execution.skipRequest();']
    : [...(step.graphqlId ? graphqlFixture(step.graphqlId, application) : []), ...recentInstants(step)];
  if (before.length > 0) events.unshift({ listen: 'prerequest', script: { type: 'text/javascript', exec: before } });
  return {
    id: step.operationId,
    name: `${step.setup ? 'Setup: ' : ''}${step.manual ? '(by hand) ' : ''}${operation.summary ?? step.operationId}`,
    event: events,
    request: {
      method: step.method.toUpperCase(),
      description: [step.operationId, operation.description, ...(step.manual ? [`Skipped by collection runs: ${step.manual}.`] : []), ...(step.unresolved ?? []).map((what) => `Set by hand before running: ${what}.`)]
        .filter(Boolean)
        .join(': '),
      auth: operation.security?.length
        ? { type: 'bearer', bearer: [{ key: 'token', value: application ? '{{applicationCredential}}' : '{{token}}', type: 'string' }] }
        : { type: 'noauth' },
      header: [
        ...(example === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }]),
        ...headers.map((header) => ({ key: header.name, value: '', description: header.description ?? '', disabled: !header.required })),
      ],
      url: {
        raw: `{{baseUrl}}/${segments.join('/')}`,
        host: ['{{baseUrl}}'],
        path: segments,
        ...(query.length ? { query: query.map((parameter) => ({ key: parameter.name, value: '', description: parameter.description ?? '', disabled: true })) } : {}),
        ...(Object.keys(step.params).length
          ? {
              variable: parameters
                .filter((parameter) => parameter.in === 'path')
                .map((parameter) => {
                  const source = step.params[parameter.name]!;
                  return { key: parameter.name, value: 'variable' in source ? `{{${source.variable}}}` : source.value, description: parameter.description ?? '' };
                }),
            }
          : {}),
      },
      ...(example === undefined ? {} : { body: { mode: 'raw', raw: JSON.stringify(withVariables(example, step), null, 2), options: { raw: { language: 'json' } } } }),
    },
  };
}

/** The example body with the fields the step fills from variables (or fresh at each run) replaced by Postman placeholders. */
function withVariables(example: unknown, step: Step): unknown {
  const body = structuredClone(example) as Record<string, unknown>;
  for (const [pointer, source] of Object.entries(step.body)) {
    const keys = pointer.split('/').slice(1);
    let target = body as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    target[keys.at(-1)!] = 'variable' in source ? `{{${source.variable}}}` : '{{$guid}}';
  }
  return body;
}

function successStatuses(step: Step): number[] {
  return Object.keys(step.operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .map(Number);
}

/** The request's own tests: its status, and the ids it keeps for later requests. */
function requestTest(step: Step): string[] {
  const statuses = successStatuses(step);
  const lines = [
    `pm.test(${JSON.stringify(`${step.operationId} answers ${statuses.join(' or ')}`)}, function () {`,
    `  pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)});`,
    '});',
  ];
  for (const set of step.sets) {
    const variable = JSON.stringify(set.variable);
    if (!set.list) {
      lines.push(`pm.collectionVariables.set(${variable}, pm.response.json()[${JSON.stringify(set.property)}]);`);
      continue;
    }
    // The list may still be empty when what fills it is asynchronous (a delivery): ask again.
    const tries = JSON.stringify(`${set.variable}Tries`);
    const until = Object.entries(set.until ?? {}).map(([key, values]) => ` && ${JSON.stringify(values)}.indexOf(first[${JSON.stringify(key)}]) >= 0`).join('');
    lines.push(
      `const first = (pm.response.json().data || [])[0];`,
      `if (first${until}) {`,
      `  pm.collectionVariables.set(${variable}, first[${JSON.stringify(set.property)}]);`,
      `  pm.collectionVariables.unset(${tries});`,
      '} else {',
      `  const tries = Number(pm.collectionVariables.get(${tries}) || 0);`,
      `  pm.test(${JSON.stringify(`${step.operationId} lists ${set.until ? `an item with ${JSON.stringify(set.until)}` : 'an item'} within ${(WAIT_TRIES * WAIT_MS) / 1000} s`)}, function () {`,
      `    pm.expect(tries).to.be.below(${WAIT_TRIES});`,
      '  });',
      `  if (tries < ${WAIT_TRIES}) {`,
      `    pm.collectionVariables.set(${tries}, tries + 1);`,
      `    setTimeout(function () {}, ${WAIT_MS});`,
      `    postman.setNextRequest(${JSON.stringify(step.operationId)});`,
      '  }',
      '}',
    );
  }
  return lines;
}

/** Before a request with instants relative to the run: each set from the clock. */
function recentInstants(step: Step): string[] {
  return Object.values(step.body).flatMap((source) =>
    'recent' in source ? [`pm.collectionVariables.set(${JSON.stringify(source.variable)}, new Date(Date.now() + ${source.recent}).toISOString());`] : [],
  );
}

/** Before a request whose id only GraphQL makes: the mutation, with the request's own credential. */
function graphqlFixture(fixture: NonNullable<Step['graphqlId']>, application: boolean): string[] {
  return [
    'pm.sendRequest({',
    `  url: pm.variables.replaceIn('{{baseUrl}}/graphql'),`,
    `  method: 'POST',`,
    `  header: { 'content-type': 'application/json', authorization: 'Bearer ' + pm.variables.get(${JSON.stringify(application ? 'applicationCredential' : 'token')}) },`,
    `  body: { mode: 'raw', raw: JSON.stringify({ query: ${JSON.stringify(fixture.mutation)} }) },`,
    '}, function (error, response) {',
    '  if (error) throw error;',
    `  const value = ${JSON.stringify(fixture.id.split('.'))}.reduce(function (node, key) { return node && node[key]; }, response.json().data);`,
    `  pm.collectionVariables.set(${JSON.stringify(fixture.variable)}, value);`,
    '});',
  ];
}

/**
 * The collection's test of every answer: its JSON body against the document's schema for
 * that operation and status (Postman's validator is Ajv 6, draft-07: the components become
 * `definitions`).
 */
function schemaTest(steps: Step[], combined: OpenApiDocument): string[] {
  const responses: Record<string, Record<string, JsonSchema>> = {};
  for (const step of steps) {
    for (const [status, response] of Object.entries(step.operation.responses ?? {})) {
      const schema = response.content?.['application/json']?.schema ?? response.content?.['application/problem+json']?.schema;
      if (schema) (responses[step.operationId] ??= {})[status] = schema;
    }
  }
  const definitions = referenced(responses, combined);
  const draft7 = (value: unknown) => JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/definitions/');
  return [
    `var responses = ${draft7(responses)};`,
    `var definitions = ${draft7(definitions)};`,
    'var schema = (responses[pm.info.requestId] || {})[String(pm.response.code)];',
    'if (schema) {',
    `  pm.test(pm.info.requestId + ': the ' + pm.response.code + ' answer matches its schema in the OpenAPI document', function () {`,
    `    pm.response.to.have.jsonSchema(Object.assign({ definitions: definitions }, schema), { unknownFormats: 'ignore' });`,
    '  });',
    '}',
  ];
}

/** The components the schemas reference, directly or through each other. */
function referenced(schemas: unknown, combined: OpenApiDocument): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const visit = (value: unknown) => {
    for (const match of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!;
      if (found[name]) continue;
      found[name] = combined.components?.schemas?.[name] ?? {};
      visit(found[name]);
    }
  };
  visit(schemas);
  return Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
}
