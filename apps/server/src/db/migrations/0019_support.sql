ALTER TYPE "public"."notification_target_kind" ADD VALUE 'support_request';--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_id_request" UNIQUE("id","request_id"),
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" IN ('person', 'support')),
	CONSTRAINT "support_messages_body_length" CHECK (char_length("support_messages"."body") BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"reference_kind" text,
	"reference_id" uuid,
	"reference_label" text,
	"reference_created_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"answer_id" uuid,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_number_unique" UNIQUE("number"),
	CONSTRAINT "support_requests_topic" CHECK ("support_requests"."topic" IN ('orders', 'bookings', 'activities', 'account', 'vendor_account', 'payments', 'other')),
	CONSTRAINT "support_requests_status" CHECK ("support_requests"."status" IN ('open', 'answered', 'closed')),
	CONSTRAINT "support_requests_message_length" CHECK (char_length("support_requests"."message") BETWEEN 10 AND 4000),
	CONSTRAINT "support_requests_reference" CHECK (("support_requests"."reference_kind" IS NULL AND "support_requests"."reference_id" IS NULL AND "support_requests"."reference_label" IS NULL AND "support_requests"."reference_created_at" IS NULL)
        OR ("support_requests"."reference_kind" IN ('purchase', 'appointment') AND "support_requests"."reference_id" IS NOT NULL AND "support_requests"."reference_label" IS NOT NULL AND "support_requests"."reference_created_at" IS NOT NULL)),
	CONSTRAINT "support_requests_answered" CHECK (("support_requests"."status" = 'answered') = ("support_requests"."answer_id" IS NOT NULL)),
	CONSTRAINT "support_requests_closed" CHECK (("support_requests"."status" = 'closed') = ("support_requests"."closed_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_target";--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_answer_fk" FOREIGN KEY ("answer_id","id") REFERENCES "public"."support_messages"("id","request_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_request_idx" ON "support_messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_user_created_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_status_last_idx" ON "support_requests" USING btree ("status","last_message_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target" CHECK (CASE WHEN "notifications"."target_kind"::text IN ('vendor_page', 'activity', 'support_request') THEN "notifications"."target_id" IS NOT NULL ELSE "notifications"."target_id" IS NULL END);