import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000239 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "sales_order" add "needs_attention" boolean not null default false, add "attention_reasons" jsonb not null default '[]'`);
    this.addSql(`create index "sales_order_needs_attention_index" on "sales_order" ("seller_id", "created_at", "id") where needs_attention`);
    this.addSql(`alter table "order_item" add "reserved" int null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_item" drop column "reserved"`);
    this.addSql(`drop index "sales_order_needs_attention_index"`);
    this.addSql(`alter table "sales_order" drop column "needs_attention", drop column "attention_reasons"`);
  }
}
