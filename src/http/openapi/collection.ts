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
        ...Object.values(step.body).flatMap((field) => ('variable' in field && field.variable ? [field.variable] : [])),
        ...(step.conflictUnless ? [step.conflictUnless.variable] : []),
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
  const example = step.signed ? step.signed.body : bodyExample(operation, combined);
  const credential = application ? 'applicationCredential' : 'token';
  const events = [{ listen: 'test', script: { type: 'text/javascript', exec: requestTest(step) } }];
  const before = [
    ...(step.graphqlId ? graphqlFixture(step.graphqlId, credential) : []),
    ...freshSecrets(step),
    ...recentInstants(step),
    ...(step.conflictUnless ? stateRead(step, step.conflictUnless, credential) : []),
    ...(step.signed ? signature(step.signed) : []),
  ];
  if (before.length > 0) events.unshift({ listen: 'prerequest', script: { type: 'text/javascript', exec: before } });
  return {
    id: step.operationId,
    name: `${step.setup ? 'Setup: ' : ''}${operation.summary ?? step.operationId}`,
    event: events,
    request: {
      method: step.method.toUpperCase(),
      description: [step.operationId, operation.description].filter(Boolean).join(': '),
      auth: operation.security?.length ? { type: 'bearer', bearer: [{ key: 'token', value: `{{${credential}}}`, type: 'string' }] } : { type: 'noauth' },
      header: [
        ...(example === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }]),
        ...Object.entries(step.signed?.headers ?? {}).map(([key, value]) => ({ key, value })),
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
    target[keys.at(-1)!] = 'variable' in source && source.variable ? `{{${source.variable}}}` : '{{$guid}}';
  }
  return body;
}

