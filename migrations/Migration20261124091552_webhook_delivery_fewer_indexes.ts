import { Migration } from '@mikro-orm/migrations';

export class Migration20261124091552 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_event_id_index"`);
    this.addSql(`drop index "webhook_delivery_seller_id_index"`);
    this.addSql(`drop index "webhook_delivery_seller_id_subscription_id_id_index"`);
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_subscription_id_event_id_unique"`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_subscription_id_unique" unique ("event_id", "subscription_id")`);
    // Room on each page for the claim's lease to be written beside its row, without a new
    // entry in every index. Pages written from now on.
    this.addSql(`alter table "webhook_delivery" set (fillfactor = 60)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" reset (fillfactor)`);
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_event_id_subscription_id_unique"`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id")`);
    this.addSql(`create index "webhook_delivery_seller_id_index" on "webhook_delivery" ("seller_id")`);
    this.addSql(`create index "webhook_delivery_seller_id_subscription_id_id_index" on "webhook_delivery" ("seller_id", "subscription_id", "id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_event_id_unique" unique ("subscription_id", "event_id")`);
  }
}
