import { Migration } from '@mikro-orm/migrations';

/**
 * Hand-written: the tables that grow with traffic become range-partitioned by week
 * (docs/operations.md, "Partitions"), which the schema diff cannot express (the entities
 * leave partitioning to the database). Each table's rows move into a partitioned twin in
 * this transaction, under a lock that holds off every writer until the twin has them all:
 * a write waiting on the lock fails once the old table is gone (its transaction rolls
 * back), so none lands in a table that is dropped. Partitions start on Mondays, 00:00 UTC,
 * from the week of a table's oldest row to two weeks ahead; a default partition takes
 * what falls outside them (ids that are not UUID v7). src/db/partitions.ts makes the
 * later weeks by the same rule.
 *
 * Each table is partitioned on a time-ordered UUID v7: its own id, or, for attempts,
 * their delivery's (so a delivery and its attempts share a week and go together). A
 * unique constraint must hold the partition key, so `webhook_delivery (event_id,
 * subscription_id)` becomes an index (the fan-out alone makes deliveries, one per event
 * and subscription), the attempt's key becomes (delivery_id, id), and the foreign keys
 * into partitioned tables (delivery → event, attempt → delivery) go: retention drops a
 * week's partition whole, which such a key would refuse. The rules they kept are the
 * fan-out's and the retention's (docs/operations.md, "Partitions").
 */
const TABLES = [
  // In this order: each one's old table refers to the next one's.
  { name: 'webhook_attempt', key: 'delivery_id', storage: '' },
  { name: 'webhook_delivery', key: 'id', storage: ' with (fillfactor = 60)' },
  { name: 'outbox_event', key: 'id', storage: '' },
  { name: 'channel_sync_attempt', key: 'id', storage: '' },
] as const;

/** Writers lock these tables in this order (an event, its deliveries, their attempts): so does the migration. */
const LOCK = `lock table "outbox_event", "webhook_delivery", "webhook_attempt", "channel_sync_attempt" in exclusive mode`;

/** The smallest UUID of a millisecond: a partition bound. */
const UUID_AT = `create function pg_temp.ponte_uuid_at(at timestamptz) returns uuid language sql immutable as $$
  select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-0000-0000-000000000000')::uuid
    from (select lpad(to_hex(floor(extract(epoch from at) * 1000)::bigint), 12, '0') as h) ms
$$`;

/** `values` rows of TABLES for a DO block. */
const TABLE_ROWS = TABLES.map((table, n) => `('${table.name}', '${table.key}', '${table.storage}', ${n})`).join(', ');

/**
 * Per table: its partitioned twin, a partition per week from its oldest v7 key's week to
 * the week two weeks ahead (at least the current one), the default, every row copied,
 * the old table dropped and the twin renamed.
 */
const PARTITION_AND_MOVE = `do $$
declare
  t record;
  oldest uuid;
  this_week timestamptz := date_trunc('week', now() at time zone 'UTC') at time zone 'UTC';
  last_week timestamptz := date_trunc('week', (now() + interval '14 days') at time zone 'UTC') at time zone 'UTC';
  week timestamptz;
begin
  for t in select * from (values ${TABLE_ROWS}) as v(name, key, storage, n) order by n loop
    execute format('create table %I (like %I including defaults) partition by range (%I)', t.name || '_partitioned', t.name, t.key);
    execute format('select %1$I from %2$I where substr(%1$I::text, 15, 1) = ''7'' order by %1$I limit 1', t.key, t.name) into oldest;
    week := this_week;
    if oldest is not null then
      week := least(week, date_trunc('week', to_timestamp(('x' || substr(replace(oldest::text, '-', ''), 1, 12))::bit(48)::bigint / 1000.0) at time zone 'UTC') at time zone 'UTC');
    end if;
    while week <= last_week loop
      execute format('create table %I partition of %I for values from (%L) to (%L)%s',
        t.name || '_' || to_char(week at time zone 'UTC', 'YYYYMMDD'), t.name || '_partitioned',
        pg_temp.ponte_uuid_at(week), pg_temp.ponte_uuid_at(week + interval '7 days'), t.storage);
      week := week + interval '7 days';
    end loop;
    execute format('create table %I partition of %I default%s', t.name || '_default', t.name || '_partitioned', t.storage);
    execute format('insert into %I select * from %I', t.name || '_partitioned', t.name);
    execute format('drop table %I', t.name);
    execute format('alter table %I rename to %I', t.name || '_partitioned', t.name);
  end loop;
end $$`;

