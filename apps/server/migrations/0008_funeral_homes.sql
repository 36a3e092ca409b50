CREATE TABLE "funeral_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funeral_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"home_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funeral_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funeral_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"home_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"video_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"service_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"speaker" text NOT NULL,
	"music" text,
	"additional_requests" text,
	"specific_rituals" text,
	"specific_requests" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funeral_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "funeral_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"home_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "funeral_locations" ADD CONSTRAINT "funeral_locations_home_id_users_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_home_id_users_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_service_id_funeral_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."funeral_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD CONSTRAINT "funeral_requests_location_id_funeral_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."funeral_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funeral_services" ADD CONSTRAINT "funeral_services_home_id_users_id_fk" FOREIGN KEY ("home_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funeral_locations_home_idx" ON "funeral_locations" USING btree ("home_id");--> statement-breakpoint
CREATE INDEX "funeral_requests_home_created_idx" ON "funeral_requests" USING btree ("home_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "funeral_requests_requester_idx" ON "funeral_requests" USING btree ("requester_id","home_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "funeral_services_home_idx" ON "funeral_services" USING btree ("home_id");--> statement-breakpoint
-- The default set every funeral home offers until it keeps a list of its own (decision 0200). Runs
-- once, like every migration: an administrator's later changes are never undone.
INSERT INTO "funeral_services" ("home_id", "name") VALUES
  (NULL, 'Funeral service'),
  (NULL, 'Memorial service'),
  (NULL, 'Graveside service'),
  (NULL, 'Celebration of life'),
  (NULL, 'Cremation service'),
  (NULL, 'Viewing or visitation');--> statement-breakpoint
INSERT INTO "funeral_locations" ("home_id", "name") VALUES
  (NULL, 'Funeral home chapel'),
  (NULL, 'Place of worship'),
  (NULL, 'Graveside'),
  (NULL, 'Family home'),
  (NULL, 'Community hall'),
  (NULL, 'Outdoor venue');
