CREATE TABLE "job_cost_amounts" (
	"contract_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "job_cost_amounts_contract_id_order_id_kind_pk" PRIMARY KEY("contract_id","order_id","kind")
);
--> statement-breakpoint
CREATE INDEX "job_cost_amounts_order_idx" ON "job_cost_amounts" USING btree ("order_id");