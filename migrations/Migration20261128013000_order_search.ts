import { Migration } from '@mikro-orm/migrations';

/**
 * The order list's search (order.queries.ts, searchOf): exact indexes for the external id
 * without its channel and for the customer's document, and a trigram index for part of
 * the customer's name in any case, with or without accents. pg_trgm, unaccent and
 * btree_gin ship with PostgreSQL (contrib) and are trusted extensions: the database's
 * owner may create them (docs/operations.md).
 */
export class Migration20261128013000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm`);
    this.addSql(`create extension if not exists unaccent`);
    this.addSql(`create extension if not exists btree_gin`);
    // unaccent() is only stable (its dictionary could change), so an index cannot call it;
    // this wrapper names the dictionary and is declared immutable, as its folding is.
    // SET search_path FROM CURRENT finds unaccent wherever this database installed it.
    this.addSql(`create function ponte_fold(text) returns text language sql immutable strict parallel safe set search_path from current
  as $$ select lower(unaccent('unaccent'::regdictionary, $1)) $$`);
    this.addSql(`create index "sales_order_customer_name_search_index" on "sales_order" using gin ("seller_id", ponte_fold("customer"->>'name') gin_trgm_ops)`);
    this.addSql(`create index "sales_order_customer_document_index" on "sales_order" ("seller_id", ("customer"->>'document'))`);
    this.addSql(`create index "sales_order_seller_id_external_id_index" on "sales_order" ("seller_id", "external_id")`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "sales_order_customer_name_search_index"`);
    this.addSql(`drop index "sales_order_customer_document_index"`);
    this.addSql(`drop index "sales_order_seller_id_external_id_index"`);
    // The extensions stay: other objects of the database may use them.
    this.addSql(`drop function ponte_fold(text)`);
  }
}
