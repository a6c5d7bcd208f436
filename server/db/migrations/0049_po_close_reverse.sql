ALTER TABLE "purchase_orders" DROP CONSTRAINT "purchase_orders_status_ck";--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "reversal_movement_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "reverse_reason" text;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "reversed_by" integer;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_reversal_movement_id_wh_movements_id_fk" FOREIGN KEY ("reversal_movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status_ck" CHECK ("purchase_orders"."status" in ('borrador', 'autorizada', 'recibida_parcial', 'recibida', 'cancelada', 'cerrada'));