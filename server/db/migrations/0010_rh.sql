CREATE TABLE "rh_agreement_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"payroll_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"balance_after" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rh_agreement_payments_amount_ck" CHECK ("rh_agreement_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rh_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"installment" numeric(18, 2) NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'activo' NOT NULL,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_agreements_kind_ck" CHECK ("rh_agreements"."kind" in ('prestamo', 'descuento', 'pension_alimenticia', 'fonacot', 'infonavit')),
	CONSTRAINT "rh_agreements_status_ck" CHECK ("rh_agreements"."status" in ('activo', 'liquidado', 'cancelado')),
	CONSTRAINT "rh_agreements_amounts_ck" CHECK ("rh_agreements"."total" > 0 and "rh_agreements"."installment" > 0 and "rh_agreements"."balance" >= 0 and "rh_agreements"."balance" <= "rh_agreements"."total"),
	CONSTRAINT "rh_agreements_settled_ck" CHECK ("rh_agreements"."status" <> 'liquidado' or "rh_agreements"."balance" = 0)
);
--> statement-breakpoint
CREATE TABLE "rh_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rh_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sat_code" text NOT NULL,
	"taxable_rule" text DEFAULT 'gravado' NOT NULL,
	"exempt_uma" numeric(9, 2),
	"system_key" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_concepts_kind_ck" CHECK ("rh_concepts"."kind" in ('percepcion', 'deduccion', 'otro_pago')),
	CONSTRAINT "rh_concepts_rule_ck" CHECK ("rh_concepts"."taxable_rule" in ('gravado', 'exento', 'exento_uma')),
	CONSTRAINT "rh_concepts_uma_ck" CHECK (("rh_concepts"."taxable_rule" = 'exento_uma') = ("rh_concepts"."exempt_uma" is not null))
);
--> statement-breakpoint
CREATE TABLE "rh_document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"warning_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_document_types_warning_ck" CHECK ("rh_document_types"."warning_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rh_employee_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"expires_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rh_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"names" text NOT NULL,
	"last_name" text NOT NULL,
	"second_last_name" text DEFAULT '' NOT NULL,
	"rfc" text NOT NULL,
	"curp" text NOT NULL,
	"nss" text NOT NULL,
	"birth_date" date NOT NULL,
	"hire_date" date NOT NULL,
	"first_hire_date" date NOT NULL,
	"area_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"pay_frequency" text NOT NULL,
	"wage_zone" text DEFAULT 'general' NOT NULL,
	"daily_salary" numeric(18, 2) NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"clabe" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"emergency_contact" text DEFAULT '' NOT NULL,
	"photo_upload_id" uuid,
	"status" text DEFAULT 'activo' NOT NULL,
	"termination_date" date,
	"termination_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_employees_frequency_ck" CHECK ("rh_employees"."pay_frequency" in ('semanal', 'quincenal')),
	CONSTRAINT "rh_employees_zone_ck" CHECK ("rh_employees"."wage_zone" in ('general', 'frontera')),
	CONSTRAINT "rh_employees_status_ck" CHECK ("rh_employees"."status" in ('activo', 'baja')),
	CONSTRAINT "rh_employees_salary_ck" CHECK ("rh_employees"."daily_salary" > 0),
	CONSTRAINT "rh_employees_dates_ck" CHECK ("rh_employees"."hire_date" > "rh_employees"."birth_date" and "rh_employees"."hire_date" >= "rh_employees"."first_hire_date"),
	CONSTRAINT "rh_employees_baja_ck" CHECK (("rh_employees"."status" = 'baja') = ("rh_employees"."termination_date" is not null))
);
--> statement-breakpoint
CREATE TABLE "rh_employment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"event" text NOT NULL,
	"date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"daily_salary" numeric(18, 2),
	"workplace_id" integer,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rh_employment_events_event_ck" CHECK ("rh_employment_events"."event" in ('alta', 'baja', 'reingreso', 'salario', 'plaza'))
);
--> statement-breakpoint
CREATE TABLE "rh_fiscal_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"minimum_wage_valid_from" date NOT NULL,
	"minimum_wage_general" numeric(18, 2) NOT NULL,
	"minimum_wage_border" numeric(18, 2) NOT NULL,
	"sbc_cap_uma" numeric(9, 2) NOT NULL,
	"excess_threshold_uma" numeric(9, 2) NOT NULL,
	"aguinaldo_days" integer NOT NULL,
	"vacation_premium_percent" numeric(9, 4) NOT NULL,
	"vacation_days" jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rh_imss_rates" (
	"year" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"rate" numeric(9, 4) NOT NULL,
	"base" text NOT NULL,
	CONSTRAINT "rh_imss_rates_year_code_pk" PRIMARY KEY("year","code"),
	CONSTRAINT "rh_imss_rates_base_ck" CHECK ("rh_imss_rates"."base" in ('SBC', 'EXCESS_3_UMA'))
);
--> statement-breakpoint
CREATE TABLE "rh_isr_tariff_rows" (
	"year" integer NOT NULL,
	"period" text NOT NULL,
	"row_no" integer NOT NULL,
	"lower_limit" numeric(18, 2) NOT NULL,
	"fixed_fee" numeric(18, 2) NOT NULL,
	"rate" numeric(9, 4) NOT NULL,
	"derived" boolean DEFAULT false NOT NULL,
	CONSTRAINT "rh_isr_tariff_rows_year_period_row_no_pk" PRIMARY KEY("year","period","row_no"),
	CONSTRAINT "rh_isr_tariff_period_ck" CHECK ("rh_isr_tariff_rows"."period" in ('DIARIO', 'SEMANAL', 'DECENAL', 'QUINCENAL', 'MENSUAL'))
);
--> statement-breakpoint
CREATE TABLE "rh_payroll_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"employee_number" text NOT NULL,
	"employee_name" text NOT NULL,
	"daily_salary" numeric(18, 2) NOT NULL,
	"sbc_daily" numeric(18, 2) NOT NULL,
	"minimum_wage_only" boolean DEFAULT false NOT NULL,
	"days_worked" numeric(6, 2) NOT NULL,
	"absences" numeric(6, 2) DEFAULT '0' NOT NULL,
	"overtime_double_hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"overtime_triple_hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"perceptions" numeric(18, 2) DEFAULT '0' NOT NULL,
	"taxable" numeric(18, 2) DEFAULT '0' NOT NULL,
	"exempt" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isr" numeric(18, 2) DEFAULT '0' NOT NULL,
	"subsidy" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isr_withheld" numeric(18, 2) DEFAULT '0' NOT NULL,
	"imss_employee" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deductions" numeric(18, 2) DEFAULT '0' NOT NULL,
	"other_payments" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net" numeric(18, 2) DEFAULT '0' NOT NULL,
	"fiscal_trace" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "rh_payroll_employees_days_ck" CHECK ("rh_payroll_employees"."days_worked" >= 0 and "rh_payroll_employees"."absences" >= 0),
	CONSTRAINT "rh_payroll_employees_overtime_ck" CHECK ("rh_payroll_employees"."overtime_double_hours" >= 0 and "rh_payroll_employees"."overtime_triple_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rh_payroll_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_employee_id" integer NOT NULL,
	"concept_id" integer NOT NULL,
	"source" text NOT NULL,
	"agreement_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"taxable" numeric(18, 2) DEFAULT '0' NOT NULL,
	"exempt" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(18, 6),
	CONSTRAINT "rh_payroll_lines_source_ck" CHECK ("rh_payroll_lines"."source" in ('captura', 'calculo', 'convenio')),
	CONSTRAINT "rh_payroll_lines_amount_ck" CHECK ("rh_payroll_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rh_payrolls" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"kind" text NOT NULL,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"payment_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"table_year" integer,
	"perceptions" numeric(18, 2) DEFAULT '0' NOT NULL,
	"deductions" numeric(18, 2) DEFAULT '0' NOT NULL,
	"other_payments" numeric(18, 2) DEFAULT '0' NOT NULL,
	"net" numeric(18, 2) DEFAULT '0' NOT NULL,
	"calculated_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_payrolls_kind_ck" CHECK ("rh_payrolls"."kind" in ('semanal', 'quincenal', 'extraordinaria')),
	CONSTRAINT "rh_payrolls_frequency_ck" CHECK ("rh_payrolls"."frequency" in ('semanal', 'quincenal')),
	CONSTRAINT "rh_payrolls_status_ck" CHECK ("rh_payrolls"."status" in ('borrador', 'calculada', 'cerrada')),
	CONSTRAINT "rh_payrolls_dates_ck" CHECK ("rh_payrolls"."period_end" >= "rh_payrolls"."period_start")
);
--> statement-breakpoint
CREATE TABLE "rh_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_daily_salary" numeric(18, 2) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_positions_salary_ck" CHECK ("rh_positions"."base_daily_salary" > 0)
);
--> statement-breakpoint
CREATE TABLE "rh_subsidies" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"uma_percent" numeric(9, 4) NOT NULL,
	"monthly_uma" numeric(18, 2) NOT NULL,
	"monthly_amount" numeric(18, 2) NOT NULL,
	"monthly_cap" numeric(18, 2) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "rh_uma_values" (
	"valid_from" date PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"daily" numeric(18, 2) NOT NULL,
	"monthly" numeric(18, 2) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "rh_workplaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"position_id" integer NOT NULL,
	"authorized_daily_salary" numeric(18, 2) NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"holder_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_workplaces_salary_ck" CHECK ("rh_workplaces"."authorized_daily_salary" > 0)
);
--> statement-breakpoint
ALTER TABLE "rh_agreement_payments" ADD CONSTRAINT "rh_agreement_payments_agreement_id_rh_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."rh_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_agreement_payments" ADD CONSTRAINT "rh_agreement_payments_payroll_id_rh_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."rh_payrolls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employee_documents" ADD CONSTRAINT "rh_employee_documents_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employee_documents" ADD CONSTRAINT "rh_employee_documents_document_type_id_rh_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."rh_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employee_documents" ADD CONSTRAINT "rh_employee_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employee_documents" ADD CONSTRAINT "rh_employee_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD CONSTRAINT "rh_employees_area_id_rh_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."rh_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD CONSTRAINT "rh_employees_position_id_rh_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."rh_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD CONSTRAINT "rh_employees_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD CONSTRAINT "rh_employees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employment_events" ADD CONSTRAINT "rh_employment_events_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employment_events" ADD CONSTRAINT "rh_employment_events_workplace_id_rh_workplaces_id_fk" FOREIGN KEY ("workplace_id") REFERENCES "public"."rh_workplaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_employment_events" ADD CONSTRAINT "rh_employment_events_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_fiscal_years" ADD CONSTRAINT "rh_fiscal_years_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_imss_rates" ADD CONSTRAINT "rh_imss_rates_year_rh_fiscal_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."rh_fiscal_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_isr_tariff_rows" ADD CONSTRAINT "rh_isr_tariff_rows_year_rh_fiscal_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."rh_fiscal_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_payroll_id_rh_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."rh_payrolls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_lines" ADD CONSTRAINT "rh_payroll_lines_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_lines" ADD CONSTRAINT "rh_payroll_lines_concept_id_rh_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."rh_concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_lines" ADD CONSTRAINT "rh_payroll_lines_agreement_id_rh_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."rh_agreements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_positions" ADD CONSTRAINT "rh_positions_area_id_rh_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."rh_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_subsidies" ADD CONSTRAINT "rh_subsidies_year_rh_fiscal_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."rh_fiscal_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_uma_values" ADD CONSTRAINT "rh_uma_values_year_rh_fiscal_years_year_fk" FOREIGN KEY ("year") REFERENCES "public"."rh_fiscal_years"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_workplaces" ADD CONSTRAINT "rh_workplaces_position_id_rh_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."rh_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_workplaces" ADD CONSTRAINT "rh_workplaces_holder_id_rh_employees_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_agreement_payments_uq" ON "rh_agreement_payments" USING btree ("agreement_id","payroll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_agreements_folio_uq" ON "rh_agreements" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "rh_agreements_employee_idx" ON "rh_agreements" USING btree ("employee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_areas_name_uq" ON "rh_areas" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "rh_concepts_code_uq" ON "rh_concepts" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "rh_concepts_system_uq" ON "rh_concepts" USING btree ("system_key") WHERE "rh_concepts"."system_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_document_types_name_uq" ON "rh_document_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "rh_employee_documents_employee_idx" ON "rh_employee_documents" USING btree ("employee_id","document_type_id","id");--> statement-breakpoint
CREATE INDEX "rh_employee_documents_expiry_idx" ON "rh_employee_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_employees_number_uq" ON "rh_employees" USING btree (upper("number"));--> statement-breakpoint
CREATE UNIQUE INDEX "rh_employees_curp_uq" ON "rh_employees" USING btree ("curp");--> statement-breakpoint
CREATE INDEX "rh_employees_area_idx" ON "rh_employees" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "rh_employees_position_idx" ON "rh_employees" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "rh_employees_name_idx" ON "rh_employees" USING btree ("last_name","names");--> statement-breakpoint
CREATE INDEX "rh_employment_events_employee_idx" ON "rh_employment_events" USING btree ("employee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_employees_uq" ON "rh_payroll_employees" USING btree ("payroll_id","employee_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_employees_employee_idx" ON "rh_payroll_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_lines_employee_idx" ON "rh_payroll_lines" USING btree ("payroll_employee_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_lines_agreement_idx" ON "rh_payroll_lines" USING btree ("agreement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payrolls_folio_uq" ON "rh_payrolls" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "rh_payrolls_period_idx" ON "rh_payrolls" USING btree ("period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_positions_area_name_uq" ON "rh_positions" USING btree ("area_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "rh_workplaces_code_uq" ON "rh_workplaces" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "rh_workplaces_holder_uq" ON "rh_workplaces" USING btree ("holder_id") WHERE "rh_workplaces"."holder_id" is not null;