CREATE TABLE "invoice_anticipos" (
	"invoice_id" integer NOT NULL,
	"anticipo_id" integer NOT NULL,
	CONSTRAINT "invoice_anticipos_invoice_id_anticipo_id_pk" PRIMARY KEY("invoice_id","anticipo_id")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "tipo_relacion" text DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "anticipo_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "global_periodicidad" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "global_meses" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "global_anio" integer;--> statement-breakpoint
ALTER TABLE "invoice_anticipos" ADD CONSTRAINT "invoice_anticipos_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_anticipos" ADD CONSTRAINT "invoice_anticipos_anticipo_id_invoices_id_fk" FOREIGN KEY ("anticipo_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_anticipos_anticipo_idx" ON "invoice_anticipos" USING btree ("anticipo_id");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_anticipo_id_invoices_id_fk" FOREIGN KEY ("anticipo_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_anticipo_idx" ON "credit_notes" USING btree ("anticipo_id","status");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_relacion_ck" CHECK (("credit_notes"."tipo_relacion" = '07') = ("credit_notes"."anticipo_id" is not null) and "credit_notes"."tipo_relacion" in ('01', '07'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('normal', 'anticipo', 'global'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_global_ck" CHECK (("invoices"."kind" = 'global') = ("invoices"."global_periodicidad" is not null and "invoices"."global_meses" is not null and "invoices"."global_anio" is not null));