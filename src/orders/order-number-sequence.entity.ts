import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The last order number handed out per seller. Taking the next one is an upsert whose
 * row lock lasts until commit, so numbers have no gaps (a rolled-back order returns its
 * number); creation takes it as its last write, so one seller's orders are serialised
 * only over their final statements and commit.
 */
@Entity({ tableName: 'order_number_sequence' })
export class OrderNumberSequence {
  @PrimaryKey({ type: 'uuid' })
  sellerId!: string;

  @Property({ type: 'integer' })
  lastNumber!: number;
}
