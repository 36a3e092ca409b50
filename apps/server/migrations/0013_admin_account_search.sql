-- The admin's users and funeral-homes search (decision 0233): pg_trgm exists since 0001; said again so this
-- file stands alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_home_name_trgm_idx" ON "users" USING gin ("home_name" gin_trgm_ops);