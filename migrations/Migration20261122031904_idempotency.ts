import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031904 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "idempotency_key" ("seller_id" uuid not null, "scope" text not null, "key" text not null, "request_hash" text not null, "response" jsonb null, "created_at" timestamptz(3) not null default now(), primary key ("seller_id", "scope", "key"))`);
    this.addSql(`create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at")`);
    this.addSql(`drop table if exists "catalog_idempotency_key" cascade`);
    this.addSql(`drop table if exists "order_idempotency_key" cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table "catalog_idempotency_key" ("id" uuid not null, "seller_id" uuid not null, "key" text not null, "request_hash" text not null, "response" jsonb null, "created_at" timestamptz(6) not null, primary key ("id"))`);
    this.addSql(`create index "catalog_idempotency_key_created_at_index" on "catalog_idempotency_key" ("created_at")`);
    this.addSql(`create index "catalog_idempotency_key_seller_id_index" on "catalog_idempotency_key" ("seller_id")`);
    this.addSql(`alter table "catalog_idempotency_key" add constraint "catalog_idempotency_key_seller_id_key_unique" unique ("seller_id", "key")`);
    this.addSql(`create table "order_idempotency_key" ("seller_id" uuid not null, "key" text not null, "request_hash" text not null, "order_id" uuid null, "response" jsonb null, "created_at" timestamptz(3) not null default now(), primary key ("seller_id", "key"))`);
    this.addSql(`drop table if exists "idempotency_key" cascade`);
    this.addSql(`alter table "catalog_idempotency_key" add constraint "catalog_idempotency_key_seller_id_foreign" foreign key ("seller_id") references "seller" ("id") on update no action on delete no action`);
  }
}
