import { Type } from 'typebox';
import { listRequest, pageResponse } from '../http/pagination.js';
import { registerPageRoute } from '../http/page-route.js';
import { problemResponse } from '../http/problem.js';
import { callerOf, NO_CONTENT, type RestRoutes } from '../http/rest.js';
import { getDeliveryView, listDeliveryViews, redeliver, sellerReader } from './delivery.service.js';
import {
  CreatedSubscriptionResponse,
  CreateSubscriptionBody,
  DeliveryResponse,
  deliveryQuery,
  FINISHED_DELIVERY_STATUSES,
  IdParams,
  RecoverBody,
  SecretResponse,
  SubscriptionQuotaResponse,
  SubscriptionResponse,
  UpdateSubscriptionBody,
  withKnownEvents,
} from './webhooks.schemas.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  recoverDeliveries,
  rotateSecret,
  updateSubscription,
} from './subscription.service.js';
import { subscriptionView } from './webhooks.views.js';

const tags = ['webhooks'];
const INACTIVE = problemResponse('CONFLICT: the subscription is deleted or switched off');
const read = { scope: 'webhooks:read' } as const;
const write = { scope: 'webhooks:write' } as const;

/** The webhooks interface (docs/webhooks.md): translation only, the rules are in the services. */
export const webhookRoutes: RestRoutes = (app, { config }) => {
  app.post(
    '/webhooks/assinaturas',
    {
      config: write,
      schema: { tags, operationId: 'createSubscription', summary: 'Subscribe an endpoint', body: withKnownEvents(CreateSubscriptionBody), response: { 201: CreatedSubscriptionResponse, 409: SubscriptionQuotaResponse } },
    },
    async (request, reply) => {
      const { subscription, secret } = await createSubscription(request.em, callerOf(request), request.body, config);
      return reply.status(201).send({ ...subscriptionView(subscription), secret });
    },
  );

  registerPageRoute(app, { max: config.pageSizeMax, default: config.pageSizeDefault }, {
    url: '/webhooks/assinaturas',
    config: read,
    tags,
    operationId: 'listSubscriptions',
    summary: 'List subscriptions with their health',
    item: SubscriptionResponse,
    list: (request, page) => listSubscriptions(request.em, callerOf(request).sellerId, page),
    view: subscriptionView,
  });

  app.get(
    '/webhooks/assinaturas/:id',
    { config: read, schema: { tags, operationId: 'getSubscription', summary: 'One subscription', params: IdParams, response: { 200: SubscriptionResponse } } },
    async (request) => subscriptionView(await getSubscription(request.em, callerOf(request).sellerId, request.params.id)),
  );

  app.patch(
    '/webhooks/assinaturas/:id',
    {
      config: write,
      schema: { tags, operationId: 'updateSubscription', summary: 'Change a subscription, or switch it off/on', params: IdParams, body: withKnownEvents(UpdateSubscriptionBody), response: { 200: SubscriptionResponse } },
    },
    async (request) => subscriptionView(await updateSubscription(request.em, callerOf(request), request.params.id, request.body, config)),
  );

  app.delete(
    '/webhooks/assinaturas/:id',
    {
      config: write,
      schema: { tags, operationId: 'deleteSubscription', summary: 'Delete a subscription; what it still owed is cancelled', params: IdParams, response: { 204: NO_CONTENT } },
    },
    async (request, reply) => {
      await deleteSubscription(request.em, callerOf(request).sellerId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhooks/assinaturas/:id/segredo',
    { config: write, schema: { tags, operationId: 'rotateSubscriptionSecret', summary: 'Rotate the signing secret (the old one signs too for 24 h)', params: IdParams, response: { 200: SecretResponse } } },
    async (request) => rotateSecret(request.em, callerOf(request), request.params.id),
  );

  app.post(
    '/webhooks/assinaturas/:id/recuperacao',
    {
      config: write,
      schema: {
        tags,
        operationId: 'recoverDeliveries',
        summary: 'Redeliver the failed deliveries created since a time',
        params: IdParams,
        body: RecoverBody,
        response: { 202: Type.Object({ redelivered: Type.Integer() }), 409: INACTIVE },
      },
    },
    async (request, reply) => {
      const redelivered = await recoverDeliveries(request.em, callerOf(request), request.params.id, request.body);
      return reply.status(202).send({ redelivered });
    },
  );

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

  app.get(
    '/webhooks/entregas/:id',
    { config: read, schema: { tags, operationId: 'getDelivery', summary: 'One delivery with its attempts', params: IdParams, response: { 200: DeliveryResponse } } },
    async (request) => getDeliveryView(request.em, sellerReader(callerOf(request)), request.params.id),
  );

  app.post(
    '/webhooks/entregas/:id/reenvio',
    {
      config: { ...write, collection: { conflictUnless: { status: FINISHED_DELIVERY_STATUSES } } },
      schema: { tags, operationId: 'redeliver', summary: 'Send a delivery again', params: IdParams, response: { 202: DeliveryResponse, 409: problemResponse('CONFLICT: the delivery is still owed (pending or retrying: only a finished one is sent again), or its subscription is deleted or switched off') } },
    },
    async (request, reply) => reply.status(202).send(await redeliver(request.em, sellerReader(callerOf(request)), request.params.id)),
  );
};
