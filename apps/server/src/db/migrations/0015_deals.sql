CREATE TYPE "public"."purchase_status" AS ENUM('paid', 'fulfilled', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."notification_target_kind" ADD VALUE 'customer_purchases';--> statement-breakpoint
ALTER TYPE "public"."notification_target_kind" ADD VALUE 'shop_sales';--> statement-breakpoint
CREATE TABLE "deal_images" (
	"deal_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "deal_images_deal_id_position_pk" PRIMARY KEY("deal_id","position"),
	CONSTRAINT "deal_images_position" CHECK ("deal_images"."position" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE TABLE "deal_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_ratings_deal_user" UNIQUE("deal_id","user_id"),
	CONSTRAINT "deal_ratings_rating" CHECK ("deal_ratings"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "deal_ratings_comment_length" CHECK (char_length("deal_ratings"."comment") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"original_price_cents" integer NOT NULL,
	"deal_price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"quantity_total" integer,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" smallint DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"address_id" uuid,
	"address_text" text NOT NULL,
	"city" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"earth" "cube" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)::cube) STORED NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_title_length" CHECK (char_length("deals"."title") BETWEEN 3 AND 120),
	CONSTRAINT "deals_description_length" CHECK (char_length("deals"."description") BETWEEN 10 AND 4000),
	CONSTRAINT "deals_terms_length" CHECK (char_length("deals"."terms") <= 2000),
	CONSTRAINT "deals_prices" CHECK ("deals"."original_price_cents" BETWEEN 1 AND 100000000 AND "deals"."deal_price_cents" >= 0 AND "deals"."deal_price_cents" < "deals"."original_price_cents"),
	CONSTRAINT "deals_currency" CHECK ("deals"."currency" IN ('USD', 'EUR', 'GBP', 'CAD', 'AUD')),
	CONSTRAINT "deals_stock" CHECK ("deals"."quantity_sold" >= 0 AND ("deals"."quantity_total" IS NULL OR ("deals"."quantity_total" >= 1 AND "deals"."quantity_sold" <= "deals"."quantity_total"))),
	CONSTRAINT "deals_per_customer" CHECK ("deals"."per_customer_limit" BETWEEN 1 AND 20),
	CONSTRAINT "deals_dates" CHECK ("deals"."ends_at" > "deals"."starts_at"),
	CONSTRAINT "deals_rating_figures" CHECK ("deals"."rating_count" >= 0 AND "deals"."rating_sum" BETWEEN "deals"."rating_count" AND 5 * "deals"."rating_count")
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"quantity" smallint NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "purchase_status" DEFAULT 'paid' NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_reference" text NOT NULL,
	"idempotency_key" text,
	"fulfilled_at" timestamp with time zone,
	"fulfilled_by" uuid,
	"refunded_at" timestamp with time zone,
	"refunded_by" uuid,
	"refund_reason" text,
	"refund_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_customer_idempotency" UNIQUE("customer_id","idempotency_key"),
	CONSTRAINT "purchases_quantity" CHECK ("purchases"."quantity" BETWEEN 1 AND 10),
	CONSTRAINT "purchases_amounts" CHECK ("purchases"."unit_price_cents" >= 0 AND "purchases"."total_cents" = "purchases"."unit_price_cents" * "purchases"."quantity"),
	CONSTRAINT "purchases_status_times" CHECK (("purchases"."status" = 'paid' AND "purchases"."fulfilled_at" IS NULL AND "purchases"."refunded_at" IS NULL)
        OR ("purchases"."status" = 'fulfilled' AND "purchases"."fulfilled_at" IS NOT NULL AND "purchases"."refunded_at" IS NULL)
        OR ("purchases"."status" = 'refunded' AND "purchases"."refunded_at" IS NOT NULL AND "purchases"."fulfilled_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_images" ADD CONSTRAINT "deal_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ratings" ADD CONSTRAINT "deal_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_address_id_vendor_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."vendor_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_fulfilled_by_users_id_fk" FOREIGN KEY ("fulfilled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_images_deal_media_idx" ON "deal_images" USING btree ("deal_id","media_id");--> statement-breakpoint
CREATE INDEX "deal_images_media_idx" ON "deal_images" USING btree ("media_id");--> statement-breakpoint
CREATE INDEX "deal_ratings_deal_idx" ON "deal_ratings" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_vendor_idx" ON "deals" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_listed_earth_idx" ON "deals" USING gist ("earth") WHERE "deals"."listed";--> statement-breakpoint
CREATE INDEX "deals_address_idx" ON "deals" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_vendor_idx" ON "purchases" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_deal_customer_idx" ON "purchases" USING btree ("deal_id","customer_id");--> statement-breakpoint
-- deals.listed: not paused and its vendor listed, for the partial GiST index of nearest-first pages. Computed on every
-- write that could change it (as vendor_addresses.listed in 0008): the vendor is read under a share lock, so an
-- approval or suspension committing meanwhile is waited for and seen.
CREATE FUNCTION deal_listed_compute() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NOT NEW.is_paused AND COALESCE((SELECT v.listed FROM vendors v WHERE v.id = NEW.vendor_id FOR SHARE), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER deals_listed_compute BEFORE INSERT OR UPDATE OF vendor_id, is_paused, listed ON deals
  FOR EACH ROW EXECUTE FUNCTION deal_listed_compute();--> statement-breakpoint
CREATE FUNCTION vendor_deals_listed_spread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET listed = listed WHERE vendor_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vendors_deals_listed_spread AFTER UPDATE ON vendors
  FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed) EXECUTE FUNCTION vendor_deals_listed_spread();--> statement-breakpoint
-- A redemption address edited by its vendor: its deals follow (text as formatAddress writes it, city and point).
CREATE FUNCTION vendor_address_deals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE deals SET
    address_text = concat_ws(', ', nullif(trim(NEW.line1), ''), nullif(trim(NEW.line2), ''), nullif(trim(NEW.city), ''),
      nullif(trim(concat_ws(' ', nullif(trim(NEW.state), ''), nullif(trim(NEW.postal_code), ''))), ''), nullif(trim(NEW.country), '')),
    city = NEW.city, latitude = NEW.latitude, longitude = NEW.longitude
  WHERE address_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vendor_addresses_deals_follow AFTER UPDATE OF line1, line2, city, state, postal_code, country, latitude, longitude ON vendor_addresses
  FOR EACH ROW EXECUTE FUNCTION vendor_address_deals_follow();
