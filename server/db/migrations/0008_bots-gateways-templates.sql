CREATE TABLE "bot_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"merchant_id" integer,
	"supplier_id" integer,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_groups_group_id_unique" UNIQUE("group_id")
);
--> statement-breakpoint
CREATE TABLE "bot_chat_whitelist" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"nickname" text NOT NULL,
	"kind" text NOT NULL,
	"bot_group_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_chat_whitelist_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "bot_transfer_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"bot_group_id" integer,
	"target_chat" text NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_transfer_settings_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "pay_gateways" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"product_ids" integer[] NOT NULL,
	"base_url" text NOT NULL,
	"merchant_no" text NOT NULL,
	"secret_key" text NOT NULL,
	"callback_ips" text DEFAULT '' NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_gateways_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"channel" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "bot_chat_whitelist" ADD CONSTRAINT "bot_chat_whitelist_bot_group_id_bot_groups_id_fk" FOREIGN KEY ("bot_group_id") REFERENCES "public"."bot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_transfer_settings" ADD CONSTRAINT "bot_transfer_settings_bot_group_id_bot_groups_id_fk" FOREIGN KEY ("bot_group_id") REFERENCES "public"."bot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_groups_merchant_idx" ON "bot_groups" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "bot_groups_supplier_idx" ON "bot_groups" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "bot_chat_whitelist_group_idx" ON "bot_chat_whitelist" USING btree ("bot_group_id");