import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import type { GraphQLContext } from '../graphql/context.js';
import { assertValid, compileInput } from '../http/validation.js';
import { requireAuthentication } from '../auth/service.js';
import { deliveryCursor, deliveryViews, getDelivery, listDeliveries, redeliver } from './delivery-service.js';
import {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  UpdateWebhookSubscriptionInput,
  WebhookDeliveryConnection,
  WebhookDeliveryFilter,
  WebhookDeliveryType,
  WebhookRecovery,
  WebhookSecret,
  WebhookSubscriptionConnection,
  WebhookSubscriptionType,
} from './graphql-types.js';
import { CreateSubscriptionBody, deliveryQuery, RecoverBody, UpdateSubscriptionBody } from './schemas.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  recoverDeliveries,
  rotateSecret,
  subscriptionCursor,
  updateSubscription,
} from './subscription-service.js';
import { subscriptionView, type DeliveryView, type SubscriptionView } from './views.js';

const createSubscriptionValidator = compileInput(CreateSubscriptionBody);
const updateSubscriptionValidator = compileInput(UpdateSubscriptionBody);
const recoverValidator = compileInput(RecoverBody);

/** The GraphQL twin of routes.ts: same services, same input schemas. */
@Resolver()
export class WebhookResolver {
  @Authorized('webhooks:read')
  @Query(() => WebhookSubscriptionConnection, { description: 'Subscriptions not deleted, oldest first, with their health' })
  async webhookSubscriptions(
    @Arg('first', () => Int, { nullable: true }) first: number | undefined,
    @Arg('after', () => String, { nullable: true }) after: string | undefined,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<SubscriptionView>> {
    const { sellerId } = requireAuthentication(context.principal);
    const query = assertValid(
      pageQuery(context.config.pageSizeMax),
      definedFields({ limit: first, cursor: after }, { nullIsAbsent: true }),
    );
    const page = await listSubscriptions(context.em, sellerId, { ...query, limit: query.limit ?? context.config.pageSizeDefault });
    return toConnection(page, subscriptionCursor, subscriptionView);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookSubscriptionType)
  async webhookSubscription(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<WebhookSubscriptionType> {
    const { sellerId } = requireAuthentication(context.principal);
    return subscriptionView(await getSubscription(context.em, sellerId, id));
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryConnection, { description: 'The delivery log, newest first, with every attempt' })
  async webhookDeliveries(
    @Arg('filter', () => WebhookDeliveryFilter, { nullable: true }) filter: WebhookDeliveryFilter | undefined,
    @Arg('first', () => Int, { nullable: true }) first: number | undefined,
    @Arg('after', () => String, { nullable: true }) after: string | undefined,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<DeliveryView>> {
    const { sellerId, scopes } = requireAuthentication(context.principal);
    const { limit, cursor, ...checked } = assertValid(
      deliveryQuery(context.config.pageSizeMax),
      definedFields({ ...filter, limit: first, cursor: after }, { nullIsAbsent: true }),
    );
    const page = await listDeliveries(context.em, sellerId, checked, { cursor, limit: limit ?? context.config.pageSizeDefault });
    const views = new Map((await deliveryViews(context.em, page.data, scopes)).map((view) => [view.id, view]));
    return toConnection(page, deliveryCursor, (delivery) => views.get(delivery.id)!);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryType)
  async webhookDelivery(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<WebhookDeliveryType> {
    const { sellerId, scopes } = requireAuthentication(context.principal);
    return (await deliveryViews(context.em, [await getDelivery(context.em, sellerId, id)], scopes))[0]!;
  }

  @Authorized('webhooks:write')
  @Mutation(() => CreatedWebhookSubscription)
  async createWebhookSubscription(
    @Arg('input', () => CreateWebhookSubscriptionInput) input: CreateWebhookSubscriptionInput,
    @Ctx() context: GraphQLContext,
  ): Promise<CreatedWebhookSubscription> {
    const checked = assertValid(createSubscriptionValidator, definedFields(input));
    const { subscription, secret } = await createSubscription(context.em, requireAuthentication(context.principal), checked, context.config);
    return { subscription: subscriptionView(subscription), secret };
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookSubscriptionType, { description: 'Change a subscription; active: false switches it off' })
  async updateWebhookSubscription(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookSubscriptionInput) input: UpdateWebhookSubscriptionInput,
    @Ctx() context: GraphQLContext,
  ): Promise<WebhookSubscriptionType> {
    const checked = assertValid(updateSubscriptionValidator, definedFields(input));
    return subscriptionView(await updateSubscription(context.em, requireAuthentication(context.principal), id, checked, context.config));
  }

  @Authorized('webhooks:write')
  @Mutation(() => Boolean, { description: 'Deletes the subscription and cancels what it still owed' })
  async deleteWebhookSubscription(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<boolean> {
    await deleteSubscription(context.em, requireAuthentication(context.principal).sellerId, id);
    return true;
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookSecret)
  async rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<WebhookSecret> {
    return rotateSecret(context.em, requireAuthentication(context.principal), id);
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookRecovery, { description: 'Redelivers the failed deliveries created at or after `since`' })
  async recoverWebhookDeliveries(
    @Arg('id', () => ID) id: string,
    @Arg('since', () => String, { description: 'ISO 8601 instant' }) since: string,
    @Ctx() context: GraphQLContext,
  ): Promise<WebhookRecovery> {
    assertValid(recoverValidator, { since });
    return { redelivered: await recoverDeliveries(context.em, requireAuthentication(context.principal), id, new Date(since)) };
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookDeliveryType, { description: 'Sends a finished delivery again' })
  async redeliverWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<WebhookDeliveryType> {
    const caller = requireAuthentication(context.principal);
    const delivery = await redeliver(context.em, caller, id);
    return (await deliveryViews(context.em, [delivery], caller.scopes))[0]!;
  }
}

/**
 * type-graphql input objects carry unset optional fields as undefined; the schemas want
 * them absent. For list arguments and filters a null means "not given" too; in an
 * update input it clears the field, so it stays.
 */
function definedFields(input: object, { nullIsAbsent = false } = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && !(nullIsAbsent && value === null)));
}
