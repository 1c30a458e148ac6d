import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022317 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "product" ("id" uuid not null, "seller_id" uuid not null, "sku" text not null, "title" text not null, "description" text null, "brand" text null, "gtin" text null, "ncm" text null, "attributes" jsonb not null, "images" jsonb not null, "datasheet" jsonb not null, "weight_grams" int null, "dimensions_cm" jsonb null, "publication_status" text not null, "channels" text[] not null, "variations" jsonb not null, "content_hash" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "product_seller_id_index" on "product" ("seller_id")`);
    this.addSql(`create index "product_channels_index" on "product" using gin ("channels")`);
    this.addSql(`create index "product_seller_id_publication_status_sku_index" on "product" ("seller_id", "publication_status", "sku")`);
    this.addSql(`alter table "product" add constraint "product_seller_id_sku_unique" unique ("seller_id", "sku")`);
    this.addSql(`create table "price_list" ("id" uuid not null, "seller_id" uuid not null, "sku" text not null, "prices" jsonb not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "price_list_seller_id_index" on "price_list" ("seller_id")`);
    this.addSql(`alter table "price_list" add constraint "price_list_seller_id_sku_unique" unique ("seller_id", "sku")`);
    this.addSql(`create table "channel" ("id" uuid not null, "seller_id" uuid not null, "code" text not null, "name" text not null, "active" boolean not null default true, "share_percent" int not null default 100, "safety_stock" int not null default 0, "max_quantity" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "channel_seller_id_index" on "channel" ("seller_id")`);
    this.addSql(`alter table "channel" add constraint "channel_seller_id_code_unique" unique ("seller_id", "code")`);
    this.addSql(`create table "catalog_idempotency_key" ("id" uuid not null, "seller_id" uuid not null, "key" text not null, "request_hash" text not null, "response" jsonb null, "created_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "catalog_idempotency_key_seller_id_index" on "catalog_idempotency_key" ("seller_id")`);
    this.addSql(`alter table "catalog_idempotency_key" add constraint "catalog_idempotency_key_seller_id_key_unique" unique ("seller_id", "key")`);
    this.addSql(`create table "stock" ("id" uuid not null, "seller_id" uuid not null, "sku" text not null, "product_id" uuid not null, "sellable" boolean not null, "on_hand" int not null default 0, "reserved" int not null default 0, "available" int not null default 0, "channels" jsonb not null, "updated_at" timestamptz not null, primary key ("id"))`);
    this.addSql(`create index "stock_seller_id_index" on "stock" ("seller_id")`);
    this.addSql(`create index "stock_product_id_available_index" on "stock" ("product_id", "available")`);
    this.addSql(`alter table "stock" add constraint "stock_seller_id_sku_unique" unique ("seller_id", "sku")`);
    this.addSql(`alter table "product" add constraint "product_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "product" add constraint "product_publication_status_check" check ("publication_status" in ('draft', 'published', 'paused', 'archived'))`);
    this.addSql(`alter table "price_list" add constraint "price_list_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "channel" add constraint "channel_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "catalog_idempotency_key" add constraint "catalog_idempotency_key_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "stock" add constraint "stock_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "stock" add constraint "stock_product_id_foreign" foreign key ("product_id") references "product" ("id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stock" drop constraint "stock_product_id_foreign"`);
    this.addSql(`drop table if exists "product" cascade`);
    this.addSql(`drop table if exists "price_list" cascade`);
    this.addSql(`drop table if exists "channel" cascade`);
    this.addSql(`drop table if exists "catalog_idempotency_key" cascade`);
    this.addSql(`drop table if exists "stock" cascade`);
  }
}
