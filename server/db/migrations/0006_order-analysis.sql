CREATE TABLE "frozen_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"request_count" integer,
	"frozen_by" text,
	"frozen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unfrozen_by" text,
	"unfrozen_at" timestamp with time zone,
	"unfreeze_reason" text
);
--> statement-breakpoint
CREATE TABLE "ip_requests" (
	"ip" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ip_requests_ip_minute_kind_merchant_id_pk" PRIMARY KEY("ip","minute","kind","merchant_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "frozen_ips_active_idx" ON "frozen_ips" USING btree ("ip") WHERE unfrozen_at is null;--> statement-breakpoint
CREATE INDEX "frozen_ips_frozen_at_idx" ON "frozen_ips" USING btree ("frozen_at");--> statement-breakpoint
CREATE INDEX "ip_requests_minute_idx" ON "ip_requests" USING btree ("minute");