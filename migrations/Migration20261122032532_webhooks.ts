import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032532 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_fanout_queue" ("position" bigserial primary key, "event_id" uuid not null)`);
    this.addSql(`alter table "webhook_fanout_queue" add constraint "webhook_fanout_queue_event_id_unique" unique ("event_id")`);
    this.addSql(`create table "webhook_subscription" ("id" uuid not null, "seller_id" uuid not null, "kind" text not null default 'interface', "url" text not null, "events" text[] not null, "description" text null, "secret" text not null, "previous_secret" text null, "previous_secret_expires_at" timestamptz null, "active" boolean not null default true, "disabled_at" timestamptz null, "disabled_reason" text null, "consecutive_failures" int not null default 0, "failing_since" timestamptz null, "last_success_at" timestamptz null, "last_failure_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "webhook_subscription_seller_id_index" on "webhook_subscription" ("seller_id")`);
    this.addSql(`create index "webhook_subscription_seller_id_id_index" on "webhook_subscription" ("seller_id", "id")`);
    this.addSql(`create table "webhook_delivery" ("id" uuid not null, "seller_id" uuid not null, "subscription_id" uuid not null, "event_id" uuid not null, "event_type" text not null, "aggregate_type" text not null, "aggregate_id" text not null, "sequence" int not null, "status" text not null default 'pending', "attempt_count" int not null default 0, "attempts_in_round" int not null default 0, "next_attempt_at" timestamptz not null, "lease_token" uuid null, "lease_expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "completed_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "webhook_delivery_seller_id_index" on "webhook_delivery" ("seller_id")`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id")`);
    this.addSql(`create index "webhook_delivery_open_aggregate_index" on "webhook_delivery" ("subscription_id", "aggregate_type", "aggregate_id", "sequence") where status in ('pending', 'retrying')`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at") where status in ('pending', 'retrying')`);
    this.addSql(`create index "webhook_delivery_seller_id_status_id_index" on "webhook_delivery" ("seller_id", "status", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_event_type_id_index" on "webhook_delivery" ("seller_id", "event_type", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_subscription_id_id_index" on "webhook_delivery" ("seller_id", "subscription_id", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_id_index" on "webhook_delivery" ("seller_id", "id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_event_id_unique" unique ("subscription_id", "event_id")`);
    this.addSql(`create table "webhook_attempt" ("id" uuid not null, "seller_id" uuid not null, "delivery_id" uuid not null, "number" int not null, "at" timestamptz not null, "duration_ms" int not null, "status_code" int null, "response_body" text null, "error" text null, "error_detail" text null, primary key ("id"))`);
    this.addSql(`create index "webhook_attempt_seller_id_index" on "webhook_attempt" ("seller_id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_number_unique" unique ("delivery_id", "number")`);
    this.addSql(`create or replace function "outbox_event_outbox_event_enqueue_fanout_fn"() returns trigger as \$\$ begin insert into webhook_fanout_queue (event_id) values (new.id); return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "outbox_event_enqueue_fanout" AFTER INSERT on "outbox_event" for each ROW execute function "outbox_event_outbox_event_enqueue_fanout_fn"()`);
    this.addSql(`alter table "webhook_subscription" add constraint "webhook_subscription_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "outbox_event" ("id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_subscription_id_foreign"`);
    this.addSql(`alter table "webhook_attempt" drop constraint "webhook_attempt_delivery_id_foreign"`);
    this.addSql(`drop table if exists "webhook_fanout_queue" cascade`);
    this.addSql(`drop table if exists "webhook_subscription" cascade`);
    this.addSql(`drop table if exists "webhook_delivery" cascade`);
    this.addSql(`drop table if exists "webhook_attempt" cascade`);
    this.addSql(`drop trigger if exists "outbox_event_enqueue_fanout" on "outbox_event"`);
    this.addSql(`drop function if exists "outbox_event_outbox_event_enqueue_fanout_fn"()`);
  }
}
