CREATE TYPE "public"."participant_status" AS ENUM('requested', 'joined', 'waitlisted', 'rejected', 'removed', 'left');--> statement-breakpoint
ALTER TYPE "public"."notification_target_kind" ADD VALUE 'activity';--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"address_text" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"earth" "cube" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)::cube) STORED NOT NULL,
	"capacity" integer,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"join_mode" text DEFAULT 'open' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"deactivated_at" timestamp with time zone,
	"listed" boolean GENERATED ALWAYS AS (deactivated_at IS NULL AND visibility = 'public') STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_title_length" CHECK (char_length("activities"."title") BETWEEN 3 AND 120),
	CONSTRAINT "activities_description_length" CHECK (char_length("activities"."description") BETWEEN 10 AND 4000),
	CONSTRAINT "activities_dates" CHECK ("activities"."ends_at" > "activities"."starts_at"),
	CONSTRAINT "activities_capacity" CHECK ("activities"."capacity" IS NULL OR "activities"."capacity" BETWEEN 1 AND 10000),
	CONSTRAINT "activities_participant_count" CHECK ("activities"."participant_count" >= 0 AND ("activities"."capacity" IS NULL OR "activities"."participant_count" <= "activities"."capacity")),
	CONSTRAINT "activities_join_mode" CHECK ("activities"."join_mode" IN ('open', 'approval')),
	CONSTRAINT "activities_visibility" CHECK ("activities"."visibility" IN ('public', 'unlisted'))
);
--> statement-breakpoint
CREATE TABLE "activity_images" (
	"activity_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "activity_images_activity_id_position_pk" PRIMARY KEY("activity_id","position"),
	CONSTRAINT "activity_images_position" CHECK ("activity_images"."position" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE TABLE "activity_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "participant_status" NOT NULL,
	"queue_position" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_participants_activity_user" UNIQUE("activity_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_target";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_images" ADD CONSTRAINT "activity_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participants" ADD CONSTRAINT "activity_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_host_idx" ON "activities" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "activities_listed_earth_idx" ON "activities" USING gist ("earth") WHERE "activities"."listed";--> statement-breakpoint
CREATE UNIQUE INDEX "activity_images_activity_media_idx" ON "activity_images" USING btree ("activity_id","media_id");--> statement-breakpoint
CREATE INDEX "activity_images_media_idx" ON "activity_images" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "activity_participants_queue_idx" ON "activity_participants" USING btree ("activity_id","status","queue_position");--> statement-breakpoint
CREATE INDEX "activity_participants_user_idx" ON "activity_participants" USING btree ("user_id","status");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target" CHECK (CASE WHEN "notifications"."target_kind"::text IN ('vendor_page', 'activity') THEN "notifications"."target_id" IS NOT NULL ELSE "notifications"."target_id" IS NULL END);--> statement-breakpoint
-- The host is a member of their own activity without joining it: no participation row may name the host.
CREATE FUNCTION activity_participant_not_host() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM activities a WHERE a.id = NEW.activity_id AND a.host_id = NEW.user_id) THEN
    RAISE EXCEPTION 'the host of an activity cannot be its participant' USING ERRCODE = 'check_violation', CONSTRAINT = 'activity_participants_not_host';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER activity_participants_not_host BEFORE INSERT OR UPDATE OF activity_id, user_id ON activity_participants
  FOR EACH ROW EXECUTE FUNCTION activity_participant_not_host();
