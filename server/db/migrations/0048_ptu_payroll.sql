ALTER TABLE "rh_payrolls" DROP CONSTRAINT "rh_payrolls_kind_ck";--> statement-breakpoint
ALTER TABLE "rh_payrolls" ALTER COLUMN "frequency" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "ptu_excluded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "ptu_year" integer;--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD COLUMN "ptu_amount" numeric(18, 2);--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payrolls_ptu_year_uq" ON "rh_payrolls" USING btree ("ptu_year") WHERE "rh_payrolls"."kind" = 'ptu';--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_ptu_frequency_ck" CHECK (("rh_payrolls"."frequency" is null) = ("rh_payrolls"."kind" = 'ptu'));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_ptu_ck" CHECK (("rh_payrolls"."kind" = 'ptu') = ("rh_payrolls"."ptu_year" is not null and "rh_payrolls"."ptu_amount" is not null and "rh_payrolls"."isr_method" is not null));--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_ptu_amount_ck" CHECK ("rh_payrolls"."ptu_amount" is null or "rh_payrolls"."ptu_amount" > 0);--> statement-breakpoint
ALTER TABLE "rh_payrolls" ADD CONSTRAINT "rh_payrolls_kind_ck" CHECK ("rh_payrolls"."kind" in ('semanal', 'quincenal', 'extraordinaria', 'aguinaldo', 'finiquito', 'ptu'));