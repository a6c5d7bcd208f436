CREATE TABLE "rh_payroll_rest_days_worked" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_employee_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	CONSTRAINT "rh_payroll_rest_days_worked_kind_ck" CHECK ("rh_payroll_rest_days_worked"."kind" in ('domingo', 'descanso'))
);
--> statement-breakpoint
ALTER TABLE "rh_payroll_rest_days_worked" ADD CONSTRAINT "rh_payroll_rest_days_worked_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_rest_days_worked" ADD CONSTRAINT "rh_payroll_rest_days_worked_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_rest_days_worked_uq" ON "rh_payroll_rest_days_worked" USING btree ("employee_id","kind","date");--> statement-breakpoint
CREATE INDEX "rh_payroll_rest_days_worked_pe_idx" ON "rh_payroll_rest_days_worked" USING btree ("payroll_employee_id");