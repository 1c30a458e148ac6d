import type { Config } from '../config.js';
import { listRequest, pageResponse } from '../http/pagination.js';
import { problemResponse } from '../http/problem.js';
import { callerOf, type RestApp, type RestRoutes } from '../http/rest.js';
import { getDeliveryView, listDeliveryViews, redeliver, sellerReader } from './delivery.service.js';
import { DeliveryResponse, deliveryQuery, FINISHED_DELIVERY_STATUSES, IdParams } from './webhooks.schemas.js';
import { read, tags, write } from './webhook-route-options.js';

/** The seller's delivery log of the webhooks interface (docs/webhooks.md), and redelivery. */
export const deliveryRoutes: RestRoutes = (app, { config }) => {
  listDeliveriesRoute(app, config);
  getDeliveryRoute(app);
  redeliverRoute(app);
};

function listDeliveriesRoute(app: RestApp, config: Config): void {
  app.get(
    '/webhooks/entregas',
    {
      // The log has an entry once a subscription exists and an event it follows happened.
      config: { ...read, collection: { after: ['createSubscription', 'createOrder'] } },
      schema: { tags, operationId: 'listDeliveries', summary: 'The delivery log, newest first, with their latest attempts', querystring: deliveryQuery(config.pageSizeMax).schema, response: { 200: pageResponse(DeliveryResponse) } },
    },
    async (request) => {
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return listDeliveryViews(request.em, sellerReader(callerOf(request)), filter, page);
    },
  );
}

function getDeliveryRoute(app: RestApp): void {
  app.get(
    '/webhooks/entregas/:id',
    { config: read, schema: { tags, operationId: 'getDelivery', summary: 'One delivery with its attempts', params: IdParams, response: { 200: DeliveryResponse } } },
    async (request) => getDeliveryView(request.em, sellerReader(callerOf(request)), request.params.id),
  );
}

function redeliverRoute(app: RestApp): void {
  app.post(
    '/webhooks/entregas/:id/reenvio',
    {
      config: { ...write, collection: { conflictUnless: { status: FINISHED_DELIVERY_STATUSES } } },
      schema: { tags, operationId: 'redeliver', summary: 'Send a delivery again', params: IdParams, response: { 202: DeliveryResponse, 409: problemResponse('CONFLICT: the delivery is still owed (pending or retrying: only a finished one is sent again), or its subscription is deleted or switched off') } },
    },
    async (request, reply) => reply.status(202).send(await redeliver(request.em, sellerReader(callerOf(request)), request.params.id)),
  );
}
