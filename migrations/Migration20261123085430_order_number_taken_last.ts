import { Migration } from '@mikro-orm/migrations';

export class Migration20261123085430 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sales_order" alter column "number" drop not null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "sales_order" alter column "number" set not null`);
  }
}
