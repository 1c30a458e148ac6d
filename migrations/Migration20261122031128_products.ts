import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031128 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "product_webhook" ("id" uuid not null, "application_id" uuid not null, "product" text not null, "url" text not null, "events" text[] not null, "created_at" timestamptz not null, "deleted_at" timestamptz null, primary key ("id"))`);
    this.addSql(`create index "product_webhook_application_id_product_id_index" on "product_webhook" ("application_id", "product", "id")`);
    this.addSql(`create table "carrier_chat_message" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "sender" text not null, "author_name" text null, "message" text not null, "created_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "carrier_chat_message_seller_id_index" on "carrier_chat_message" ("seller_id")`);
    this.addSql(`create index "carrier_chat_message_seller_id_order_id_id_index" on "carrier_chat_message" ("seller_id", "order_id", "id")`);
    this.addSql(`create table "settlement_cycle" ("id" uuid not null, "seller_id" uuid not null, "period_start" timestamptz(3) not null, "period_end" timestamptz(3) not null, "gross" numeric(14,2) not null, "fees" numeric(14,2) not null, "net" numeric(14,2) not null, "fee_percent" numeric(5,2) not null, "payout_date" date not null, "payment_count" int not null, "created_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "settlement_cycle_seller_id_index" on "settlement_cycle" ("seller_id")`);
    this.addSql(`create index "settlement_cycle_seller_id_id_index" on "settlement_cycle" ("seller_id", "id")`);
    this.addSql(`create index "settlement_cycle_seller_id_period_start_period_end_index" on "settlement_cycle" ("seller_id", "period_start", "period_end")`);
    this.addSql(`create table "settlement_entry" ("id" uuid not null, "seller_id" uuid not null, "cycle_id" uuid not null, "payment_id" uuid not null, "order_id" uuid not null, "amount" numeric(14,2) not null, "fee" numeric(14,2) not null, primary key ("id"))`);
    this.addSql(`create index "settlement_entry_seller_id_index" on "settlement_entry" ("seller_id")`);
    this.addSql(`create index "settlement_entry_order_id_index" on "settlement_entry" ("order_id")`);
    this.addSql(`create index "settlement_entry_cycle_id_id_index" on "settlement_entry" ("cycle_id", "id")`);
    this.addSql(`alter table "settlement_entry" add constraint "settlement_entry_payment_id_unique" unique ("payment_id")`);
    this.addSql(`create table "shipment" ("id" uuid not null, "seller_id" uuid not null, "order_id" uuid not null, "carrier" text not null, "tracking_code" text not null, "tracking_url" text null, "status" text null, "created_at" timestamptz(3) not null, "updated_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "shipment_seller_id_index" on "shipment" ("seller_id")`);
    this.addSql(`create index "shipment_seller_id_order_id_id_index" on "shipment" ("seller_id", "order_id", "id")`);
    this.addSql(`alter table "shipment" add constraint "shipment_seller_id_carrier_tracking_code_unique" unique ("seller_id", "carrier", "tracking_code")`);
    this.addSql(`create table "support_case" ("id" uuid not null, "seller_id" uuid not null, "channel" text not null, "subject" text not null, "customer_name" text null, "order_id" uuid null, "status" text not null default 'open', "created_at" timestamptz(3) not null, "closed_at" timestamptz(3) null, primary key ("id"))`);
    this.addSql(`create index "support_case_seller_id_index" on "support_case" ("seller_id")`);
    this.addSql(`create index "support_case_order_id_index" on "support_case" ("order_id")`);
    this.addSql(`create index "support_case_seller_id_status_id_index" on "support_case" ("seller_id", "status", "id")`);
    this.addSql(`create index "support_case_seller_id_id_index" on "support_case" ("seller_id", "id")`);
    this.addSql(`create table "support_message" ("id" uuid not null, "seller_id" uuid not null, "support_case_id" uuid not null, "channel" text not null, "direction" text not null, "message" text not null, "at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "support_message_seller_id_index" on "support_message" ("seller_id")`);
    this.addSql(`create index "support_message_support_case_id_id_index" on "support_message" ("support_case_id", "id")`);
    this.addSql(`create table "tracking_event" ("id" uuid not null, "seller_id" uuid not null, "shipment_id" uuid not null, "status" text not null, "description" text not null, "location" text null, "at" timestamptz(3) not null, "recorded_at" timestamptz(3) not null, primary key ("id"))`);
    this.addSql(`create index "tracking_event_seller_id_index" on "tracking_event" ("seller_id")`);
    this.addSql(`create index "tracking_event_shipment_id_at_id_index" on "tracking_event" ("shipment_id", "at", "id")`);
    this.addSql(`alter table "product_webhook" add constraint "product_webhook_application_id_foreign" foreign key ("application_id") references "application" ("id")`);
    this.addSql(`alter table "carrier_chat_message" add constraint "carrier_chat_message_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "carrier_chat_message" add constraint "carrier_chat_message_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete cascade`);
    this.addSql(`alter table "settlement_cycle" add constraint "settlement_cycle_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "settlement_entry" add constraint "settlement_entry_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "settlement_entry" add constraint "settlement_entry_cycle_id_foreign" foreign key ("cycle_id") references "settlement_cycle" ("id") on delete cascade`);
    this.addSql(`alter table "settlement_entry" add constraint "settlement_entry_payment_id_foreign" foreign key ("payment_id") references "order_payment" ("id")`);
    this.addSql(`alter table "settlement_entry" add constraint "settlement_entry_order_id_foreign" foreign key ("order_id") references "sales_order" ("id")`);
    this.addSql(`alter table "shipment" add constraint "shipment_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "shipment" add constraint "shipment_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete cascade`);
    this.addSql(`alter table "support_case" add constraint "support_case_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "support_case" add constraint "support_case_order_id_foreign" foreign key ("order_id") references "sales_order" ("id") on delete set null`);
    this.addSql(`alter table "support_message" add constraint "support_message_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "support_message" add constraint "support_message_support_case_id_foreign" foreign key ("support_case_id") references "support_case" ("id") on delete cascade`);
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "tracking_event" add constraint "tracking_event_shipment_id_foreign" foreign key ("shipment_id") references "shipment" ("id") on delete cascade`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "settlement_entry" drop constraint "settlement_entry_cycle_id_foreign"`);
    this.addSql(`alter table "tracking_event" drop constraint "tracking_event_shipment_id_foreign"`);
    this.addSql(`alter table "support_message" drop constraint "support_message_support_case_id_foreign"`);
    this.addSql(`drop table if exists "product_webhook" cascade`);
    this.addSql(`drop table if exists "carrier_chat_message" cascade`);
    this.addSql(`drop table if exists "settlement_cycle" cascade`);
    this.addSql(`drop table if exists "settlement_entry" cascade`);
    this.addSql(`drop table if exists "shipment" cascade`);
    this.addSql(`drop table if exists "support_case" cascade`);
    this.addSql(`drop table if exists "support_message" cascade`);
    this.addSql(`drop table if exists "tracking_event" cascade`);
  }
}
