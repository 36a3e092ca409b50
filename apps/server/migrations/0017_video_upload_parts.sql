CREATE TABLE "video_upload_parts" (
	"upload_id" text NOT NULL,
	"offset" bigint NOT NULL,
	"size" bigint NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "video_upload_parts_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);
--> statement-breakpoint
ALTER TABLE "video_upload_parts" ADD CONSTRAINT "video_upload_parts_upload_id_video_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."video_uploads"("id") ON DELETE cascade ON UPDATE no action;