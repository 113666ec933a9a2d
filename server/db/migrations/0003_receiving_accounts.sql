CREATE TABLE "receiving_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"bank_name" text,
	"account_name" text,
	"card_number" text,
	"ifsc_code" text,
	"upi_account" text,
	"nickname" text,
	"wallet_address" text,
	"min_amount" bigint,
	"max_amount" bigint,
	"daily_count_limit" integer,
	"daily_amount_limit" bigint,
	"float_amount" integer DEFAULT 0 NOT NULL,
	"max_concurrent_orders" integer,
	"min_accept_balance" bigint,
	"freeze_amount" bigint,
	"balance" bigint DEFAULT 0 NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "receiving_accounts_kind_supplier_idx" ON "receiving_accounts" USING btree ("kind","supplier_id");--> statement-breakpoint
CREATE INDEX "receiving_accounts_kind_product_idx" ON "receiving_accounts" USING btree ("kind","product_id","enabled");--> statement-breakpoint
CREATE INDEX "receiving_accounts_card_idx" ON "receiving_accounts" USING btree ("card_number");