ALTER TABLE "expenses" ADD COLUMN "sat_status" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "sat_checked_at" timestamp with time zone;