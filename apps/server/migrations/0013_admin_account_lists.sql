-- The admin's users and funeral-homes lists (decisions 0233, 0235): pg_trgm exists since 0001; said again so this
-- file stands alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_type_created_idx";--> statement-breakpoint
CREATE INDEX "users_type_first_name_idx" ON "users" USING btree ("type","first_name","id");--> statement-breakpoint
CREATE INDEX "users_type_last_name_idx" ON "users" USING btree ("type","last_name","id");--> statement-breakpoint
CREATE INDEX "users_type_email_idx" ON "users" USING btree ("type","email","id");--> statement-breakpoint
CREATE INDEX "users_type_home_name_idx" ON "users" USING btree ("type","home_name","id");--> statement-breakpoint
CREATE INDEX "users_type_status_idx" ON "users" USING btree ("type","status","id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_home_name_trgm_idx" ON "users" USING gin ("home_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_running_holder_idx" ON "subscriptions" USING btree ("kind","account_id","expires_at","plan_id") WHERE "subscriptions"."status" <> 'expired';--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("type","created_at","id","status");