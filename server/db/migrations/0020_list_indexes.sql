DROP INDEX "expenses_date_idx";--> statement-breakpoint
CREATE INDEX "payment_requests_date_list_idx" ON "payment_requests" USING btree ("date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "supplier_payments_date_list_idx" ON "supplier_payments" USING btree ("date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "order_deliveries_date_idx" ON "order_deliveries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "cash_movements_folio_list_idx" ON "cash_movements" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "cash_periods_folio_list_idx" ON "cash_periods" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "rh_agreements_folio_list_idx" ON "rh_agreements" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mt_failure_reports_folio_list_idx" ON "mt_failure_reports" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "mt_orders_folio_list_idx" ON "mt_orders" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sec_deliveries_folio_list_idx" ON "sec_deliveries" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sec_inspections_folio_list_idx" ON "sec_inspections" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sec_permits_folio_list_idx" ON "sec_permits" USING btree ("folio" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sec_schedules_due_list_idx" ON "sec_schedules" USING btree ("due_on" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date" NULLS FIRST,"id");