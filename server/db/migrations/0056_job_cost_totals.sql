CREATE TABLE "job_cost_labour" (
	"order_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"receipt_id" integer NOT NULL,
	"jornadas" integer NOT NULL,
	"overtime_hours" numeric(12, 2) NOT NULL,
	CONSTRAINT "job_cost_labour_order_id_employee_id_receipt_id_pk" PRIMARY KEY("order_id","employee_id","receipt_id")
);
--> statement-breakpoint
CREATE TABLE "job_cost_vehicle_km" (
	"order_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"days" integer NOT NULL,
	"km" bigint NOT NULL,
	CONSTRAINT "job_cost_vehicle_km_order_id_vehicle_id_pk" PRIMARY KEY("order_id","vehicle_id")
);
--> statement-breakpoint
CREATE INDEX "job_cost_labour_receipt_idx" ON "job_cost_labour" USING btree ("receipt_id");