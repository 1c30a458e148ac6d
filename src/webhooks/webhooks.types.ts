import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { wireEnum } from '../graphql/enums.js';
import { Node } from '../graphql/node.js';
import { connectionType } from '../graphql/relay.js';
import { MaxItems } from '../graphql/list-size.js';
import { DateTime } from '../graphql/scalars.js';
import type { AttemptError, DeliveryStatus } from './delivery.entity.js';
import type { Health } from './subscription-health.js';
import type { DisabledReason } from './subscription.entity.js';
import { DELIVERY_ATTEMPTS_SHOWN, type AttemptView, type DeliveryView, type SubscriptionView } from './webhooks.views.js';

export const WebhookHealth = wireEnum<Health>('WebhookHealth', 'How a subscription\'s endpoint has been answering', {
  healthy: 'The last attempt succeeded (or none was made yet)',
  degraded: '1–4 attempts failed in a row',
  failing: '5 or more attempts failed in a row',
  disabled: 'Switched off: by the seller, a 410 Gone, or too many failures',
});
const WebhookDeliveryStatus = wireEnum<DeliveryStatus>('WebhookDeliveryStatus', 'Where a delivery stands', {
  pending: 'Waiting for its first attempt',
  retrying: 'An attempt failed; another is scheduled (nextAttemptAt)',
  succeeded: 'The endpoint answered 2xx',
  failed: 'Every attempt failed; redeliver it to try again',
  cancelled: 'Its subscription was deleted or switched off before it succeeded',
});
const WebhookAttemptError = wireEnum<AttemptError>('WebhookAttemptError', 'Why an attempt failed', {
  timeout: 'The endpoint did not answer in time',
  connection: 'The connection failed (DNS, refused, reset)',
  tls: 'The TLS handshake or certificate failed',
  redirect: 'The endpoint answered with a redirect (not followed)',
  status: 'The endpoint answered with a non-2xx status',
  blocked: 'The address is not allowed (private or reserved network)',
});
const WebhookDisabledReason = wireEnum<DisabledReason>('WebhookDisabledReason', 'Why a subscription was switched off', {
  user: 'The seller switched it off',
  gone: 'The receiver answered 410 Gone',
  failing: 'Too many attempts failed in a row',
});

@ObjectType('WebhookSubscription', { description: 'An endpoint receiving signed event deliveries', implements: Node })
export class WebhookSubscriptionType implements SubscriptionView {
  @Field(() => ID, { description: 'Subscription id (UUID v7)' }) id!: string;
  @Field({ description: 'The https endpoint deliveries are POSTed to' }) url!: string;
  @Field(() => [EventTypeEnum], { description: 'The events it receives; [all]: every event' }) events!: string[];
  @Field(() => String, { nullable: true, description: 'Free text for the seller' }) description!: string | null;
  @Field({ description: 'false: switched off, nothing is delivered' }) active!: boolean;
  @Field(() => WebhookHealth, { description: 'How the endpoint has been answering' }) health!: Health;
  @Field(() => Int, { description: 'Attempts failed in a row' }) consecutiveFailures!: number;
  @Field(() => DateTime, { nullable: true, description: 'The last successful attempt' }) lastSuccessAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'The last failed attempt' }) lastFailureAt!: string | null;
  @Field(() => DateTime, { nullable: true, description: 'When it was switched off' }) disabledAt!: string | null;
  @Field(() => WebhookDisabledReason, { nullable: true, description: 'Why it was switched off' })
  disabledReason!: SubscriptionView['disabledReason'];
  @Field(() => DateTime, { description: 'When it was created' }) createdAt!: string;
  @Field(() => DateTime, { description: 'When it last changed' }) updatedAt!: string;
}

@ObjectType('WebhookAttempt', { description: 'One HTTP attempt of a delivery' })
export class WebhookAttemptType implements AttemptView {
  @Field(() => Int, { description: 'Attempt number, from 1' }) number!: number;
  @Field(() => DateTime, { description: 'When it was made' }) at!: string;
  @Field(() => Int, { description: 'How long the endpoint took' }) durationMs!: number;
  @Field(() => Int, { nullable: true, description: 'The HTTP status; null when none came' }) statusCode!: number | null;
  @Field(() => String, { nullable: true, description: 'The first 4 KiB of the response body' }) responseBody!: string | null;
  @Field(() => WebhookAttemptError, { nullable: true, description: 'Why it failed; null when it succeeded' }) error!: AttemptError | null;
  @Field(() => String, { nullable: true, description: 'More on the failure' }) errorDetail!: string | null;
}

