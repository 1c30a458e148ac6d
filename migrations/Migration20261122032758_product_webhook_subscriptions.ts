import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032758 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "product_webhook_subscription" ("id" uuid not null, "product_webhook_id" uuid not null, "seller_id" uuid not null, "subscription_id" uuid not null, "created_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "product_webhook_subscription_seller_id_index" on "product_webhook_subscription" ("seller_id")`);
    this.addSql(`alter table "product_webhook_subscription" add constraint "product_webhook_subscription_subscription_id_unique" unique ("subscription_id")`);
    this.addSql(`alter table "product_webhook_subscription" add constraint "product_webhook_subscription_product_webhook_id_s_ca21f_unique" unique ("product_webhook_id", "seller_id")`);
    this.addSql(`alter table "product_webhook_subscription" add constraint "product_webhook_subscription_product_webhook_id_foreign" foreign key ("product_webhook_id") references "product_webhook" ("id")`);
    this.addSql(`alter table "product_webhook_subscription" add constraint "product_webhook_subscription_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "product_webhook_subscription" add constraint "product_webhook_subscription_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "product_webhook_subscription" cascade`);
  }
}
