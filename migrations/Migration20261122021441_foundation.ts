import { Migration } from '@mikro-orm/migrations';

export class Migration20261122021441 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "aggregate_sequence" ("seller_id" uuid not null, "aggregate_type" text not null, "aggregate_id" text not null, "last_sequence" int not null, primary key ("seller_id", "aggregate_type", "aggregate_id"))`);
    this.addSql(`create table "application" ("id" uuid not null, "name" text not null, "credential_hash" text not null, "created_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`alter table "application" add constraint "application_credential_hash_unique" unique ("credential_hash")`);
    this.addSql(`create table "seller" ("id" uuid not null, "name" text not null, "created_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create table "outbox_event" ("id" uuid not null, "seller_id" uuid not null, "type" text not null, "aggregate_type" text not null, "aggregate_id" text not null, "sequence" int not null, "payload" jsonb not null, "created_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "outbox_event_seller_id_index" on "outbox_event" ("seller_id")`);
    this.addSql(`create index "outbox_event_aggregate_type_aggregate_id_sequence_index" on "outbox_event" ("aggregate_type", "aggregate_id", "sequence")`);
    this.addSql(`create index "outbox_event_seller_id_id_index" on "outbox_event" ("seller_id", "id")`);
    this.addSql(`create table "installation" ("id" uuid not null, "seller_id" uuid not null, "application_id" uuid not null, "installed_at" timestamptz not null, "uninstalled_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "installation_seller_id_index" on "installation" ("seller_id")`);
    this.addSql(`create index "installation_application_id_index" on "installation" ("application_id")`);
    this.addSql(`alter table "installation" add constraint "installation_seller_id_application_id_unique" unique ("seller_id", "application_id")`);
    this.addSql(`create table "api_token" ("id" uuid not null, "seller_id" uuid not null, "name" text not null, "secret_hash" text not null, "prefix" text not null, "scopes" text[] not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "api_token_seller_id_index" on "api_token" ("seller_id")`);
    this.addSql(`alter table "api_token" add constraint "api_token_secret_hash_unique" unique ("secret_hash")`);
    this.addSql(`alter table "outbox_event" add constraint "outbox_event_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`create or replace function "outbox_event_outbox_event_notify_fn"() returns trigger as \$\$ begin perform pg_notify('ponte_outbox', json_build_object('id', new.id, 'sellerId', new.seller_id, 'type', new.type)::text); return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "outbox_event_notify" AFTER INSERT on "outbox_event" for each ROW execute function "outbox_event_outbox_event_notify_fn"()`);
    this.addSql(`alter table "installation" add constraint "installation_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "installation" add constraint "installation_application_id_foreign" foreign key ("application_id") references "application" ("id")`);
    this.addSql(`alter table "api_token" add constraint "api_token_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "installation" drop constraint "installation_application_id_foreign"`);
    this.addSql(`alter table "outbox_event" drop constraint "outbox_event_seller_id_foreign"`);
    this.addSql(`alter table "installation" drop constraint "installation_seller_id_foreign"`);
    this.addSql(`alter table "api_token" drop constraint "api_token_seller_id_foreign"`);
    this.addSql(`drop table if exists "aggregate_sequence" cascade`);
    this.addSql(`drop table if exists "application" cascade`);
    this.addSql(`drop table if exists "seller" cascade`);
    this.addSql(`drop trigger if exists "outbox_event_notify" on "outbox_event"`);
    this.addSql(`drop function if exists "outbox_event_outbox_event_notify_fn"()`);
    this.addSql(`drop table if exists "outbox_event" cascade`);
    this.addSql(`drop table if exists "installation" cascade`);
    this.addSql(`drop table if exists "api_token" cascade`);
  }
}
