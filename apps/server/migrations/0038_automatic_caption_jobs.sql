CREATE TABLE "automatic_caption_jobs" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"progress" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automatic_caption_jobs" ADD CONSTRAINT "automatic_caption_jobs_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;