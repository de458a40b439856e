CREATE TABLE "activity_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host_id" uuid NOT NULL,
	"occurrences" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_series_id_host" UNIQUE("id","host_id"),
	CONSTRAINT "activity_series_occurrences" CHECK ("activity_series"."occurrences" BETWEEN 2 AND 13)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "series_index" smallint;--> statement-breakpoint
ALTER TABLE "activity_series" ADD CONSTRAINT "activity_series_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_series_fk" FOREIGN KEY ("series_id","host_id") REFERENCES "public"."activity_series"("id","host_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_series_index" UNIQUE("series_id","series_index");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_series" CHECK (("activities"."series_id" IS NULL) = ("activities"."series_index" IS NULL) AND ("activities"."series_index" IS NULL OR "activities"."series_index" BETWEEN 0 AND 12));