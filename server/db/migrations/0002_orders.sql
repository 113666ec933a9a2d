CREATE TABLE "order_callback_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"callback_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"merchant_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"url" text NOT NULL,
	"http_method" text DEFAULT 'POST' NOT NULL,
	"params" jsonb NOT NULL,
	"response_status" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"success" boolean NOT NULL,
	"system_flag" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"merchant_order_no" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"order_type" smallint DEFAULT 1 NOT NULL,
	"merchant_id" integer NOT NULL,
	"merchant_order_no" text NOT NULL,
	"product_id" integer NOT NULL,
	"supplier_id" integer,
	"account_id" integer,
	"status" smallint NOT NULL,
	"mark" smallint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"pay_amount" bigint NOT NULL,
	"received_amount" bigint,
	"usdt_count" bigint,
	"usdt_address" text,
	"merchant_fee" bigint DEFAULT 0 NOT NULL,
	"supplier_fee" bigint DEFAULT 0 NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text,
	"subject" text,
	"body" text,
	"client_ip" text,
	"user_name" text,
	"card_number" text,
	"ifsc_code" text,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"utr" text,
	"utr_submitted_at" timestamp with time zone,
	"validate_user_name" text,
	"identify_code" text,
	"description" text,
	"reject_reason" text,
	"supplemented" boolean DEFAULT false NOT NULL,
	"supplement_type" smallint,
	"locked" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"test_status" text,
	"batch_id" integer,
	"payout_status" smallint,
	"process_state" smallint,
	"is_proxy" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"allocate_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
CREATE INDEX "order_callback_attempts_code_idx" ON "order_callback_attempts" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "order_callback_attempts_received_idx" ON "order_callback_attempts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "order_callback_attempts_callback_idx" ON "order_callback_attempts" USING btree ("callback_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_callbacks_order_idx" ON "order_callbacks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_callbacks_due_idx" ON "order_callbacks" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "order_callbacks_code_idx" ON "order_callbacks" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "order_callbacks_merchant_no_idx" ON "order_callbacks" USING btree ("merchant_order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_idx" ON "orders" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_merchant_no_idx" ON "orders" USING btree ("merchant_id","merchant_order_no");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_created_idx" ON "orders" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_supplier_created_idx" ON "orders" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_status_idx" ON "orders" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "orders_product_created_idx" ON "orders" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_order_no_idx" ON "orders" USING btree ("merchant_order_no");--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "orders_utr_idx" ON "orders" USING btree ("utr");--> statement-breakpoint
CREATE INDEX "orders_card_idx" ON "orders" USING btree ("card_number");--> statement-breakpoint
CREATE INDEX "orders_expires_idx" ON "orders" USING btree ("expires_at") WHERE status = 2;--> statement-breakpoint
CREATE INDEX "ledger_account_idx" ON "ledger_entries" USING btree ("account");