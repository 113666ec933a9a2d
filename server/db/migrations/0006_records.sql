CREATE TABLE "bank_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"client_id" integer NOT NULL,
	"device_code" text NOT NULL,
	"supplier_id" integer,
	"account_id" integer,
	"card_number" text,
	"sender" text,
	"content" text NOT NULL,
	"content_hash" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"utr" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"match_state" text NOT NULL,
	"matched_order_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdt_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"device_code" text NOT NULL,
	"supplier_id" integer,
	"account_id" integer,
	"tx_hash" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"match_state" text NOT NULL,
	"matched_order_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_dedupe_idx" ON "bank_statements" USING btree ("client_id","source","occurred_at","content_hash");--> statement-breakpoint
CREATE INDEX "bank_statements_source_id_idx" ON "bank_statements" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "bank_statements_supplier_idx" ON "bank_statements" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "bank_statements_account_time_idx" ON "bank_statements" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "bank_statements_card_idx" ON "bank_statements" USING btree ("card_number");--> statement-breakpoint
CREATE INDEX "bank_statements_utr_idx" ON "bank_statements" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "bank_statements_order_idx" ON "bank_statements" USING btree ("matched_order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "usdt_transactions_hash_idx" ON "usdt_transactions" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "usdt_transactions_supplier_idx" ON "usdt_transactions" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "usdt_transactions_to_idx" ON "usdt_transactions" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "usdt_transactions_order_idx" ON "usdt_transactions" USING btree ("matched_order_code");