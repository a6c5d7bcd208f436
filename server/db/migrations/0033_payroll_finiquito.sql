ALTER TABLE "rh_payrolls" DROP CONSTRAINT "rh_payrolls_kind_ck";--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "separation_kind" text;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "separation_employee_id" integer;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "separation_date" date;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "separation_hire_date" date;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "salary_owed_days" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "pending_vacation_days" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "twenty_days_per_year" boolean;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_separation_employee_id_rh_employees_id_fk" FOREIGN KEY ("separation_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rh_payrolls_separation_idx" ON "rh_payrolls" USING btree ("separation_employee_id","separation_date");--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_finiquito_ck" CHECK (("rh_payrolls"."kind" = 'finiquito') = ("rh_payrolls"."separation_kind" is not null and "rh_payrolls"."separation_employee_id" is not null and "rh_payrolls"."separation_date" is not null and "rh_payrolls"."separation_hire_date" is not null
        and "rh_payrolls"."salary_owed_days" is not null and "rh_payrolls"."pending_vacation_days" is not null and "rh_payrolls"."twenty_days_per_year" is not null));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_separation_kind_ck" CHECK ("rh_payrolls"."separation_kind" is null or "rh_payrolls"."separation_kind" in ('RENUNCIA', 'DESPIDO_INJUSTIFICADO'));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_kind_ck" CHECK ("rh_payrolls"."kind" in ('semanal', 'quincenal', 'extraordinaria', 'aguinaldo', 'finiquito'));