import type { EntityManager } from '@mikro-orm/postgresql';
import type { Caller } from '../auth/auth.service.js';
import { validationFailed } from '../errors.js';
import {
  createSubscription,
  getSubscription,
  updateSubscription,
  type WebhookSettings,
} from '../webhooks/subscription.service.js';
import type { WebhookSubscription } from '../webhooks/subscription.entity.js';
import { eventsOfGroups, switchGroups, type GroupSwitches } from './groups.js';

export interface ConfigurationInput {
  url: string;
  description?: string;
  groups: GroupSwitches;
}

/**
 * A portal configuration is a webhook subscription whose events are the groups switched
 * on; the subscription's rules (destination, read scopes, quota) apply unchanged.
 */
export async function createConfiguration(
  em: EntityManager,
  caller: Caller,
  input: ConfigurationInput,
  settings: WebhookSettings,
): Promise<{ subscription: WebhookSubscription; secret: string }> {
  const events = eventsOrRefuse(eventsOfGroups(input.groups), '/groups');
  return createSubscription(em, caller, { url: input.url, description: input.description, events }, settings);
}

/** Switches groups on or off; groups not named keep what they had (see switchGroups). */
export async function switchConfigurationGroups(
  em: EntityManager,
  caller: Caller,
  id: string,
  changes: Partial<GroupSwitches>,
  settings: WebhookSettings,
): Promise<WebhookSubscription> {
  const current = await getSubscription(em, caller.sellerId, id);
  const events = eventsOrRefuse(switchGroups(current.events, changes), '/');
  return updateSubscription(em, caller, id, { events }, settings);
}

/** A configuration that takes no event would never be called: switch it off instead. */
function eventsOrRefuse(events: string[], path: string): string[] {
  if (events.length === 0) throw validationFailed([{ path, message: 'switch on at least one group, or set active: false' }]);
  return events;
}
