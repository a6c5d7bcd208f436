ALTER TABLE "wh_requisitions" DROP CONSTRAINT "wh_requisitions_status_ck";--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD COLUMN "close_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wh_requisitions" ADD CONSTRAINT "wh_requisitions_status_ck" CHECK ("wh_requisitions"."status" in ('PENDIENTE','AUTORIZADA','SURTIDA_PARCIAL','SURTIDA','RECHAZADA','CERRADA'));