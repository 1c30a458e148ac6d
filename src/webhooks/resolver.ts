import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Principal } from '../auth/service.js';
import { CurrentCaller, CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import { validInput } from '../graphql/plain-input.js';
import { toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import { compileInput } from '../http/validation.js';
import { deliveryCursor, getDeliveryView, listDeliveryViews, redeliver, sellerReader } from './delivery-service.js';
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
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<SubscriptionView>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listSubscriptions(context.em, sellerId, page), subscriptionCursor, subscriptionView);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookSubscriptionType)
  async webhookSubscription(@Arg('id', () => ID) id: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<WebhookSubscriptionType> {
    return subscriptionView(await getSubscription(em, sellerId, id));
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryConnection, { description: 'The delivery log, newest first, with every attempt' })
  async webhookDeliveries(
    @Arg('filter', () => WebhookDeliveryFilter, { nullable: true }) filter: WebhookDeliveryFilter | undefined,
    @Arg('first', () => Int, { nullable: true }) first: number | undefined,
    @Arg('after', () => String, { nullable: true }) after: string | undefined,
    @CurrentCaller() caller: Principal,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<DeliveryView>> {
    const list = listArgs(context, deliveryQuery, { ...filter, first, after });
    return toConnection(await listDeliveryViews(context.em, sellerReader(caller), list.filter, list.page), deliveryCursor, (view) => view);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryType)
  async webhookDelivery(@Arg('id', () => ID) id: string, @CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<DeliveryView> {
    return getDeliveryView(em, sellerReader(caller), id);
  }

  @Authorized('webhooks:write')
  @Mutation(() => CreatedWebhookSubscription)
  async createWebhookSubscription(
    @Arg('input', () => CreateWebhookSubscriptionInput) input: CreateWebhookSubscriptionInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<CreatedWebhookSubscription> {
    const { subscription, secret } = await createSubscription(em, caller, validInput(createSubscriptionValidator, input), config);
    return { subscription: subscriptionView(subscription), secret };
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookSubscriptionType, { description: 'Change a subscription; active: false switches it off' })
  async updateWebhookSubscription(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookSubscriptionInput) input: UpdateWebhookSubscriptionInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<WebhookSubscriptionType> {
    return subscriptionView(await updateSubscription(em, caller, id, validInput(updateSubscriptionValidator, input), config));
  }

  @Authorized('webhooks:write')
  @Mutation(() => Boolean, { description: 'Deletes the subscription and cancels what it still owed' })
  async deleteWebhookSubscription(@Arg('id', () => ID) id: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<boolean> {
    await deleteSubscription(em, sellerId, id);
    return true;
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookSecret)
  async rotateWebhookSecret(@Arg('id', () => ID) id: string, @CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<WebhookSecret> {
    return rotateSecret(em, caller, id);
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookRecovery, { description: 'Redelivers the failed deliveries created at or after `since`' })
  async recoverWebhookDeliveries(
    @Arg('id', () => ID) id: string,
    @Arg('since', () => String, { description: 'ISO 8601 instant' }) since: string,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<WebhookRecovery> {
    return { redelivered: await recoverDeliveries(em, caller, id, validInput(recoverValidator, { since })) };
  }

  @Authorized('webhooks:write')
  @Mutation(() => WebhookDeliveryType, { description: 'Sends a finished delivery again' })
  async redeliverWebhookDelivery(@Arg('id', () => ID) id: string, @CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<DeliveryView> {
    return redeliver(em, sellerReader(caller), id);
  }
}
