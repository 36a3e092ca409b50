CREATE TABLE "memorial_guestbook_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_guestbook_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"photo_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_guestbook_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_guestbook_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"born_year" integer,
	"died_year" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"guestbook_moderation" boolean DEFAULT true NOT NULL,
	"guestbook_closed" boolean DEFAULT false NOT NULL,
	"service_when" text,
	"service_location" text,
	"service_type" text,
	"service_notes" text,
	"taken_down_at" timestamp with time zone,
	"taken_down_reason" text,
	CONSTRAINT "memorial_pages_owner_id_unique" UNIQUE("owner_id"),
	CONSTRAINT "memorial_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "memorial_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"text" text,
	"photo_key" text,
	"video_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"moderators" text DEFAULT 'contacts' NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorial_guestbook_entries" ADD CONSTRAINT "memorial_guestbook_entries_page_id_memorial_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."memorial_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_guestbook_reports" ADD CONSTRAINT "memorial_guestbook_reports_entry_id_memorial_guestbook_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."memorial_guestbook_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_pages" ADD CONSTRAINT "memorial_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_settings" ADD CONSTRAINT "memorial_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memorial_entries_page_idx" ON "memorial_guestbook_entries" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "memorial_reports_entry_idx" ON "memorial_guestbook_reports" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "memorial_pages_opened_idx" ON "memorial_pages" USING btree ("opened_at" DESC NULLS LAST,"id" DESC NULLS LAST);