/** Back: per table, an ordinary twin with every row, the partitioned one dropped. */
const UNPARTITION_AND_MOVE = `do $$
declare
  t record;
begin
  for t in select * from (values ${TABLE_ROWS}) as v(name, key, storage, n) order by n loop
    execute format('create table %I (like %I including defaults)%s', t.name || '_unpartitioned', t.name, t.storage);
    execute format('insert into %I select * from %I', t.name || '_unpartitioned', t.name);
    execute format('drop table %I', t.name);
    execute format('alter table %I rename to %I', t.name || '_unpartitioned', t.name);
  end loop;
end $$`;

export class Migration20261201220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(LOCK);
    this.addSql(UUID_AT);
    this.addSql(PARTITION_AND_MOVE);
    this.addSql(`drop function pg_temp.ponte_uuid_at(timestamptz)`);
    // A UUID v7 minted by the database, for statements that make rows of these tables in
    // SQL: a random (v4) id would land in the default partition, not its week's.
    this.addSql(`create or replace function ponte_uuid_v7() returns uuid language sql volatile as $$
  select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
$$`);

    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_pkey" primary key ("delivery_id", "id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_number_unique" unique ("delivery_id", "number")`);
    this.addSql(`create index "webhook_attempt_seller_id_index" on "webhook_attempt" ("seller_id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_pkey" primary key ("id")`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id")`);
    this.addSql(`create index "webhook_delivery_seller_id_id_index" on "webhook_delivery" ("seller_id", "id")`);
    this.addSql(`create index "webhook_delivery_subscription_id_id_index" on "webhook_delivery" ("subscription_id", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_event_type_id_index" on "webhook_delivery" ("seller_id", "event_type", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_status_id_index" on "webhook_delivery" ("seller_id", "status", "id")`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where status in ('pending', 'retrying')`);
    this.addSql(`create index "webhook_delivery_finished_index" on "webhook_delivery" ("completed_at") where status in ('succeeded', 'failed', 'cancelled')`);
    this.addSql(
      `create index "webhook_delivery_open_aggregate_index" on "webhook_delivery" ("subscription_id", "aggregate_type", "aggregate_id", "sequence") where status in ('pending', 'retrying')`,
    );
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id")`);

    this.addSql(`alter table "outbox_event" add constraint "outbox_event_pkey" primary key ("id")`);
    this.addSql(`create index "outbox_event_seller_id_index" on "outbox_event" ("seller_id")`);
    this.addSql(`create index "outbox_event_seller_id_id_index" on "outbox_event" ("seller_id", "id")`);
    this.addSql(`create index "outbox_event_seller_id_commit_position_index" on "outbox_event" ("seller_id", "commit_position")`);
    this.addSql(`create index "outbox_event_commit_position_index" on "outbox_event" ("commit_position")`);
    this.addSql(`create index "outbox_event_aggregate_type_aggregate_id_sequence_index" on "outbox_event" ("aggregate_type", "aggregate_id", "sequence")`);
    this.addSql(`alter table "outbox_event" add constraint "outbox_event_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addTriggers();

    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_pkey" primary key ("id")`);
    this.addSql(`create index "channel_sync_attempt_seller_id_index" on "channel_sync_attempt" ("seller_id")`);
    this.addSql(`create index "channel_sync_attempt_sync_id_number_index" on "channel_sync_attempt" ("sync_id", "number")`);
    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(
      `alter table "channel_sync_attempt" add constraint "channel_sync_attempt_sync_id_foreign" foreign key ("sync_id") references "channel_sync" ("id") on delete cascade`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(LOCK);
    this.addSql(UNPARTITION_AND_MOVE);
    this.addSql(`drop function ponte_uuid_v7()`);

    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_pkey" primary key ("id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_number_unique" unique ("delivery_id", "number")`);
    this.addSql(`create index "webhook_attempt_seller_id_index" on "webhook_attempt" ("seller_id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_pkey" primary key ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_subscription_id_unique" unique ("event_id", "subscription_id")`);
    this.addSql(`create index "webhook_delivery_seller_id_id_index" on "webhook_delivery" ("seller_id", "id")`);
    this.addSql(`create index "webhook_delivery_subscription_id_id_index" on "webhook_delivery" ("subscription_id", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_event_type_id_index" on "webhook_delivery" ("seller_id", "event_type", "id")`);
    this.addSql(`create index "webhook_delivery_seller_id_status_id_index" on "webhook_delivery" ("seller_id", "status", "id")`);
    this.addSql(`create index "webhook_delivery_due_index" on "webhook_delivery" ("next_attempt_at", "id") where status in ('pending', 'retrying')`);
    this.addSql(`create index "webhook_delivery_finished_index" on "webhook_delivery" ("completed_at") where status in ('succeeded', 'failed', 'cancelled')`);
    this.addSql(
      `create index "webhook_delivery_open_aggregate_index" on "webhook_delivery" ("subscription_id", "aggregate_type", "aggregate_id", "sequence") where status in ('pending', 'retrying')`,
    );
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id")`);

    this.addSql(`alter table "outbox_event" add constraint "outbox_event_pkey" primary key ("id")`);
    this.addSql(`create index "outbox_event_seller_id_index" on "outbox_event" ("seller_id")`);
    this.addSql(`create index "outbox_event_seller_id_id_index" on "outbox_event" ("seller_id", "id")`);
    this.addSql(`create index "outbox_event_seller_id_commit_position_index" on "outbox_event" ("seller_id", "commit_position")`);
    this.addSql(`create index "outbox_event_commit_position_index" on "outbox_event" ("commit_position")`);
    this.addSql(`create index "outbox_event_aggregate_type_aggregate_id_sequence_index" on "outbox_event" ("aggregate_type", "aggregate_id", "sequence")`);
    this.addSql(`alter table "outbox_event" add constraint "outbox_event_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addTriggers();

    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_pkey" primary key ("id")`);
    this.addSql(`create index "channel_sync_attempt_seller_id_index" on "channel_sync_attempt" ("seller_id")`);
    this.addSql(`create index "channel_sync_attempt_sync_id_number_index" on "channel_sync_attempt" ("sync_id", "number")`);
    this.addSql(`alter table "channel_sync_attempt" add constraint "channel_sync_attempt_seller_id_foreign" foreign key ("seller_id") references "seller" ("id")`);
    this.addSql(
      `alter table "channel_sync_attempt" add constraint "channel_sync_attempt_sync_id_foreign" foreign key ("sync_id") references "channel_sync" ("id") on delete cascade`,
    );

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_event_id_foreign" foreign key ("event_id") references "outbox_event" ("id")`);
    this.addSql(`alter table "webhook_attempt" add constraint "webhook_attempt_delivery_id_foreign" foreign key ("delivery_id") references "webhook_delivery" ("id")`);
  }

  /** The outbox's triggers, as src/events/outbox-event.entity.ts declares them (their functions stay). */
  private addTriggers(): void {
    this.addSql(`create trigger "outbox_event_notify" AFTER INSERT on "outbox_event" for each ROW execute function "outbox_event_outbox_event_notify_fn"()`);
    this.addSql(`create trigger "outbox_event_enqueue_fanout" AFTER INSERT on "outbox_event" for each ROW execute function "outbox_event_outbox_event_enqueue_fanout_fn"()`);
    this.addSql(
      `create constraint trigger "outbox_event_commit_position" after insert on "outbox_event" deferrable initially deferred for each row when (new.commit_position is null) execute function "outbox_event_outbox_event_commit_position_fn"()`,
    );
  }
}
