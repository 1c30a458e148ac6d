import { Type } from 'typebox';
import { callingApplication } from '../auth/auth.routes.js';
import { registerPageRoute } from '../http/page-route.js';
import { problemResponse } from '../http/problem.js';
import { NO_CONTENT, type RestApp, type RestRoutes } from '../http/rest.js';
import { applicationDeliveryLogRoutes } from './application-delivery-log.routes.js';
import type { PlatformProductDefinition } from './platform-product.js';
import { PLATFORM_PRODUCT_KEYS, PLATFORM_PRODUCTS, platformProductBaseUrl } from './platform-products.js';
import { platformProductTag } from './platforms.interface.js';
import { IdParams, productRouteContext, security, type ProductRouteContext } from './product-route-context.js';
import type { Registration } from './registration.entity.js';
import { deleteRegistration, listRegistrations, createRegistration } from './registration.service.js';

const RegistrationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  product: Type.Enum([...PLATFORM_PRODUCT_KEYS]),
  createdAt: Type.String({ format: 'date-time' }),
});

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

/** The three products, each in its own encapsulated plugin under its mount path. */
export const productRegistrationRoutes: RestRoutes = async (app, deps) => {
  for (const product of PLATFORM_PRODUCTS) {
    await app.register(async (scoped) => productRoutes(scoped as RestApp, productRouteContext(product, deps.config)), { prefix: product.mountPath });
  }
};

/**
 * `{product}/api/v1/webhook…` (docs/platforms.md, "Registration API") for one product, mounted under its path. The
 * application credential is checked in onRequest, before the body is validated, so a
 * caller without one learns nothing but 401.
 */
function productRoutes(app: RestApp, context: ProductRouteContext): void {
  app.addHook('onRequest', async (request) => {
    callingApplication(request);
  });
  registerRoute(app, context);
  listRegistrationsRoute(app, context);
  deleteRegistrationRoute(app, context);
  applicationDeliveryLogRoutes(app, context);
}

const tagsOf = (context: ProductRouteContext) => [platformProductTag(context.definition).name];

function registerRoute(app: RestApp, context: ProductRouteContext): void {
  const { definition, product, name, config } = context;
  const base = platformProductBaseUrl(definition, config);
  app.post(
    '/api/v1/webhook/novo',
    {
      schema: {
        tags: tagsOf(context),
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
}

function listRegistrationsRoute(app: RestApp, context: ProductRouteContext): void {
  const { product, name, config } = context;
  registerPageRoute(app, { max: config.pageSizeMax, default: config.pageSizeDefault }, {
    url: '/api/v1/webhook',
    tags: tagsOf(context),
    security,
    operationId: `list${name}Webhooks`,
    summary: `The calling application's ${product} webhooks`,
    item: RegistrationSchema,
    list: (request, page) => listRegistrations(request.em, request.applicationId!, product, page),
    view,
  });
}

function deleteRegistrationRoute(app: RestApp, context: ProductRouteContext): void {
  const { product, name } = context;
  app.delete(
    '/api/v1/webhook/:id',
    {
      schema: {
        tags: tagsOf(context),
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
}
