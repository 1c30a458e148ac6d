import { Migration } from '@mikro-orm/migrations';

export class Migration20261123054937 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "application_credential" ("id" uuid not null, "application_id" uuid not null, "secret_hash" text not null, "prefix" text not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"))`);
    this.addSql(`alter table "application_credential" add constraint "application_credential_secret_hash_unique" unique ("secret_hash")`);
    this.addSql(`create index "application_credential_application_id_id_index" on "application_credential" ("application_id", "id")`);
    // Hand-added (data, which a schema diff cannot produce): every app keeps its credential,
    // now as its first row here; its id is the app's, its prefix unknown (never stored).
    this.addSql(`insert into "application_credential" ("id", "application_id", "secret_hash", "prefix", "created_at") select "id", "id", "credential_hash", 'ponte_app_', "created_at" from "application"`);
    this.addSql(`alter table "application" drop constraint "application_credential_hash_unique"`);
    this.addSql(`alter table "application" drop column "credential_hash"`);
    this.addSql(`alter table "api_token" add "issued_by" uuid null`);
    this.addSql(`create index "api_token_seller_id_id_index" on "api_token" ("seller_id", "id")`);
    this.addSql(`alter table "application_credential" add constraint "application_credential_application_id_foreign" foreign key ("application_id") references "application" ("id")`);
  }

  override async down(): Promise<void> {
    // Hand-added: back to one credential per app, its newest one that is not revoked.
    this.addSql(`alter table "application" add "credential_hash" text null`);
    this.addSql(`update "application" a set "credential_hash" = (select c."secret_hash" from "application_credential" c where c."application_id" = a."id" and c."revoked_at" is null order by c."id" desc limit 1)`);
    // An app with no live credential gets a hash no credential has.
    this.addSql(`update "application" set "credential_hash" = md5(random()::text) where "credential_hash" is null`);
    this.addSql(`alter table "application" alter column "credential_hash" set not null`);
    this.addSql(`drop table if exists "application_credential" cascade`);
    this.addSql(`drop index "api_token_seller_id_id_index"`);
    this.addSql(`alter table "api_token" drop column "issued_by"`);
    this.addSql(`alter table "application" add constraint "application_credential_hash_unique" unique ("credential_hash")`);
  }
}
