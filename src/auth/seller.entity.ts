import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';

@Entity({ tableName: 'seller' })
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
