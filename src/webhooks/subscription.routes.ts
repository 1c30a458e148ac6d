import { Type } from 'typebox';
import type { Config } from '../config.js';
import { registerPageRoute } from '../http/page-route.js';
import { problemResponse } from '../http/problem.js';
import { callerOf, NO_CONTENT, type RestApp, type RestRoutes } from '../http/rest.js';
import {
  CreatedSubscriptionResponse,
  CreateSubscriptionBody,
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
import { read, tags, write } from './webhook-route-options.js';

const INACTIVE = problemResponse('CONFLICT: the subscription is deleted or switched off');

/** The subscriptions of the webhooks interface (docs/webhooks.md): translation only, the rules are in the services. */
export const subscriptionRoutes: RestRoutes = (app, { config }) => {
  createSubscriptionRoute(app, config);
  listSubscriptionsRoute(app, config);
  getSubscriptionRoute(app);
  updateSubscriptionRoute(app, config);
  deleteSubscriptionRoute(app);
  rotateSecretRoute(app);
  recoverDeliveriesRoute(app);
};

function createSubscriptionRoute(app: RestApp, config: Config): void {
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
}

function listSubscriptionsRoute(app: RestApp, config: Config): void {
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
}

function getSubscriptionRoute(app: RestApp): void {
  app.get(
    '/webhooks/assinaturas/:id',
    { config: read, schema: { tags, operationId: 'getSubscription', summary: 'One subscription', params: IdParams, response: { 200: SubscriptionResponse } } },
    async (request) => subscriptionView(await getSubscription(request.em, callerOf(request).sellerId, request.params.id)),
  );
}

function updateSubscriptionRoute(app: RestApp, config: Config): void {
  app.patch(
    '/webhooks/assinaturas/:id',
    {
      config: write,
      schema: { tags, operationId: 'updateSubscription', summary: 'Change a subscription, or switch it off/on', params: IdParams, body: withKnownEvents(UpdateSubscriptionBody), response: { 200: SubscriptionResponse } },
    },
    async (request) => subscriptionView(await updateSubscription(request.em, callerOf(request), request.params.id, request.body, config)),
  );
}

function deleteSubscriptionRoute(app: RestApp): void {
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
}

function rotateSecretRoute(app: RestApp): void {
  app.post(
    '/webhooks/assinaturas/:id/segredo',
    { config: write, schema: { tags, operationId: 'rotateSubscriptionSecret', summary: 'Rotate the signing secret (the old one signs too for 24 h)', params: IdParams, response: { 200: SecretResponse } } },
    async (request) => rotateSecret(request.em, callerOf(request), request.params.id),
  );
}

function recoverDeliveriesRoute(app: RestApp): void {
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
}
