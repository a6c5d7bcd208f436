CREATE TABLE "wh_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"line_id" integer NOT NULL,
	"unit" text NOT NULL,
	"min_stock" numeric(18, 4) DEFAULT '0' NOT NULL,
	"max_stock" numeric(18, 4) DEFAULT '0' NOT NULL,
	"reorder_point" numeric(18, 4) DEFAULT '0' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_count_lines" (
	"count_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"snapshot_qty" numeric(18, 4) NOT NULL,
	"counted_qty" numeric(18, 4),
	"expected_qty" numeric(18, 4),
	"difference_qty" numeric(18, 4),
	"unit_cost" numeric(18, 6),
	"difference_value" numeric(18, 2),
	CONSTRAINT "wh_count_lines_count_id_article_id_pk" PRIMARY KEY("count_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "wh_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'ABIERTO' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"in_movement_id" integer,
	"out_movement_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wh_counts_status_ck" CHECK ("wh_counts"."status" in ('ABIERTO','CERRADO','CANCELADO'))
);
--> statement-breakpoint
CREATE TABLE "wh_pdm_lines" (
	"request_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"estimated_unit_cost" numeric(18, 6) NOT NULL,
	"estimated_amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "wh_pdm_lines_request_id_line_no_pk" PRIMARY KEY("request_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "wh_pdm_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"supplier" text DEFAULT '' NOT NULL,
	"justification" text NOT NULL,
	"status" text DEFAULT 'PENDIENTE' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"estimated_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"requested_by" integer NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wh_pdm_requests_status_ck" CHECK ("wh_pdm_requests"."status" in ('PENDIENTE','ENVIADA','RECHAZADA'))
);
--> statement-breakpoint
CREATE TABLE "wh_product_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"affects_cost" boolean DEFAULT false NOT NULL,
	"system_key" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wh_concepts_kind_ck" CHECK ("wh_concepts"."kind" in ('ENTRADA','SALIDA','TRASPASO','AJUSTE')),
	CONSTRAINT "wh_concepts_direction_ck" CHECK ("wh_concepts"."direction" in ('IN','OUT','TRANSFER'))
);
--> statement-breakpoint
CREATE TABLE "wh_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"date" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"in_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"out_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"balance_qty" numeric(18, 4) NOT NULL,
	"balance_value" numeric(18, 2) NOT NULL,
	"balance_avg_cost" numeric(18, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wh_stock" (
	"warehouse_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"avg_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"last_movement_date" date,
	CONSTRAINT "wh_stock_warehouse_id_article_id_pk" PRIMARY KEY("warehouse_id","article_id"),
	CONSTRAINT "wh_stock_quantity_ck" CHECK ("wh_stock"."quantity" >= 0),
	CONSTRAINT "wh_stock_value_ck" CHECK ("wh_stock"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wh_movement_lines" (
	"movement_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_cost" numeric(18, 6) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "wh_movement_lines_movement_id_line_no_pk" PRIMARY KEY("movement_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "wh_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"folio" integer NOT NULL,
	"date" date NOT NULL,
	"concept_id" integer NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"warehouse_id" integer NOT NULL,
	"target_warehouse_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'APLICADO' NOT NULL,
	"reverses_id" integer,
	"reversed_by_id" integer,
	"source_type" text,
	"source_id" integer,
	"total_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wh_movements_status_ck" CHECK ("wh_movements"."status" in ('APLICADO','CANCELADO'))
);
--> statement-breakpoint
CREATE TABLE "wh_requisition_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"requisition_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"article_id" integer NOT NULL,
	"requested_qty" numeric(18, 4) NOT NULL,
	"authorized_qty" numeric(18, 4),
	"delivered_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "wh_requisition_lines_delivered_ck" CHECK ("wh_requisition_lines"."delivered_qty" >= 0 and "wh_requisition_lines"."delivered_qty" <= coalesce("wh_requisition_lines"."authorized_qty", 0))
);
--> statement-breakpoint
CREATE TABLE "wh_requisitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"area" text NOT NULL,
	"origin_reference" text DEFAULT '' NOT NULL,
	"warehouse_id" integer NOT NULL,
	"needed_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDIENTE' NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "wh_requisitions_status_ck" CHECK ("wh_requisitions"."status" in ('PENDIENTE','AUTORIZADA','SURTIDA_PARCIAL','SURTIDA','RECHAZADA'))
);
--> statement-breakpoint
CREATE TABLE "wh_warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"responsible" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wh_articles" ADD CONSTRAINT "wh_articles_line_id_wh_product_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."wh_product_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_count_lines" ADD CONSTRAINT "wh_count_lines_count_id_wh_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."wh_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_count_lines" ADD CONSTRAINT "wh_count_lines_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_counts" ADD CONSTRAINT "wh_counts_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_counts" ADD CONSTRAINT "wh_counts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_counts" ADD CONSTRAINT "wh_counts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_counts" ADD CONSTRAINT "wh_counts_in_movement_id_wh_movements_id_fk" FOREIGN KEY ("in_movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_counts" ADD CONSTRAINT "wh_counts_out_movement_id_wh_movements_id_fk" FOREIGN KEY ("out_movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_pdm_lines" ADD CONSTRAINT "wh_pdm_lines_request_id_wh_pdm_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."wh_pdm_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_pdm_lines" ADD CONSTRAINT "wh_pdm_lines_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_pdm_requests" ADD CONSTRAINT "wh_pdm_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_pdm_requests" ADD CONSTRAINT "wh_pdm_requests_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_ledger" ADD CONSTRAINT "wh_ledger_movement_id_wh_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_stock" ADD CONSTRAINT "wh_stock_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_stock" ADD CONSTRAINT "wh_stock_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movement_lines" ADD CONSTRAINT "wh_movement_lines_movement_id_wh_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."wh_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movement_lines" ADD CONSTRAINT "wh_movement_lines_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movements" ADD CONSTRAINT "wh_movements_concept_id_wh_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."wh_concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movements" ADD CONSTRAINT "wh_movements_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movements" ADD CONSTRAINT "wh_movements_target_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("target_warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_movements" ADD CONSTRAINT "wh_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisition_lines" ADD CONSTRAINT "wh_requisition_lines_requisition_id_wh_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."wh_requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisition_lines" ADD CONSTRAINT "wh_requisition_lines_article_id_wh_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."wh_articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_warehouse_id_wh_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."wh_warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wh_articles_sku_uq" ON "wh_articles" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "wh_articles_line_idx" ON "wh_articles" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "wh_articles_name_idx" ON "wh_articles" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_counts_folio_uq" ON "wh_counts" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_counts_open_uq" ON "wh_counts" USING btree ("warehouse_id") WHERE "wh_counts"."status" = 'ABIERTO';--> statement-breakpoint
CREATE UNIQUE INDEX "wh_pdm_requests_folio_uq" ON "wh_pdm_requests" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_product_lines_code_uq" ON "wh_product_lines" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "wh_concepts_code_uq" ON "wh_concepts" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "wh_concepts_system_uq" ON "wh_concepts" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "wh_ledger_kardex_idx" ON "wh_ledger" USING btree ("article_id","warehouse_id","date","id");--> statement-breakpoint
CREATE INDEX "wh_stock_article_idx" ON "wh_stock" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "wh_movement_lines_article_idx" ON "wh_movement_lines" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_movements_folio_uq" ON "wh_movements" USING btree ("series","folio");--> statement-breakpoint
CREATE INDEX "wh_movements_date_idx" ON "wh_movements" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "wh_movements_source_idx" ON "wh_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_requisition_lines_uq" ON "wh_requisition_lines" USING btree ("requisition_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_requisitions_folio_uq" ON "wh_requisitions" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "wh_requisitions_status_idx" ON "wh_requisitions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "wh_warehouses_code_uq" ON "wh_warehouses" USING btree (lower("code"));