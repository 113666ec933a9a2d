-- The payout list filters by type and payout status together: with both in the index, its capped
-- count reads the index alone (it had combined two bitmaps of 100,000-200,000 rows each at 1M orders).
DROP INDEX "orders_payout_status_idx";--> statement-breakpoint
CREATE INDEX "orders_payout_status_idx" ON "orders" USING btree ("order_type","payout_status","created_at") WHERE payout_status is not null;