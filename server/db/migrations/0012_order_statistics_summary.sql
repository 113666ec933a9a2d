-- Statistics summaries per closed day (server/statistics/summary.ts). A change of an order that can
-- move a figure marks the 15-minute slots of its creation and completion times, before and after,
-- as stale: one insert that does nothing when the slot is already marked (no waiting on a committed
-- mark, so order creation does not queue on it). It first takes a shared advisory lock per slot,
-- held to commit: a rebuild takes those locks exclusively (without waiting), so no change of a day
-- can be in flight while that day is rebuilt, and a change made after waits and marks it again.
CREATE TABLE "order_stat_merchant" (
	"day" date NOT NULL,
	"by_completion" boolean NOT NULL,
	"order_type" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"mark" smallint NOT NULL,
	"created" integer NOT NULL,
	"succeeded" integer NOT NULL,
	"success_amount" bigint NOT NULL,
	"merchant_fee" bigint NOT NULL,
	"supplier_fee" bigint NOT NULL,
	"merchant_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_stat_stale" (
	"slot" timestamp with time zone NOT NULL,
	"by_completion" boolean NOT NULL,
	CONSTRAINT "order_stat_stale_by_completion_slot_pk" PRIMARY KEY("by_completion","slot")
);
--> statement-breakpoint
CREATE TABLE "order_stat_supplier" (
	"day" date NOT NULL,
	"by_completion" boolean NOT NULL,
	"order_type" smallint NOT NULL,
	"product_id" integer NOT NULL,
	"mark" smallint NOT NULL,
	"created" integer NOT NULL,
	"succeeded" integer NOT NULL,
	"success_amount" bigint NOT NULL,
	"merchant_fee" bigint NOT NULL,
	"supplier_fee" bigint NOT NULL,
	"supplier_id" integer
);
--> statement-breakpoint
CREATE TABLE "order_stat_zone" (
	"zone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_stat_merchant_day_idx" ON "order_stat_merchant" USING btree ("by_completion","order_type","day");--> statement-breakpoint
CREATE INDEX "order_stat_supplier_day_idx" ON "order_stat_supplier" USING btree ("by_completion","order_type","day");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "mark_order_stat_stale"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."order_type", OLD."is_test", OLD."mark", OLD."status", OLD."payout_status", OLD."amount", OLD."merchant_fee", OLD."supplier_fee", OLD."merchant_id", OLD."supplier_id", OLD."product_id", OLD."created_at", OLD."completed_at")
    IS NOT DISTINCT FROM (NEW."order_type", NEW."is_test", NEW."mark", NEW."status", NEW."payout_status", NEW."amount", NEW."merchant_fee", NEW."supplier_fee", NEW."merchant_id", NEW."supplier_id", NEW."product_id", NEW."created_at", NEW."completed_at") THEN
    RETURN NULL;
  END IF;
  INSERT INTO "order_stat_stale" ("slot", "by_completion")
  SELECT DISTINCT to_timestamp(v.n * 900), v.by_completion
  FROM (VALUES (floor(extract(epoch FROM OLD."created_at") / 900), false), (floor(extract(epoch FROM OLD."completed_at") / 900), true),
               (floor(extract(epoch FROM NEW."created_at") / 900), false), (floor(extract(epoch FROM NEW."completed_at") / 900), true)) AS v(n, by_completion)
  WHERE v.n IS NOT NULL AND pg_advisory_xact_lock_shared(7431, v.n::int) IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_stat_stale" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "mark_order_stat_stale"();
