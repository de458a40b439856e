CREATE TYPE "public"."chat_request_status" AS ENUM('pending', 'accepted', 'rejected');--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"seq" bigserial NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_client_id" UNIQUE("room_id","sender_id","client_id"),
	CONSTRAINT "chat_messages_text_length" CHECK (char_length("chat_messages"."text") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "chat_request_status" DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_requests_activity_requester" UNIQUE("activity_id","requester_id"),
	CONSTRAINT "chat_requests_message_length" CHECK (char_length("chat_requests"."message") <= 500),
	CONSTRAINT "chat_requests_decided" CHECK (("chat_requests"."status" = 'pending') = ("chat_requests"."decided_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"chat_request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_kind" CHECK (("chat_rooms"."kind" = 'group' AND "chat_rooms"."chat_request_id" IS NULL) OR ("chat_rooms"."kind" = 'direct' AND "chat_rooms"."chat_request_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_requests" ADD CONSTRAINT "chat_requests_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_requests" ADD CONSTRAINT "chat_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_chat_request_id_chat_requests_id_fk" FOREIGN KEY ("chat_request_id") REFERENCES "public"."chat_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_room_seq_idx" ON "chat_messages" USING btree ("room_id","seq");--> statement-breakpoint
CREATE INDEX "chat_reads_user_idx" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chat_requests_activity_status_idx" ON "chat_requests" USING btree ("activity_id","status","created_at");--> statement-breakpoint
CREATE INDEX "chat_requests_requester_idx" ON "chat_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_one_group_idx" ON "chat_rooms" USING btree ("activity_id") WHERE "chat_rooms"."kind" = 'group';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_request_idx" ON "chat_rooms" USING btree ("chat_request_id");--> statement-breakpoint
-- Every activity has its group room from the start, so its id is known before the first message.
CREATE FUNCTION activity_group_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO chat_rooms (activity_id, kind) VALUES (NEW.id, 'group');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER activities_group_room AFTER INSERT ON activities FOR EACH ROW EXECUTE FUNCTION activity_group_room();--> statement-breakpoint
INSERT INTO chat_rooms (activity_id, kind) SELECT id, 'group' FROM activities;
