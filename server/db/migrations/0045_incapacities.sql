CREATE TABLE "rh_incapacities" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"type" text NOT NULL,
	"folio" text NOT NULL,
	"start_date" date NOT NULL,
	"days" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'activa' NOT NULL,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rh_incapacities_type_ck" CHECK ("rh_incapacities"."type" in ('01', '02', '03')),
	CONSTRAINT "rh_incapacities_days_ck" CHECK ("rh_incapacities"."days" between 1 and 546),
	CONSTRAINT "rh_incapacities_status_ck" CHECK ("rh_incapacities"."status" in ('activa', 'cancelada'))
);
--> statement-breakpoint
ALTER TABLE "rh_payroll_employees" ADD COLUMN "paid_days" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "rh_incapacities" ADD CONSTRAINT "rh_incapacities_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_incapacities" ADD CONSTRAINT "rh_incapacities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_incapacities_folio_uq" ON "rh_incapacities" USING btree ("folio") WHERE status = 'activa';--> statement-breakpoint
CREATE INDEX "rh_incapacities_employee_idx" ON "rh_incapacities" USING btree ("employee_id","start_date");