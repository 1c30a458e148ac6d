import { GraphQLJSON } from 'graphql-scalars';
import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { connectionType } from '../graphql/relay.js';
import { ATTEMPT_ERRORS, DELIVERY_STATUSES, type AttemptError, type DeliveryStatus } from './delivery.entity.js';
import { HEALTH_STATES, type Health } from './subscription-health.js';
import type { AttemptView, DeliveryView, SubscriptionView } from './views.js';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const WebhookHealth = enumOf(HEALTH_STATES);
const WebhookDeliveryStatus = enumOf(DELIVERY_STATUSES);
const WebhookAttemptError = enumOf(ATTEMPT_ERRORS);
registerEnumType(WebhookHealth, { name: 'WebhookHealth', description: 'healthy: last attempt succeeded; degraded: 1–4 failed in a row; failing: 5 or more; disabled: switched off' });
registerEnumType(WebhookDeliveryStatus, { name: 'WebhookDeliveryStatus' });
registerEnumType(WebhookAttemptError, { name: 'WebhookAttemptError' });

@ObjectType('WebhookSubscription', { description: 'An endpoint receiving signed event deliveries' })
export class WebhookSubscriptionType implements SubscriptionView {
  @Field(() => ID) id!: string;
  @Field() url!: string;
  @Field(() => [String], { description: 'Event names, or ["*"]' }) events!: string[];
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field() active!: boolean;
  @Field(() => WebhookHealth) health!: Health;
  @Field(() => Int) consecutiveFailures!: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastSuccessAt!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) lastFailureAt!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) disabledAt!: string | null;
  @Field(() => String, { nullable: true, description: 'user, gone (the receiver answered 410) or failing' })
  disabledReason!: SubscriptionView['disabledReason'];
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime) updatedAt!: string;
}

@ObjectType({ description: 'A new subscription and its secret, shown this once' })
export class CreatedWebhookSubscription {
  @Field(() => WebhookSubscriptionType) subscription!: WebhookSubscriptionType;
  @Field({ description: 'whsec_…: verify signatures with it' }) secret!: string;
}

@ObjectType({ description: 'A rotated secret; the previous one keeps signing for 24 hours' })
export class WebhookSecret {
  @Field(() => ID) id!: string;
  @Field() secret!: string;
}

@ObjectType()
export class WebhookRecovery {
  @Field(() => Int) redelivered!: number;
}

@ObjectType('WebhookAttempt')
export class WebhookAttemptType implements AttemptView {
  @Field(() => Int) number!: number;
  @Field(() => GraphQLISODateTime) at!: string;
  @Field(() => Int) durationMs!: number;
  @Field(() => Int, { nullable: true }) statusCode!: number | null;
  @Field(() => String, { nullable: true, description: 'The first 4 KiB of the response body' }) responseBody!: string | null;
  @Field(() => WebhookAttemptError, { nullable: true }) error!: AttemptError | null;
  @Field(() => String, { nullable: true }) errorDetail!: string | null;
}

@ObjectType('WebhookDelivery', { description: 'One event owed to one subscription; its id is the webhook-id header' })
export class WebhookDeliveryType implements DeliveryView {
  @Field(() => ID) id!: string;
  @Field(() => ID) subscriptionId!: string;
  @Field(() => ID) eventId!: string;
  @Field({ description: 'The event name' }) event!: string;
  @Field() aggregateType!: string;
  @Field() aggregateId!: string;
  @Field(() => WebhookDeliveryStatus) status!: DeliveryStatus;
  @Field(() => Int) attemptCount!: number;
  @Field(() => GraphQLISODateTime, { nullable: true }) nextAttemptAt!: string | null;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime, { nullable: true }) completedAt!: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The body the delivery POSTs; without `data` when dataWithheld' }) payload!: unknown;
  @Field({ description: 'The token lacks the read scope of this event (e.g. orders:read for pedido.*): payload comes without data and attempts without responseBody' })
  dataWithheld!: boolean;
  @Field(() => [WebhookAttemptType]) attempts!: WebhookAttemptType[];
}

export const WebhookSubscriptionConnection = connectionType('WebhookSubscription', WebhookSubscriptionType);
export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDeliveryType);

@InputType()
export class CreateWebhookSubscriptionInput {
  @Field() url!: string;
  @Field(() => [String]) events!: string[];
  @Field(() => String, { nullable: true }) description?: string;
}

@InputType()
export class UpdateWebhookSubscriptionInput {
  @Field(() => String, { nullable: true }) url?: string;
  @Field(() => [String], { nullable: true }) events?: string[];
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'false switches the subscription off; true back on' }) active?: boolean;
}

@InputType()
export class WebhookDeliveryFilter {
  @Field(() => ID, { nullable: true }) subscriptionId?: string;
  @Field(() => String, { nullable: true }) event?: string;
  @Field(() => WebhookDeliveryStatus, { nullable: true }) status?: DeliveryStatus;
}
