CREATE TABLE "legacy_alive_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_alive_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"report_id" integer,
	"purpose" text NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "legacy_alive_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "legacy_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"watch_nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_contacts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "legacy_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_mails" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_mails_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"to_email" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legacy_reporters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_reporters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"contact_id" integer,
	"name" text NOT NULL,
	"relation" text NOT NULL,
	"note" text,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "legacy_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"reporter_kind" text NOT NULL,
	"reporter_name" text NOT NULL,
	"relation" text NOT NULL,
	"note" text,
	"reported_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legacy_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'sealed' NOT NULL,
	"waiting_period_days" integer DEFAULT 3 NOT NULL,
	"check_in_months" integer DEFAULT 0 NOT NULL,
	"available_at_once" boolean DEFAULT false NOT NULL,
	"next_check_in_at" timestamp with time zone,
	"check_in_sent_at" timestamp with time zone,
	"check_in_reminders" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legacy_alive_tokens" ADD CONSTRAINT "legacy_alive_tokens_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_alive_tokens" ADD CONSTRAINT "legacy_alive_tokens_report_id_legacy_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."legacy_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_contacts" ADD CONSTRAINT "legacy_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_log" ADD CONSTRAINT "legacy_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_mails" ADD CONSTRAINT "legacy_mails_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_reporters" ADD CONSTRAINT "legacy_reporters_report_id_legacy_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."legacy_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_reporters" ADD CONSTRAINT "legacy_reporters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_reporters" ADD CONSTRAINT "legacy_reporters_contact_id_legacy_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."legacy_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_reports" ADD CONSTRAINT "legacy_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_settings" ADD CONSTRAINT "legacy_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legacy_alive_tokens_owner_idx" ON "legacy_alive_tokens" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_contacts_owner_email" ON "legacy_contacts" USING btree ("owner_id","email");--> statement-breakpoint
CREATE INDEX "legacy_log_owner_idx" ON "legacy_log" USING btree ("owner_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legacy_mails_unsent_idx" ON "legacy_mails" USING btree ("created_at") WHERE "legacy_mails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "legacy_reporters_report_idx" ON "legacy_reporters" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legacy_reports_one_waiting" ON "legacy_reports" USING btree ("owner_id") WHERE "legacy_reports"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "legacy_reports_due_idx" ON "legacy_reports" USING btree ("release_at") WHERE "legacy_reports"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "legacy_reports_reported_idx" ON "legacy_reports" USING btree ("reported_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "legacy_reports_owner_idx" ON "legacy_reports" USING btree ("owner_id","reported_at" DESC NULLS LAST);--> statement-breakpoint
-- Accounts that existed before the legacy release keep today's behaviour (decision 0249): their owners
-- handed out access codes that open the final message at once. New accounts have no row: sealed.
INSERT INTO "legacy_settings" ("user_id", "state", "available_at_once") SELECT "id", 'open', true FROM "users" WHERE "type" = 'user';
