CREATE TYPE "public"."bank_account_kind" AS ENUM('iban', 'us_account');--> statement-breakpoint
CREATE TYPE "public"."vendor_document_kind" AS ENUM('identity', 'business_registration', 'proof_of_address', 'other');--> statement-breakpoint
CREATE TYPE "public"."vendor_decision" AS ENUM('approved', 'rejected', 'suspended', 'unsuspended');--> statement-breakpoint
CREATE TABLE "favorite_vendors" (
	"user_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_vendors_user_id_vendor_id_pk" PRIMARY KEY("user_id","vendor_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_addresses_latitude" CHECK ("vendor_addresses"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "vendor_addresses_longitude" CHECK ("vendor_addresses"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_accounts" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"account_holder" text NOT NULL,
	"bank_name" text NOT NULL,
	"kind" "bank_account_kind" NOT NULL,
	"account_number" text NOT NULL,
	"routing_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_bank_accounts_routing" CHECK (("vendor_bank_accounts"."kind" = 'us_account') = ("vendor_bank_accounts"."routing_number" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "vendor_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"operator_id" uuid,
	"decision" "vendor_decision" NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" "vendor_document_kind" NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "vendor_documents_bytes" CHECK ("vendor_documents"."bytes" > 0 AND "vendor_documents"."bytes" <= 10485760),
	CONSTRAINT "vendor_documents_type" CHECK ("vendor_documents"."content_type" IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "vendor_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "vendor_hours_weekday" CHECK ("vendor_hours"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "vendor_hours_range" CHECK (0 <= "vendor_hours"."opens_minute" AND "vendor_hours"."opens_minute" < "vendor_hours"."closes_minute" AND "vendor_hours"."closes_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "vendor_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ratings_stars" CHECK ("vendor_ratings"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "vendor_ratings_comment" CHECK (length("vendor_ratings"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_email" "citext";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "is_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "favorite_vendors" ADD CONSTRAINT "favorite_vendors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_vendors" ADD CONSTRAINT "favorite_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_addresses" ADD CONSTRAINT "vendor_addresses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_decisions" ADD CONSTRAINT "vendor_decisions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_decisions" ADD CONSTRAINT "vendor_decisions_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_hours" ADD CONSTRAINT "vendor_hours_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ratings" ADD CONSTRAINT "vendor_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_vendors_vendor_idx" ON "favorite_vendors" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_addresses_vendor_idx" ON "vendor_addresses" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_addresses_one_primary" ON "vendor_addresses" USING btree ("vendor_id") WHERE "vendor_addresses"."is_primary";--> statement-breakpoint
CREATE INDEX "vendor_addresses_earth_idx" ON "vendor_addresses" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "vendor_decisions_vendor_idx" ON "vendor_decisions" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_documents_vendor_idx" ON "vendor_documents" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_hours_vendor_idx" ON "vendor_hours" USING btree ("vendor_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ratings_one_per_user" ON "vendor_ratings" USING btree ("vendor_id","user_id");--> statement-breakpoint
CREATE INDEX "vendor_ratings_vendor_idx" ON "vendor_ratings" USING btree ("vendor_id","updated_at");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_kyc_idx" ON "vendors" USING btree ("kyc_status","submitted_at");--> statement-breakpoint
CREATE INDEX "vendors_name_trgm_idx" ON "vendors" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_rating_figures" CHECK ("vendors"."rating_count" >= 0 AND "vendors"."rating_sum" BETWEEN "vendors"."rating_count" AND 5 * "vendors"."rating_count");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_contact_phone_e164" CHECK ("vendors"."contact_phone" ~ '^\+[1-9][0-9]{6,14}$');--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_rejection_has_reason" CHECK ("vendors"."kyc_status" <> 'rejected' OR "vendors"."rejection_reason" IS NOT NULL);--> statement-breakpoint
UPDATE "vendors" SET "approved_at" = "updated_at" WHERE "is_approved" AND "approved_at" IS NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_approved_was_reviewed" CHECK (NOT "vendors"."is_approved" OR "vendors"."approved_at" IS NOT NULL);--> statement-breakpoint
-- By hand (drizzle-kit has no exclusion constraints): no two opening ranges of one vendor's day overlap.
ALTER TABLE "vendor_hours" ADD CONSTRAINT "vendor_hours_no_overlap" EXCLUDE USING gist ("vendor_id" WITH =, "weekday" WITH =, int4range("opens_minute", "closes_minute") WITH &&);
