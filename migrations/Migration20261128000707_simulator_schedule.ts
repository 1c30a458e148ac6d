import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000707 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "simulator_schedule" ("seller_id" uuid not null, "orders_per_minute" int not null, "pay_rate" double precision not null, "cancel_rate" double precision not null, "next_run_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("seller_id"))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "simulator_schedule" cascade`);
  }
}
