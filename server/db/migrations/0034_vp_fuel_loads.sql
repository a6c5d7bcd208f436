CREATE TABLE "vp_fuel_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_type" text NOT NULL,
	"min_km_per_litre" numeric(8, 3) NOT NULL,
	"max_km_per_litre" numeric(8, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "vp_fuel_bands_ck" CHECK ("vp_fuel_bands"."min_km_per_litre" >= 0 and "vp_fuel_bands"."max_km_per_litre" > "vp_fuel_bands"."min_km_per_litre")
);
--> statement-breakpoint
CREATE TABLE "vp_fuel_load_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"fuel_load_id" integer NOT NULL,
	"upload_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vp_fuel_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"vehicle_id" integer NOT NULL,
	"loaded_on" date NOT NULL,
	"litres" numeric(12, 3) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"odometer_km" integer NOT NULL,
	"full_tank" boolean DEFAULT true NOT NULL,
	"station" text DEFAULT '' NOT NULL,
	"fuel_card" text DEFAULT '' NOT NULL,
	"driver_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"odometer_reading_id" bigint,
	"cfdi_upload_id" uuid,
	"cfdi_uuid" text,
	"cfdi_emisor_rfc" text,
	"cfdi_emisor_name" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vp_fuel_loads_litres_ck" CHECK ("vp_fuel_loads"."litres" > 0),
	CONSTRAINT "vp_fuel_loads_amount_ck" CHECK ("vp_fuel_loads"."amount" > 0),
	CONSTRAINT "vp_fuel_loads_odometer_ck" CHECK ("vp_fuel_loads"."odometer_km" >= 0)
);
--> statement-breakpoint
ALTER TABLE "vp_fuel_load_files" ADD CONSTRAINT "vp_fuel_load_files_fuel_load_id_vp_fuel_loads_id_fk" FOREIGN KEY ("fuel_load_id") REFERENCES "public"."vp_fuel_loads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_load_files" ADD CONSTRAINT "vp_fuel_load_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD CONSTRAINT "vp_fuel_loads_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD CONSTRAINT "vp_fuel_loads_driver_id_rh_employees_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD CONSTRAINT "vp_fuel_loads_odometer_reading_id_vp_odometer_readings_id_fk" FOREIGN KEY ("odometer_reading_id") REFERENCES "public"."vp_odometer_readings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD CONSTRAINT "vp_fuel_loads_cfdi_upload_id_uploads_id_fk" FOREIGN KEY ("cfdi_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD CONSTRAINT "vp_fuel_loads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vp_fuel_bands_type_uq" ON "vp_fuel_bands" USING btree (lower("vehicle_type"));--> statement-breakpoint
CREATE INDEX "vp_fuel_load_files_load_idx" ON "vp_fuel_load_files" USING btree ("fuel_load_id","id");--> statement-breakpoint
CREATE INDEX "vp_fuel_loads_vehicle_idx" ON "vp_fuel_loads" USING btree ("vehicle_id","odometer_km","loaded_on","id");--> statement-breakpoint
CREATE INDEX "vp_fuel_loads_date_list_idx" ON "vp_fuel_loads" USING btree ("loaded_on" nulls first,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "vp_fuel_loads_cfdi_uq" ON "vp_fuel_loads" USING btree (upper("cfdi_uuid")) WHERE "vp_fuel_loads"."cfdi_uuid" is not null;--> statement-breakpoint
-- The general km/l band (types without their own): a load outside it is «atípica».
INSERT INTO "vp_fuel_bands" ("vehicle_type", "min_km_per_litre", "max_km_per_litre") VALUES ('', 2.000, 25.000);
