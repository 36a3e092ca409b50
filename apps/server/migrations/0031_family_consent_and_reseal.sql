ALTER TABLE "watch_grants" DROP CONSTRAINT "watch_grants_granted_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "funeral_requests" DROP CONSTRAINT "funeral_requests_requester_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "watch_grants" ALTER COLUMN "granted_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funeral_requests" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "legacy_settings" ADD COLUMN "resealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_grants" ADD CONSTRAINT "watch_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;