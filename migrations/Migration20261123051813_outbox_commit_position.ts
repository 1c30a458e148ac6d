import { Migration } from '@mikro-orm/migrations';

export class Migration20261123051813 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_event" add "commit_position" bigint null`);
    this.addSql(`create index "outbox_event_commit_position_index" on "outbox_event" ("commit_position")`);
    this.addSql(`create index "outbox_event_seller_id_commit_position_index" on "outbox_event" ("seller_id", "commit_position")`);
    this.addSql(`create sequence if not exists outbox_event_commit_position_seq`);
    this.addSql(`create or replace function "outbox_event_outbox_event_commit_position_fn"() returns trigger as \$\$ begin perform pg_advisory_xact_lock(hashtext('ponte:outbox-commit-order')); update outbox_event set commit_position = nextval('outbox_event_commit_position_seq') where id = new.id; return null; end; \$\$ language plpgsql`);
    this.addSql(`create constraint trigger "outbox_event_commit_position" after insert on "outbox_event" deferrable initially deferred for each row execute function "outbox_event_outbox_event_commit_position_fn"()`);
    // Events from before this migration are all committed: id order stands in for commit order.
    this.addSql(`update "outbox_event" e set "commit_position" = o.position from (select id, row_number() over (order by id) as position from "outbox_event") o where e.id = o.id`);
    this.addSql(`select setval('outbox_event_commit_position_seq', coalesce(max("commit_position"), 0) + 1, false) from "outbox_event"`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "outbox_event_commit_position_index"`);
    this.addSql(`drop index "outbox_event_seller_id_commit_position_index"`);
    this.addSql(`drop trigger if exists "outbox_event_commit_position" on "outbox_event"`);
    this.addSql(`drop function if exists "outbox_event_outbox_event_commit_position_fn"()`);
    this.addSql(`alter table "outbox_event" drop column "commit_position"`);
    this.addSql(`drop sequence if exists outbox_event_commit_position_seq`);
  }
}
