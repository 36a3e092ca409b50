CREATE TABLE "dashboard_payment_buckets" (
	"width" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"purchases_membership" integer DEFAULT 0 NOT NULL,
	"cents_membership" bigint DEFAULT 0 NOT NULL,
	"purchases_ad_free" integer DEFAULT 0 NOT NULL,
	"cents_ad_free" bigint DEFAULT 0 NOT NULL,
	"purchases_funeral_home" integer DEFAULT 0 NOT NULL,
	"cents_funeral_home" bigint DEFAULT 0 NOT NULL,
	"purchases_banner_ad" integer DEFAULT 0 NOT NULL,
	"cents_banner_ad" bigint DEFAULT 0 NOT NULL,
	"purchases_one_time" integer DEFAULT 0 NOT NULL,
	"cents_one_time" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_payment_buckets_width_starts_at_pk" PRIMARY KEY("width","starts_at")
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup_state" (
	"name" text PRIMARY KEY NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_type_idx";--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "scheduled_deliveries_status_idx" ON "scheduled_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "subscriptions_kind_running_idx" ON "subscriptions" USING btree ("kind","expires_at") WHERE "subscriptions"."status" <> 'expired';