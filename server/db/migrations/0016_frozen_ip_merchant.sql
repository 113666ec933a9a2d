DROP INDEX "frozen_ips_active_idx";--> statement-breakpoint
ALTER TABLE "frozen_ips" ADD COLUMN "merchant_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "frozen_ips_active_idx" ON "frozen_ips" USING btree ("ip",coalesce("merchant_id", 0)) WHERE unfrozen_at is null;