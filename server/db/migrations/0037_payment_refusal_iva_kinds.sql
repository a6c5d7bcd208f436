ALTER TABLE "client_payments" ADD COLUMN "refusal_code" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "refusal_message" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "iva_factor" text DEFAULT 'Tasa' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "iva_factor" text DEFAULT 'Tasa' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_iva_factor_ck" CHECK ("credit_notes"."iva_factor" in ('Tasa', 'Exento'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_iva_factor_ck" CHECK ("invoices"."iva_factor" in ('Tasa', 'Exento'));--> statement-breakpoint
-- Backfill: the PAC's last refusal of each payment still without a seal, as the payment list read it from the audit log.
UPDATE "client_payments" p SET "refusal_code" = rf.after->>'pacCode', "refusal_message" = rf.after->>'message', "refused_at" = rf.at
FROM (
  SELECT DISTINCT ON (l.entity_id) l.entity_id, l.after, l.at FROM "audit_log" l
  WHERE l.entity = 'client_payment' AND l.action = 'timbrado_rechazado'
  ORDER BY l.entity_id, l.id DESC
) rf
WHERE rf.entity_id = p.id::text AND p.stamp_status IS NULL;
