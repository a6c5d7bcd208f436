ALTER TABLE "company_profile" ADD COLUMN "registro_patronal" text;--> statement-breakpoint
ALTER TABLE "company_profile" ADD COLUMN "riesgo_puesto" text;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD COLUMN "work_state" text;--> statement-breakpoint
ALTER TABLE "rh_employees" ADD COLUMN "contract_type" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "stamp_status" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "cfdi_xml" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "cfdi_uuid" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "stamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "stamp_sandbox" boolean;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "stamp_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_employees_cfdi_uuid_uq" ON "rh_payroll_employees" USING btree ("cfdi_uuid");--> statement-breakpoint
CREATE INDEX "rh_payroll_employees_stamp_pending_idx" ON "rh_payroll_employees" USING btree ("stamp_status") WHERE "rh_payroll_employees"."stamp_status" = 'pendiente';