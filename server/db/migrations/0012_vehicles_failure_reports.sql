CREATE TABLE "vp_document_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT true NOT NULL,
	"warning_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vp_document_types_warning_ck" CHECK ("vp_document_types"."warning_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vp_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vp_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vp_odometer_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"read_on" date NOT NULL,
	"km" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vp_odometer_km_ck" CHECK ("vp_odometer_readings"."km" >= 0),
	CONSTRAINT "vp_odometer_source_ck" CHECK ("vp_odometer_readings"."source" in ('manual', 'orden', 'combustible'))
);
--> statement-breakpoint
CREATE TABLE "vp_vehicle_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"expires_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vp_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"economic_number" text NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"vin" text DEFAULT '' NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"fuel" text NOT NULL,
	"group_id" integer,
	"location_id" integer,
	"driver_id" integer,
	"status" text DEFAULT 'activo' NOT NULL,
	"insurance_policy" text DEFAULT '' NOT NULL,
	"insurance_expires_on" date,
	"acquisition_cost" numeric(18, 2),
	"acquisition_date" date,
	"photo_upload_id" uuid,
	"odometer_km" integer DEFAULT 0 NOT NULL,
	"odometer_date" date,
	"retired_on" date,
	"retired_reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vp_vehicles_status_ck" CHECK ("vp_vehicles"."status" in ('activo', 'en_taller', 'baja')),
	CONSTRAINT "vp_vehicles_odometer_ck" CHECK ("vp_vehicles"."odometer_km" >= 0),
	CONSTRAINT "vp_vehicles_year_ck" CHECK ("vp_vehicles"."year" between 1950 and 2100)
);
--> statement-breakpoint
CREATE TABLE "mt_failure_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"source_reference" text DEFAULT '' NOT NULL,
	"vehicle_id" integer,
	"location" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reported_by" integer,
	"reporter_employee_id" integer,
	"priority" text,
	"assigned_employee_id" integer,
	"status" text DEFAULT 'nuevo' NOT NULL,
	"discard_reason" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"triaged_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mt_failure_reports_source_ck" CHECK ("mt_failure_reports"."source" in ('conductor', 'seguridad', 'otro')),
	CONSTRAINT "mt_failure_reports_status_ck" CHECK ("mt_failure_reports"."status" in ('nuevo', 'asignado', 'en_orden', 'atendido', 'descartado')),
	CONSTRAINT "mt_failure_reports_priority_ck" CHECK ("mt_failure_reports"."priority" is null or "mt_failure_reports"."priority" in ('baja', 'media', 'alta', 'urgente'))
);
--> statement-breakpoint
ALTER TABLE "vp_odometer_readings" ADD CONSTRAINT "vp_odometer_readings_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_odometer_readings" ADD CONSTRAINT "vp_odometer_readings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicle_documents" ADD CONSTRAINT "vp_vehicle_documents_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicle_documents" ADD CONSTRAINT "vp_vehicle_documents_document_type_id_vp_document_types_id_fk" FOREIGN KEY ("document_type_id") REFERENCES "public"."vp_document_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicle_documents" ADD CONSTRAINT "vp_vehicle_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicle_documents" ADD CONSTRAINT "vp_vehicle_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicles" ADD CONSTRAINT "vp_vehicles_group_id_vp_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."vp_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicles" ADD CONSTRAINT "vp_vehicles_location_id_vp_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vp_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicles" ADD CONSTRAINT "vp_vehicles_driver_id_rh_employees_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_vehicles" ADD CONSTRAINT "vp_vehicles_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_failure_reports" ADD CONSTRAINT "mt_failure_reports_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_failure_reports" ADD CONSTRAINT "mt_failure_reports_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_failure_reports" ADD CONSTRAINT "mt_failure_reports_reporter_employee_id_rh_employees_id_fk" FOREIGN KEY ("reporter_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_failure_reports" ADD CONSTRAINT "mt_failure_reports_assigned_employee_id_rh_employees_id_fk" FOREIGN KEY ("assigned_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vp_document_types_name_uq" ON "vp_document_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vp_groups_name_uq" ON "vp_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "vp_locations_name_uq" ON "vp_locations" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "vp_odometer_vehicle_idx" ON "vp_odometer_readings" USING btree ("vehicle_id","read_on","km");--> statement-breakpoint
CREATE INDEX "vp_vehicle_documents_vehicle_idx" ON "vp_vehicle_documents" USING btree ("vehicle_id","document_type_id","id");--> statement-breakpoint
CREATE INDEX "vp_vehicle_documents_expiry_idx" ON "vp_vehicle_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE UNIQUE INDEX "vp_vehicles_economic_number_uq" ON "vp_vehicles" USING btree (upper("economic_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "vp_vehicles_plate_uq" ON "vp_vehicles" USING btree (upper("plate")) WHERE "vp_vehicles"."plate" <> '' and "vp_vehicles"."status" <> 'baja';--> statement-breakpoint
CREATE INDEX "vp_vehicles_status_idx" ON "vp_vehicles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "vp_vehicles_group_idx" ON "vp_vehicles" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "vp_vehicles_location_idx" ON "vp_vehicles" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "vp_vehicles_driver_idx" ON "vp_vehicles" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_failure_reports_folio_uq" ON "mt_failure_reports" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "mt_failure_reports_status_idx" ON "mt_failure_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mt_failure_reports_source_idx" ON "mt_failure_reports" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "mt_failure_reports_vehicle_idx" ON "mt_failure_reports" USING btree ("vehicle_id");