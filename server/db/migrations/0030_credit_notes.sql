CREATE TABLE "credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"prod_serv_key" text NOT NULL,
	"unit_key" text NOT NULL,
	"unit_name" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"objeto_imp" text DEFAULT '02' NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"discount" numeric(18, 6) NOT NULL,
	"base" numeric(18, 6) NOT NULL,
	"iva" numeric(18, 6) NOT NULL,
	"isr_retained" numeric(18, 6) NOT NULL,
	"iva_retained" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"serie" text NOT NULL,
	"folio" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" date NOT NULL,
	"forma_pago" text NOT NULL,
	"metodo_pago" text DEFAULT 'PUE' NOT NULL,
	"uso_cfdi" text NOT NULL,
	"status" text DEFAULT 'vigente' NOT NULL,
	"iva_rate" numeric(9, 6) NOT NULL,
	"isr_retention_rate" numeric(9, 6) NOT NULL,
	"iva_retention_rate" numeric(9, 6) NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"discount" numeric(18, 2) NOT NULL,
	"iva" numeric(18, 2) NOT NULL,
	"isr_retained" numeric(18, 2) NOT NULL,
	"iva_retained" numeric(18, 2) NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"previous_balance" numeric(18, 2) NOT NULL,
	"remaining_balance" numeric(18, 2) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"emisor_rfc" text NOT NULL,
	"emisor_name" text NOT NULL,
	"emisor_regimen" text NOT NULL,
	"lugar_expedicion" text NOT NULL,
	"receptor_rfc" text NOT NULL,
	"receptor_name" text NOT NULL,
	"receptor_regimen" text NOT NULL,
	"receptor_postal_code" text NOT NULL,
	"emitted_at" timestamp with time zone NOT NULL,
	"stamp_status" text,
	"cfdi_xml" text,
	"cfdi_uuid" text,
	"stamped_at" timestamp with time zone,
	"stamp_sandbox" boolean,
	"sat_cancel_status" text,
	"sat_cancel_motivo" text,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "credit_notes_status_ck" CHECK ("credit_notes"."status" in ('vigente', 'cancelada', 'rechazada')),
	CONSTRAINT "credit_notes_total_ck" CHECK ("credit_notes"."total" > 0 and "credit_notes"."remaining_balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_note_idx" ON "credit_note_lines" USING btree ("credit_note_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_serie_folio_uq" ON "credit_notes" USING btree ("serie","folio");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_cfdi_uuid_uq" ON "credit_notes" USING btree ("cfdi_uuid");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_idx" ON "credit_notes" USING btree ("invoice_id","status");--> statement-breakpoint
CREATE INDEX "credit_notes_stamp_pending_idx" ON "credit_notes" USING btree ("stamp_status") WHERE "credit_notes"."stamp_status" = 'pendiente';