CREATE TABLE "rh_sbc_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"year" integer NOT NULL,
	"bimester" integer NOT NULL,
	"effective_date" date NOT NULL,
	"days" numeric(10, 2) NOT NULL,
	"integrable" numeric(18, 2) NOT NULL,
	"variable_daily" numeric(18, 2) NOT NULL,
	"fixed_sdi" numeric(18, 2) NOT NULL,
	"sbc" numeric(18, 2) NOT NULL,
	"movement_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rh_sbc_updates_bimester_ck" CHECK ("rh_sbc_updates"."bimester" between 1 and 6)
);
--> statement-breakpoint
ALTER TABLE "rh_sbc_updates" ADD CONSTRAINT "rh_sbc_updates_employee_id_rh_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."rh_employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_sbc_updates" ADD CONSTRAINT "rh_sbc_updates_movement_id_rh_imss_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."rh_imss_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rh_sbc_updates" ADD CONSTRAINT "rh_sbc_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rh_sbc_updates_uq" ON "rh_sbc_updates" USING btree ("employee_id","year","bimester");--> statement-breakpoint
CREATE INDEX "rh_sbc_updates_effective_idx" ON "rh_sbc_updates" USING btree ("employee_id","effective_date");