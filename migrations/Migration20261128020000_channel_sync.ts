import { Migration } from '@mikro-orm/migrations';

export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "channel_sync" ("id" uuid not null, "seller_id" uuid not null, "connection_id" uuid not null, "subject" text not null, "field" text not null, "value" jsonb not null, "version" int not null default 1, "synced_value" jsonb null, "synced_version" int not null default 0, "status" text not null default 'pending', "attempt_count" int not null default 0, "attempts_in_round" int not null default 0, "next_attempt_at" timestamptz not null, "lease_token" uuid null, "lease_expires_at" timestamptz null, "last_attempt_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "channel_sync_seller_id_index" on "channel_sync" ("seller_id")`);
    this.addSql(`create index "channel_sync_due_index" on "channel_sync" ("next_attempt_at", "id") where status in ('pending', 'retrying')`);
    this.addSql(`alter table "channel_sync" add constraint "channel_sync_connection_id_subject_field_unique" unique ("connection_id", "subject", "field")`);
    this.addSql(`create table "channel_sync_attempt" ("id" uuid not null, "seller_id" uuid not null, "sync_id" uuid not null, "number" int not null, "value" jsonb null, "version" int not null, "outcome" text not null, "at" timestamptz not null, "duration_ms" int not null, "status_code" int null, "response_body" text null, "error" text null, "error_detail" text null, primary key ("id"))`);
    this.addSql(`create index "channel_sync_attempt_seller_id_index" on "channel_sync_attempt" ("seller_id")`);
    this.addSql(`create index "channel_sync_attempt_sync_id_number_index" on "channel_sync_attempt" ("sync_id", "number")`);
    this.addSql(`alter table "channel_connection" add "sync_paused_until" timestamptz null`);
    this.addSql(`alter table "channel_sync" add constraint "channel_sync_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel_sync" add constraint "channel_sync_connection_id_foreign" foreign key ("connection_id") references "channel_connection" ("id") on delete cascade`);
    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_sync_id_foreign" foreign key ("sync_id") references "channel_sync" ("id") on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_sync_attempt" drop constraint "channel_sync_attempt_sync_id_foreign"`);
    this.addSql(`drop table if exists "channel_sync" cascade`);
    this.addSql(`drop table if exists "channel_sync_attempt" cascade`);
    this.addSql(`alter table "channel_connection" drop column "sync_paused_until"`);
  }
}
