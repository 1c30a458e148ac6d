import { Migration } from '@mikro-orm/migrations';

export class Migration20261123083036 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "webhook_delivery_finished_index" on "webhook_delivery" ("completed_at") where status in ('succeeded', 'failed', 'cancelled')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_finished_index"`);
  }
}
