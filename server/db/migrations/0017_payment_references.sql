CREATE TABLE "payment_references" (
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"held_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_references_pkey" PRIMARY KEY("channel","reference")
);
--> statement-breakpoint
-- A payment reference pays once (resources/orders/payment-references.ts): the trigger below keeps
-- payment_references, one row per channel and reference, naming the order that holds it. The
-- holding statuses are pendingConfirmation (8) and the paid ones, submitted (13), callbackSucceeded
-- (3) and callbackFailed (4); the usdt channel is the USDT collection product 3015, every other
-- product's reference is a bank UTR (tests/api/payment-references.test.ts checks both lists
-- against resources/). An order claims its reference when it enters a holding status with one or
-- changes it, and again whenever it becomes paid (so an order that kept a reference another order
-- holds, from before this migration, is not paid with it); it gives it back when it leaves those
-- statuses. A claim another order holds is refused as a unique violation of payment_references_pkey
-- whose DETAIL names that order (server/http/register.ts answers it as paymentReferenceUsed). The
-- primary key makes a second claim wait for the first's commit, so two at once cannot both pass.
CREATE OR REPLACE FUNCTION "hold_payment_reference"() RETURNS trigger AS $$
DECLARE
  old_key text[];
  new_key text[];
  holder text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."order_type" = 1 AND OLD."status" IN (3, 4, 8, 13) AND btrim(OLD."utr") <> '' THEN
    old_key := ARRAY[CASE WHEN OLD."product_id" = 3015 THEN 'usdt' ELSE 'bank' END, upper(btrim(OLD."utr"))];
  END IF;
  IF NEW."order_type" = 1 AND NEW."status" IN (3, 4, 8, 13) AND btrim(NEW."utr") <> '' THEN
    new_key := ARRAY[CASE WHEN NEW."product_id" = 3015 THEN 'usdt' ELSE 'bank' END, upper(btrim(NEW."utr"))];
  END IF;
  IF old_key IS NOT NULL AND old_key IS DISTINCT FROM new_key THEN
    DELETE FROM "payment_references" WHERE "channel" = old_key[1] AND "reference" = old_key[2] AND "order_id" = OLD."id";
  END IF;
  IF new_key IS NOT NULL AND (old_key IS DISTINCT FROM new_key OR (NEW."status" IN (3, 4, 13) AND (TG_OP = 'INSERT' OR OLD."status" NOT IN (3, 4, 13)))) THEN
    INSERT INTO "payment_references" ("channel", "reference", "order_id", "order_code") VALUES (new_key[1], new_key[2], NEW."id", NEW."order_code") ON CONFLICT DO NOTHING;
    SELECT "order_code" INTO holder FROM "payment_references" WHERE "channel" = new_key[1] AND "reference" = new_key[2] AND "order_id" <> NEW."id";
    IF holder IS NOT NULL THEN
      RAISE EXCEPTION 'payment reference % (%) is held by order %', new_key[2], new_key[1], holder
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'payment_references_pkey', TABLE = 'payment_references',
              DETAIL = json_build_object('reference', new_key[2], 'orderCode', holder)::text;
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_payment_reference" AFTER INSERT OR UPDATE OF "status", "utr", "product_id", "order_type" ON "orders" FOR EACH ROW EXECUTE FUNCTION "hold_payment_reference"();
--> statement-breakpoint
-- The references orders hold today, archived ones included (they were paid with). Where two orders
-- already share one (the double payments this closes), the earlier keeps it; the later stays as it
-- is, but is not paid again with it (above).
INSERT INTO "payment_references" ("channel", "reference", "order_id", "order_code", "held_since")
SELECT "channel", "reference", "order_id", "order_code", "held_since" FROM (
  SELECT CASE WHEN "product_id" = 3015 THEN 'usdt' ELSE 'bank' END AS "channel", upper(btrim("utr")) AS "reference", "id" AS "order_id", "order_code",
         coalesce("utr_submitted_at", "completed_at", "created_at") AS "held_since"
  FROM "orders" WHERE "order_type" = 1 AND "status" IN (3, 4, 8, 13) AND btrim("utr") <> ''
  UNION ALL
  SELECT CASE WHEN ("data"->>'product_id')::int = 3015 THEN 'usdt' ELSE 'bank' END, upper(btrim("data"->>'utr')), "id", "order_code",
         coalesce(("data"->>'utr_submitted_at')::timestamptz, ("data"->>'completed_at')::timestamptz, "created_at")
  FROM "orders_archive" WHERE "order_type" = 1 AND "status" IN (3, 4, 8, 13) AND btrim("data"->>'utr') <> ''
) AS held
ORDER BY "held_since", "order_id"
ON CONFLICT DO NOTHING;
