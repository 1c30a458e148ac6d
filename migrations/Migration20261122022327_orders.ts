import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022327 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "order_idempotency_key" ("seller_id" uuid not null, "key" text not null, "request_hash" text not null, "order_id" uuid null, "response" jsonb null, "created_at" timestamptz(3) not null default now(), primary key ("seller_id", "key"))`);
    this.addSql(`create table "order_number_sequence" ("seller_id" uuid not null, "last_number" int not null, primary key ("seller_id"))`);
    this.addSql(`create table "sales_order" ("id" uuid not null, "seller_id" uuid not null, "number" int not null, "channel" text not null, "external_id" text not null, "status" text not null, "customer" jsonb not null, "delivery_address" jsonb not null, "items_amount" numeric(14,2) not null, "shipping_amount" numeric(14,2) not null, "discount_amount" numeric(14,2) not null, "total_amount" numeric(14,2) not null, "invoice" jsonb null, "shipment" jsonb null, "cancellation_reason" text null, "placed_at" timestamptz(3) not null, "created_at" timestamptz(3) not null, "updated_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "sales_order_seller_id_index" on "sales_order" ("seller_id")`);
    this.addSql(`create index "sales_order_seller_id_updated_at_id_index" on "sales_order" ("seller_id", "updated_at", "id")`);
    this.addSql(`create index "sales_order_seller_id_status_created_at_id_index" on "sales_order" ("seller_id", "status", "created_at", "id")`);
    this.addSql(`create index "sales_order_seller_id_channel_created_at_id_index" on "sales_order" ("seller_id", "channel", "created_at", "id")`);
    this.addSql(`create index "sales_order_seller_id_created_at_id_index" on "sales_order" ("seller_id", "created_at", "id")`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_channel_external_id_unique" unique ("seller_id", "channel", "external_id")`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_seller_id_number_unique" unique ("seller_id", "number")`);
    this.addSql(`create table "order_status_change" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "status" text not null, "at" timestamptz(3) not null, "note" text null, primary key ("id"))`);
    this.addSql(`create index "order_status_change_seller_id_index" on "order_status_change" ("seller_id")`);
    this.addSql(`create index "order_status_change_order_id_at_id_index" on "order_status_change" ("order_id", "at", "id")`);
    this.addSql(`create table "order_payment" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "method" text not null, "status" text not null, "amount" numeric(14,2) not null, "installments" int not null, "paid_at" timestamptz(3) null, "transaction_id" text null, "created_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "order_payment_seller_id_index" on "order_payment" ("seller_id")`);
    this.addSql(`create index "order_payment_order_id_index" on "order_payment" ("order_id")`);
    this.addSql(`create index "order_payment_order_id_transaction_id_index" on "order_payment" ("order_id", "transaction_id")`);
    this.addSql(`create table "order_item" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "position" int not null, "sku" text not null, "title" text not null, "quantity" int not null, "unit_price" numeric(14,2) not null, "discount" numeric(14,2) not null, "total" numeric(14,2) not null, primary key ("id"))`);
    this.addSql(`create index "order_item_seller_id_index" on "order_item" ("seller_id")`);
    this.addSql(`create index "order_item_order_id_index" on "order_item" ("order_id")`);
    this.addSql(`alter table "sales_order" add constraint "sales_order_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "order_status_change" add constraint "order_status_change_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "order_status_change" add constraint "order_status_change_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete cascade`);
    this.addSql(`alter table "order_payment" add constraint "order_payment_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "order_payment" add constraint "order_payment_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete cascade`);
    this.addSql(`alter table "order_item" add constraint "order_item_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "order_item" add constraint "order_item_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "order_status_change" drop constraint "order_status_change_order_id_foreign"`);
    this.addSql(`alter table "order_payment" drop constraint "order_payment_order_id_foreign"`);
    this.addSql(`alter table "order_item" drop constraint "order_item_order_id_foreign"`);
    this.addSql(`drop table if exists "order_idempotency_key" cascade`);
    this.addSql(`drop table if exists "order_number_sequence" cascade`);
    this.addSql(`drop table if exists "sales_order" cascade`);
    this.addSql(`drop table if exists "order_status_change" cascade`);
    this.addSql(`drop table if exists "order_payment" cascade`);
    this.addSql(`drop table if exists "order_item" cascade`);
  }
}
