import { Authorized, Ctx, Field, GraphQLISODateTime, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { WebhookHealth } from '../webhooks/graphql-types.js';
import type { Health } from '../webhooks/subscription-health.js';
import { listApplicationWebhooks, type ApplicationWebhookView } from './application-webhooks.js';
import type { Product } from './catalogue.js';

@ObjectType({ description: 'A per-product webhook registered by an application the seller installed' })
class ApplicationWebhook implements ApplicationWebhookView {
  @Field(() => ID) id!: string;
  @Field(() => ID) applicationId!: string;
  @Field() applicationName!: string;
  @Field(() => String, { description: 'logistics, payments or support' }) product!: Product;
  @Field() url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => ID, { nullable: true, description: 'The subscription delivering the seller\'s events to it (filter the delivery log by it); null until the first one' })
  subscriptionId!: string | null;
  @Field(() => WebhookHealth) health!: Health;
  @Field(() => Int) consecutiveFailures!: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastSuccessAt!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastFailureAt!: string | null;
}

@Resolver()
export class ApplicationWebhookResolver {
  @Authorized('webhooks:read')
  @Query(() => [ApplicationWebhook], { description: 'The per-product webhooks of the applications the seller installed, with their health for this seller' })
  async applicationWebhooks(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ApplicationWebhookView[]> {
    return listApplicationWebhooks(em, sellerId);
  }
}
