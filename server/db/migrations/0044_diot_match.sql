ALTER TABLE "expenses" ADD COLUMN "iva_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "purchase_order_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "match_authorized_difference" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "match_authorized_reason" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "match_authorized_by" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "match_authorized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "diot_operation" text DEFAULT '85' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_match_authorized_by_users_id_fk" FOREIGN KEY ("match_authorized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_purchase_order_idx" ON "expenses" USING btree ("purchase_order_id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_iva_exempt_ck" CHECK (not "expenses"."iva_exempt" or "expenses"."iva_rate" = 0);--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_diot_operation_ck" CHECK ("suppliers"."diot_operation" in ('03', '06', '85'));