import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * An `Idempotency-Key` a seller has used for one kind of write (`scope`): the request it
 * came with, as a hash, and the response it got. The primary key is the claim: the first
 * request inserts the row in its own transaction and a concurrent duplicate waits on it.
 */
@Entity({ tableName: 'idempotency_key' })
// The retention purge deletes by age across sellers.
@Index({ properties: ['createdAt'] })
export class IdempotencyKey {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  /** The kind of write, e.g. `stock.delta`, `order.create`: one key never collides across them. */
  @PrimaryKey({ type: 'text' })
  scope!: string;

  @PrimaryKey({ type: 'text' })
  key!: string;

  /** SHA-256 of the canonical request. */
  @Property({ type: 'text' })
  requestHash!: string;

  /** The first response, replayed to resends. */
  @Property({ type: 'jsonb', nullable: true })
  response!: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', length: 3, defaultRaw: 'now()' })
  createdAt!: Date;
}
