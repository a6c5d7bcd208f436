ALTER TABLE "rh_employees" ADD COLUMN "trust_worker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "overtime_double_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "overtime_triple_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_overtime_days_ck" CHECK ("rh_payroll_employees"."overtime_double_days" >= 0 and "rh_payroll_employees"."overtime_triple_days" >= 0);