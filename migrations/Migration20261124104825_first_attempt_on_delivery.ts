import { Migration } from '@mikro-orm/migrations';

export class Migration20261124104825 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_delivery" add "first_attempt_at" timestamptz null, add "first_attempt_duration_ms" int null, add "first_attempt_status_code" int null, add "first_attempt_response_body" text null, add "first_attempt_error" text null, add "first_attempt_error_detail" text null`);
  }

  override async down(): Promise<void> {
    // Back where the code before this migration reads them.
    this.addSql(`insert into "webhook_attempt" ("id", "seller_id", "delivery_id", "number", "at", "duration_ms", "status_code", "response_body", "error", "error_detail")
      select gen_random_uuid(), "seller_id", "id", 1, "first_attempt_at", "first_attempt_duration_ms", "first_attempt_status_code", "first_attempt_response_body", "first_attempt_error", "first_attempt_error_detail"
        from "webhook_delivery" where "first_attempt_at" is not null`);
    this.addSql(`alter table "webhook_delivery" drop column "first_attempt_at", drop column "first_attempt_duration_ms", drop column "first_attempt_status_code", drop column "first_attempt_response_body", drop column "first_attempt_error", drop column "first_attempt_error_detail"`);
  }
}
