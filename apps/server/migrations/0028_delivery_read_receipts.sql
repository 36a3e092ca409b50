ALTER TABLE "scheduled_deliveries" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- hand-written
-- An occurrence opened before counting began was opened at least once.
UPDATE "scheduled_deliveries" SET "open_count" = 1 WHERE "opened_at" IS NOT NULL;