@ObjectType('WebhookDelivery', { description: 'One event owed to one subscription; its id is the webhook-id header', implements: Node })
export class WebhookDeliveryType implements Omit<DeliveryView, 'sellerId'> {
  @Field(() => ID, { description: 'Delivery id: the webhook-id header (dedupe by it)' }) id!: string;
  @Field(() => ID, { description: 'The subscription it is owed to' }) subscriptionId!: string;
  @Field(() => ID, { description: 'The event delivered' }) eventId!: string;
  @Field(() => EventTypeEnum, { description: 'The event name' }) event!: string;
  @Field({ description: 'What the event is about, e.g. order, stock' }) aggregateType!: string;
  @Field({ description: 'Its id (an order id, a SKU…)' }) aggregateId!: string;
  @Field(() => WebhookDeliveryStatus, { description: 'Where it stands' }) status!: DeliveryStatus;
  @Field(() => Int, { description: 'Attempts made so far' }) attemptCount!: number;
  @Field(() => DateTime, { nullable: true, description: 'When the next attempt is due' }) nextAttemptAt!: string | null;
  @Field(() => DateTime, { description: 'When it was created' }) createdAt!: string;
  @Field(() => DateTime, { nullable: true, description: 'When it succeeded, failed for good or was cancelled' }) completedAt!: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The body the delivery POSTs; without `data` when dataWithheld' }) payload!: unknown;
  @Field({ description: 'The token lacks the read scope of this event (e.g. orders:read for pedido.*): payload comes without data and attempts without responseBody' })
  dataWithheld!: boolean;
  @MaxItems(DELIVERY_ATTEMPTS_SHOWN)
  @Field(() => [WebhookAttemptType], { description: `Its latest attempts (up to ${DELIVERY_ATTEMPTS_SHOWN}), oldest first; attemptCount counts them all` })
  attempts!: WebhookAttemptType[];
}

export const WebhookSubscriptionConnection = connectionType('WebhookSubscription', WebhookSubscriptionType);
export const WebhookDeliveryConnection = connectionType('WebhookDelivery', WebhookDeliveryType);

@ObjectType({ description: 'The result of createWebhookSubscription: the subscription and its secret, shown this once' })
export class CreateWebhookSubscriptionPayload {
  @Field(() => WebhookSubscriptionType, { description: 'The new subscription' }) subscription!: WebhookSubscriptionType;
  @Field({ description: 'whsec_…: verify signatures with it' }) secret!: string;
}

@ObjectType({ description: 'The result of updateWebhookSubscription' })
export class UpdateWebhookSubscriptionPayload {
  @Field(() => WebhookSubscriptionType, { description: 'The subscription after the change' }) subscription!: WebhookSubscriptionType;
}

@ObjectType({ description: 'The result of deleteWebhookSubscription' })
export class DeleteWebhookSubscriptionPayload {
  @Field(() => ID, { description: 'The deleted subscription' }) deletedSubscriptionId!: string;
}

@ObjectType({ description: 'The result of rotateWebhookSecret: the previous secret keeps signing for 24 hours' })
export class RotateWebhookSecretPayload {
  @Field(() => ID, { description: 'The subscription' }) subscriptionId!: string;
  @Field({ description: 'The new whsec_… secret, shown this once' }) secret!: string;
}

@ObjectType({ description: 'The result of recoverWebhookDeliveries' })
export class RecoverWebhookDeliveriesPayload {
  @Field(() => Int, { description: 'How many failed deliveries were queued again' }) redelivered!: number;
}

@ObjectType({ description: 'The result of redeliverWebhookDelivery' })
export class RedeliverWebhookDeliveryPayload {
  @Field(() => WebhookDeliveryType, { description: 'The delivery, queued again' }) delivery!: WebhookDeliveryType;
}

@InputType({ description: 'Input of createWebhookSubscription' })
export class CreateWebhookSubscriptionInput {
  @Field({ description: 'The https endpoint to POST deliveries to' }) url!: string;
  @Field(() => [EventTypeEnum], { description: 'Events of the webhooks interface to receive; [all]: every one' }) events!: string[];
  @Field(() => String, { nullable: true, description: 'Free text for the seller' }) description?: string;
}

@InputType({ description: 'Input of updateWebhookSubscription; omitted fields stay' })
export class UpdateWebhookSubscriptionInput {
  @Field(() => ID, { description: 'The subscription' }) subscriptionId!: string;
  @Field(() => String, { nullable: true, description: 'A new endpoint' }) url?: string;
  @Field(() => [EventTypeEnum], { nullable: true, description: 'A new list of events' }) events?: string[];
  @Field(() => String, { nullable: true, description: 'New free text; null clears it' }) description?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'false switches the subscription off; true back on' }) active?: boolean;
}

@InputType({ description: 'Input of deleteWebhookSubscription' })
export class DeleteWebhookSubscriptionInput {
  @Field(() => ID, { description: 'The subscription' }) subscriptionId!: string;
}

@InputType({ description: 'Input of rotateWebhookSecret' })
export class RotateWebhookSecretInput {
  @Field(() => ID, { description: 'The subscription' }) subscriptionId!: string;
}

@InputType({ description: 'Input of recoverWebhookDeliveries' })
export class RecoverWebhookDeliveriesInput {
  @Field(() => ID, { description: 'The subscription' }) subscriptionId!: string;
  @Field(() => DateTime, { description: 'Redeliver the failed deliveries created at or after this instant' }) since!: Date;
}

@InputType({ description: 'Input of redeliverWebhookDelivery' })
export class RedeliverWebhookDeliveryInput {
  @Field(() => ID, { description: 'A finished delivery' }) deliveryId!: string;
}

@InputType({ description: 'Which deliveries the log returns; omitted fields do not filter' })
export class WebhookDeliveryFilter {
  @Field(() => ID, { nullable: true, description: 'Of this subscription' }) subscriptionId?: string;
  @Field(() => EventTypeEnum, { nullable: true, description: 'Of this event' }) event?: string;
  @Field(() => WebhookDeliveryStatus, { nullable: true, description: 'In this status' }) status?: DeliveryStatus;
}
