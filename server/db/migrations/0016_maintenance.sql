CREATE TABLE "mt_order_requisitions" (
	"order_id" integer NOT NULL,
	"requisition_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_order_requisitions_order_id_requisition_id_pk" PRIMARY KEY("order_id","requisition_id")
);
--> statement-breakpoint
CREATE TABLE "mt_order_services" (
	"order_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"schedule_id" integer,
	CONSTRAINT "mt_order_services_order_id_service_id_pk" PRIMARY KEY("order_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "mt_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"opened_on" date NOT NULL,
	"odometer_in" integer NOT NULL,
	"mechanic_employee_id" integer,
	"supplier_id" integer,
	"labour_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"labour_rate" numeric(18, 2) DEFAULT '0' NOT NULL,
	"external_cost" numeric(18, 2) DEFAULT '0' NOT NULL,
	"external_invoice" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"parts_cost" numeric(18, 2),
	"total" numeric(18, 2),
	"closed_on" date,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mt_orders_status_ck" CHECK ("mt_orders"."status" in ('abierta', 'en_proceso', 'cerrada', 'cancelada')),
	CONSTRAINT "mt_orders_figures_ck" CHECK ("mt_orders"."odometer_in" >= 0 and "mt_orders"."labour_hours" >= 0 and "mt_orders"."labour_rate" >= 0 and "mt_orders"."external_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mt_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"last_done_on" date NOT NULL,
	"last_done_km" integer NOT NULL,
	"last_order_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mt_schedules_km_ck" CHECK ("mt_schedules"."last_done_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mt_service_parts" (
	"service_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	CONSTRAINT "mt_service_parts_service_id_line_no_pk" PRIMARY KEY("service_id","line_no"),
	CONSTRAINT "mt_service_parts_qty_ck" CHECK ("mt_service_parts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "mt_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"every_km" integer,
	"every_days" integer,
	"estimated_hours" numeric(8, 2) DEFAULT '0' NOT NULL,
	"estimated_cost" numeric(18, 2) DEFAULT '0' NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mt_services_kind_ck" CHECK ("mt_services"."kind" in ('preventivo', 'correctivo')),
	CONSTRAINT "mt_services_frequency_ck" CHECK (("mt_services"."every_km" is null or "mt_services"."every_km" > 0) and ("mt_services"."every_days" is null or "mt_services"."every_days" > 0)),
	CONSTRAINT "mt_services_estimates_ck" CHECK ("mt_services"."estimated_hours" >= 0 and "mt_services"."estimated_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mt_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"margin_km" integer DEFAULT 1000 NOT NULL,
	"margin_days" integer DEFAULT 15 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mt_settings_margin_ck" CHECK ("mt_settings"."margin_km" >= 0 and "mt_settings"."margin_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mt_order_requisitions" ADD CONSTRAINT "mt_order_requisitions_order_id_mt_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mt_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_order_requisitions" ADD CONSTRAINT "mt_order_requisitions_requisition_id_wh_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."wh_requisitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_order_services" ADD CONSTRAINT "mt_order_services_order_id_mt_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."mt_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_order_services" ADD CONSTRAINT "mt_order_services_service_id_mt_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."mt_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_order_services" ADD CONSTRAINT "mt_order_services_schedule_id_mt_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."mt_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_mechanic_employee_id_rh_employees_id_fk" FOREIGN KEY ("mechanic_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_orders" ADD CONSTRAINT "mt_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_schedules" ADD CONSTRAINT "mt_schedules_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_schedules" ADD CONSTRAINT "mt_schedules_service_id_mt_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."mt_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_service_parts" ADD CONSTRAINT "mt_service_parts_service_id_mt_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."mt_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_service_parts" ADD CONSTRAINT "mt_service_parts_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mt_order_requisitions_req_uq" ON "mt_order_requisitions" USING btree ("requisition_id");--> statement-breakpoint
CREATE INDEX "mt_order_services_schedule_idx" ON "mt_order_services" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_orders_folio_uq" ON "mt_orders" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "mt_orders_vehicle_idx" ON "mt_orders" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "mt_orders_status_idx" ON "mt_orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_schedules_vehicle_service_uq" ON "mt_schedules" USING btree ("vehicle_id","service_id");--> statement-breakpoint
CREATE INDEX "mt_schedules_service_idx" ON "mt_schedules" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_services_name_uq" ON "mt_services" USING btree (lower("name"));