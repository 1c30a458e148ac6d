import { Migration } from '@mikro-orm/migrations';

export class Migration20261127235949 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "seller" add "sandbox" boolean not null default false`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "seller" drop column "sandbox"`);
  }
}
