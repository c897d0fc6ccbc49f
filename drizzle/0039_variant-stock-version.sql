-- A variant's stock version (decision 0043): raised by every write that changes on_hand or reserved, whatever code
-- wrote it, so that of two figures for a variant's stock, arriving in any order, the higher version is the later.
-- Writes to one row are serialized by its row lock, so the versions follow the commits.
ALTER TABLE "variants" ADD COLUMN "stock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "variants_bump_stock_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."on_hand" IS DISTINCT FROM OLD."on_hand" OR NEW."reserved" IS DISTINCT FROM OLD."reserved" THEN
    NEW."stock_version" := OLD."stock_version" + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "variants_stock_version" BEFORE UPDATE ON "variants" FOR EACH ROW EXECUTE FUNCTION "variants_bump_stock_version"();
