ALTER TABLE "vp_document_types" ADD COLUMN "is_insurance_policy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vp_document_types_policy_uq" ON "vp_document_types" USING btree ("is_insurance_policy") WHERE "vp_document_types"."is_insurance_policy";--> statement-breakpoint
-- Backfill: the type that the name rule («Póliza…») picked until now becomes the flagged one (lowest id, if any).
UPDATE "vp_document_types" SET "is_insurance_policy" = true WHERE "id" = (SELECT min("id") FROM "vp_document_types" WHERE "name" ILIKE 'p_liza%');
