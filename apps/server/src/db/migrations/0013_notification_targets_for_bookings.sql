ALTER TYPE "public"."notification_target_kind" ADD VALUE 'customer_bookings';--> statement-breakpoint
ALTER TYPE "public"."notification_target_kind" ADD VALUE 'shop_appointments';