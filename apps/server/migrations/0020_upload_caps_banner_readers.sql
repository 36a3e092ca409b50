CREATE TABLE "banner_ad_readers" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"banner_ad_id" integer NOT NULL,
	"reader_id" integer NOT NULL,
	CONSTRAINT "banner_ad_readers_day_kind_banner_ad_id_reader_id_pk" PRIMARY KEY("day","kind","banner_ad_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "video_uploads" ADD COLUMN "declared_bytes" bigint;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD COLUMN "finished_at" timestamp with time zone;