ALTER TABLE "pay_script_calls" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "pay_script_calls" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_script_calls_external_idx" ON "pay_script_calls" USING btree ("client_id","external_id");