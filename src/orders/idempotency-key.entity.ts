import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * An `Idempotency-Key` of POST /pedidos. The primary key is the claim: the first request
 * inserts the row in its creation transaction, a concurrent duplicate waits on that
 * insert and then reads the stored response.
 */
@Entity({ tableName: 'order_idempotency_key' })
export class OrderIdempotencyKey {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  @PrimaryKey({ type: 'text' })
  key!: string;

  /** SHA-256 of the canonical request body. */
  @Property({ type: 'text' })
  requestHash!: string;

  @Property({ type: 'uuid', nullable: true })
  orderId!: string | null;

  /** The first response's body, replayed with 200. */
  @Property({ type: 'jsonb', nullable: true })
  response!: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', length: 3, defaultRaw: 'now()' })
  createdAt!: Date;
}
