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
CREATE TABLE "frozen_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"request_count" integer,
	"frozen_by" text,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unfrozen_by" text,
	"unfrozen_at" timestamp with time zone,
	"unfreeze_reason" text
);
--> statement-breakpoint
CREATE TABLE "ip_requests" (
	"ip" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ip_requests_ip_minute_kind_merchant_id_pk" PRIMARY KEY("ip","minute","kind","merchant_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"monitor_id" text NOT NULL,
	"order_code" text,
	"card_number" text,
	"log_phase" text NOT NULL,
	"content" text NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_states" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"exception_info" text,
	"exception_count" integer DEFAULT 0 NOT NULL,
	"last_exception_at" timestamp with time zone,
	"last_exception" text,
	"reported_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "monitor_logs" ADD CONSTRAINT "monitor_logs_client_id_ingest_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."ingest_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_states" ADD CONSTRAINT "monitor_states_client_id_ingest_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."ingest_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "usdt_transactions_order_idx" ON "usdt_transactions" USING btree ("matched_order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "frozen_ips_active_idx" ON "frozen_ips" USING btree ("ip") WHERE unfrozen_at is null;--> statement-breakpoint
CREATE INDEX "frozen_ips_frozen_at_idx" ON "frozen_ips" USING btree ("frozen_at");--> statement-breakpoint
CREATE INDEX "ip_requests_minute_idx" ON "ip_requests" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "monitor_logs_monitor_idx" ON "monitor_logs" USING btree ("monitor_id","id");--> statement-breakpoint
CREATE INDEX "monitor_logs_order_idx" ON "monitor_logs" USING btree ("order_code","id");--> statement-breakpoint
CREATE INDEX "monitor_logs_card_idx" ON "monitor_logs" USING btree ("card_number","id");--> statement-breakpoint
CREATE INDEX "monitor_logs_phase_idx" ON "monitor_logs" USING btree ("log_phase","id");--> statement-breakpoint
CREATE INDEX "monitor_logs_logged_idx" ON "monitor_logs" USING btree ("logged_at");--> statement-breakpoint
CREATE INDEX "ledger_user_id_idx" ON "ledger_entries" USING btree ("user_id","id");