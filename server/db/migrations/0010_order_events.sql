-- Realtime: every committed insert or update of orders (collections and payouts) is announced on
-- the channel order_events, so each server instance on this database (LISTEN) can push it to the
-- sockets allowed to see the rows. NOTIFY is sent at commit, so rolled-back writes announce nothing.
-- One notification per statement: the first 40 rows with their owner fields (enough to decide who
-- may see them); a larger statement (batch upload, timeouts job) says only that there were more.
CREATE OR REPLACE FUNCTION "notify_order_events"() RETURNS trigger AS $$
DECLARE
  payload text;
BEGIN
  -- Statement triggers fire for statements that changed nothing too: those announce nothing.
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  SELECT json_build_object(
    'op', lower(TG_OP),
    'rows', coalesce(json_agg(json_build_object('id', r."id", 'orderCode', r."order_code", 'orderType', r."order_type", 'merchantId', r."merchant_id", 'supplierId', r."supplier_id")), '[]'::json),
    'more', (SELECT count(*) > 40 FROM new_rows)
  )::text INTO payload
  FROM (SELECT * FROM new_rows ORDER BY "id" LIMIT 40) AS r;
  PERFORM pg_notify('order_events', payload);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_notify_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_events"();
--> statement-breakpoint
CREATE TRIGGER "orders_notify_update" AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notify_order_events"();
