CREATE TABLE "watch_grants" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watch_grants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"video_id" integer NOT NULL,
	"granted_by" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "watch_grants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "video_code_openings" (
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_code_openings_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "funeral_requests" ALTER COLUMN "service_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funeral_requests" ALTER COLUMN "location_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funeral_requests" ALTER COLUMN "speaker" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD COLUMN "form_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "funeral_requests" SET "form_sent_at" = "created_at";--> statement-breakpoint
ALTER TABLE "funeral_requests" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "watch_grants" ADD CONSTRAINT "watch_grants_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_grants" ADD CONSTRAINT "watch_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_code_openings" ADD CONSTRAINT "video_code_openings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_code_openings" ADD CONSTRAINT "video_code_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watch_grants_granter_idx" ON "watch_grants" USING btree ("granted_by","video_id","recipient_email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_grants_video_idx" ON "watch_grants" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "video_code_openings_user_idx" ON "video_code_openings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funeral_requests_one_per_video" ON "funeral_requests" USING btree ("requester_id","home_id","video_id") WHERE "funeral_requests"."video_id" is not null;