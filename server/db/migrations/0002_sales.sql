CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_payment_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"installment" integer NOT NULL,
	"previous_balance" numeric(18, 2) NOT NULL,
	"remaining_balance" numeric(18, 2) NOT NULL,
	"is_ppd" boolean NOT NULL,
	CONSTRAINT "client_payment_applications_amount_ck" CHECK ("client_payment_applications"."amount" > 0 and "client_payment_applications"."remaining_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "client_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" date NOT NULL,
	"forma_pago" text NOT NULL,
	"account_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'aplicado' NOT NULL,
	"ledger_entry_id" bigint,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "client_payments_folio_unique" UNIQUE("folio"),
	CONSTRAINT "client_payments_status_ck" CHECK ("client_payments"."status" in ('aplicado', 'cancelado')),
	CONSTRAINT "client_payments_amount_ck" CHECK ("client_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"name" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"postal_code" text NOT NULL,
	"uso_cfdi" text DEFAULT 'G03' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"credit_days" integer DEFAULT 0 NOT NULL,
	"credit_limit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "clients_credit_ck" CHECK ("clients"."credit_days" >= 0 and "clients"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_profile" (
	"id" integer PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"name" text NOT NULL,
	"regimen_fiscal" text NOT NULL,
	"postal_code" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"invoice_series" text[] DEFAULT ARRAY['A']::text[] NOT NULL,
	"default_series" text DEFAULT 'A' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_profile_single_ck" CHECK ("company_profile"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "contract_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"prod_serv_key" text NOT NULL,
	"unit_key" text NOT NULL,
	"unit_name" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "contract_concepts_qty_ck" CHECK ("contract_concepts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"client_id" integer NOT NULL,
	"quote_id" integer,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"anticipo_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"guarantee_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'vigente' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contracts_folio_unique" UNIQUE("folio"),
	CONSTRAINT "contracts_status_ck" CHECK ("contracts"."status" in ('vigente', 'terminado', 'cancelado')),
	CONSTRAINT "contracts_dates_ck" CHECK ("contracts"."end_date" >= "contracts"."start_date")
);
--> statement-breakpoint
CREATE TABLE "generator_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"generator_id" integer NOT NULL,
	"concept_id" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "generator_lines_qty_ck" CHECK ("generator_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "generators" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"order_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone,
	"invoice_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "generators_folio_unique" UNIQUE("folio"),
	CONSTRAINT "generators_status_ck" CHECK ("generators"."status" in ('borrador', 'autorizado', 'facturado')),
	CONSTRAINT "generators_period_ck" CHECK ("generators"."period_end" >= "generators"."period_start")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"generator_id" integer,
	"concept_id" integer,
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
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"serie" text NOT NULL,
	"folio" integer,
	"client_id" integer NOT NULL,
	"contract_id" integer,
	"date" date NOT NULL,
	"due_date" date NOT NULL,
	"forma_pago" text NOT NULL,
	"metodo_pago" text NOT NULL,
	"uso_cfdi" text NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"iva_rate" numeric(9, 6) DEFAULT '0.160000' NOT NULL,
	"isr_retention_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"iva_retention_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"subtotal" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isr_retained" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva_retained" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"emisor_rfc" text,
	"emisor_name" text,
	"emisor_regimen" text,
	"lugar_expedicion" text,
	"receptor_rfc" text,
	"receptor_name" text,
	"receptor_regimen" text,
	"receptor_postal_code" text,
	"emitted_at" timestamp with time zone,
	"cancel_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "invoices_status_ck" CHECK ("invoices"."status" in ('borrador', 'emitida', 'pagada_parcial', 'pagada', 'cancelada')),
	CONSTRAINT "invoices_metodo_ck" CHECK ("invoices"."metodo_pago" in ('PUE', 'PPD')),
	CONSTRAINT "invoices_balance_ck" CHECK ("invoices"."balance" >= 0 and "invoices"."balance" <= "invoices"."total")
);
--> statement-breakpoint
CREATE TABLE "order_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"date" date NOT NULL,
	"received_by" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_deliveries_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "order_delivery_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "other_incomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"date" date NOT NULL,
	"concept" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"account_id" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'aplicado' NOT NULL,
	"ledger_entry_id" bigint,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "other_incomes_folio_unique" UNIQUE("folio"),
	CONSTRAINT "other_incomes_status_ck" CHECK ("other_incomes"."status" in ('aplicado', 'cancelado')),
	CONSTRAINT "other_incomes_amount_ck" CHECK ("other_incomes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"prod_serv_key" text NOT NULL,
	"unit_key" text NOT NULL,
	"unit_name" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"discount_percent" numeric(7, 4) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 6) NOT NULL,
	"discount" numeric(18, 6) NOT NULL,
	"base" numeric(18, 6) NOT NULL,
	"iva" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"client_id" integer NOT NULL,
	"date" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"iva_rate" numeric(9, 6) DEFAULT '0.160000' NOT NULL,
	"isr_retention_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"iva_retention_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"subtotal" numeric(18, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isr_retained" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva_retained" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"source_quote_id" integer,
	"rejection_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quotes_folio_unique" UNIQUE("folio"),
	CONSTRAINT "quotes_status_ck" CHECK ("quotes"."status" in ('borrador', 'enviada', 'aceptada', 'rechazada', 'vencida'))
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"contract_id" integer,
	"client_id" integer NOT NULL,
	"description" text NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"scheduled_start" date NOT NULL,
	"scheduled_end" date NOT NULL,
	"responsibles" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "service_orders_folio_unique" UNIQUE("folio"),
	CONSTRAINT "service_orders_status_ck" CHECK ("service_orders"."status" in ('abierta', 'en_proceso', 'terminada', 'entregada')),
	CONSTRAINT "service_orders_dates_ck" CHECK ("service_orders"."scheduled_end" >= "service_orders"."scheduled_start")
);
--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_applications" ADD CONSTRAINT "client_payment_applications_payment_id_client_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."client_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payment_applications" ADD CONSTRAINT "client_payment_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payments" ADD CONSTRAINT "client_payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payments" ADD CONSTRAINT "client_payments_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_payments" ADD CONSTRAINT "client_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_concepts" ADD CONSTRAINT "contract_concepts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generator_lines" ADD CONSTRAINT "generator_lines_generator_id_generators_id_fk" FOREIGN KEY ("generator_id") REFERENCES "public"."generators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generator_lines" ADD CONSTRAINT "generator_lines_concept_id_contract_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."contract_concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generators" ADD CONSTRAINT "generators_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_generator_id_generators_id_fk" FOREIGN KEY ("generator_id") REFERENCES "public"."generators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_concept_id_contract_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."contract_concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_deliveries" ADD CONSTRAINT "order_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delivery_files" ADD CONSTRAINT "order_delivery_files_delivery_id_order_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."order_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_incomes" ADD CONSTRAINT "other_incomes_account_id_company_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."company_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_incomes" ADD CONSTRAINT "other_incomes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_payment_applications_payment_idx" ON "client_payment_applications" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "client_payment_applications_invoice_idx" ON "client_payment_applications" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "client_payments_client_idx" ON "client_payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_payments_date_idx" ON "client_payments" USING btree ("date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_rfc_uq" ON "clients" USING btree ("rfc") WHERE "clients"."rfc" not in ('XAXX010101000', 'XEXX010101000');--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name");--> statement-breakpoint
CREATE INDEX "contract_concepts_contract_idx" ON "contract_concepts" USING btree ("contract_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_quote_uq" ON "contracts" USING btree ("quote_id") WHERE "contracts"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "contracts_client_idx" ON "contracts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "generator_lines_generator_idx" ON "generator_lines" USING btree ("generator_id");--> statement-breakpoint
CREATE INDEX "generator_lines_concept_idx" ON "generator_lines" USING btree ("concept_id");--> statement-breakpoint
CREATE INDEX "generators_contract_idx" ON "generators" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "generators_order_idx" ON "generators" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "generators_invoice_idx" ON "generators" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","line_no");--> statement-breakpoint
CREATE INDEX "invoice_lines_concept_idx" ON "invoice_lines" USING btree ("concept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_serie_folio_uq" ON "invoices" USING btree ("serie","folio") WHERE "invoices"."folio" is not null;--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id","status");--> statement-breakpoint
CREATE INDEX "invoices_status_due_idx" ON "invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "order_delivery_files_delivery_idx" ON "order_delivery_files" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "other_incomes_date_idx" ON "other_incomes" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","line_no");--> statement-breakpoint
CREATE INDEX "quotes_client_idx" ON "quotes" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "quotes_status_valid_idx" ON "quotes" USING btree ("status","valid_until");--> statement-breakpoint
CREATE INDEX "quotes_date_idx" ON "quotes" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "service_orders_contract_idx" ON "service_orders" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "service_orders_client_idx" ON "service_orders" USING btree ("client_id");