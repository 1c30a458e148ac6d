import { EVENT_GROUPS, eventsOfGroup, interfaceEventNames, type EventGroup } from '../events/event-registry.js';

// The seller portal (API v2) shows a webhook subscription's events as switches per group
// of the webhooks interface's events. The subscription record keeps event names; groups are a view of them.

export type GroupSwitches = Record<EventGroup, boolean>;

export const GROUPS: readonly EventGroup[] = EVENT_GROUPS;

function expand(events: readonly string[]): Set<string> {
  return new Set(events.includes('*') ? interfaceEventNames() : events);
}

/** A group is on when the subscription takes every event of it (`*` takes them all). */
export function groupsOf(events: readonly string[]): GroupSwitches {
  const names = expand(events);
  return Object.fromEntries(GROUPS.map((group) => [group, eventsOfGroup(group).every((event) => names.has(event))])) as GroupSwitches;
}

/** The event names of the groups switched on, in registry order. */
export function eventsOfGroups(groups: Partial<GroupSwitches>): string[] {
  return GROUPS.filter((group) => groups[group]).flatMap((group) => [...eventsOfGroup(group)]);
}

/**
 * Applies switches to a subscription's events: a group switched on adds all its events,
 * switched off removes them; groups not named keep what they had (even a partial choice
 * made through the webhooks interface). The result is explicit names in registry order.
 */
export function switchGroups(events: readonly string[], changes: Partial<GroupSwitches>): string[] {
  const names = expand(events);
  for (const group of GROUPS) {
    const change = changes[group];
    if (change === undefined) continue;
    for (const event of eventsOfGroup(group)) {
      if (change) names.add(event);
      else names.delete(event);
    }
  }
  return interfaceEventNames().filter((event) => names.has(event));
}
