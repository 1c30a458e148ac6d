import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000106 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "application_credential_application_credential_notify_change_fn"() returns trigger as \$\$ begin perform pg_notify('ponte_credentials', old.secret_hash); return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "application_credential_notify_change" AFTER UPDATE OR DELETE on "application_credential" for each ROW execute function "application_credential_application_credential_notify_change_fn"()`);
    this.addSql(`create or replace function "seller_seller_notify_change_fn"() returns trigger as \$\$ begin perform pg_notify('ponte_credentials', ''); return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "seller_notify_change" AFTER UPDATE OR DELETE on "seller" for each STATEMENT execute function "seller_seller_notify_change_fn"()`);
    this.addSql(`create or replace function "api_token_api_token_notify_change_fn"() returns trigger as \$\$ begin perform pg_notify('ponte_credentials', old.secret_hash); return null; end; \$\$ language plpgsql`);
    this.addSql(`create trigger "api_token_notify_change" AFTER UPDATE OR DELETE on "api_token" for each ROW execute function "api_token_api_token_notify_change_fn"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "api_token_notify_change" on "api_token"`);
    this.addSql(`drop function if exists "api_token_api_token_notify_change_fn"()`);
    this.addSql(`drop trigger if exists "application_credential_notify_change" on "application_credential"`);
    this.addSql(`drop function if exists "application_credential_application_credential_notify_change_fn"()`);
    this.addSql(`drop trigger if exists "seller_notify_change" on "seller"`);
    this.addSql(`drop function if exists "seller_seller_notify_change_fn"()`);
  }
}
