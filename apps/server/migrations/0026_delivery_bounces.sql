ALTER TABLE "scheduled_deliveries" ADD COLUMN "fallback_email" text;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "fallback_of" integer;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD COLUMN "first_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_deliveries" ADD CONSTRAINT "scheduled_deliveries_fallback_of_scheduled_deliveries_id_fk" FOREIGN KEY ("fallback_of") REFERENCES "public"."scheduled_deliveries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_deliveries_recipient_idx" ON "scheduled_deliveries" USING btree ("recipient_email");