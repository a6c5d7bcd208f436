CREATE TABLE "account_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"balance_after" numeric(18, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"source_entity" text,
	"source_id" text,
	"reversal_of" bigint,
	"reversed_by" bigint,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_entries_kind_ck" CHECK ("account_entries"."kind" in ('apertura', 'pago_proveedor', 'cobro_cliente', 'otro_ingreso', 'traspaso', 'ajuste')),
	CONSTRAINT "account_entries_amount_ck" CHECK ("account_entries"."amount" <> 0),
	CONSTRAINT "account_entries_balance_ck" CHECK ("account_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'MXN' NOT NULL,
	"opening_balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"opening_date" date NOT NULL,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_accounts_balance_ck" CHECK ("company_accounts"."balance" >= 0),
	CONSTRAINT "company_accounts_currency_ck" CHECK ("company_accounts"."currency" = 'MXN')
);
--> statement-breakpoint
CREATE TABLE "expense_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"date" date NOT NULL,
	"due_date" date NOT NULL,
	"invoice_serie" text DEFAULT '' NOT NULL,
	"invoice_folio" text DEFAULT '' NOT NULL,
	"cfdi_uuid" text,
	"category" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"iva_rate" numeric(8, 6) NOT NULL,
	"iva" numeric(18, 2) NOT NULL,
	"isr_retention_rate" numeric(8, 6) DEFAULT '0' NOT NULL,
	"isr_retention" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva_retention_rate" numeric(8, 6) DEFAULT '0' NOT NULL,
	"iva_retention" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"cancel_reason" text,
	"payment_request_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "expenses_status_ck" CHECK ("expenses"."status" in ('pendiente', 'pagado_parcial', 'pagado', 'cancelado')),
	CONSTRAINT "expenses_balance_ck" CHECK ("expenses"."balance" >= 0 and "expenses"."balance" <= "expenses"."total"),
	CONSTRAINT "expenses_total_ck" CHECK ("expenses"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"expense_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "payment_applications_amount_ck" CHECK ("payment_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"origin" text NOT NULL,
	"origin_id" text,
	"origin_folio" text DEFAULT '' NOT NULL,
	"supplier_id" integer,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"category" text DEFAULT 'Mantenimiento' NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"iva_rate" numeric(8, 6) DEFAULT '0.16' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"reject_reason" text,
	"expense_id" integer,
	"requested_by" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_requests_origin_ck" CHECK ("payment_requests"."origin" in ('mantenimiento', 'almacen_pdm', 'manual')),
	CONSTRAINT "payment_requests_status_ck" CHECK ("payment_requests"."status" in ('pendiente', 'aprobada', 'rechazada')),
	CONSTRAINT "payment_requests_amount_ck" CHECK ("payment_requests"."subtotal" > 0 and "payment_requests"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"account_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"applied" numeric(18, 2) NOT NULL,
	"payment_form" text DEFAULT '03' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'aplicado' NOT NULL,
	"account_entry_id" bigint,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_status_ck" CHECK ("supplier_payments"."status" in ('aplicado', 'cancelado')),
	CONSTRAINT "supplier_payments_amount_ck" CHECK ("supplier_payments"."amount" > 0 and "supplier_payments"."applied" > 0 and "supplier_payments"."applied" <= "supplier_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"name" text NOT NULL,
	"tax_regime" text NOT NULL,
	"postal_code" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "suppliers_credit_days_ck" CHECK ("suppliers"."credit_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_entries" ADD CONSTRAINT "account_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_files" ADD CONSTRAINT "expense_files_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_files" ADD CONSTRAINT "expense_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_lines" ADD CONSTRAINT "expense_lines_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_payment_id_supplier_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."supplier_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_applications" ADD CONSTRAINT "payment_applications_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_entries_account_idx" ON "account_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "account_entries_source_idx" ON "account_entries" USING btree ("source_entity","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_accounts_name_uq" ON "company_accounts" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "expense_files_expense_idx" ON "expense_files" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "expense_lines_expense_idx" ON "expense_lines" USING btree ("expense_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_folio_uq" ON "expenses" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_cfdi_uuid_uq" ON "expenses" USING btree (upper("cfdi_uuid")) WHERE "expenses"."cfdi_uuid" is not null and "expenses"."status" <> 'cancelado';--> statement-breakpoint
CREATE INDEX "expenses_supplier_idx" ON "expenses" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "expenses_due_idx" ON "expenses" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_applications_uq" ON "payment_applications" USING btree ("payment_id","expense_id");--> statement-breakpoint
CREATE INDEX "payment_applications_expense_idx" ON "payment_applications" USING btree ("expense_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_folio_uq" ON "payment_requests" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_origin_uq" ON "payment_requests" USING btree ("origin","origin_id") WHERE "payment_requests"."origin_id" is not null and "payment_requests"."status" <> 'rechazada';--> statement-breakpoint
CREATE INDEX "payment_requests_status_idx" ON "payment_requests" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payments_folio_uq" ON "supplier_payments" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "supplier_payments_supplier_idx" ON "supplier_payments" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "supplier_payments_account_idx" ON "supplier_payments" USING btree ("account_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_rfc_uq" ON "suppliers" USING btree ("rfc") WHERE "suppliers"."rfc" not in ('XAXX010101000', 'XEXX010101000');--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name");