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
CREATE TABLE "pay_script_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"script_id" integer NOT NULL,
	"version" integer NOT NULL,
	"order_code" text DEFAULT '' NOT NULL,
	"request" text DEFAULT '' NOT NULL,
	"response" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "script_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"script_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'javascript' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "ip_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"address" text NOT NULL,
	"role" text,
	"user_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_rules_one_target" CHECK (("ip_rules"."role" is null) <> ("ip_rules"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "todo_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"call" text NOT NULL,
	"channel" text,
	"subject" text DEFAULT '' NOT NULL,
	"submitter_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"secret_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"failure" text,
	"reviewer_id" integer,
	"target_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "type" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "success" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "error_msg" text;--> statement-breakpoint
ALTER TABLE "bot_chat_whitelist" ADD CONSTRAINT "bot_chat_whitelist_bot_group_id_bot_groups_id_fk" FOREIGN KEY ("bot_group_id") REFERENCES "public"."bot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_transfer_settings" ADD CONSTRAINT "bot_transfer_settings_bot_group_id_bot_groups_id_fk" FOREIGN KEY ("bot_group_id") REFERENCES "public"."bot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_groups_merchant_idx" ON "bot_groups" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "bot_groups_supplier_idx" ON "bot_groups" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "bot_chat_whitelist_group_idx" ON "bot_chat_whitelist" USING btree ("bot_group_id");--> statement-breakpoint
CREATE INDEX "order_clear_history_ran_idx" ON "order_clear_history" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "orders_archive_code_idx" ON "orders_archive" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "orders_archive_created_idx" ON "orders_archive" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pay_script_calls_created_idx" ON "pay_script_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pay_script_calls_script_idx" ON "pay_script_calls" USING btree ("script_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "script_versions_script_version_idx" ON "script_versions" USING btree ("script_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_kind_name_idx" ON "scripts" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "ip_rules_user_idx" ON "ip_rules" USING btree ("user_id") WHERE "ip_rules"."enabled";--> statement-breakpoint
CREATE INDEX "ip_rules_role_idx" ON "ip_rules" USING btree ("role") WHERE "ip_rules"."enabled";--> statement-breakpoint
CREATE INDEX "ip_rules_created_idx" ON "ip_rules" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "todo_items_state_created_idx" ON "todo_items" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "todo_items_submitter_idx" ON "todo_items" USING btree ("submitter_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_user_idx" ON "audit_records" USING btree ("user_id","created_at");--> statement-breakpoint
-- hand-written: the audit log is append-only; the database itself refuses to change or remove a row.
CREATE OR REPLACE FUNCTION audit_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_records is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_records_no_update_delete BEFORE UPDATE OR DELETE ON "audit_records" FOR EACH ROW EXECUTE FUNCTION audit_records_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_records_no_truncate BEFORE TRUNCATE ON "audit_records" FOR EACH STATEMENT EXECUTE FUNCTION audit_records_append_only();
