CREATE TABLE "caption_tracks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caption_tracks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"video_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"object_key" text NOT NULL,
	"cue_count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caption_tracks" ADD CONSTRAINT "caption_tracks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_video_language_idx" ON "caption_tracks" USING btree ("video_id","language");--> statement-breakpoint
CREATE INDEX "caption_tracks_owner_idx" ON "caption_tracks" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caption_tracks_object_key_idx" ON "caption_tracks" USING btree ("object_key");