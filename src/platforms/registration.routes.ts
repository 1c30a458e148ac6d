import { Type } from 'typebox';
import { callingApplication } from '../auth/auth.routes.js';
import { registerPageRoute } from '../http/page-route.js';
import { listRequest, pageResponse } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import { NO_CONTENT, type RestApp, type RestRoutes } from '../http/rest.js';
import { getDeliveryView, listDeliveryViews, redeliver } from '../webhooks/delivery.service.js';
import { DeliveryResponse, deliveryQuery, FINISHED_DELIVERY_STATUSES } from '../webhooks/webhooks.schemas.js';
import { applicationReader } from './application-delivery-log.js';
import type { PlatformProductDefinition } from './platform-product.js';
import { PLATFORM_PRODUCT_KEYS, PLATFORM_PRODUCTS, platformProductBaseUrl, type PlatformProduct } from './platform-products.js';
import { platformProductDeliveriesTag, platformProductTag } from './platforms.interface.js';
import type { Registration } from './registration.entity.js';
import { deleteRegistration, listRegistrations, createRegistration } from './registration.service.js';

const RegistrationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  product: Type.Enum([...PLATFORM_PRODUCT_KEYS]),
  createdAt: Type.String({ format: 'date-time' }),
});

const IdParams = Type.Object({ id: Type.String({ description: 'Webhook id (UUID)' }) });
const security = [{ applicationCredential: [] }];

function bodySchema(product: PlatformProductDefinition) {
  const events = product.events.map((event) => event.name);
  return Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: product.delivery.requireHttps ? 'Public https URL' : 'Public http(s) URL',
      }),
      events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 10,
        description: `Event names of this product: ${events.join(', ')}`,
      }),
    },
    { additionalProperties: false, examples: [{ url: 'https://receiver.example.com/ponte', events }] },
  );
}

const view = (registration: Registration) => ({
  id: registration.id,
  url: registration.url,
  events: registration.events,
  product: registration.product,
  createdAt: registration.createdAt.toISOString(),
});

/**
 * `{product}/api/v1/webhook…` (docs/platforms.md, "Registration API") for one product, mounted under its path. The
 * application credential is checked in onRequest, before the body is validated, so a
 * caller without one learns nothing but 401.
 */
function productRoutes(app: RestApp, definition: PlatformProductDefinition<PlatformProduct>, deps: Parameters<RestRoutes>[1]): void {
  const { config } = deps;
  const product = definition.key;
  const tags = [platformProductTag(definition).name];
  const name = `${product[0]!.toUpperCase()}${product.slice(1)}`;
  const base = platformProductBaseUrl(definition, config);
  app.addHook('onRequest', async (request) => {
    callingApplication(request);
  });

  app.post(
    '/api/v1/webhook/novo',
    {
      schema: {
        tags,
        security,
        operationId: `register${name}Webhook`,
        summary: `Register a ${product} webhook for the calling application`,
        description: `Public base URL: ${definition.publicUrl.variable}, by default this server's ${definition.mountPath}. Location points at the new webhook under that base.`,
        body: bodySchema(definition),
        response: {
          201: RegistrationSchema,
          409: problemResponse(`QUOTA_EXCEEDED: the application already keeps as many ${product} webhooks as allowed (PRODUCT_REGISTRATIONS_MAX, in \`limit\`)`),
        },
      },
    },
    async (request, reply) => {
      const registration = await createRegistration(request.em, request.applicationId!, product, request.body, config);
      return reply.status(201).header('location', `${base}/api/v1/webhook/${registration.id}`).send(view(registration));
    },
  );

  registerPageRoute(app, { max: config.pageSizeMax, default: config.pageSizeDefault }, {
    url: '/api/v1/webhook',
    tags,
    security,
    operationId: `list${name}Webhooks`,
    summary: `The calling application's ${product} webhooks`,
    item: RegistrationSchema,
    list: (request, page) => listRegistrations(request.em, request.applicationId!, product, page),
    view,
  });

  app.delete(
    '/api/v1/webhook/:id',
    {
      schema: {
        tags,
        security,
        operationId: `delete${name}Webhook`,
        summary: `Remove a ${product} webhook; what it still owed is cancelled`,
        params: IdParams,
        response: { 204: NO_CONTENT },
      },
    },
    async (request, reply) => {
      await deleteRegistration(request.em, request.applicationId!, product, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const deliveryTags = [platformProductDeliveriesTag(definition).name];
  app.get(
    '/api/v1/webhook/entregas',
    {
      // The log has an entry once the application registered and one of the product's events happened.
      config: { collection: { after: [`register${name}Webhook`, definition.sources.eventSource] } },
      schema: {
        tags: deliveryTags,
        security,
        operationId: `list${name}Deliveries`,
        summary: `The calling application's ${product} delivery log, newest first, with their latest attempts (its registrations only, every seller that installed it)`,
        querystring: deliveryQuery(config.pageSizeMax).schema,
        response: { 200: pageResponse(DeliveryResponse) },
      },
    },
    async (request) => {
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return listDeliveryViews(request.em, applicationReader(request.applicationId!, product), filter, page);
    },
  );

  app.get(
    '/api/v1/webhook/entregas/:id',
    {
      schema: {
        tags: deliveryTags,
        security,
        operationId: `get${name}Delivery`,
        summary: `One ${product} delivery of the calling application, with its attempts`,
        params: IdParams,
        response: { 200: DeliveryResponse },
      },
    },
    async (request) => getDeliveryView(request.em, applicationReader(request.applicationId!, product), request.params.id),
  );

  app.post(
    '/api/v1/webhook/entregas/:id/reenvio',
    {
      config: { collection: { conflictUnless: { status: FINISHED_DELIVERY_STATUSES } } },
      schema: {
        tags: deliveryTags,
        security,
        operationId: `redeliver${name}Delivery`,
        summary: `Send one of the calling application's ${product} deliveries again (same webhook id, a fresh round of attempts)`,
        params: IdParams,
        response: { 202: DeliveryResponse, 409: problemResponse('CONFLICT: the delivery is still owed (pending or retrying: only a finished one is sent again), or its registration is removed') },
      },
    },
    async (request, reply) => reply.status(202).send(await redeliver(request.em, applicationReader(request.applicationId!, product), request.params.id)),
  );
}

/** The three products, each in its own encapsulated plugin under its mount path. */
export const productRegistrationRoutes: RestRoutes = async (app, deps) => {
  for (const product of PLATFORM_PRODUCTS) {
    await app.register(async (scoped) => productRoutes(scoped as RestApp, product, deps), { prefix: product.mountPath });
  }
};
