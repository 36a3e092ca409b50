CREATE TABLE "media_encryption" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"encrypted_only_since" timestamp with time zone DEFAULT now() NOT NULL
);
