-- A change marking a 15-minute slot no longer waits for another transaction that marked the same
-- slot and has not ended (migration 0012's unique key made the second insert wait on the first's
-- commit: a held transaction held up every change of its slot, and two changes marking two slots in
-- opposite orders could deadlock). The marks are now a plain index: a change inserts its slot unless
-- a mark it can see exists, so two changes at once may both mark it, which reads and clears alike.
-- The shared advisory locks of the slots are taken first, in a statement of their own, for every
-- slot, marked or not: the insert's statement then starts after them, and its snapshot sees a
-- rebuild that this change waited for as committed (its marks deleted), so the change marks its
-- slot again. In one statement the snapshot would predate the wait, still show the deleted mark,
-- and the change would go unmarked. Order changes run in READ COMMITTED, where each statement takes
-- a new snapshot (the one repeatable-read transaction, the statistics read, changes no order).
ALTER TABLE "order_stat_stale" DROP CONSTRAINT "order_stat_stale_by_completion_slot_pk";--> statement-breakpoint
CREATE INDEX "order_stat_stale_slot_idx" ON "order_stat_stale" USING btree ("by_completion","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "mark_order_stat_stale"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD."order_type", OLD."is_test", OLD."mark", OLD."status", OLD."payout_status", OLD."amount", OLD."merchant_fee", OLD."supplier_fee", OLD."merchant_id", OLD."supplier_id", OLD."product_id", OLD."created_at", OLD."completed_at")
    IS NOT DISTINCT FROM (NEW."order_type", NEW."is_test", NEW."mark", NEW."status", NEW."payout_status", NEW."amount", NEW."merchant_fee", NEW."supplier_fee", NEW."merchant_id", NEW."supplier_id", NEW."product_id", NEW."created_at", NEW."completed_at") THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(7431, v.n::int)
  FROM (VALUES (floor(extract(epoch FROM OLD."created_at") / 900)), (floor(extract(epoch FROM OLD."completed_at") / 900)),
               (floor(extract(epoch FROM NEW."created_at") / 900)), (floor(extract(epoch FROM NEW."completed_at") / 900))) AS v(n)
  WHERE v.n IS NOT NULL;
  INSERT INTO "order_stat_stale" ("slot", "by_completion")
  SELECT DISTINCT to_timestamp(v.n * 900), v.by_completion
  FROM (VALUES (floor(extract(epoch FROM OLD."created_at") / 900), false), (floor(extract(epoch FROM OLD."completed_at") / 900), true),
               (floor(extract(epoch FROM NEW."created_at") / 900), false), (floor(extract(epoch FROM NEW."completed_at") / 900), true)) AS v(n, by_completion)
  WHERE v.n IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "order_stat_stale" m WHERE m."by_completion" = v.by_completion AND m."slot" = to_timestamp(v.n * 900));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
