CREATE TABLE "service_order_crew" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"employee_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_crew_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_order_crew_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"overtime_hours" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "service_order_crew_hours_ck" CHECK ("service_order_crew_hours"."hours" >= 0 and "service_order_crew_hours"."hours" <= 24 and "service_order_crew_hours"."overtime_hours" >= 0 and "service_order_crew_hours"."overtime_hours" <= "service_order_crew_hours"."hours")
);
--> statement-breakpoint
CREATE TABLE "service_order_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rh_payroll_overtime_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"payroll_employee_id" integer NOT NULL,
	"crew_hours_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"order_id" integer NOT NULL,
	"order_folio" integer NOT NULL,
	"double_hours" numeric(6, 2) NOT NULL,
	"triple_hours" numeric(6, 2) NOT NULL,
	CONSTRAINT "rh_payroll_overtime_sources_ck" CHECK ("rh_payroll_overtime_sources"."double_hours" >= 0 and "rh_payroll_overtime_sources"."triple_hours" >= 0)
);
--> statement-breakpoint
ALTER TABLE "service_order_crew" ADD CONSTRAINT "service_order_crew_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew" ADD CONSTRAINT "service_order_crew_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew_days" ADD CONSTRAINT "service_order_crew_days_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew_days" ADD CONSTRAINT "service_order_crew_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew_hours" ADD CONSTRAINT "service_order_crew_hours_day_id_service_order_crew_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."service_order_crew_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew_hours" ADD CONSTRAINT "service_order_crew_hours_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_vehicles" ADD CONSTRAINT "service_order_vehicles_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_vehicles" ADD CONSTRAINT "service_order_vehicles_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_overtime_sources" ADD CONSTRAINT "rh_payroll_overtime_sources_payroll_employee_id_rh_payroll_employees_id_fk" FOREIGN KEY ("payroll_employee_id") REFERENCES "public"."rh_payroll_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_payroll_overtime_sources" ADD CONSTRAINT "rh_payroll_overtime_sources_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_crew_uq" ON "service_order_crew" USING btree ("order_id","employee_id");--> statement-breakpoint
CREATE INDEX "service_order_crew_employee_idx" ON "service_order_crew" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_crew_days_uq" ON "service_order_crew_days" USING btree ("order_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_crew_hours_uq" ON "service_order_crew_hours" USING btree ("day_id","employee_id");--> statement-breakpoint
CREATE INDEX "service_order_crew_hours_employee_date_idx" ON "service_order_crew_hours" USING btree ("employee_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_vehicles_uq" ON "service_order_vehicles" USING btree ("order_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "service_order_vehicles_vehicle_idx" ON "service_order_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rh_payroll_overtime_sources_uq" ON "rh_payroll_overtime_sources" USING btree ("crew_hours_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_overtime_sources_pe_idx" ON "rh_payroll_overtime_sources" USING btree ("payroll_employee_id");--> statement-breakpoint
CREATE INDEX "rh_payroll_overtime_sources_employee_idx" ON "rh_payroll_overtime_sources" USING btree ("employee_id","date");