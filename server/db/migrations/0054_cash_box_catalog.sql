ALTER TABLE "cash_boxes" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_boxes" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_boxes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;