CREATE TABLE "rh_payroll_receipt_cfdis" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_employee_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"cfdi_xml" text NOT NULL,
	"stamped_at" timestamp with time zone,
	"stamp_sandbox" boolean,
	"net" numeric(18, 2) NOT NULL,
	"motivo" text NOT NULL,
	"substitute_uuid" text,
	"status" text DEFAULT 'por_cancelar' NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_error" text,
	CONSTRAINT "rh_payroll_receipt_cfdis_motivo_ck" CHECK ("rh_payroll_receipt_cfdis"."motivo" in ('01', '02', '03')),
	CONSTRAINT "rh_payroll_receipt_cfdis_status_ck" CHECK ("rh_payroll_receipt_cfdis"."status" in ('por_cancelar', 'cancelado'))
);
--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" DROP CONSTRAINT "rh_payroll_employees_stamp_status_ck";--> statement-breakpoint
ALTER TABLE "rh_payroll_receipt_cfdis" ADD CONSTRAINT "rh_payroll_receipt_cfdis_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_receipt_cfdis" ADD CONSTRAINT "rh_payroll_receipt_cfdis_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_receipt_cfdis_uuid_uq" ON "rh_payroll_receipt_cfdis" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "rh_payroll_receipt_cfdis_receipt_idx" ON "rh_payroll_receipt_cfdis" USING btree ("payroll_employee_id");--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_stamp_status_ck" CHECK ("rh_payroll_employees"."stamp_status" is null or "rh_payroll_employees"."stamp_status" in ('pendiente', 'timbrada', 'rechazada', 'excluida', 'cancelada'));