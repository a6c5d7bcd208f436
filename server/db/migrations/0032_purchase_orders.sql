CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"article_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"received_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "purchase_order_lines_qty_ck" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."received_qty" >= 0 and "purchase_order_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"date" date NOT NULL,
	"delivery_date" date NOT NULL,
	"warehouse_id" integer,
	"origin" text DEFAULT 'manual' NOT NULL,
	"origin_id" integer,
	"origin_folio" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"iva_rate" numeric(8, 6) NOT NULL,
	"iva" numeric(18, 2) NOT NULL,
	"isr_retention_rate" numeric(8, 6) DEFAULT '0' NOT NULL,
	"isr_retention" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iva_retention_rate" numeric(8, 6) DEFAULT '0' NOT NULL,
	"iva_retention" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) NOT NULL,
	"tolerance_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'borrador' NOT NULL,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "purchase_orders_status_ck" CHECK ("purchase_orders"."status" in ('borrador', 'autorizada', 'recibida_parcial', 'recibida', 'cancelada')),
	CONSTRAINT "purchase_orders_origin_ck" CHECK ("purchase_orders"."origin" in ('manual', 'requisicion', 'pdm')),
	CONSTRAINT "purchase_orders_total_ck" CHECK ("purchase_orders"."total" > 0),
	CONSTRAINT "purchase_orders_tolerance_ck" CHECK ("purchase_orders"."tolerance_percent" >= 0 and "purchase_orders"."tolerance_percent" <= 20),
	CONSTRAINT "purchase_orders_dates_ck" CHECK ("purchase_orders"."delivery_date" >= "purchase_orders"."date")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	CONSTRAINT "purchase_receipt_lines_qty_ck" CHECK ("purchase_receipt_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"date" date NOT NULL,
	"movement_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "purchase_order_limit" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_movement_id_wh_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_folio_uq" ON "purchase_orders" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_origin_idx" ON "purchase_orders" USING btree ("origin","origin_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_list_idx" ON "purchase_orders" USING btree ("date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "purchase_receipt_lines_receipt_idx" ON "purchase_receipt_lines" USING btree ("receipt_id");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("order_id","id");