import { Type } from 'typebox';
import { callingApplication } from '../auth/routes.js';
import { listRequest, pageQuery, pageRequest, viewPage } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import type { RestApp, RestRoutes } from '../http/rest.js';
import { PRODUCTS, PRODUCT_RULES, productBaseUrl, type Product } from './catalogue.js';
import type { ProductWebhook } from './registration.entity.js';
import { getDeliveryView, listDeliveryViews, redeliver } from '../webhooks/delivery-service.js';
import { DeliveryResponse, deliveryQuery, listResponse } from '../webhooks/schemas.js';
import { applicationReader } from './registration-deliveries.js';
import { deleteProductWebhook, listProductWebhooks, registerProductWebhook } from './registrations.js';

const RegistrationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  product: Type.Enum([...PRODUCTS]),
  createdAt: Type.String({ format: 'date-time' }),
});

const IdParams = Type.Object({ id: Type.String({ description: 'Webhook id (UUID)' }) });
const security = [{ application: [] }];

function bodySchema(product: Product) {
  return Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: PRODUCT_RULES[product].requireHttps ? 'Public https URL' : 'Public http(s) URL',
      }),
      events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 10,
        description: `Event names of this product: ${PRODUCT_RULES[product].events.join(', ')}`,
      }),
    },
    { additionalProperties: false },
  );
}

const view = (registration: ProductWebhook) => ({
  id: registration.id,
  url: registration.url,
  events: registration.events,
  product: registration.product,
  createdAt: registration.createdAt.toISOString(),
});

/**
 * `{product}/api/v1/webhook…` of DESIGN §8 for one product, mounted under its path. The
 * application credential is checked in onRequest, before the body is validated, so a
 * caller without one learns nothing but 401.
 */
function productRoutes(app: RestApp, product: Product, deps: Parameters<RestRoutes>[1]): void {
  const { config } = deps;
  const tags = [`${product} webhooks`];
  const base = productBaseUrl(product, config);
  app.addHook('onRequest', async (request) => {
    callingApplication(request);
  });

  app.post(
    '/api/v1/webhook/novo',
    {
      schema: {
        tags,
        security,
        summary: `Register a ${product} webhook for the calling application`,
        description: `Public base URL: ${PRODUCT_RULES[product].baseUrlVariable}, by default this server's ${PRODUCT_RULES[product].mountPath}. Location points at the new webhook under that base.`,
        body: bodySchema(product),
        response: {
          201: RegistrationSchema,
          409: problemResponse(`QUOTA_EXCEEDED: the application already keeps as many ${product} webhooks as allowed (PRODUCT_REGISTRATIONS_MAX, in \`limit\`)`),
        },
      },
    },
    async (request, reply) => {
      const registration = await registerProductWebhook(request.em, request.applicationId!, product, request.body, config);
      return reply.status(201).header('location', `${base}/api/v1/webhook/${registration.id}`).send(view(registration));
    },
  );

  app.get(
    '/api/v1/webhook',
    {
      schema: {
        tags,
        security,
        summary: `The calling application's ${product} webhooks`,
        querystring: pageQuery(config.pageSizeMax).schema,
        response: { 200: Type.Object({ data: Type.Array(RegistrationSchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    async (request) =>
      viewPage(await listProductWebhooks(request.em, request.applicationId!, product, pageRequest(request.query, config.pageSizeDefault)), (rows) => rows.map(view)),
  );

  app.delete(
    '/api/v1/webhook/:id',
    { schema: { tags, security, summary: `Remove a ${product} webhook; what it still owed is cancelled`, params: IdParams } },
    async (request, reply) => {
      await deleteProductWebhook(request.em, request.applicationId!, product, request.params.id);
      return reply.status(204).send();
    },
  );

  const deliveryTags = [`${product} deliveries`];
  app.get(
    '/api/v1/webhook/entregas',
    {
      schema: {
        tags: deliveryTags,
        security,
        summary: `The calling application's ${product} delivery log, newest first, with every attempt (its registrations only, every seller that installed it)`,
        querystring: deliveryQuery(config.pageSizeMax).schema,
        response: { 200: listResponse(DeliveryResponse) },
      },
    },
    async (request) => {
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return listDeliveryViews(request.em, applicationReader(request.applicationId!, product), filter, page);
    },
  );

  app.get(
    '/api/v1/webhook/entregas/:id',
    { schema: { tags: deliveryTags, security, summary: `One ${product} delivery of the calling application, with its attempts`, params: IdParams, response: { 200: DeliveryResponse } } },
    async (request) => getDeliveryView(request.em, applicationReader(request.applicationId!, product), request.params.id),
  );

  app.post(
    '/api/v1/webhook/entregas/:id/reenvio',
    {
      schema: {
        tags: deliveryTags,
        security,
        summary: `Send one of the calling application's ${product} deliveries again (same webhook id, a fresh round of attempts)`,
        params: IdParams,
        response: { 202: DeliveryResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await redeliver(request.em, applicationReader(request.applicationId!, product), request.params.id)),
  );
}

/** The three products, each in its own encapsulated plugin under its mount path. */
export const productRegistrationRoutes: RestRoutes = async (app, deps) => {
  for (const product of PRODUCTS) {
    await app.register(async (scoped) => productRoutes(scoped as RestApp, product, deps), { prefix: PRODUCT_RULES[product].mountPath });
  }
};
