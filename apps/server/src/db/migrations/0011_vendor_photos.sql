CREATE TABLE "vendor_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_photos_position" CHECK ("vendor_photos"."position" BETWEEN 0 AND 7),
	CONSTRAINT "vendor_photos_caption_length" CHECK (char_length("vendor_photos"."caption") <= 150)
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_photos" ADD CONSTRAINT "vendor_photos_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_photos" ADD CONSTRAINT "vendor_photos_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_photos_vendor_media_idx" ON "vendor_photos" USING btree ("vendor_id","media_id");--> statement-breakpoint
CREATE INDEX "vendor_photos_media_idx" ON "vendor_photos" USING btree ("media_id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_variants_array" CHECK (jsonb_typeof("media"."variants") = 'array');--> statement-breakpoint
-- By hand (drizzle-kit writes no deferrable constraints): one photo a position per vendor, checked at commit, so that a
-- new order is written in one statement; with the CHECK on position it also caps a vendor at 8 photos.
ALTER TABLE "vendor_photos" ADD CONSTRAINT "vendor_photos_vendor_position" UNIQUE ("vendor_id", "position") DEFERRABLE INITIALLY DEFERRED;
