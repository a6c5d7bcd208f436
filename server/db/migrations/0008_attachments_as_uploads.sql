ALTER TABLE "expense_files" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "order_delivery_files" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD COLUMN "receipt_upload_id" uuid;--> statement-breakpoint
ALTER TABLE "expense_files" ADD CONSTRAINT "expense_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_delivery_files" ADD CONSTRAINT "order_delivery_files_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_receipt_upload_id_uploads_id_fk" FOREIGN KEY ("receipt_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Files attached before /api/files existed become uploads, attached to their record.
INSERT INTO "uploads" ("id", "storage_key", "file_name", "content_type", "file_type", "size", "sha256", "uploaded_by", "uploaded_at", "subject", "owner_entity", "owner_id", "attached_at")
SELECT gen_random_uuid(), "storage_key", "file_name", "content_type", "file_type", "size", "sha256", "uploaded_by", "uploaded_at", 'Compras-Gastos', 'expense', "expense_id"::text, "uploaded_at" FROM "expense_files";--> statement-breakpoint
UPDATE "expense_files" f SET "upload_id" = u."id" FROM "uploads" u WHERE u."storage_key" = f."storage_key";--> statement-breakpoint
INSERT INTO "uploads" ("id", "storage_key", "file_name", "content_type", "file_type", "size", "sha256", "subject", "owner_entity", "owner_id", "attached_at")
SELECT gen_random_uuid(), "storage_key", "file_name", "content_type",
  CASE "content_type" WHEN 'image/png' THEN 'png' WHEN 'image/jpeg' THEN 'jpg' WHEN 'image/webp' THEN 'webp' ELSE 'pdf' END,
  "size", "sha256", 'Ventas-Entrega de Órdenes', 'orderDelivery', "delivery_id"::text, now() FROM "order_delivery_files";--> statement-breakpoint
UPDATE "order_delivery_files" f SET "upload_id" = u."id" FROM "uploads" u WHERE u."storage_key" = f."storage_key";--> statement-breakpoint
INSERT INTO "uploads" ("id", "storage_key", "file_name", "content_type", "file_type", "size", "sha256", "uploaded_by", "uploaded_at", "subject", "owner_entity", "owner_id", "attached_at")
SELECT gen_random_uuid(), "receipt_key", "receipt_file_name", "receipt_content_type", "receipt_type", "receipt_size", '', "created_by", "created_at", 'Caja-Movimientos', 'cashMovement', "id"::text, "created_at"
FROM "cash_movements" WHERE "receipt_key" IS NOT NULL;--> statement-breakpoint
UPDATE "cash_movements" m SET "receipt_upload_id" = u."id" FROM "uploads" u WHERE u."storage_key" = m."receipt_key";
