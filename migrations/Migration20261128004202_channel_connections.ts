import { Migration } from '@mikro-orm/migrations';

export class Migration20261128004202 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "channel_connection" ("id" uuid not null, "seller_id" uuid not null, "channel" text not null, "platform" text not null, "api_base_url" text not null, "sealed" text not null, "inbound_key_hash" text not null, "status" text not null default 'active', "last_order_at" timestamptz null, "last_sync_at" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "channel_connection_seller_id_index" on "channel_connection" ("seller_id")`);
    this.addSql(`alter table "channel_connection" add constraint "channel_connection_inbound_key_hash_unique" unique ("inbound_key_hash")`);
    this.addSql(`alter table "channel_connection" add constraint "channel_connection_seller_id_channel_unique" unique ("seller_id", "channel")`);
    this.addSql(`create table "channel_listing" ("id" uuid not null, "seller_id" uuid not null, "connection_id" uuid not null, "sku" text not null, "listing_id" text not null, "variation_id" text null, "product_id" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "channel_listing_seller_id_index" on "channel_listing" ("seller_id")`);
    this.addSql(`create index "channel_listing_connection_id_listing_id_variation_id_index" on "channel_listing" ("connection_id", "listing_id", "variation_id")`);
    this.addSql(`alter table "channel_listing" add constraint "channel_listing_connection_id_sku_unique" unique ("connection_id", "sku")`);
    this.addSql(`create table "channel_inbound" ("id" uuid not null, "seller_id" uuid not null, "connection_id" uuid not null, "delivery_id" text not null, "topic" text not null, "body" text not null, "status" text not null default 'pending', "attempts" int not null default 0, "received_at" timestamptz not null, "next_attempt_at" timestamptz not null, "lease_expires_at" timestamptz null, "error" text null, "order_id" uuid null, primary key ("id"))`);
    this.addSql(`create index "channel_inbound_seller_id_index" on "channel_inbound" ("seller_id")`);
    this.addSql(`create index "channel_inbound_due_index" on "channel_inbound" ("next_attempt_at", "id") where status = 'pending'`);
    this.addSql(`alter table "channel_inbound" add constraint "channel_inbound_connection_id_delivery_id_unique" unique ("connection_id", "delivery_id")`);
    this.addSql(`alter table "channel_connection" add constraint "channel_connection_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel_listing" add constraint "channel_listing_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel_listing" add constraint "channel_listing_connection_id_foreign" foreign key ("connection_id") references "channel_connection" ("id") on delete cascade`);
    this.addSql(`alter table "channel_inbound" add constraint "channel_inbound_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel_inbound" add constraint "channel_inbound_connection_id_foreign" foreign key ("connection_id") references "channel_connection" ("id") on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "channel_listing" drop constraint "channel_listing_connection_id_foreign"`);
    this.addSql(`alter table "channel_inbound" drop constraint "channel_inbound_connection_id_foreign"`);
    this.addSql(`drop table if exists "channel_connection" cascade`);
    this.addSql(`drop table if exists "channel_listing" cascade`);
    this.addSql(`drop table if exists "channel_inbound" cascade`);
  }
}
