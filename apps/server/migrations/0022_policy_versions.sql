CREATE TABLE "policy_acknowledgements" (
	"user_id" integer NOT NULL,
	"version" text NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_acknowledgements_user_id_version_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
CREATE TABLE "policy_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"announce" boolean NOT NULL,
	"told_through" integer DEFAULT 0 NOT NULL,
	"told_count" integer DEFAULT 0 NOT NULL,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_acknowledgements" ADD CONSTRAINT "policy_acknowledgements_version_policy_versions_version_fk" FOREIGN KEY ("version") REFERENCES "public"."policy_versions"("version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_acknowledgements_version_idx" ON "policy_acknowledgements" USING btree ("version");