CREATE TABLE "cash_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cash_concepts_kind_ck" CHECK ("cash_concepts"."kind" in ('ingreso', 'egreso'))
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"period_id" integer NOT NULL,
	"cash_box_id" integer NOT NULL,
	"date" date NOT NULL,
	"concept_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'vigente' NOT NULL,
	"reversal_of" integer,
	"reversed_by" integer,
	"cancel_reason" text,
	"balance_after" numeric(18, 2) NOT NULL,
	"receipt_file_name" text,
	"receipt_type" text,
	"receipt_content_type" text,
	"receipt_size" integer,
	"receipt_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind_ck" CHECK ("cash_movements"."kind" in ('ingreso', 'egreso')),
	CONSTRAINT "cash_movements_status_ck" CHECK ("cash_movements"."status" in ('vigente', 'cancelado')),
	CONSTRAINT "cash_movements_amount_ck" CHECK ("cash_movements"."amount" > 0),
	CONSTRAINT "cash_movements_balance_ck" CHECK ("cash_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" integer NOT NULL,
	"cash_box_id" integer NOT NULL,
	"status" text DEFAULT 'abierto' NOT NULL,
	"opened_on" date NOT NULL,
	"opened_by" integer,
	"opening_balance" numeric(18, 2) NOT NULL,
	"income" numeric(18, 2) DEFAULT '0' NOT NULL,
	"expense" numeric(18, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"closed_on" date,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"count_detail" jsonb,
	"counted_total" numeric(18, 2),
	"difference" numeric(18, 2),
	"difference_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "cash_periods_status_ck" CHECK ("cash_periods"."status" in ('abierto', 'cerrado')),
	CONSTRAINT "cash_periods_balance_ck" CHECK ("cash_periods"."balance" >= 0 and "cash_periods"."opening_balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_period_id_cash_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."cash_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_cash_box_id_cash_boxes_id_fk" FOREIGN KEY ("cash_box_id") REFERENCES "public"."cash_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_concept_id_cash_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."cash_concepts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_periods" ADD CONSTRAINT "cash_periods_cash_box_id_cash_boxes_id_fk" FOREIGN KEY ("cash_box_id") REFERENCES "public"."cash_boxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_periods" ADD CONSTRAINT "cash_periods_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_periods" ADD CONSTRAINT "cash_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_boxes_name_uq" ON "cash_boxes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cash_concepts_name_kind_uq" ON "cash_concepts" USING btree (lower("name"),"kind");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_movements_folio_uq" ON "cash_movements" USING btree ("folio");--> statement-breakpoint
CREATE INDEX "cash_movements_period_idx" ON "cash_movements" USING btree ("period_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_periods_folio_uq" ON "cash_periods" USING btree ("folio");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_periods_one_open_uq" ON "cash_periods" USING btree ("cash_box_id") WHERE "cash_periods"."status" = 'abierto';--> statement-breakpoint
CREATE INDEX "cash_periods_box_idx" ON "cash_periods" USING btree ("cash_box_id","id");