import { Authorized, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { ScopeEnum } from '../auth/auth.resolver.js';
import { eventDefinition, EVENTS_MAX, interfaceEventNames } from '../events/event-registry.js';
import { EventTypeEnum } from '../events/graphql-enum.js';
import { MaxItems } from '../graphql/list-size.js';

@ObjectType('WebhookEvent', { description: 'An event of the webhooks interface: what a subscription (and `*`) and the live feed can take' })
export class WebhookEventType {
  @Field(() => EventTypeEnum, { description: 'The event' }) type!: string;
  @Field(() => ScopeEnum, { description: 'The scope a token needs to read its data: to subscribe to it, see it in a delivery log, follow it live' })
  readScope!: string;
}

/** The interface's events as the modules declared them, so a client never keeps its own copy of the list. */
@Resolver()
export class WebhookEventResolver {
  @Authorized()
  @MaxItems(EVENTS_MAX)
  @Query(() => [WebhookEventType], { description: 'The webhooks interface\'s events, group by group, each with the scope that reads it' })
  webhookEvents(): WebhookEventType[] {
    return interfaceEventNames().map((name) => ({ type: name, readScope: eventDefinition(name)!.readScope }));
  }
}
