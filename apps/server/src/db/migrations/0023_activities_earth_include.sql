-- The activities' GiST index carries what the lists' "running within the days" test reads (starts_at, ends_at), as the
-- deals' carries their liveness test (0022): the capped count (a scan of the radius's box that stops at 1,001) and the
-- nearest-first page's KNN walk test each activity from the index alone. Without them, the count near New York at
-- scale took a bitmap of the whole box (38,988 entries, 5.1 ms); with them an index-only scan that stops (1.1 ms).
-- Neither column moves when people join (participant_count is not indexed), so those updates stay HOT. The schema
-- declares the index without its INCLUDE list, which Drizzle does not describe.
DROP INDEX "activities_listed_earth_idx";--> statement-breakpoint
CREATE INDEX "activities_listed_earth_idx" ON "activities" USING gist ("earth") INCLUDE ("starts_at", "ends_at") WHERE "activities"."listed";
