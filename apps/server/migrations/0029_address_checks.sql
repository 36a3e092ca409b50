CREATE TABLE "address_check_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_check_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"check_sent_at" timestamp with time zone NOT NULL,
	"delivery_id" integer NOT NULL,
	"recipient_email" text NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "address_check_items_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "address_checks" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "address_check_items" ADD CONSTRAINT "address_check_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_check_items" ADD CONSTRAINT "address_check_items_delivery_id_scheduled_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."scheduled_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address_checks" ADD CONSTRAINT "address_checks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_check_items_check_idx" ON "address_check_items" USING btree ("owner_id","check_sent_at");--> statement-breakpoint
CREATE INDEX "address_check_items_delivery_idx" ON "address_check_items" USING btree ("delivery_id");