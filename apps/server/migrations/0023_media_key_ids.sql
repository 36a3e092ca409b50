CREATE TABLE "media_key_ids" (
	"key_id" text PRIMARY KEY NOT NULL,
	"first_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
