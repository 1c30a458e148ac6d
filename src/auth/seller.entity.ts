import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { newId } from '../db/ids.js';

@Entity({ tableName: 'seller' })
export class Seller {
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Opt<Date> = new Date();
}
