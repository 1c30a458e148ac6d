import { Migration } from '@mikro-orm/migrations';

export class Migration20261124005616 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_due_index"`);
    this.addSql(`alter table "webhook_delivery" add "held" boolean not null default false`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where status in ('pending', 'retrying') and not held`);
    this.addSql(`create or replace function "webhook_delivery_webhook_delivery_release_next_fn"() returns trigger as \$\$ begin update webhook_delivery n set held = false where n.id = (select h.id from webhook_delivery h where h.subscription_id = new.subscription_id and h.aggregate_type = new.aggregate_type and h.aggregate_id = new.aggregate_id and h.status in ('pending', 'retrying') order by h.sequence limit 1 for update skip locked) and n.held; return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "webhook_delivery_release_next" after update of status on "webhook_delivery" for each row when (old.status in ('pending', 'retrying') and new.status not in ('pending', 'retrying')) execute function "webhook_delivery_webhook_delivery_release_next_fn"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_due_index"`);
    this.addSql(`drop trigger if exists "webhook_delivery_release_next" on "webhook_delivery"`);
    this.addSql(`drop function if exists "webhook_delivery_webhook_delivery_release_next_fn"()`);
    this.addSql(`alter table "webhook_delivery" drop column "held"`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where status in ('pending', 'retrying')`);
  }
}
