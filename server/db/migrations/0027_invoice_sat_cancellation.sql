ALTER TABLE "invoices" ADD COLUMN "sat_cancel_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sat_cancel_motivo" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sat_cancel_substitute" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sat_cancel_requested_at" timestamp with time zone;