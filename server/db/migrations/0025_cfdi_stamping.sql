CREATE TABLE "cfdi_stamps" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"seal_digest" text NOT NULL,
	"status" text NOT NULL,
	"sent_xml" text NOT NULL,
	"emisor_rfc" text NOT NULL,
	"receptor_rfc" text NOT NULL,
	"total" text NOT NULL,
	"uuid" text,
	"stamped" jsonb,
	"cancellation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_csd" (
	"id" integer PRIMARY KEY NOT NULL,
	"rfc" text NOT NULL,
	"holder_name" text NOT NULL,
	"no_certificado" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"certificate" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "company_csd_single_ck" CHECK ("company_csd"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stamp_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cfdi_xml" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cfdi_uuid" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stamped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "stamp_sandbox" boolean;--> statement-breakpoint
ALTER TABLE "company_csd" ADD CONSTRAINT "company_csd_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_stamps_seal_uq" ON "cfdi_stamps" USING btree ("seal_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_stamps_uuid_uq" ON "cfdi_stamps" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_cfdi_uuid_uq" ON "invoices" USING btree ("cfdi_uuid");--> statement-breakpoint
CREATE INDEX "invoices_stamp_pending_idx" ON "invoices" USING btree ("stamp_status") WHERE "invoices"."stamp_status" = 'pendiente';