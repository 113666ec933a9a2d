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
	"accept_orders" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_profiles_mch_id_unique" UNIQUE("mch_id")
);
--> statement-breakpoint
CREATE TABLE "user_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bound_user_id" integer NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
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
CREATE INDEX "bank_numbers_name_idx" ON "bank_numbers" USING btree ("bank_name");--> statement-breakpoint
CREATE INDEX "ledger_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bindings_pair_idx" ON "user_bindings" USING btree ("user_id","bound_user_id");--> statement-breakpoint
CREATE INDEX "user_bindings_bound_idx" ON "user_bindings" USING btree ("bound_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_products_user_product_idx" ON "user_products" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "user_products_product_idx" ON "user_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "user_products_side_idx" ON "user_products" USING btree ("side");--> statement-breakpoint
-- The product catalogue of resources/products/catalogue.ts (spec section 9); tests/api/products.test.ts checks they agree.
INSERT INTO "products" ("id", "kind", "usdt") VALUES (1034, 'collection', false), (1008, 'collection', false), (1045, 'collection', false), (3001, 'collection', false), (3015, 'collection', true), (3016, 'payout', true), (3024, 'collection', false) ON CONFLICT DO NOTHING;
