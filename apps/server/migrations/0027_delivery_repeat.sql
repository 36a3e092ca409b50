ALTER TABLE "scheduled_deliveries" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "repeat" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "repeat_until" integer;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "local_at" text;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "rolled_over_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_deliveries_roll_over_idx" ON "scheduled_deliveries" USING btree ("updated_at") WHERE "scheduled_deliveries"."repeat" = 'yearly' and "scheduled_deliveries"."rolled_over_at" is null and "scheduled_deliveries"."status" in ('sent', 'failed', 'bounced');