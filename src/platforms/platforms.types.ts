import { Field, ID, Int, ObjectType } from 'type-graphql';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { wireEnum } from '../graphql/enums.js';
import { DateTime } from '../graphql/scalars.js';
import { WebhookHealth } from '../webhooks/webhooks.types.js';
import type { Health } from '../webhooks/subscription-health.js';
import { PLATFORM_PRODUCTS, type PlatformProduct } from './platform-products.js';
import type { InstalledRegistrationView } from './registration.queries.js';

export const PlatformProductEnum = wireEnum<PlatformProduct>(
  'PlatformProduct',
  'A platform product an application registers webhooks with',
  Object.fromEntries(PLATFORM_PRODUCTS.map((product) => [product.key, product.summary])) as Record<PlatformProduct, string>,
);

@ObjectType('Registration', { description: 'A per-product webhook registered by an application the seller installed' })
export class RegistrationType implements InstalledRegistrationView {
  @Field(() => ID, { description: 'Registration id' }) id!: string;
  @Field(() => ID, { description: 'The application that registered it' }) applicationId!: string;
  @Field({ description: 'The application\'s name' }) applicationName!: string;
  @Field(() => PlatformProductEnum, { description: 'The platform product it receives events of' }) product!: PlatformProduct;
  @Field({ description: 'The endpoint the seller\'s events of that product are POSTed to, without its query string (shown as ?…)' }) url!: string;
  @Field(() => [EventTypeEnum], { description: 'The events it receives' }) events!: string[];
  @Field(() => DateTime, { description: 'When it was registered' }) createdAt!: string;
  @Field(() => ID, { nullable: true, description: 'The subscription delivering the seller\'s events to it (filter the delivery log by it); null until the first one' })
  subscriptionId!: string | null;
  @Field(() => WebhookHealth, { description: 'How the endpoint has been answering this seller\'s deliveries' }) health!: Health;
  @Field(() => Int, { description: 'Attempts failed in a row' }) consecutiveFailures!: number;
  @Field(() => DateTime, { nullable: true, description: 'The last successful attempt' }) lastSuccessAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'The last failed attempt' }) lastFailureAt!: string | null;
}
