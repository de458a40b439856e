CREATE TYPE "public"."appointment_party" AS ENUM('customer', 'vendor');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('pending', 'confirmed', 'completed', 'cancelled', 'no_show');--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"provider_id" uuid,
	"service_id" uuid,
	"customer_id" uuid,
	"service_name" text NOT NULL,
	"provider_name" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" "appointment_status" DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"cancelled_by" "appointment_party",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_range" CHECK ("appointments"."ends_at" > "appointments"."starts_at" AND "appointments"."blocked_until" >= "appointments"."ends_at"),
	CONSTRAINT "appointments_price" CHECK ("appointments"."price_cents" >= 0),
	CONSTRAINT "appointments_notes_length" CHECK (char_length("appointments"."notes") <= 500),
	CONSTRAINT "appointments_cancelled_has_reason" CHECK (("appointments"."status" = 'cancelled') = ("appointments"."cancel_reason" IS NOT NULL AND "appointments"."cancelled_by" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "favorite_services" (
	"user_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_services_user_id_service_id_pk" PRIMARY KEY("user_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "provider_days_off" (
	"provider_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "provider_days_off_provider_id_day_pk" PRIMARY KEY("provider_id","day")
);
--> statement-breakpoint
CREATE TABLE "provider_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL,
	CONSTRAINT "provider_hours_weekday" CHECK ("provider_hours"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "provider_hours_range" CHECK (0 <= "provider_hours"."opens_minute" AND "provider_hours"."opens_minute" < "provider_hours"."closes_minute" AND "provider_hours"."closes_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "provider_services" (
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	CONSTRAINT "provider_services_provider_id_service_id_pk" PRIMARY KEY("provider_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo_id" uuid,
	"uses_vendor_hours" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "providers_id_vendor" UNIQUE("id","vendor_id"),
	CONSTRAINT "providers_name_length" CHECK (char_length("providers"."name") BETWEEN 1 AND 120),
	CONSTRAINT "providers_bio_length" CHECK (char_length("providers"."bio") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "service_images" (
	"service_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "service_images_service_id_position_pk" PRIMARY KEY("service_id","position"),
	CONSTRAINT "service_images_position" CHECK ("service_images"."position" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_id_vendor" UNIQUE("id","vendor_id"),
	CONSTRAINT "services_name_length" CHECK (char_length("services"."name") BETWEEN 2 AND 120),
	CONSTRAINT "services_description_length" CHECK (char_length("services"."description") <= 2000),
	CONSTRAINT "services_duration" CHECK ("services"."duration_minutes" BETWEEN 5 AND 480 AND "services"."duration_minutes" % 5 = 0),
	CONSTRAINT "services_buffer" CHECK ("services"."buffer_minutes" BETWEEN 0 AND 120 AND "services"."buffer_minutes" % 5 = 0),
	CONSTRAINT "services_price" CHECK ("services"."price_cents" BETWEEN 0 AND 100000000),
	CONSTRAINT "services_currency" CHECK ("services"."currency" IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD'))
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_slots_range" CHECK ("time_slots"."ends_at" > "time_slots"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_services" ADD CONSTRAINT "favorite_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_services" ADD CONSTRAINT "favorite_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_days_off" ADD CONSTRAINT "provider_days_off_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_hours" ADD CONSTRAINT "provider_hours_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_provider_fk" FOREIGN KEY ("provider_id","vendor_id") REFERENCES "public"."providers"("id","vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_services" ADD CONSTRAINT "provider_services_service_fk" FOREIGN KEY ("service_id","vendor_id") REFERENCES "public"."services"("id","vendor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_images" ADD CONSTRAINT "service_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_pairing_fk" FOREIGN KEY ("provider_id","service_id") REFERENCES "public"."provider_services"("provider_id","service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_vendor_idx" ON "appointments" USING btree ("vendor_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("service_id","starts_at");--> statement-breakpoint
CREATE INDEX "favorite_services_service_idx" ON "favorite_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "provider_hours_provider_idx" ON "provider_hours" USING btree ("provider_id","weekday");--> statement-breakpoint
CREATE INDEX "provider_services_service_idx" ON "provider_services" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "providers_vendor_idx" ON "providers" USING btree ("vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_images_service_media_idx" ON "service_images" USING btree ("service_id","media_id");--> statement-breakpoint
CREATE INDEX "service_images_media_idx" ON "service_images" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "services_vendor_idx" ON "services" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_provider_service_start" ON "time_slots" USING btree ("provider_id","service_id","starts_at");--> statement-breakpoint
-- By hand (drizzle cannot express it): one provider is never booked twice for overlapping times. A live booking holds
-- the provider over [starts_at, blocked_until) (the service's pause included); cancelled ones hold nothing.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_double_booking" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("status" <> 'cancelled');
