import { Migration } from '@mikro-orm/migrations';

/**
 * When a token was last used (recordTokenUse writes it at most once a minute per token).
 * That stamp changes nothing the credential caches hold, so the token's change
 * notification leaves it out: otherwise every process would drop the token from its
 * cache each time its use is stamped.
 */
export class Migration20261128013100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "api_token" add "last_used_at" timestamptz null`);
    this.addSql(`create or replace function "api_token_api_token_notify_change_fn"() returns trigger as \$\$ begin if tg_op = 'DELETE' or old.last_used_at is not distinct from new.last_used_at then perform pg_notify('ponte_credentials', old.secret_hash); end if; return null; end; \$\$ language plpgsql`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "api_token_api_token_notify_change_fn"() returns trigger as \$\$ begin perform pg_notify('ponte_credentials', old.secret_hash); return null; end; \$\$ language plpgsql`);
    this.addSql(`alter table "api_token" drop column "last_used_at"`);
  }
}
