import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The last order number handed out per seller. Taking the next one is an upsert whose
 * row lock lasts until commit, so numbers have no gaps (a rolled-back order returns its
 * number) at the price of serialising the creation of one seller's orders.
 */
@Entity({ tableName: 'order_number_sequence' })
export class OrderNumberSequence {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  @Property({ type: 'integer' })
  lastNumber!: number;
}
