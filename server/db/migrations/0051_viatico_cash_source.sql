ALTER TABLE "viaticos" DROP CONSTRAINT "viaticos_paid_ck";--> statement-breakpoint
ALTER TABLE "viaticos" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "viaticos" ADD COLUMN "source" text DEFAULT 'cuenta' NOT NULL;--> statement-breakpoint
ALTER TABLE "viaticos" ADD COLUMN "cash_box_id" integer;--> statement-breakpoint
ALTER TABLE "viaticos" ADD COLUMN "payment_cash_movement_id" integer;--> statement-breakpoint
ALTER TABLE "viaticos" ADD COLUMN "settlement_cash_movement_id" integer;--> statement-breakpoint
ALTER TABLE "cash_concepts" ADD COLUMN "system_key" text;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "source_entity" text;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "source_id" integer;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_cash_box_id_cash_boxes_id_fk" FOREIGN KEY ("cash_box_id") REFERENCES "public"."cash_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_payment_cash_movement_id_cash_movements_id_fk" FOREIGN KEY ("payment_cash_movement_id") REFERENCES "public"."cash_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_settlement_cash_movement_id_cash_movements_id_fk" FOREIGN KEY ("settlement_cash_movement_id") REFERENCES "public"."cash_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_concepts_system_key_uq" ON "cash_concepts" USING btree ("system_key") WHERE "cash_concepts"."system_key" is not null;--> statement-breakpoint
CREATE INDEX "cash_movements_source_idx" ON "cash_movements" USING btree ("source_entity","source_id") WHERE "cash_movements"."source_entity" is not null;--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_source_ck" CHECK (("viaticos"."source" = 'cuenta' and "viaticos"."account_id" is not null and "viaticos"."cash_box_id" is null) or ("viaticos"."source" = 'caja' and "viaticos"."cash_box_id" is not null and "viaticos"."account_id" is null));--> statement-breakpoint
ALTER TABLE "viaticos" ADD CONSTRAINT "viaticos_paid_ck" CHECK ("viaticos"."status" in ('borrador', 'cancelado') or "viaticos"."payment_entry_id" is not null or "viaticos"."payment_cash_movement_id" is not null);--> statement-breakpoint
-- The concepts a viático paid from a caja posts under (the advance or a reembolso out, a reintegro in); a concept already named so takes the key.
INSERT INTO "cash_concepts" ("name", "kind", "system_key") VALUES ('Viáticos a empleados', 'egreso', 'viaticos_egreso'), ('Reintegro de viáticos', 'ingreso', 'viaticos_ingreso')
  ON CONFLICT (lower("name"), "kind") DO UPDATE SET "system_key" = excluded."system_key", "active" = true;
