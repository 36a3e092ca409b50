CREATE TABLE "mail_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"to_email" text NOT NULL,
	"message_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"account_id" integer,
	"ref" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
-- The legacy release's outbox folds into the one outbox (decision 0305): its rows move with their ids, so
-- a `legacy.mail` job still queued names the same row. Their Message-ID keeps the old shape; the host is
-- the default one, as the migration cannot know PUBLIC_URL.
INSERT INTO "mail_outbox" ("id", "kind", "to_email", "message_id", "state", "attempts", "account_id", "ref", "params", "created_at", "updated_at", "sent_at") OVERRIDING SYSTEM VALUE SELECT "id", 'legacy.' || "kind", "to_email", '<legacy-' || "id" || '.' || floor(extract(epoch from "created_at") * 1000)::bigint || '@partingwords.local>', CASE WHEN "sent_at" IS NULL THEN 'queued' ELSE 'sent' END, CASE WHEN "sent_at" IS NULL THEN 0 ELSE 1 END, "owner_id", 'legacy-owner:' || "owner_id", "params", "created_at", coalesce("sent_at", "created_at"), "sent_at" FROM "legacy_mails";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"mail_outbox"', 'id'), coalesce((SELECT max("id") FROM "mail_outbox"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "legacy_mails" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_message_id_key" ON "mail_outbox" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_unsent_idx" ON "mail_outbox" USING btree ("created_at") WHERE "mail_outbox"."state" in ('queued', 'failed');--> statement-breakpoint
CREATE INDEX "mail_outbox_account_idx" ON "mail_outbox" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_ref_idx" ON "mail_outbox" USING btree ("ref");