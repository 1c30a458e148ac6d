import { Migration } from '@mikro-orm/migrations';

export class Migration20261123083311 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "sales_order_seller_id_placed_at_id_index" on "sales_order" ("seller_id", "placed_at", "id")`);
    this.addSql(`create index "webhook_delivery_subscription_id_id_index" on "webhook_delivery" ("subscription_id", "id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "sales_order_seller_id_placed_at_id_index"`);
    this.addSql(`drop index "webhook_delivery_subscription_id_id_index"`);
  }
}
