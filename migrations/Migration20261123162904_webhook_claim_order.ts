import { Migration } from '@mikro-orm/migrations';

export class Migration20261123162904 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_due_index"`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where status in ('pending', 'retrying')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_due_index"`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at") where status = ANY (ARRAY['pending'::text, 'retrying'::text])`);
  }
}
