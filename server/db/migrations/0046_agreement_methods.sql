ALTER TABLE "rh_agreements" DROP CONSTRAINT "rh_agreements_amounts_ck";--> statement-breakpoint
ALTER TABLE "rh_agreements" DROP CONSTRAINT "rh_agreements_settled_ck";--> statement-breakpoint
ALTER TABLE "rh_agreement_payments" ALTER COLUMN "balance_after" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_agreements" ALTER COLUMN "total" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_agreements" ALTER COLUMN "installment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_agreements" ALTER COLUMN "balance" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD COLUMN "method" text DEFAULT 'monto' NOT NULL;--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD COLUMN "rate" numeric(9, 4);--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_method_ck" CHECK ("rh_agreements"."method" = 'monto' or ("rh_agreements"."method" in ('factor', 'porcentaje', 'cuota_fija') and "rh_agreements"."kind" = 'infonavit') or ("rh_agreements"."method" in ('porcentaje', 'cuota_fija') and "rh_agreements"."kind" = 'pension_alimenticia'));--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_percent_ck" CHECK ("rh_agreements"."method" <> 'porcentaje' or "rh_agreements"."rate" <= 100);--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_amounts_ck" CHECK (coalesce(("rh_agreements"."method" = 'monto' and "rh_agreements"."rate" is null and "rh_agreements"."total" > 0 and "rh_agreements"."installment" > 0 and "rh_agreements"."balance" >= 0 and "rh_agreements"."balance" <= "rh_agreements"."total")
        or ("rh_agreements"."method" = 'cuota_fija' and "rh_agreements"."rate" is null and "rh_agreements"."total" is null and "rh_agreements"."balance" is null and "rh_agreements"."installment" > 0)
        or ("rh_agreements"."method" in ('factor', 'porcentaje') and "rh_agreements"."rate" > 0 and "rh_agreements"."total" is null and "rh_agreements"."balance" is null and "rh_agreements"."installment" is null), false));--> statement-breakpoint
ALTER TABLE "rh_agreements" ADD CONSTRAINT "rh_agreements_settled_ck" CHECK ("rh_agreements"."status" <> 'liquidado' or coalesce("rh_agreements"."balance" = 0, false));