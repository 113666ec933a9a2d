CREATE TABLE "name_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "name_blacklist_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE INDEX "name_blacklist_created_idx" ON "name_blacklist" USING btree ("created_at");