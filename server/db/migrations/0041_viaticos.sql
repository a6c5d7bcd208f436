CREATE TABLE "shopping_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"viatico_overdue_days" integer DEFAULT 5 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "shopping_settings_one_ck" CHECK ("shopping_settings"."id" = 1),
	CONSTRAINT "shopping_settings_days_ck" CHECK ("shopping_settings"."viatico_overdue_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "viatico_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"viatico_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"concept" text NOT NULL,
	"emisor_rfc" text,
	"emisor_name" text,
	"cfdi_uuid" text,
	"cfdi_upload_id" uuid,
	"subtotal" numeric(18, 2) NOT NULL,
	"iva" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "viatico_proofs_kind_ck" CHECK ("viatico_proofs"."kind" in ('cfdi', 'no_deducible')),
	CONSTRAINT "viatico_proofs_cfdi_ck" CHECK (("viatico_proofs"."kind" = 'cfdi') = ("viatico_proofs"."cfdi_uuid" is not null)),
	CONSTRAINT "viatico_proofs_amounts_ck" CHECK ("viatico_proofs"."total" > 0 and "viatico_proofs"."subtotal" >= 0 and "viatico_proofs"."iva" >= 0)
);
--> statement-breakpoint
CREATE TABLE "viaticos" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"contract_id" integer,
	"service_order_id" integer,
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"purpose" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"comprobado" numeric(18, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"payment_entry_id" bigint,
	"paid_at" timestamp with time zone,
	"settlement" text,
	"settlement_amount" numeric(18, 2),
	"settlement_entry_id" bigint,
	"settlement_account_id" integer,
	"agreement_id" integer,
	"consent" boolean DEFAULT false NOT NULL,
	"consent_upload_id" uuid,
	"closed_on" date,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "viaticos_status_ck" CHECK ("viaticos"."status" in ('borrador', 'pagado', 'comprobado_parcial', 'comprobado', 'cerrado', 'cancelado')),
	CONSTRAINT "viaticos_amount_ck" CHECK ("viaticos"."amount" > 0 and "viaticos"."comprobado" >= 0),
	CONSTRAINT "viaticos_settlement_ck" CHECK ("viaticos"."settlement" is null or "viaticos"."settlement" in ('reintegro', 'descuento_nomina', 'reembolso', 'exacto')),
	CONSTRAINT "viaticos_paid_ck" CHECK ("viaticos"."status" in ('borrador', 'cancelado') or "viaticos"."payment_entry_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "account_entries" DROP CONSTRAINT "account_entries_kind_ck";--> statement-breakpoint
ALTER TABLE "viatico_proofs" ADD CONSTRAINT "viatico_proofs_viatico_id_viaticos_id_fk" FOREIGN KEY ("viatico_id") REFERENCES "public"."viaticos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viatico_proofs" ADD CONSTRAINT "viatico_proofs_cfdi_upload_id_uploads_id_fk" FOREIGN KEY ("cfdi_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viatico_proofs" ADD CONSTRAINT "viatico_proofs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_settlement_account_id_company_accounts_id_fk" FOREIGN KEY ("settlement_account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_agreement_id_rh_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."rh_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_consent_upload_id_uploads_id_fk" FOREIGN KEY ("consent_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viatico_proofs_viatico_idx" ON "viatico_proofs" USING btree ("viatico_id");--> statement-breakpoint
CREATE UNIQUE INDEX "viatico_proofs_cfdi_uq" ON "viatico_proofs" USING btree (upper("cfdi_uuid")) WHERE "viatico_proofs"."cfdi_uuid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "viaticos_folio_uq" ON "viaticos" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "viaticos_contract_idx" ON "viaticos" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "viaticos_service_order_idx" ON "viaticos" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "viaticos_employee_idx" ON "viaticos" USING btree ("employee_id");--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_kind_ck" CHECK ("account_entries"."kind" in ('apertura', 'pago_proveedor', 'cobro_cliente', 'otro_ingreso', 'traspaso', 'ajuste', 'viatico'));--> statement-breakpoint
insert into "shopping_settings" ("id") values (1) on conflict do nothing;
