import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireAuthentication, type Principal } from '../auth/auth.service.js';
import { CurrentCaller, CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { listArgs } from '../graphql/list-args.js';
import type { NodeType } from '../graphql/node.js';
import { validInput } from '../graphql/plain-input.js';
import { AFTER, FIRST, toConnection, type Connection } from '../graphql/relay.js';
import { pageQuery } from '../http/pagination.js';
import { compileInput } from '../http/validation.js';
import { deliveryCursor, findDeliveryViews, getDeliveryView, listDeliveryViews, redeliver, sellerReader } from './delivery.service.js';
import {
  CreateWebhookSubscriptionInput,
  CreateWebhookSubscriptionPayload,
  DeleteWebhookSubscriptionInput,
  DeleteWebhookSubscriptionPayload,
  RecoverWebhookDeliveriesInput,
  RecoverWebhookDeliveriesPayload,
  RedeliverWebhookDeliveryInput,
  RedeliverWebhookDeliveryPayload,
  RotateWebhookSecretInput,
  RotateWebhookSecretPayload,
  UpdateWebhookSubscriptionInput,
  UpdateWebhookSubscriptionPayload,
  WebhookDeliveryConnection,
  WebhookDeliveryFilter,
  WebhookDeliveryType,
  WebhookSubscriptionConnection,
  WebhookSubscriptionType,
} from './webhooks.types.js';
import { CreateSubscriptionBody, deliveryQuery, RecoverBody, UpdateSubscriptionBody } from './webhooks.schemas.js';
import {
  createSubscription,
  deleteSubscription,
  findSubscriptions,
  getSubscription,
  listSubscriptions,
  recoverDeliveries,
  rotateSecret,
  subscriptionCursor,
  updateSubscription,
} from './subscription.service.js';
import { subscriptionView, type DeliveryView, type SubscriptionView } from './webhooks.views.js';

const createSubscriptionValidator = compileInput(CreateSubscriptionBody);
const updateSubscriptionValidator = compileInput(UpdateSubscriptionBody);
const recoverValidator = compileInput(RecoverBody);

/** Relay: subscriptions and deliveries by id (deliveries as the caller may see them). */
export const WEBHOOK_NODES: Record<string, NodeType> = {
  WebhookSubscription: {
    readScope: 'webhooks:read',
    async find({ em, principal }, ids) {
      return (await findSubscriptions(em, requireAuthentication(principal).sellerId, ids)).map(subscriptionView);
    },
  },
  WebhookDelivery: {
    readScope: 'webhooks:read',
    find: ({ em, principal }, ids) => findDeliveryViews(em, sellerReader(requireAuthentication(principal)), ids),
  },
};

/** The GraphQL twin of subscription.routes.ts and delivery.routes.ts: same services, same input schemas. */
@Resolver()
export class WebhookResolver {
  @Authorized('webhooks:read')
  @Query(() => WebhookSubscriptionConnection, { description: 'Subscriptions not deleted, oldest first, with their health' })
  async webhookSubscriptions(
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first: number | undefined,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after: string | undefined,
    @CurrentSeller() sellerId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<SubscriptionView>> {
    const { page } = listArgs(context, pageQuery, { first, after });
    return toConnection(await listSubscriptions(context.em, sellerId, page), subscriptionCursor, subscriptionView);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookSubscriptionType, { description: 'A subscription of the seller; NOT_FOUND when none has this id' })
  async webhookSubscription(@Arg('id', () => ID, { description: 'The subscription id' }) id: string, @CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<WebhookSubscriptionType> {
    return subscriptionView(await getSubscription(em, sellerId, id));
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryConnection, { description: 'The delivery log, newest first, with their latest attempts' })
  async webhookDeliveries(
    @Arg('filter', () => WebhookDeliveryFilter, { nullable: true, description: 'Which deliveries; omitted: all' }) filter: WebhookDeliveryFilter | undefined,
    @Arg('first', () => Int, { nullable: true, description: FIRST }) first: number | undefined,
    @Arg('after', () => String, { nullable: true, description: AFTER }) after: string | undefined,
    @CurrentCaller() caller: Principal,
    @Ctx() context: GraphQLContext,
  ): Promise<Connection<DeliveryView>> {
    const list = listArgs(context, deliveryQuery, { ...filter, first, after });
    return toConnection(await listDeliveryViews(context.em, sellerReader(caller), list.filter, list.page), deliveryCursor, (view) => view);
  }

  @Authorized('webhooks:read')
  @Query(() => WebhookDeliveryType, { description: 'A delivery with its attempts; NOT_FOUND when none has this id' })
  async webhookDelivery(@Arg('id', () => ID, { description: 'The delivery id (the webhook-id header)' }) id: string, @CurrentCaller() caller: Principal, @Ctx() { em }: GraphQLContext): Promise<DeliveryView> {
    return getDeliveryView(em, sellerReader(caller), id);
  }

  @Authorized('webhooks:write')
  @Mutation(() => CreateWebhookSubscriptionPayload, { description: 'Subscribes an endpoint to events; the answer holds its secret, shown this once' })
  async createWebhookSubscription(
    @Arg('input', () => CreateWebhookSubscriptionInput, { description: 'The endpoint and its events' }) input: CreateWebhookSubscriptionInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<CreateWebhookSubscriptionPayload> {
    const { subscription, secret } = await createSubscription(em, caller, validInput(createSubscriptionValidator, input), config);
    return { subscription: subscriptionView(subscription), secret };
  }

  @Authorized('webhooks:write')
  @Mutation(() => UpdateWebhookSubscriptionPayload, { description: 'Changes a subscription; active: false switches it off' })
  async updateWebhookSubscription(
    @Arg('input', () => UpdateWebhookSubscriptionInput, { description: 'The subscription and its changes' })
    { subscriptionId, ...changes }: UpdateWebhookSubscriptionInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em, config }: GraphQLContext,
  ): Promise<UpdateWebhookSubscriptionPayload> {
    return { subscription: subscriptionView(await updateSubscription(em, caller, subscriptionId, validInput(updateSubscriptionValidator, changes), config)) };
  }

  @Authorized('webhooks:write')
  @Mutation(() => DeleteWebhookSubscriptionPayload, { description: 'Deletes the subscription and cancels what it still owed' })
  async deleteWebhookSubscription(
    @Arg('input', () => DeleteWebhookSubscriptionInput, { description: 'The subscription' }) { subscriptionId }: DeleteWebhookSubscriptionInput,
    @CurrentSeller() sellerId: string,
    @Ctx() { em }: GraphQLContext,
  ): Promise<DeleteWebhookSubscriptionPayload> {
    await deleteSubscription(em, sellerId, subscriptionId);
    return { deletedSubscriptionId: subscriptionId };
  }

  @Authorized('webhooks:write')
  @Mutation(() => RotateWebhookSecretPayload, { description: 'Gives the subscription a new secret; the previous one keeps signing for 24 hours' })
  async rotateWebhookSecret(
    @Arg('input', () => RotateWebhookSecretInput, { description: 'The subscription' }) { subscriptionId }: RotateWebhookSecretInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<RotateWebhookSecretPayload> {
    const { id, secret } = await rotateSecret(em, caller, subscriptionId);
    return { subscriptionId: id, secret };
  }

  @Authorized('webhooks:write')
  @Mutation(() => RecoverWebhookDeliveriesPayload, { description: 'Redelivers the failed deliveries created at or after `since`' })
  async recoverWebhookDeliveries(
    @Arg('input', () => RecoverWebhookDeliveriesInput, { description: 'The subscription and the instant' }) { subscriptionId, since }: RecoverWebhookDeliveriesInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<RecoverWebhookDeliveriesPayload> {
    return { redelivered: await recoverDeliveries(em, caller, subscriptionId, validInput(recoverValidator, { since })) };
  }

  @Authorized('webhooks:write')
  @Mutation(() => RedeliverWebhookDeliveryPayload, { description: 'Sends a finished delivery again' })
  async redeliverWebhookDelivery(
    @Arg('input', () => RedeliverWebhookDeliveryInput, { description: 'The delivery' }) { deliveryId }: RedeliverWebhookDeliveryInput,
    @CurrentCaller() caller: Principal,
    @Ctx() { em }: GraphQLContext,
  ): Promise<RedeliverWebhookDeliveryPayload> {
    return { delivery: await redeliver(em, sellerReader(caller), deliveryId) };
  }
}
