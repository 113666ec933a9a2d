ALTER TABLE "audit_records" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "type" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "success" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "audit_records" ADD COLUMN "error_msg" text;--> statement-breakpoint
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
