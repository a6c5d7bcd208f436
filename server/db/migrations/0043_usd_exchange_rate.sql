ALTER TABLE "client_payment_applications" ADD COLUMN "equivalence" numeric(20, 10) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "currency" text DEFAULT 'MXN' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_payments" ADD COLUMN "exchange_rate" numeric(18, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "currency" text DEFAULT 'MXN' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "currency" text DEFAULT 'MXN' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exchange_rate" numeric(18, 6) DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_payments" ADD CONSTRAINT "client_payments_currency_ck" CHECK ("client_payments"."currency" in ('MXN', 'USD') and "client_payments"."exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_currency_ck" CHECK ("clients"."currency" in ('MXN', 'USD'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_ck" CHECK (("invoices"."currency" = 'MXN' and "invoices"."exchange_rate" = 1) or ("invoices"."currency" = 'USD' and "invoices"."exchange_rate" > 0));