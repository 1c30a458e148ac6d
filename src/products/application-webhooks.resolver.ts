import { Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { CurrentSeller } from '../graphql/caller.js';
import type { GraphQLContext } from '../graphql/context.js';
import { wireEnum } from '../graphql/enums.js';
import { DateTime } from '../graphql/scalars.js';
import { WebhookHealth } from '../webhooks/graphql-types.js';
import type { Health } from '../webhooks/subscription-health.js';
import { listApplicationWebhooks, type ApplicationWebhookView } from './application-webhooks.js';
import type { Product } from './catalogue.js';

const ProductEnum = wireEnum<Product>('ProductKind', 'A product an application registers webhooks for', {
  logistics: 'Logistics: shipments, tracking, carrier chat',
  payments: 'Payments: settlement cycles',
  support: 'Customer service: support cases',
});

@ObjectType({ description: 'A per-product webhook registered by an application the seller installed' })
class ApplicationWebhook implements ApplicationWebhookView {
  @Field(() => ID, { description: 'Registration id' }) id!: string;
  @Field(() => ID, { description: 'The application that registered it' }) applicationId!: string;
  @Field({ description: 'The application\'s name' }) applicationName!: string;
  @Field(() => ProductEnum, { description: 'The product it receives events of' }) product!: Product;
  @Field({ description: 'The endpoint the seller\'s events of that product are POSTed to' }) url!: string;
  @Field(() => [EventTypeEnum], { description: 'The events it receives' }) events!: string[];
  @Field(() => DateTime, { description: 'When it was registered' }) createdAt!: string;
  @Field(() => ID, { nullable: true, description: 'The subscription delivering the seller\'s events to it (filter the delivery log by it); null until the first one' })
  subscriptionId!: string | null;
  @Field(() => WebhookHealth, { description: 'How the endpoint has been answering this seller\'s deliveries' }) health!: Health;
  @Field(() => Int, { description: 'Attempts failed in a row' }) consecutiveFailures!: number;
  @Field(() => DateTime, { nullable: true, description: 'The last successful attempt' }) lastSuccessAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'The last failed attempt' }) lastFailureAt!: string | null;
}

@Resolver()
export class ApplicationWebhookResolver {
  @Authorized('webhooks:read')
  @Query(() => [ApplicationWebhook], { description: 'The per-product webhooks of the applications the seller installed, with their health for this seller' })
  async applicationWebhooks(@CurrentSeller() sellerId: string, @Ctx() { em }: GraphQLContext): Promise<ApplicationWebhookView[]> {
    return listApplicationWebhooks(em, sellerId);
  }
}
