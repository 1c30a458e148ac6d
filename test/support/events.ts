import type { EventInput } from '../../src/events/outbox.js';

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
