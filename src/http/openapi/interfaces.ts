import type { TSchema } from 'typebox';
import { eventDefinition, type EventDefinition } from '../../events/event-registry.js';
import type { OpenApiDocument, PathItem, Tag } from './document-types.js';
import { HTTP_METHODS } from './problems.js';

/**
 * One interface of the service as a client team sees it (orders, catalogue and stock,
 * webhooks, the per-product webhook APIs, the portal's v2): the operations it holds (by
 * tag) and the events its receivers get. A module declares its interfaces; the OpenAPI
 * documents, event schemas and HTTP-client collections are printed per interface.
 */
export interface RestInterface {
  /** File and URL name: `schema/openapi/<slug>.json`, `/openapi/<slug>.json`. */
  slug: string;
  title: string;
  description: string;
  /** The operations of the interface, by their tags, and the tags' descriptions. */
  tags: readonly Tag[];
  deliveries?: EventDeliveries;
}

/** How the interface's receivers get events: the document's `webhooks` section and the event schemas. */
export interface EventDeliveries {
  /** The events a receiver may get (read when the document is printed, after the modules registered theirs). */
  events: () => readonly string[];
  /** The JSON body of one delivery of the event. */
  body: (event: EventDefinition) => TSchema;
  /** The headers of a delivery, by name. */
  headers: Readonly<Record<string, { description: string; schema: TSchema }>>;
  /** What the receiver answers for success, and what happens otherwise. */
  success: string;
}

/**
 * The `webhooks` section of an interface: one POST per event, its body the event's schema.
 * `idSuffix` tells apart the operationIds of a second, different delivery of the same event
 * in the combined document.
 */
export function webhooksOf(api: RestInterface, idSuffix = ''): Record<string, PathItem> {
  const deliveries = api.deliveries;
  if (!deliveries) return {};
  return Object.fromEntries(
    deliveries.events().map((name) => {
      const definition = eventDefinition(name);
      if (!definition) throw new Error(`Interface ${api.slug} delivers ${name}, which no module declares`);
      return [
        name,
        {
          post: {
            operationId: `on${pascalCase(name)}${idSuffix}`,
            summary: `The event ${name}, as ${api.title} delivers it`,
            description: `What your receiver gets for ${name}. ${deliveries.success}`,
            tags: ['events'],
            parameters: Object.entries(deliveries.headers).map(([header, { description, schema }]) => ({
              name: header,
              in: 'header',
              required: true,
              description,
              schema: schema as Record<string, unknown>,
            })),
            requestBody: { required: true, content: { 'application/json': { schema: deliveries.body(definition) as Record<string, unknown> } } },
            responses: { '2XX': { description: deliveries.success } },
          },
        },
      ];
    }),
  );
}

/**
 * The combined document cut down to one interface: its operations (by tag), its own
 * webhooks, and the components they reference.
 */
export function interfaceDocument(combined: OpenApiDocument, api: RestInterface): OpenApiDocument {
  const tags = new Set(api.tags.map((tag) => tag.name));
  const paths: Record<string, PathItem> = {};
  for (const [path, item] of Object.entries(combined.paths ?? {})) {
    const kept = Object.entries(item).filter(([method, operation]) => !HTTP_METHODS.has(method) || operation.tags?.some((tag) => tags.has(tag)));
    if (kept.some(([method]) => HTTP_METHODS.has(method))) paths[path] = Object.fromEntries(kept);
  }
  return {
    ...combined,
    info: { ...combined.info, title: `Ponte: ${api.title}`, description: api.description },
    tags: [...api.tags],
    paths,
    ...(api.deliveries ? { webhooks: webhooksOf(api) } : { webhooks: undefined }),
  };
}

/**
 * The combined document's webhooks: every interface's, by event name. An event two
 * interfaces deliver alike appears once; delivered differently, the later one is keyed
 * `<event> (<slug>)`.
 */
export function allWebhooks(interfaces: readonly RestInterface[]): Record<string, PathItem> {
  const webhooks: Record<string, PathItem> = {};
  // Interfaces sharing one way of delivering (the portal's are the webhooks interface's) list it once.
  const described = new Set<EventDeliveries>();
  for (const api of interfaces) {
    if (!api.deliveries || described.has(api.deliveries)) continue;
    described.add(api.deliveries);
    const plain = webhooksOf(api);
    const suffixed = webhooksOf(api, pascalCase(api.slug));
    for (const [name, item] of Object.entries(plain)) {
      if (!webhooks[name]) webhooks[name] = item;
      else webhooks[`${name} (${api.slug})`] = suffixed[name]!;
    }
  }
  return webhooks;
}

/** `pedido.status_alterado` → `PedidoStatusAlterado`, `portal-v2` → `PortalV2`. */
function pascalCase(name: string): string {
  return name.replace(/(^|[._-])(\w)/g, (_match, _separator, letter: string) => letter.toUpperCase());
}
