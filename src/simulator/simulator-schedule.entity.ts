import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A sandbox seller's simulated marketplace running by itself: how many orders a minute,
 * and what share of waiting orders the marketplace then pays or cancels. Stored, so a
 * dispatcher that restarts picks it up where it was; `nextRunAt` is when the next order
 * is due. One row per seller; `ordersPerMinute: 0` is stopped.
 */
@Entity({ tableName: 'simulator_schedule' })
export class SimulatorSchedule {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  @Property({ type: 'integer' })
  ordersPerMinute!: number;

  @Property({ type: 'double' })
  payRate!: number;

  @Property({ type: 'double' })
  cancelRate!: number;

  @Property({ type: 'timestamptz' })
  nextRunAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt: Opt<Date> = new Date();
}
