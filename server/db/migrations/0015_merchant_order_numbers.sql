-- A merchant order number is used once, for ever: the order cleanup moved old orders to
-- orders_archive, whose rows keep no unique number, and the same signed request then made a new
-- order. Every number given an order is kept here, under a primary key, by a trigger in the
-- statement that inserts the order (no round trip of its own) and never deleted, so a number an
-- archived order used fails the insert (23505 on merchant_order_numbers_pkey), which creation
-- answers as duplicateOrder. Live duplicates still meet orders_merchant_no_idx first, with ON
-- CONFLICT DO NOTHING. The numbers already used, live or archived, are taken first.
CREATE TABLE "merchant_order_numbers" (
	"merchant_id" integer NOT NULL,
	"merchant_order_no" text NOT NULL,
	CONSTRAINT "merchant_order_numbers_pkey" PRIMARY KEY("merchant_id","merchant_order_no")
);
--> statement-breakpoint
INSERT INTO "merchant_order_numbers" ("merchant_id", "merchant_order_no")
SELECT "merchant_id", "merchant_order_no" FROM "orders"
UNION
SELECT "merchant_id", "data"->>'merchant_order_no' FROM "orders_archive" WHERE "data"->>'merchant_order_no' IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "claim_merchant_order_no"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."merchant_id", OLD."merchant_order_no") IS NOT DISTINCT FROM (NEW."merchant_id", NEW."merchant_order_no") THEN
    RETURN NULL;
  END IF;
  INSERT INTO "merchant_order_numbers" ("merchant_id", "merchant_order_no") VALUES (NEW."merchant_id", NEW."merchant_order_no");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_claim_merchant_order_no" AFTER INSERT OR UPDATE OF "merchant_id", "merchant_order_no" ON "orders" FOR EACH ROW EXECUTE FUNCTION "claim_merchant_order_no"();
