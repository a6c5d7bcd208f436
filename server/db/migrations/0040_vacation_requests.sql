CREATE TABLE "rh_payroll_vacation_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_employee_id" integer NOT NULL,
	"vacation_request_id" integer NOT NULL,
	"days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rh_vacation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"days" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'solicitada' NOT NULL,
	"decision_note" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_vacation_requests_days_ck" CHECK ("rh_vacation_requests"."days" > 0 and "rh_vacation_requests"."last_day" >= "rh_vacation_requests"."first_day"),
	CONSTRAINT "rh_vacation_requests_status_ck" CHECK ("rh_vacation_requests"."status" in ('solicitada', 'aprobada', 'rechazada', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "rh_payroll_vacation_sources" ADD CONSTRAINT "rh_payroll_vacation_sources_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_vacation_sources" ADD CONSTRAINT "rh_payroll_vacation_sources_vacation_request_id_rh_vacation_requests_id_fk" FOREIGN KEY ("vacation_request_id") REFERENCES "public"."rh_vacation_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_vacation_requests" ADD CONSTRAINT "rh_vacation_requests_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_vacation_requests" ADD CONSTRAINT "rh_vacation_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_vacation_requests" ADD CONSTRAINT "rh_vacation_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_vacation_sources_uq" ON "rh_payroll_vacation_sources" USING btree ("vacation_request_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_vacation_sources_pe_idx" ON "rh_payroll_vacation_sources" USING btree ("payroll_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_vacation_requests_folio_uq" ON "rh_vacation_requests" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "rh_vacation_requests_employee_idx" ON "rh_vacation_requests" USING btree ("employee_id","first_day");