function successStatuses(step: Step): number[] {
  return Object.keys(step.operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .map(Number);
}

/** The request's own tests: its status (the one its item's state calls for), and the ids it keeps for later requests. */
function requestTest(step: Step): string[] {
  return [...(step.conflictUnless ? stateTest(step, step.conflictUnless) : statusTest(step)), ...step.sets.flatMap((set) => keep(step, set))];
}

function statusTest(step: Step): string[] {
  const statuses = successStatuses(step);
  return [
    `pm.test(${JSON.stringify(`${step.operationId} answers ${statuses.join(' or ')}`)}, function () {`,
    `  pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)});`,
    '});',
  ];
}

/** Success from the states the route names, 409 CONFLICT from the others: the state is what stateRead found just before. */
function stateTest(step: Step, { variable, values }: NonNullable<Step['conflictUnless']>): string[] {
  const statuses = successStatuses(step);
  const ready = Object.entries(values).map(([key, allowed]) => `${JSON.stringify(allowed)}.indexOf(state[${JSON.stringify(key)}]) >= 0`);
  return [
    `var state = JSON.parse(pm.collectionVariables.get(${JSON.stringify(variable)}) || '{}');`,
    `if (${ready.join(' && ')}) {`,
    `  pm.test(${JSON.stringify(`${step.operationId} answers ${statuses.join(' or ')} for an item with `)} + JSON.stringify(state), function () {`,
    `    pm.expect(pm.response.code).to.be.oneOf(${JSON.stringify(statuses)});`,
    '  });',
    '} else {',
    `  pm.test(${JSON.stringify(`${step.operationId} answers 409 CONFLICT for an item with `)} + JSON.stringify(state) + ${JSON.stringify(` (it succeeds with ${JSON.stringify(values)})`)}, function () {`,
    '    pm.expect(pm.response.code).to.equal(409);',
    "    pm.expect(pm.response.json().code).to.equal('CONFLICT');",
    '  });',
    '}',
  ];
}

/** Keeps a value of the answer in a collection variable for later requests. */
function keep(step: Step, { variable, from }: Step['sets'][number]): string[] {
  const name = JSON.stringify(variable);
  const property = JSON.stringify(from.property);
  switch (from.kind) {
    case 'field':
      return [`pm.collectionVariables.set(${name}, pm.response.json()[${property}]);`];
    case 'last':
      return [`var made = pm.response.json()[${JSON.stringify(from.list)}] || [];`, `pm.collectionVariables.set(${name}, made.length ? made[made.length - 1][${property}] : '');`];
    case 'segment':
      return [`pm.collectionVariables.set(${name}, String(pm.response.json()[${property}] || '').split('/').pop());`];
    case 'first':
      return firstOfList(step, variable, from.property);
  }
}

/** The first item of a list, which may still be empty when what fills it is asynchronous (a delivery): the request is sent again until it has one. */
function firstOfList(step: Step, variable: string, property: string): string[] {
  const tries = JSON.stringify(`${variable}Tries`);
  return [
    'var first = (pm.response.json().data || [])[0];',
    'if (first) {',
    `  pm.collectionVariables.set(${JSON.stringify(variable)}, first[${JSON.stringify(property)}]);`,
    `  pm.collectionVariables.unset(${tries});`,
    '} else {',
    `  var tries = Number(pm.collectionVariables.get(${tries}) || 0);`,
    `  pm.test(${JSON.stringify(`${step.operationId} lists an item within ${(WAIT_TRIES * WAIT_MS) / 1000} s`)}, function () {`,
    `    pm.expect(tries).to.be.below(${WAIT_TRIES});`,
    '  });',
    `  if (tries < ${WAIT_TRIES}) {`,
    `    pm.collectionVariables.set(${tries}, tries + 1);`,
    `    setTimeout(function () {}, ${WAIT_MS});`,
    `    postman.setNextRequest(${JSON.stringify(step.operationId)});`,
    '  }',
    '}',
  ];
}

/** Before a request that sends a fresh value a later request needs (a webhook secret it signs with): the value, kept. */
function freshSecrets(step: Step): string[] {
  return Object.values(step.body).flatMap((source) =>
    'fresh' in source && source.variable ? [`pm.collectionVariables.set(${JSON.stringify(source.variable)}, pm.variables.replaceIn('{{$guid}}'));`] : [],
  );
}

/** Before a request whose answer depends on its item's state: the item, read with the same credential, its fields that matter kept. */
function stateRead(step: Step, { path, variable, values }: NonNullable<Step['conflictUnless']>, credential: string): string[] {
  const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const source = step.params[name]!;
    return 'variable' in source ? `{{${source.variable}}}` : source.value;
  });
  return [
    'pm.sendRequest({',
    `  url: pm.variables.replaceIn(${JSON.stringify(`{{baseUrl}}${url}`)}),`,
    "  method: 'GET',",
    `  header: { authorization: 'Bearer ' + pm.variables.get(${JSON.stringify(credential)}) },`,
    '}, function (error, response) {',
    '  if (error) throw error;',
    '  var item = response.json();',
    `  pm.collectionVariables.set(${JSON.stringify(variable)}, JSON.stringify({ ${Object.keys(values).map((key) => `${JSON.stringify(key)}: item[${JSON.stringify(key)}]`).join(', ')} }));`,
    '});',
  ];
}

/** Before a platform's signed request: the signature of the body as sent, under the secret an earlier request set (Postman's sandbox has CryptoJS). */
function signature({ header, secretVariable }: NonNullable<Step['signed']>): string[] {
  return [
    "var CryptoJS = require('crypto-js');",
    `var secret = pm.collectionVariables.get(${JSON.stringify(secretVariable)});`,
    'var body = pm.variables.replaceIn(pm.request.body.raw);',
    `pm.request.headers.upsert({ key: ${JSON.stringify(header)}, value: CryptoJS.HmacSHA256(body, secret).toString(CryptoJS.enc.Base64) });`,
  ];
}

/** Before a request with instants relative to the run: each set from the clock. */
function recentInstants(step: Step): string[] {
  return Object.values(step.body).flatMap((source) =>
    'recent' in source ? [`pm.collectionVariables.set(${JSON.stringify(source.variable)}, new Date(Date.now() + ${source.recent}).toISOString());`] : [],
  );
}

/** Before a request whose id only GraphQL makes: the mutation, with the request's own credential. */
function graphqlFixture(fixture: NonNullable<Step['graphqlId']>, credential: string): string[] {
  return [
    'pm.sendRequest({',
    `  url: pm.variables.replaceIn('{{baseUrl}}/graphql'),`,
    `  method: 'POST',`,
    `  header: { 'content-type': 'application/json', authorization: 'Bearer ' + pm.variables.get(${JSON.stringify(credential)}) },`,
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
