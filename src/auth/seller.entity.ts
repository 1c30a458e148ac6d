import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property, Trigger } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';

@Entity({ tableName: 'seller' })
// A cached token carries its seller's name: a changed or removed seller empties every
// process's credential cache (the service never changes one; an operator may).
@Trigger({
  name: 'seller_notify_change',
  timing: 'after',
  events: ['update', 'delete'],
  forEach: 'statement',
  body: `perform pg_notify('ponte_credentials', ''); return null;`,
})
export class Seller {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  name!: string;

  /**
   * A sandbox seller is for trying integrations: its tokens read `ponte_sk_test_…` and it
   * may use the simulated marketplace (`/simulador`). Everything else is as for any seller.
   */
  @Property({ type: 'boolean', default: false })
  sandbox: Opt<boolean> = false;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();
}
