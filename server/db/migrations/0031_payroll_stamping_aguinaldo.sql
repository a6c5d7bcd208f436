ALTER TABLE "rh_payrolls" DROP CONSTRAINT "rh_payrolls_kind_ck";--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "exclusion_reason" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "excluded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "excluded_by" integer;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "stamping_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "aguinaldo_days" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "isr_method" text;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_excluded_by_users_id_fk" FOREIGN KEY ("excluded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_stamp_status_ck" CHECK ("rh_payroll_employees"."stamp_status" is null or "rh_payroll_employees"."stamp_status" in ('pendiente', 'timbrada', 'rechazada', 'excluida'));--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD CONSTRAINT "rh_payroll_employees_excluded_ck" CHECK (("rh_payroll_employees"."stamp_status" = 'excluida') = ("rh_payroll_employees"."exclusion_reason" is not null));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_isr_method_ck" CHECK ("rh_payrolls"."isr_method" is null or "rh_payrolls"."isr_method" in ('art174', 'art96'));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_aguinaldo_ck" CHECK (("rh_payrolls"."kind" = 'aguinaldo') = ("rh_payrolls"."aguinaldo_days" is not null and "rh_payrolls"."isr_method" is not null));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_kind_ck" CHECK ("rh_payrolls"."kind" in ('semanal', 'quincenal', 'extraordinaria', 'aguinaldo'));--> statement-breakpoint
-- Closed payrolls whose receipts are all stamped already count as stamped in full.
UPDATE "rh_payrolls" p SET "stamping_completed_at" = p."closed_at" WHERE p."status" = 'cerrada' AND NOT EXISTS (SELECT 1 FROM "rh_payroll_employees" pe WHERE pe."payroll_id" = p."id" AND (pe."stamp_status" IS NULL OR pe."stamp_status" NOT IN ('timbrada', 'excluida')));
