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
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_rules" ADD CONSTRAINT "ip_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_rules_user_idx" ON "ip_rules" USING btree ("user_id") WHERE "ip_rules"."enabled";--> statement-breakpoint
CREATE INDEX "ip_rules_role_idx" ON "ip_rules" USING btree ("role") WHERE "ip_rules"."enabled";--> statement-breakpoint
CREATE INDEX "ip_rules_created_idx" ON "ip_rules" USING btree ("created_at");