import type { Static, TSchema } from 'typebox';
import type { Scope } from '../auth/scopes.js';
import { addEventTypes } from './graphql-enum.js';

/**
 * The payload schema of each event, by event name. The kernel names no event: each module
 * adds its own here by declaration merging, beside the schemas and the builders of its
 * events (e.g. src/orders/orders.events.ts). So recording an event nobody declared, or with data
 * its schema does not describe, does not compile. Event names are the source's
 * (Portuguese) and stay as given.
 */
export interface EventSchemas {}

export type EventName = keyof EventSchemas & string;

/** The `data` of an event of this name, as its schema describes it. */
export type EventPayload<N extends EventName> = EventSchemas[N] extends infer S extends TSchema ? Static<S> : never;

/**
 * The groups of the webhooks interface, in the order the seller portal shows them. A
 * module puts each of its interface events in one; an event in no group reaches only the
 * per-product registrations that ask for it.
 */
export const EVENT_GROUPS = ['orders', 'stock', 'freight', 'payments'] as const;
export type EventGroup = (typeof EVENT_GROUPS)[number];

/** What a module declares of each event it records. */
export interface EventDefinition<N extends EventName = EventName> {
  readonly name: N;
  /** JSON Schema (TypeBox) of the event's `data`, exactly as webhooks and live subscriptions carry it. */
  readonly payload: EventSchemas[N];
  /** The scope a token needs to read the data: to subscribe to the event, see it in a delivery log, follow it live. */
  readonly readScope: Scope;
  /** Its group in the webhooks interface; none: only per-product registrations receive it. */
  readonly group?: EventGroup;
}

export function defineEvent<N extends EventName>(name: N, definition: Omit<EventDefinition<N>, 'name'>): EventDefinition<N> {
  return { name, ...definition };
}

/** The most events the modules may declare: lists of the catalogue are bounded by it. */
export const EVENTS_MAX = 100;

const definitions = new Map<string, EventDefinition>();
const groups = new Map<EventGroup, EventName[]>(EVENT_GROUPS.map((group) => [group, []]));
let interfaceNames: EventName[] = [];
let interfaceNameSet = new Set<string>();

/**
 * Adds modules' events to the registry; src/modules.ts calls it once, when it is first
 * imported. Within a group, events keep the order of the modules and of their declarations.
 */
export function registerEvents(added: readonly EventDefinition[]): void {
  for (const definition of added) {
    if (definitions.has(definition.name)) throw new Error(`Event ${definition.name} is declared twice`);
    if (definitions.size === EVENTS_MAX) throw new Error(`More than ${EVENTS_MAX} events declared: raise EVENTS_MAX`);
    definitions.set(definition.name, definition);
    if (definition.group) groups.get(definition.group)!.push(definition.name);
  }
  interfaceNames = EVENT_GROUPS.flatMap((group) => groups.get(group)!);
  addEventTypes(added);
  interfaceNameSet = new Set(interfaceNames);
}

function requireRegistered(): void {
  if (definitions.size === 0) {
    throw new Error('The event registry is empty: src/modules.ts registers every module\'s events when it is imported; import it first');
  }
}

/** The declaration of an event (per-product events included); undefined for an unknown name. */
export function eventDefinition(name: string): EventDefinition | undefined {
  requireRegistered();
  return definitions.get(name);
}

/** The webhooks interface's events, group by group: what `*` stands for. */
export function interfaceEventNames(): readonly EventName[] {
  requireRegistered();
  return interfaceNames;
}

export function eventsOfGroup(group: EventGroup): readonly EventName[] {
  requireRegistered();
  return groups.get(group)!;
}

/** Whether webhooks interface subscriptions (and live subscriptions) can take this event. */
export function isInterfaceEvent(name: string): boolean {
  requireRegistered();
  return interfaceNameSet.has(name);
}

/** The envelope every consumer sees, webhooks and GraphQL subscriptions alike. */
export interface EventEnvelope {
  id: string;
  evento: string;
  dataHora: string;
  data: Record<string, unknown>;
}
