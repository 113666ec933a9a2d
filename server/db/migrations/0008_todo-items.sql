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
CREATE INDEX "todo_items_state_created_idx" ON "todo_items" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "todo_items_submitter_idx" ON "todo_items" USING btree ("submitter_id","created_at");