import { Filter, ManyToOne } from '@mikro-orm/decorators/legacy';
import { Seller } from '../auth/seller.entity.js';

export const SELLER_FILTER = 'seller';

/**
 * Base of every tenant row. The `seller` filter is on by default and takes an argument,
 * so a query on an entity manager that was not scoped to a seller throws instead of
 * reading every tenant's rows. Work that spans sellers (the dispatcher) turns it off by
 * name, which makes the exception visible in the code.
 */
@Filter({
  name: SELLER_FILTER,
  cond: (args: { sellerId?: string }) => {
    if (!args.sellerId) throw new Error('seller filter used without a sellerId');
    return { seller: args.sellerId };
  },
  default: true,
  args: true,
})
export abstract class SellerOwned {
  @ManyToOne(() => Seller, { mapToPk: true, fieldName: 'seller_id', index: true })
  seller!: string;
}
