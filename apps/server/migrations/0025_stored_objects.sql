CREATE TABLE "stored_objects" (
	"key" text PRIMARY KEY NOT NULL,
	"size" bigint,
	"sha256" text,
	"written_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"damaged_at" timestamp with time zone,
	"damage" text,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "stored_objects_verified_idx" ON "stored_objects" USING btree ("verified_at" NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stored_objects_damaged_idx" ON "stored_objects" USING btree ("damaged_at") WHERE "stored_objects"."damaged_at" is not null;