CREATE TABLE "order_clear_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cycle_days" integer NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"payout_count" integer DEFAULT 0 NOT NULL,
	"range_start" timestamp with time zone,
	"range_end" timestamp with time zone,
	"duration_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders_archive" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"order_type" smallint NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"run_id" integer NOT NULL,
	"archived_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_clear_history_ran_idx" ON "order_clear_history" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "orders_archive_code_idx" ON "orders_archive" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "orders_archive_created_idx" ON "orders_archive" USING btree ("created_at");