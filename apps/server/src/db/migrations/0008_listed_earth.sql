DROP INDEX "vendor_addresses_earth_idx";--> statement-breakpoint
ALTER TABLE "vendor_addresses" ADD COLUMN "earth" "cube" GENERATED ALWAYS AS (ll_to_earth(latitude, longitude)::cube) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_addresses" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "vendor_addresses_listed_earth_idx" ON "vendor_addresses" USING gist ("earth") WHERE "vendor_addresses"."listed";--> statement-breakpoint
-- vendors.listed: approved, not suspended, and the owner's account active. Computed on every write that could change
-- it (a write of listed itself is recomputed too), so no code path can list a vendor by mistake.
CREATE FUNCTION vendor_listed_compute() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.is_approved AND NOT NEW.is_suspended
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.is_active AND u.deleted_at IS NULL);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER vendors_listed_compute BEFORE INSERT OR UPDATE OF is_approved, is_suspended, user_id, listed ON vendors
  FOR EACH ROW EXECUTE FUNCTION vendor_listed_compute();--> statement-breakpoint
-- The owner's account closing or coming back recomputes its vendor (writing listed fires the trigger above).
CREATE FUNCTION user_vendor_listed_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendors SET listed = listed WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_vendor_listed_refresh AFTER UPDATE OF is_active, deleted_at ON users
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION user_vendor_listed_refresh();--> statement-breakpoint
-- vendor_addresses.listed copies its vendor's, for the partial GiST index. A new address reads the vendor under a share
-- lock, so an approval committing meanwhile is waited for and seen (or waits for the address and then copies to it).
CREATE FUNCTION vendor_address_listed_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := COALESCE((SELECT v.listed FROM vendors v WHERE v.id = NEW.vendor_id FOR SHARE), false);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER vendor_addresses_listed_copy BEFORE INSERT OR UPDATE OF vendor_id, listed ON vendor_addresses
  FOR EACH ROW EXECUTE FUNCTION vendor_address_listed_copy();--> statement-breakpoint
CREATE FUNCTION vendor_listed_spread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE vendor_addresses SET listed = NEW.listed WHERE vendor_id = NEW.id AND listed IS DISTINCT FROM NEW.listed;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vendors_listed_spread AFTER UPDATE ON vendors
  FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed) EXECUTE FUNCTION vendor_listed_spread();--> statement-breakpoint
-- Existing rows: recompute every vendor; its addresses follow.
UPDATE vendors SET listed = listed;
