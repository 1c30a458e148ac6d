import { listRequest, pageResponse } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import type { RestApp } from '../http/rest.js';
import { getDeliveryView, listDeliveryViews, redeliver } from '../webhooks/delivery.service.js';
import { DeliveryResponse, deliveryQuery, FINISHED_DELIVERY_STATUSES } from '../webhooks/webhooks.schemas.js';
import { applicationReader } from './application-delivery-log.js';
import { platformProductDeliveriesTag } from './platforms.interface.js';
import { IdParams, security, type ProductRouteContext } from './product-route-context.js';

/** `{product}/api/v1/webhook/entregas…`: the calling application's own delivery log of one product, and redelivery. */
export function applicationDeliveryLogRoutes(app: RestApp, context: ProductRouteContext): void {
  listDeliveriesRoute(app, context);
  getDeliveryRoute(app, context);
  redeliverRoute(app, context);
}

const tagsOf = (context: ProductRouteContext) => [platformProductDeliveriesTag(context.definition).name];

function listDeliveriesRoute(app: RestApp, context: ProductRouteContext): void {
  const { definition, product, name, config } = context;
  app.get(
    '/api/v1/webhook/entregas',
    {
      // The log has an entry once the application registered and one of the product's events happened.
      config: { collection: { after: [`register${name}Webhook`, definition.sources.eventSource] } },
      schema: {
        tags: tagsOf(context),
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
}

function getDeliveryRoute(app: RestApp, context: ProductRouteContext): void {
  const { product, name } = context;
  app.get(
    '/api/v1/webhook/entregas/:id',
    {
      schema: {
        tags: tagsOf(context),
        security,
        operationId: `get${name}Delivery`,
        summary: `One ${product} delivery of the calling application, with its attempts`,
        params: IdParams,
        response: { 200: DeliveryResponse },
      },
    },
    async (request) => getDeliveryView(request.em, applicationReader(request.applicationId!, product), request.params.id),
  );
}

function redeliverRoute(app: RestApp, context: ProductRouteContext): void {
  const { product, name } = context;
  app.post(
    '/api/v1/webhook/entregas/:id/reenvio',
    {
      config: { collection: { conflictUnless: { status: FINISHED_DELIVERY_STATUSES } } },
      schema: {
        tags: tagsOf(context),
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
