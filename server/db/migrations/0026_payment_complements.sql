ALTER TABLE "client_payments" ADD COLUMN "stamp_status" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "cfdi_xml" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "cfdi_uuid" text;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "stamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "stamp_sandbox" boolean;