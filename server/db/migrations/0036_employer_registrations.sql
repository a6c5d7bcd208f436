CREATE TABLE "rh_employer_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"registro" text NOT NULL,
	"name" text NOT NULL,
	"state" text,
	"risk_premium_percent" numeric(9, 5) NOT NULL,
	"risk_class" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_employer_registrations_premium_ck" CHECK ("rh_employer_registrations"."risk_premium_percent" > 0)
);
--> statement-breakpoint
CREATE TABLE "rh_payroll_employer_quotas" (
	"payroll_employee_id" integer PRIMARY KEY NOT NULL,
	"payroll_id" integer NOT NULL,
	"registration_id" integer,
	"state" text,
	"sbc" numeric(18, 2) DEFAULT '0' NOT NULL,
	"days" numeric(6, 2) DEFAULT '0' NOT NULL,
	"risk_premium_percent" numeric(9, 5),
	"cesantia_vejez_rate" numeric(9, 4),
	"em_cuota_fija" numeric(18, 2) DEFAULT '0' NOT NULL,
	"em_excedente" numeric(18, 2) DEFAULT '0' NOT NULL,
	"em_prestaciones_dinero" numeric(18, 2) DEFAULT '0' NOT NULL,
	"em_gastos_medicos_pensionados" numeric(18, 2) DEFAULT '0' NOT NULL,
	"invalidez_vida" numeric(18, 2) DEFAULT '0' NOT NULL,
	"guarderias_prestaciones_sociales" numeric(18, 2) DEFAULT '0' NOT NULL,
	"riesgo_trabajo" numeric(18, 2) DEFAULT '0' NOT NULL,
	"retiro" numeric(18, 2) DEFAULT '0' NOT NULL,
	"cesantia_vejez" numeric(18, 2) DEFAULT '0' NOT NULL,
	"infonavit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isn_base" numeric(18, 2) DEFAULT '0' NOT NULL,
	"isn_rate_percent" numeric(9, 4),
	"isn" numeric(18, 2) DEFAULT '0' NOT NULL,
	"problem" text
);
--> statement-breakpoint
CREATE TABLE "rh_state_payroll_tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"rate_percent" numeric(9, 4) NOT NULL,
	"effective_from" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_state_payroll_tax_rates_rate_ck" CHECK ("rh_state_payroll_tax_rates"."rate_percent" >= 0 and "rh_state_payroll_tax_rates"."rate_percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "rh_employees" ADD COLUMN "employer_registration_id" integer;--> statement-breakpoint
ALTER TABLE "rh_payroll_employer_quotas" ADD CONSTRAINT "rh_payroll_employer_quotas_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_employer_quotas" ADD CONSTRAINT "rh_payroll_employer_quotas_payroll_id_rh_payrolls_id_fk" FOREIGN KEY ("payroll_id") REFERENCES "public"."rh_payrolls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_employer_quotas" ADD CONSTRAINT "rh_payroll_employer_quotas_registration_id_rh_employer_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."rh_employer_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_employer_registrations_registro_uq" ON "rh_employer_registrations" USING btree ("registro");--> statement-breakpoint
CREATE INDEX "rh_payroll_employer_quotas_payroll_idx" ON "rh_payroll_employer_quotas" USING btree ("payroll_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_employer_quotas_registration_idx" ON "rh_payroll_employer_quotas" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_state_payroll_tax_rates_uq" ON "rh_state_payroll_tax_rates" USING btree ("state","effective_from");--> statement-breakpoint
ALTER TABLE "rh_employees" ADD CONSTRAINT "rh_employees_employer_registration_id_rh_employer_registrations_id_fk" FOREIGN KEY ("employer_registration_id") REFERENCES "public"."rh_employer_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The company's one registro patronal becomes the first row (issue 27). The profile never held its state
-- nor its premium: the state is the one most employees work in (null when none is captured; the screen asks
-- for it), the premium the prima media of a new class I company (MX_FISCAL «Employer quotas», 0.54355 %) until
-- the company captures its own.
INSERT INTO "rh_employer_registrations" ("registro", "name", "state", "risk_premium_percent", "risk_class")
SELECT cp."registro_patronal", 'Registro principal',
  (SELECT e."work_state" FROM "rh_employees" e WHERE e."work_state" IS NOT NULL GROUP BY e."work_state" ORDER BY count(*) DESC, e."work_state" LIMIT 1),
  0.54355, coalesce(nullif(cp."riesgo_puesto", ''), '1')
FROM "company_profile" cp WHERE cp."id" = 1 AND coalesce(cp."registro_patronal", '') <> '';
