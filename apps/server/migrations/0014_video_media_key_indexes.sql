CREATE INDEX "videos_media_key_idx" ON "videos" USING btree ("media_key");--> statement-breakpoint
CREATE INDEX "videos_thumbnail_key_idx" ON "videos" USING btree ("thumbnail_key");