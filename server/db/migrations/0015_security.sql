CREATE TABLE "sec_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"received_by" text NOT NULL,
	"signature" text,
	"delivered_on" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sec_delivery_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sec_delivery_lines_qty_ck" CHECK ("sec_delivery_lines"."quantity" > 0 and "sec_delivery_lines"."returned_quantity" >= 0 and "sec_delivery_lines"."returned_quantity" <= "sec_delivery_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "sec_inspection_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"critical" boolean NOT NULL,
	"evidence_required" boolean NOT NULL,
	"answer" text,
	"note" text DEFAULT '' NOT NULL,
	"photo_upload_id" uuid,
	"failure_report_id" integer,
	CONSTRAINT "sec_inspection_answers_answer_ck" CHECK ("sec_inspection_answers"."answer" is null or "sec_inspection_answers"."answer" in ('cumple', 'no_cumple', 'na'))
);
--> statement-breakpoint
CREATE TABLE "sec_inspection_type_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"weight" numeric(8, 2) NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"evidence_required" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sec_inspection_type_items_weight_ck" CHECK ("sec_inspection_type_items"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "sec_inspection_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passing_score" numeric(5, 2) DEFAULT '80' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sec_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"type_id" integer NOT NULL,
	"type_name" text NOT NULL,
	"passing_score" numeric(5, 2) NOT NULL,
	"schedule_id" integer,
	"area" text NOT NULL,
	"inspector_employee_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"score" numeric(5, 2),
	"result" text,
	"notes" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sec_inspections_status_ck" CHECK ("sec_inspections"."status" in ('borrador', 'cerrada')),
	CONSTRAINT "sec_inspections_result_ck" CHECK ("sec_inspections"."result" is null or "sec_inspections"."result" in ('aprobada', 'reprobada'))
);
--> statement-breakpoint
CREATE TABLE "sec_permit_workers" (
	"permit_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "sec_permit_workers_permit_id_employee_id_pk" PRIMARY KEY("permit_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "sec_permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"kind" text NOT NULL,
	"requester_employee_id" integer NOT NULL,
	"area" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'solicitado' NOT NULL,
	"cancel_reason" text,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sec_permits_kind_ck" CHECK ("sec_permits"."kind" in ('altura', 'caliente', 'confinado', 'electrico')),
	CONSTRAINT "sec_permits_status_ck" CHECK ("sec_permits"."status" in ('solicitado', 'autorizado', 'cerrado', 'cancelado')),
	CONSTRAINT "sec_permits_window_ck" CHECK ("sec_permits"."valid_to" > "sec_permits"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "sec_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"area" text NOT NULL,
	"responsible_employee_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"anchor_day" integer NOT NULL,
	"status" text DEFAULT 'pendiente' NOT NULL,
	"inspection_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sec_schedules_recurrence_ck" CHECK ("sec_schedules"."recurrence" in ('none', 'weekly', 'monthly', 'quarterly')),
	CONSTRAINT "sec_schedules_status_ck" CHECK ("sec_schedules"."status" in ('pendiente', 'realizada', 'cancelada'))
);
--> statement-breakpoint
CREATE TABLE "sec_tool_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tool_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"employee_id" integer,
	"delivery_id" integer,
	"condition" text,
	"reason" text DEFAULT '' NOT NULL,
	"stock_after" integer,
	"status_after" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sec_tool_events_kind_ck" CHECK ("sec_tool_events"."kind" in ('alta', 'entrega', 'devolucion', 'reparacion', 'reparada', 'baja', 'ajuste')),
	CONSTRAINT "sec_tool_events_condition_ck" CHECK ("sec_tool_events"."condition" is null or "sec_tool_events"."condition" in ('bueno', 'danado', 'perdido'))
);
--> statement-breakpoint
CREATE TABLE "sec_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'disponible' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"holder_employee_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sec_tools_category_ck" CHECK ("sec_tools"."category" in ('herramienta', 'epp')),
	CONSTRAINT "sec_tools_status_ck" CHECK ("sec_tools"."status" in ('disponible', 'asignada', 'en_reparacion', 'baja')),
	CONSTRAINT "sec_tools_stock_ck" CHECK ("sec_tools"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sec_deliveries" ADD CONSTRAINT "sec_deliveries_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_deliveries" ADD CONSTRAINT "sec_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_delivery_lines" ADD CONSTRAINT "sec_delivery_lines_delivery_id_sec_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sec_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_delivery_lines" ADD CONSTRAINT "sec_delivery_lines_tool_id_sec_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."sec_tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspection_answers" ADD CONSTRAINT "sec_inspection_answers_inspection_id_sec_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."sec_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspection_answers" ADD CONSTRAINT "sec_inspection_answers_photo_upload_id_uploads_id_fk" FOREIGN KEY ("photo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspection_type_items" ADD CONSTRAINT "sec_inspection_type_items_type_id_sec_inspection_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."sec_inspection_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspections" ADD CONSTRAINT "sec_inspections_type_id_sec_inspection_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."sec_inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspections" ADD CONSTRAINT "sec_inspections_schedule_id_sec_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."sec_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspections" ADD CONSTRAINT "sec_inspections_inspector_employee_id_rh_employees_id_fk" FOREIGN KEY ("inspector_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_inspections" ADD CONSTRAINT "sec_inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_permit_workers" ADD CONSTRAINT "sec_permit_workers_permit_id_sec_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."sec_permits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_permit_workers" ADD CONSTRAINT "sec_permit_workers_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_permits" ADD CONSTRAINT "sec_permits_requester_employee_id_rh_employees_id_fk" FOREIGN KEY ("requester_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_permits" ADD CONSTRAINT "sec_permits_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_permits" ADD CONSTRAINT "sec_permits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_schedules" ADD CONSTRAINT "sec_schedules_type_id_sec_inspection_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."sec_inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_schedules" ADD CONSTRAINT "sec_schedules_responsible_employee_id_rh_employees_id_fk" FOREIGN KEY ("responsible_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_tool_events" ADD CONSTRAINT "sec_tool_events_tool_id_sec_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."sec_tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_tool_events" ADD CONSTRAINT "sec_tool_events_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_tool_events" ADD CONSTRAINT "sec_tool_events_delivery_id_sec_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sec_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_tool_events" ADD CONSTRAINT "sec_tool_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sec_tools" ADD CONSTRAINT "sec_tools_holder_employee_id_rh_employees_id_fk" FOREIGN KEY ("holder_employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sec_deliveries_folio_uq" ON "sec_deliveries" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "sec_deliveries_employee_idx" ON "sec_deliveries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "sec_delivery_lines_tool_idx" ON "sec_delivery_lines" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sec_inspection_answers_pos_uq" ON "sec_inspection_answers" USING btree ("inspection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sec_inspection_type_items_pos_uq" ON "sec_inspection_type_items" USING btree ("type_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "sec_inspection_types_name_uq" ON "sec_inspection_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sec_inspections_folio_uq" ON "sec_inspections" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "sec_inspections_date_idx" ON "sec_inspections" USING btree ("inspected_on");--> statement-breakpoint
CREATE INDEX "sec_permit_workers_employee_idx" ON "sec_permit_workers" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sec_permits_folio_uq" ON "sec_permits" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "sec_permits_status_idx" ON "sec_permits" USING btree ("status","valid_to");--> statement-breakpoint
CREATE INDEX "sec_schedules_due_idx" ON "sec_schedules" USING btree ("status","due_on");--> statement-breakpoint
CREATE INDEX "sec_tool_events_tool_idx" ON "sec_tool_events" USING btree ("tool_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sec_tools_code_uq" ON "sec_tools" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "sec_tools_status_idx" ON "sec_tools" USING btree ("category","status");