CREATE TABLE "bank_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"bank_number" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_numbers_bank_number_unique" UNIQUE("bank_number")
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"target" text,
	"ip" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"url" text,
	"stack" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"token2_hash" text,
	"token2_expires_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"nickname" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"pay_password_hash" text,
	"google_enabled" boolean DEFAULT false NOT NULL,
	"google_secret" text,
	"google_confirmed" boolean DEFAULT false NOT NULL,
	"google_last_step" bigint DEFAULT 0 NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"allow_modify" boolean DEFAULT true NOT NULL,
	"parent_id" integer,
	"last_login_ip" text,
	"last_login_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"state" text DEFAULT 'unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mch_id" text NOT NULL,
	"merchant_key_encrypted" text NOT NULL,
	"merchant_key_mask" text,
	"accept_orders" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_profiles_mch_id_unique" UNIQUE("mch_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"usdt" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"side" text NOT NULL,
	"rate" numeric(10, 6) NOT NULL,
	"fixed_fee" bigint DEFAULT 0 NOT NULL,
	"single_fee" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"reported_balance" bigint DEFAULT 0 NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "bank_numbers_name_idx" ON "bank_numbers" USING btree ("bank_name");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "messages_user_state_idx" ON "messages" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "ledger_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_products_user_product_idx" ON "user_products" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "user_products_product_idx" ON "user_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_products_side_idx" ON "user_products" USING btree ("side");--> statement-breakpoint
CREATE INDEX "receiving_accounts_kind_supplier_idx" ON "receiving_accounts" USING btree ("kind","supplier_id");--> statement-breakpoint
CREATE INDEX "receiving_accounts_kind_product_idx" ON "receiving_accounts" USING btree ("kind","product_id","enabled");--> statement-breakpoint
CREATE INDEX "receiving_accounts_card_idx" ON "receiving_accounts" USING btree ("card_number");--> statement-breakpoint
-- The product catalogue of spec section 9 (resources/products/catalogue.ts; a test keeps them equal).
INSERT INTO "products" ("id", "kind", "usdt") VALUES (1034, 'collection', false), (1008, 'collection', false), (1045, 'collection', false), (3001, 'collection', false), (3015, 'collection', true), (3016, 'payout', true), (3024, 'collection', false) ON CONFLICT DO NOTHING;
