CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batch_files" (
	"batch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batch_files_batch_id_kind_pk" PRIMARY KEY("batch_id","kind")
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"template_id" text NOT NULL,
	"supplier_id" integer,
	"max_count" integer NOT NULL,
	"amount_limit" bigint,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"exception_amount" bigint DEFAULT 0 NOT NULL,
	"state" smallint NOT NULL,
	"export_progress" smallint DEFAULT 0 NOT NULL,
	"file_name" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "payout_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "risk_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_detections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"order_code" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"rule" text NOT NULL,
	"value" text NOT NULL,
	"blacklist_id" integer,
	"outcome" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_idx" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payout_batches_supplier_idx" ON "payout_batches" USING btree ("supplier_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_batches_state_idx" ON "payout_batches" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_blacklist_kind_value_idx" ON "risk_blacklist" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "risk_blacklist_created_idx" ON "risk_blacklist" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_detections_created_idx" ON "risk_detections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "risk_detections_order_idx" ON "risk_detections" USING btree ("order_code");--> statement-breakpoint
INSERT INTO "products" ("id", "kind", "usdt") VALUES (3017, 'payout', false) ON CONFLICT DO NOTHING;
