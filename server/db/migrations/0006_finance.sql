ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "note" text;--> statement-breakpoint
CREATE INDEX "ledger_user_id_idx" ON "ledger_entries" USING btree ("user_id","id");