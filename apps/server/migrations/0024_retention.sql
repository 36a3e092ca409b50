CREATE TABLE "retention_notices" (
	"account_id" integer NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "retention_notices_account_id_ended_at_days_before_pk" PRIMARY KEY("account_id","ended_at","days_before")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_deactivated_idx" ON "users" USING btree ("deactivated_at") WHERE "users"."status" = 0;--> statement-breakpoint
-- hand-written
-- Accounts deactivated before the retention clock existed start it now: none is deleted sooner than
-- the full period after the rule began. To the millisecond, as the app writes and compares it.
UPDATE "users" SET "deactivated_at" = date_trunc('milliseconds', now()) WHERE "status" = 0;
