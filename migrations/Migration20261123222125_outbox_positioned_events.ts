import { Migration } from '@mikro-orm/migrations';

export class Migration20261123222125 extends Migration {
  override async up(): Promise<void> {
    // Events written with their commit position (recordEvents' `positioned`) queue no firing.
    this.addSql(`drop trigger if exists "outbox_event_commit_position" on "outbox_event"`);
    this.addSql(`create constraint trigger "outbox_event_commit_position" after insert on "outbox_event" deferrable initially deferred for each row when (new.commit_position is null) execute function "outbox_event_outbox_event_commit_position_fn"()`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "outbox_event_commit_position" on "outbox_event"`);
    this.addSql(`create constraint trigger "outbox_event_commit_position" after insert on "outbox_event" deferrable initially deferred for each row execute function "outbox_event_outbox_event_commit_position_fn"()`);
  }
}
