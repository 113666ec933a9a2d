-- Reads that must not grow with history: a member's newest running balance (balances on every
-- allocation, the merchant list, the dashboard) and an account's orders of today (allocation's daily limits).
CREATE INDEX "ledger_user_account_id_idx" ON "ledger_entries" USING btree ("user_id","account","id");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at");