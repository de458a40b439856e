CREATE TABLE "contact_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" "message_channel" NOT NULL,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"undo_token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_changes_undo_token_hash_unique" UNIQUE("undo_token_hash")
);
--> statement-breakpoint
CREATE TABLE "demo_seed" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_key" text NOT NULL,
	"requester" text NOT NULL,
	"trusted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "requester" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ws_tickets" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_changes" ADD CONSTRAINT "contact_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_changes_user_idx" ON "contact_changes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_account_idx" ON "login_failures" USING btree ("account_key","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_requester_idx" ON "otp_codes" USING btree ("requester","created_at");--> statement-breakpoint
-- By hand: a family was signed into when its first token was issued.
UPDATE "refresh_tokens" AS r SET "authenticated_at" = f.first_at FROM (SELECT "family_id", min("created_at") AS first_at FROM "refresh_tokens" GROUP BY "family_id") AS f WHERE r."family_id" = f."family_id";--> statement-breakpoint
-- By hand: a database that already has accounts was seeded before (or must never be): every demo key counts as
-- claimed, so a demo account deleted earlier (anonymised, so no longer findable by its e-mail) never comes back.
INSERT INTO "demo_seed" ("key") SELECT 'account:' || e FROM unnest(ARRAY['user@example.com', 'vendor@example.com', 'pending@example.com', 'admin@example.com', 'customer1@example.com', 'customer2@example.com', 'vendor1@example.com', 'vendor2@example.com', 'vendor3@example.com', 'vendor4@example.com', 'vendor5@example.com', 'vendor6@example.com', 'vendor7@example.com', 'vendor8@example.com', 'vendor9@example.com', 'vendor10@example.com', 'vendor11@example.com', 'vendor12@example.com']) AS e WHERE EXISTS (SELECT 1 FROM "users") ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "demo_seed" ("key") SELECT 'vendor-details:' || e FROM unnest(ARRAY['vendor@example.com', 'pending@example.com']) AS e WHERE EXISTS (SELECT 1 FROM "users") ON CONFLICT DO NOTHING;
