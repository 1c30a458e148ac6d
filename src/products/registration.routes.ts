import { Type } from 'typebox';
import { callingApplication } from '../auth/auth.routes.js';
import { registerPageRoute } from '../http/page-route.js';
import { problemResponse } from '../http/problem.js';
import type { RestApp, RestRoutes } from '../http/rest.js';
import { PLATFORM_PRODUCTS, PLATFORM_PRODUCT_RULES, platformProductBaseUrl, type PlatformProduct } from './platform-products.js';
import type { Registration } from './registration.entity.js';
import { deleteRegistration, listRegistrations, createRegistration } from './registration.service.js';

const RegistrationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  product: Type.Enum([...PLATFORM_PRODUCTS]),
  createdAt: Type.String({ format: 'date-time' }),
});

const IdParams = Type.Object({ id: Type.String({ description: 'Webhook id (UUID)' }) });
const security = [{ application: [] }];

function bodySchema(product: PlatformProduct) {
  return Type.Object(
    {
      url: Type.String({
        minLength: 1,
        maxLength: 2048,
        description: PLATFORM_PRODUCT_RULES[product].requireHttps ? 'Public https URL' : 'Public http(s) URL',
      }),
      events: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 10,
        description: `Event names of this product: ${PLATFORM_PRODUCT_RULES[product].events.join(', ')}`,
      }),
    },
    { additionalProperties: false },
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
 * `{product}/api/v1/webhook…` (docs/products.md, "Registration API") for one product, mounted under its path. The
 * application credential is checked in onRequest, before the body is validated, so a
 * caller without one learns nothing but 401.
 */
function productRoutes(app: RestApp, product: PlatformProduct, deps: Parameters<RestRoutes>[1]): void {
  const { config } = deps;
  const tags = [`${product} webhooks`];
  const base = platformProductBaseUrl(product, config);
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
        description: `Public base URL: ${PLATFORM_PRODUCT_RULES[product].baseUrlVariable}, by default this server's ${PLATFORM_PRODUCT_RULES[product].mountPath}. Location points at the new webhook under that base.`,
        body: bodySchema(product),
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
    summary: `The calling application's ${product} webhooks`,
    item: RegistrationSchema,
    list: (request, page) => listRegistrations(request.em, request.applicationId!, product, page),
    view,
  });

  app.delete(
    '/api/v1/webhook/:id',
    { schema: { tags, security, summary: `Remove a ${product} webhook; what it still owed is cancelled`, params: IdParams } },
    async (request, reply) => {
      await deleteRegistration(request.em, request.applicationId!, product, request.params.id);
      return reply.status(204).send();
    },
  );
}

/** The three products, each in its own encapsulated plugin under its mount path. */
export const productRegistrationRoutes: RestRoutes = async (app, deps) => {
  for (const product of PLATFORM_PRODUCTS) {
    await app.register(async (scoped) => productRoutes(scoped as RestApp, product, deps), { prefix: PLATFORM_PRODUCT_RULES[product].mountPath });
  }
};
