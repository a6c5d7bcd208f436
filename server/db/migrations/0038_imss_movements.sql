CREATE TABLE "rh_imss_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"employer_registration_id" integer,
	"registro" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"effective_date" date NOT NULL,
	"deadline" date NOT NULL,
	"nss" text NOT NULL,
	"curp" text NOT NULL,
	"employee_number" text NOT NULL,
	"last_name" text NOT NULL,
	"second_last_name" text DEFAULT '' NOT NULL,
	"names" text NOT NULL,
	"daily_salary" numeric(18, 2) NOT NULL,
	"sbc" numeric(18, 2) NOT NULL,
	"baja_cause" text,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"acuse" text,
	"presented_at" timestamp with time zone,
	"presented_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rh_imss_movements_type_ck" CHECK ("rh_imss_movements"."type" in ('alta', 'baja', 'modificacion')),
	CONSTRAINT "rh_imss_movements_status_ck" CHECK ("rh_imss_movements"."status" in ('pendiente', 'presentado')),
	CONSTRAINT "rh_imss_movements_presented_ck" CHECK ("rh_imss_movements"."status" = 'pendiente' or "rh_imss_movements"."acuse" is not null)
);
--> statement-breakpoint
ALTER TABLE "rh_imss_movements" ADD CONSTRAINT "rh_imss_movements_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_imss_movements" ADD CONSTRAINT "rh_imss_movements_employer_registration_id_rh_employer_registrations_id_fk" FOREIGN KEY ("employer_registration_id") REFERENCES "public"."rh_employer_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_imss_movements" ADD CONSTRAINT "rh_imss_movements_presented_by_users_id_fk" FOREIGN KEY ("presented_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_imss_movements" ADD CONSTRAINT "rh_imss_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rh_imss_movements_list_idx" ON "rh_imss_movements" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "rh_imss_movements_employee_idx" ON "rh_imss_movements" USING btree ("employee_id","effective_date");