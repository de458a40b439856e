CREATE TABLE "vendor_revisions" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"business_name" text,
	"category" text,
	"description" text,
	"logo_id" uuid,
	"contact_email" "citext",
	"contact_phone" text,
	"bank_account_holder" text,
	"bank_name" text,
	"bank_kind" "bank_account_kind",
	"bank_account_number" text,
	"bank_routing_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_revisions_basic_info_all_or_none" CHECK (("vendor_revisions"."business_name" IS NULL AND "vendor_revisions"."category" IS NULL AND "vendor_revisions"."description" IS NULL AND "vendor_revisions"."contact_email" IS NULL AND "vendor_revisions"."contact_phone" IS NULL AND "vendor_revisions"."logo_id" IS NULL)
        OR ("vendor_revisions"."business_name" IS NOT NULL AND "vendor_revisions"."category" IS NOT NULL AND "vendor_revisions"."description" IS NOT NULL AND "vendor_revisions"."contact_email" IS NOT NULL AND "vendor_revisions"."contact_phone" IS NOT NULL)),
	CONSTRAINT "vendor_revisions_bank_all_or_none" CHECK (("vendor_revisions"."bank_kind" IS NULL AND "vendor_revisions"."bank_account_holder" IS NULL AND "vendor_revisions"."bank_name" IS NULL AND "vendor_revisions"."bank_account_number" IS NULL AND "vendor_revisions"."bank_routing_number" IS NULL)
        OR ("vendor_revisions"."bank_kind" IS NOT NULL AND "vendor_revisions"."bank_account_holder" IS NOT NULL AND "vendor_revisions"."bank_name" IS NOT NULL AND "vendor_revisions"."bank_account_number" IS NOT NULL
          AND ("vendor_revisions"."bank_kind" = 'us_account') = ("vendor_revisions"."bank_routing_number" IS NOT NULL))),
	CONSTRAINT "vendor_revisions_proposes_something" CHECK ("vendor_revisions"."business_name" IS NOT NULL OR "vendor_revisions"."bank_kind" IS NOT NULL),
	CONSTRAINT "vendor_revisions_contact_phone_e164" CHECK ("vendor_revisions"."contact_phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "vendor_revisions_business_name_length" CHECK (char_length("vendor_revisions"."business_name") BETWEEN 2 AND 120),
	CONSTRAINT "vendor_revisions_description_length" CHECK (char_length("vendor_revisions"."description") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "vendor_revisions" ADD CONSTRAINT "vendor_revisions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_revisions" ADD CONSTRAINT "vendor_revisions_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;