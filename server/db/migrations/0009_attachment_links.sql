ALTER TABLE "expense_files" DROP CONSTRAINT "expense_files_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "expense_files" ALTER COLUMN "upload_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_delivery_files" ALTER COLUMN "upload_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "file_type";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "sha256";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "uploaded_by";--> statement-breakpoint
ALTER TABLE "expense_files" DROP COLUMN "uploaded_at";--> statement-breakpoint
ALTER TABLE "order_delivery_files" DROP COLUMN "file_name";--> statement-breakpoint
ALTER TABLE "order_delivery_files" DROP COLUMN "content_type";--> statement-breakpoint
ALTER TABLE "order_delivery_files" DROP COLUMN "size";--> statement-breakpoint
ALTER TABLE "order_delivery_files" DROP COLUMN "storage_key";--> statement-breakpoint
ALTER TABLE "order_delivery_files" DROP COLUMN "sha256";--> statement-breakpoint
ALTER TABLE "cash_movements" DROP COLUMN "receipt_file_name";--> statement-breakpoint
ALTER TABLE "cash_movements" DROP COLUMN "receipt_type";--> statement-breakpoint
ALTER TABLE "cash_movements" DROP COLUMN "receipt_content_type";--> statement-breakpoint
ALTER TABLE "cash_movements" DROP COLUMN "receipt_size";--> statement-breakpoint
ALTER TABLE "cash_movements" DROP COLUMN "receipt_key";