import '../../src/modules.js';
import { eventDefinition } from '../../src/events/event-registry.js';
import type { EventInput } from '../../src/events/outbox.js';
import type { JsonSchema } from '../../src/http/openapi/document-types.js';
import { exampleOf } from '../../src/http/openapi/examples.js';

/**
 * An outbox event whose data may have any shape. Transport tests (fan-out, ordering, live
 * streams, the outbox itself) record events whose payloads nothing reads; services record
 * real ones through their modules' builders, as the type of recordEvent demands.
 */
export interface LooseEvent {
  type: string;
  aggregateType: string;
  aggregateId: string;
  data: Record<string, unknown>;
}

export const looseEvent = (event: LooseEvent): EventInput => event as EventInput;

/**
 * Data valid for the event's schema: the example its schema gives, with `data` over it
 * (nested objects merged field by field).
 * Transport tests that deliver to receivers use it, since receivers check every payload
 * against schema/events/ (test/support/contract.ts).
 */
export function validPayload(type: string, data: Record<string, unknown> = {}): Record<string, unknown> {
  const definition = eventDefinition(type);
  if (!definition) return data;
  return merged(exampleOf(definition.payload as unknown as JsonSchema, () => ({})) as Record<string, unknown>, data);
}

function merged(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const result = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = base[key];
    result[key] = isPlainObject(below) && isPlainObject(value) ? merged(below, value) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
