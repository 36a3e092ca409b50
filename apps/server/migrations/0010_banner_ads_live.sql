ALTER TABLE "banner_ads" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "banner_ads" ADD COLUMN "views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_ads" ADD COLUMN "clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banner_ads" ADD COLUMN "last_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner_ads" ADD CONSTRAINT "banner_ads_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_ads" ADD CONSTRAINT "banner_ads_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banner_ads_payment_idx" ON "banner_ads" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "banner_ads_live_idx" ON "banner_ads" USING btree ("ends_at") WHERE "banner_ads"."payment_id" is not null and "banner_ads"."status" = 'approved';