import DataLoader from 'dataloader';
import { Ctx, Field, FieldResolver, Int, ObjectType, Resolver, Root } from 'type-graphql';
import { requireAuthentication } from '../auth/auth.service.js';
import { loaderFor, type GraphQLContext } from '../graphql/context.js';
import { DateTime } from '../graphql/scalars.js';
import { subscriptionBacklogs, type SubscriptionBacklog } from './subscription-backlog.js';
import { WebhookSubscriptionType } from './webhooks.types.js';

@ObjectType('WebhookBacklog', { description: 'What a subscription is still owed: a slow or unreachable endpoint shows here first' })
export class WebhookBacklogType implements SubscriptionBacklog {
  @Field(() => Int, { description: 'Deliveries pending or retrying' }) owed!: number;
  @Field(() => Int, { description: 'Attempts under way right now, in every dispatcher' }) inFlight!: number;
  @Field(() => DateTime, { nullable: true, description: 'When the oldest owed delivery was made; null when nothing is owed' })
  oldestOwedAt!: string | null;
}

/** `WebhookSubscription.backlog`: one statement for every subscription of a request. */
@Resolver(() => WebhookSubscriptionType)
export class SubscriptionBacklogResolver {
  @FieldResolver(() => WebhookBacklogType, { description: 'What it is still owed, now' })
  backlog(@Root() subscription: WebhookSubscriptionType, @Ctx() context: GraphQLContext): Promise<SubscriptionBacklog> {
    const { sellerId } = requireAuthentication(context.principal);
    const loader = loaderFor(
      context,
      'webhooks.backlog',
      () => new DataLoader<string, SubscriptionBacklog>(async (ids) => {
        const backlogs = await subscriptionBacklogs(context.em, sellerId, ids);
        return ids.map((id) => backlogs.get(id)!);
      }),
    );
    return loader.load(subscription.id);
  }
}
