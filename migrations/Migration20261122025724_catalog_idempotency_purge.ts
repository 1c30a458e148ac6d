import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025724 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "catalog_idempotency_key_created_at_index" on "catalog_idempotency_key" ("created_at")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "catalog_idempotency_key_created_at_index"`);
  }
}
