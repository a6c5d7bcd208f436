CREATE TABLE "service_order_crew_day_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"day_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"km" integer NOT NULL,
	CONSTRAINT "service_order_crew_day_vehicles_km_ck" CHECK ("service_order_crew_day_vehicles"."km" >= 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "contract_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "service_order_id" integer;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD COLUMN "service_order_id" integer;--> statement-breakpoint
ALTER TABLE "service_order_crew_day_vehicles" ADD CONSTRAINT "service_order_crew_day_vehicles_day_id_service_order_crew_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."service_order_crew_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_crew_day_vehicles" ADD CONSTRAINT "service_order_crew_day_vehicles_vehicle_id_vp_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vp_vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_order_crew_day_vehicles_uq" ON "service_order_crew_day_vehicles" USING btree ("day_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "service_order_crew_day_vehicles_vehicle_idx" ON "service_order_crew_day_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "expenses_contract_idx" ON "expenses" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "expenses_service_order_idx" ON "expenses" USING btree ("service_order_id");--> statement-breakpoint
CREATE INDEX "wh_requisitions_service_order_idx" ON "wh_requisitions" USING btree ("service_order_id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;
