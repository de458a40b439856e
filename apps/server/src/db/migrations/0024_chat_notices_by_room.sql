-- A chat room's notices of the last minutes, with whom they went to, in one range: every post asks whom of the room's
-- members to tell (modules/chat/messages.ts whomToTell), and without it asked each member's recent notifications in
-- turn (notifications_user_created_idx), 200 probes for a room of 200. Partial: only chat notices carry a room.
CREATE INDEX "notifications_chat_room_idx" ON "notifications" USING btree (("data" ->> 'room_id'),"created_at","user_id") WHERE "notifications"."notification_type" = 'chat_message';