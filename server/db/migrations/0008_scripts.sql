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
CREATE INDEX "pay_script_calls_created_idx" ON "pay_script_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pay_script_calls_script_idx" ON "pay_script_calls" USING btree ("script_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "script_versions_script_version_idx" ON "script_versions" USING btree ("script_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_kind_name_idx" ON "scripts" USING btree ("kind","name");