import { Migration } from '@mikro-orm/migrations';

/** When a token was last used (recordTokenUse writes it at most once a minute per token). */
export class Migration20261128002130 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_token" add "last_used_at" timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "api_token" drop column "last_used_at"`);
  }
}
