import { Type } from 'typebox';
import { eventsOfGroup } from '../events/event-registry.js';
import { registerPageRoute } from '../http/page-route.js';
import { callerOf, NO_CONTENT, type RestRoutes } from '../http/rest.js';
import { IdParams, SubscriptionQuotaResponse, SubscriptionResponse } from '../webhooks/webhooks.schemas.js';
import { deleteSubscription, getSubscription, listSubscriptions, updateSubscription } from '../webhooks/subscription.service.js';
import type { WebhookSubscription } from '../webhooks/subscription.entity.js';
import { subscriptionView } from '../webhooks/webhooks.views.js';
import { createConfiguration, switchConfigurationGroups } from './configuration.service.js';
import { groupsOf, GROUPS } from './groups.js';

const tags = ['portal v2: webhooks'];
const read = { scope: 'webhooks:read' } as const;
const write = { scope: 'webhooks:write' } as const;

const Switch = Type.Boolean();
const GroupsSchema = Type.Object({ orders: Switch, stock: Switch, freight: Switch, payments: Switch }, { additionalProperties: false });
const GroupChangesSchema = Type.Object(
  { orders: Type.Optional(Switch), stock: Type.Optional(Switch), freight: Type.Optional(Switch), payments: Type.Optional(Switch) },
  { additionalProperties: false },
);
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'Public http(s) URL that receives the POSTs' });
const Description = Type.String({ maxLength: 500 });

const CreateConfigurationBody = Type.Object(
  { url: Url, description: Type.Optional(Description), groups: GroupsSchema },
  { additionalProperties: false },
);
const UpdateConfigurationBody = Type.Object(
  {
    url: Type.Optional(Url),
    description: Type.Optional(Type.Union([Description, Type.Null()])),
    active: Type.Optional(Type.Boolean({ description: 'false switches the configuration off; true back on' })),
  },
  { additionalProperties: false },
);
const ConfigurationResponse = Type.Intersect([SubscriptionResponse, Type.Object({ groups: GroupsSchema })]);
const CreatedConfigurationResponse = Type.Intersect([ConfigurationResponse, Type.Object({ secret: Type.String() })]);
const EventsResponse = Type.Object({
  groups: Type.Array(Type.Object({ group: Type.Enum(GROUPS), events: Type.Array(Type.String()) })),
});

const configurationView = (subscription: WebhookSubscription) => ({ ...subscriptionView(subscription), groups: groupsOf(subscription.events) });

/**
 * The seller portal's API v2, webhooks section (docs/platforms.md, "Seller portal API v2: webhooks"): the webhooks interface's
 * subscriptions seen as switches per event group. Same records, same rules; translation only.
 */
export const portalWebhookRoutes: RestRoutes = (app, { config }) => {
  registerPageRoute(app, { max: config.pageSizeMax, default: config.pageSizeDefault }, {
    url: '/v2/webhooks/configuracoes',
    config: read,
    tags,
    operationId: 'listConfigurations',
    summary: 'The current webhook configurations, with their groups and health',
    item: ConfigurationResponse,
    list: (request, page) => listSubscriptions(request.em, callerOf(request).sellerId, page),
    view: configurationView,
  });

  app.post(
    '/v2/webhooks/configuracoes',
    { config: write, schema: { tags, operationId: 'createConfiguration', summary: 'Create a webhook configuration', body: CreateConfigurationBody, response: { 201: CreatedConfigurationResponse, 409: SubscriptionQuotaResponse } } },
    async (request, reply) => {
      const { subscription, secret } = await createConfiguration(request.em, callerOf(request), request.body, config);
      return reply.status(201).send({ ...configurationView(subscription), secret });
    },
  );

  app.get(
    '/v2/webhooks/eventos',
    { config: read, schema: { tags, operationId: 'listEventGroups', summary: 'The events that can be delivered, by group', response: { 200: EventsResponse } } },
    async () => ({ groups: GROUPS.map((group) => ({ group, events: [...eventsOfGroup(group)] })) }),
  );

  app.get(
    '/v2/webhooks/configuracoes/:id',
    { config: read, schema: { tags, operationId: 'getConfiguration', summary: 'One configuration', params: IdParams, response: { 200: ConfigurationResponse } } },
    async (request) => configurationView(await getSubscription(request.em, callerOf(request).sellerId, request.params.id)),
  );

  app.put(
    '/v2/webhooks/configuracoes/:id/grupos',
    {
      config: write,
      schema: {
        tags,
        operationId: 'switchConfigurationGroups',
        summary: 'Switch groups of events on or off; groups not named keep their state',
        params: IdParams,
        body: GroupChangesSchema,
        response: { 200: ConfigurationResponse },
      },
    },
    async (request) => configurationView(await switchConfigurationGroups(request.em, callerOf(request), request.params.id, request.body, config)),
  );

  app.put(
    '/v2/webhooks/configuracoes/:id',
    {
      config: write,
      schema: { tags, operationId: 'updateConfiguration', summary: 'Change the URL or description, or switch it off/on', params: IdParams, body: UpdateConfigurationBody, response: { 200: ConfigurationResponse } },
    },
    async (request) => configurationView(await updateSubscription(request.em, callerOf(request), request.params.id, request.body, config)),
  );

  app.delete(
    '/v2/webhooks/configuracoes/:id',
    {
      config: write,
      schema: { tags, operationId: 'deleteConfiguration', summary: 'Delete a configuration; what it still owed is cancelled', params: IdParams, response: { 204: NO_CONTENT } },
    },
    async (request, reply) => {
      await deleteSubscription(request.em, callerOf(request).sellerId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
