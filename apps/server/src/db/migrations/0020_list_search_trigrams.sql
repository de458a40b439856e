CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_category_idx" ON "vendors" USING btree ("category");--> statement-breakpoint
CREATE INDEX "services_active_name_trgm_idx" ON "services" USING gin ("name" gin_trgm_ops) WHERE "services"."is_active";--> statement-breakpoint
CREATE INDEX "deals_listed_title_trgm_idx" ON "deals" USING gin ("title" gin_trgm_ops) WHERE "deals"."listed";--> statement-breakpoint
CREATE INDEX "activities_listed_title_trgm_idx" ON "activities" USING gin ("title" gin_trgm_ops) WHERE "activities"."listed";