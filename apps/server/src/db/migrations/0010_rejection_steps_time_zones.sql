CREATE TYPE "public"."kyc_step" AS ENUM('basic_info', 'documents', 'bank_details', 'service_time', 'addresses');--> statement-breakpoint
ALTER TABLE "vendor_addresses" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "vendor_decisions" ADD COLUMN "steps" "kyc_step"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "time_zone_auto" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "rejection_steps" "kyc_step"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_decisions" ADD CONSTRAINT "vendor_decisions_steps_only_rejections" CHECK ("vendor_decisions"."decision" = 'rejected' OR cardinality("vendor_decisions"."steps") = 0);--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_rejection_steps_only_when_rejected" CHECK ("vendors"."kyc_status" = 'rejected' OR cardinality("vendors"."rejection_steps") = 0);--> statement-breakpoint
-- Written by hand (issue 11): a vendor that saved opening hours before the zone could follow its address chose its
-- zone on /ServiceTime, so it keeps it; the others' zone follows their primary address from now on.
UPDATE "vendors" SET "time_zone_auto" = false WHERE EXISTS (SELECT 1 FROM "vendor_hours" h WHERE h."vendor_id" = "vendors"."id");
