import { WebhookEventsDocument, type WebhookEventsQuery } from '../generated/graphql';
import { useQuery } from './hooks';

/** The webhooks interface's events with the scope that reads each, as the server declares them (empty until loaded). */
export function useWebhookEvents(): WebhookEventsQuery['webhookEvents'] {
  return useQuery(WebhookEventsDocument, {}).data?.webhookEvents ?? [];
}
