import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035419 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "installation" drop constraint "installation_seller_id_application_id_unique"`);
    this.addSql(`create unique index "installation_open_period_unique" on "installation" ("seller_id", "application_id") where uninstalled_at is null`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "installation_open_period_unique"`);
    this.addSql(`alter table "installation" add constraint "installation_seller_id_application_id_unique" unique ("seller_id", "application_id")`);
  }
}
