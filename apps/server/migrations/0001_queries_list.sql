CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "queries_created_idx" ON "queries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queries_user_type_created_idx" ON "queries" USING btree ("user_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "queries_name_trgm_idx" ON "queries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_email_trgm_idx" ON "queries" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "queries_subject_trgm_idx" ON "queries" USING gin ("subject" gin_trgm_ops);