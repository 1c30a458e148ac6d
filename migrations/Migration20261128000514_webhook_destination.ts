import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000514 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_subscription" add "destination_id" uuid null`);
    // The subscriptions an application's registration already keeps, one per seller, share it as their destination.
    this.addSql(`update "webhook_subscription" s set "destination_id" = l."product_webhook_id"
      from "product_webhook_subscription" l where l."subscription_id" = s."id"`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_subscription" drop column "destination_id"`);
  }
}
