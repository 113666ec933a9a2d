-- The payout list filters by type and payout status together: with both in the index, its capped
-- count reads the index alone (it had combined two bitmaps of 100,000-200,000 rows each at 1M orders).
-- Built under a new name before the old one goes, so the table is locked exclusively only for the drop.
CREATE INDEX "orders_payout_status_next_idx" ON "orders" USING btree ("order_type","payout_status","created_at") WHERE payout_status is not null;--> statement-breakpoint
DROP INDEX "orders_payout_status_idx";--> statement-breakpoint
ALTER INDEX "orders_payout_status_next_idx" RENAME TO "orders_payout_status_idx";
