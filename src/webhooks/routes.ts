import { Type } from 'typebox';
import { listRequest, pageQuery, pageRequest, viewPage } from '../http/pagination.js';
import { callerOf, type RestRoutes } from '../http/rest.js';
import { getDeliveryView, listDeliveryViews, redeliver, sellerReader } from './delivery-service.js';
import {
  CreatedSubscriptionResponse,
  CreateSubscriptionBody,
  DeliveryResponse,
  deliveryQuery,
  IdParams,
  listResponse,
  RecoverBody,
  SecretResponse,
  SubscriptionQuotaResponse,
  SubscriptionResponse,
  UpdateSubscriptionBody,
  withKnownEvents,
} from './schemas.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  recoverDeliveries,
  rotateSecret,
  updateSubscription,
} from './subscription-service.js';
import { subscriptionView } from './views.js';

const tags = ['webhooks'];
const read = { scope: 'webhooks:read' } as const;
const write = { scope: 'webhooks:write' } as const;

/** The webhooks interface (DESIGN §7, §11): translation only, the rules are in the services. */
export const webhookRoutes: RestRoutes = (app, { config }) => {
  app.post(
    '/webhooks/assinaturas',
    {
      config: write,
      schema: { tags, summary: 'Subscribe an endpoint', body: withKnownEvents(CreateSubscriptionBody), response: { 201: CreatedSubscriptionResponse, 409: SubscriptionQuotaResponse } },
    },
    async (request, reply) => {
      const { subscription, secret } = await createSubscription(request.em, callerOf(request), request.body, config);
      return reply.status(201).send({ ...subscriptionView(subscription), secret });
    },
  );

  app.get(
    '/webhooks/assinaturas',
    {
      config: read,
      schema: {
        tags,
        summary: 'List subscriptions with their health',
        querystring: pageQuery(config.pageSizeMax).schema,
        response: { 200: listResponse(SubscriptionResponse) },
      },
    },
    async (request) =>
      viewPage(await listSubscriptions(request.em, callerOf(request).sellerId, pageRequest(request.query, config.pageSizeDefault)), (rows) => rows.map(subscriptionView)),
  );

  app.get(
    '/webhooks/assinaturas/:id',
    { config: read, schema: { tags, summary: 'One subscription', params: IdParams, response: { 200: SubscriptionResponse } } },
    async (request) => subscriptionView(await getSubscription(request.em, callerOf(request).sellerId, request.params.id)),
  );

  app.patch(
    '/webhooks/assinaturas/:id',
    {
      config: write,
      schema: { tags, summary: 'Change a subscription, or switch it off/on', params: IdParams, body: withKnownEvents(UpdateSubscriptionBody), response: { 200: SubscriptionResponse } },
    },
    async (request) => subscriptionView(await updateSubscription(request.em, callerOf(request), request.params.id, request.body, config)),
  );

  app.delete(
    '/webhooks/assinaturas/:id',
    { config: write, schema: { tags, summary: 'Delete a subscription; what it still owed is cancelled', params: IdParams } },
    async (request, reply) => {
      await deleteSubscription(request.em, callerOf(request).sellerId, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/webhooks/assinaturas/:id/segredo',
    { config: write, schema: { tags, summary: 'Rotate the signing secret (the old one signs too for 24 h)', params: IdParams, response: { 200: SecretResponse } } },
    async (request) => rotateSecret(request.em, callerOf(request), request.params.id),
  );

  app.post(
    '/webhooks/assinaturas/:id/recuperacao',
    {
      config: write,
      schema: {
        tags,
        summary: 'Redeliver the failed deliveries created since a time',
        params: IdParams,
        body: RecoverBody,
        response: { 202: Type.Object({ redelivered: Type.Integer() }) },
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
      config: read,
      schema: { tags, summary: 'The delivery log, newest first, with every attempt', querystring: deliveryQuery(config.pageSizeMax).schema, response: { 200: listResponse(DeliveryResponse) } },
    },
    async (request) => {
      const { filter, page } = listRequest(request.query, config.pageSizeDefault);
      return listDeliveryViews(request.em, sellerReader(callerOf(request)), filter, page);
    },
  );

  app.get(
    '/webhooks/entregas/:id',
    { config: read, schema: { tags, summary: 'One delivery with its attempts', params: IdParams, response: { 200: DeliveryResponse } } },
    async (request) => getDeliveryView(request.em, sellerReader(callerOf(request)), request.params.id),
  );

  app.post(
    '/webhooks/entregas/:id/reenvio',
    { config: write, schema: { tags, summary: 'Send a delivery again', params: IdParams, response: { 202: DeliveryResponse } } },
    async (request, reply) => reply.status(202).send(await redeliver(request.em, sellerReader(callerOf(request)), request.params.id)),
  );
};
