ALTER TABLE "rh_imss_movements" ADD COLUMN "salary_type" text DEFAULT 'fijo' NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_imss_movements" ADD CONSTRAINT "rh_imss_movements_salary_type_ck" CHECK ("rh_imss_movements"."salary_type" in ('fijo', 'variable', 'mixto'));--> statement-breakpoint
-- 07s the bimonthly SBC update recorded before the column: mixto when their SBC carried a variable part.
UPDATE "rh_imss_movements" SET "salary_type" = 'mixto' WHERE "id" IN (SELECT "movement_id" FROM "rh_sbc_updates" WHERE "movement_id" IS NOT NULL AND "variable_daily" > 0);
