CREATE TABLE "dashboard_payment_buckets" (
	"width" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"purchases" integer NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "dashboard_payment_buckets_width_starts_at_kind_pk" PRIMARY KEY("width","starts_at","kind")
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