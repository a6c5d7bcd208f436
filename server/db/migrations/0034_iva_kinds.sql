ALTER TABLE "credit_notes" ADD COLUMN "iva_factor" text DEFAULT 'Tasa' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "iva_factor" text DEFAULT 'Tasa' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_iva_factor_ck" CHECK ("credit_notes"."iva_factor" in ('Tasa', 'Exento'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_iva_factor_ck" CHECK ("invoices"."iva_factor" in ('Tasa', 'Exento'));