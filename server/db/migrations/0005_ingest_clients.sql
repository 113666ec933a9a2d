CREATE TABLE "ingest_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer,
	"account_id" integer,
	"token_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_seen_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_clients_token_idx" ON "ingest_clients" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_clients_code_idx" ON "ingest_clients" USING btree ("code") WHERE deleted_at is null;