ALTER TABLE "watch_grants" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD COLUMN "granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD COLUMN "revoked_at" timestamp with time zone;