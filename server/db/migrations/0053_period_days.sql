-- Job cost (issue 28): the labour of the report across contracts meets each jornada with the day's payroll
-- cost, if a closed payroll paid it.
--
-- The days of a period, first to last. STRICT keeps PostgreSQL from inlining it, so the planner takes its ROWS
-- estimate (about 15 days: a quincena or a week) instead of generate_series' 1,000, which made it plan the
-- report for millions of rows (hashes and sorts spilled to disk).
CREATE FUNCTION erp_period_days(first_day date, last_day date) RETURNS SETOF date
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 15
  AS $$ SELECT first_day + k FROM generate_series(0, last_day - first_day) k $$;
--> statement-breakpoint
-- The crew hours' (employee, date) index also carries what the report reads of each row, so the jornadas are
-- read from the index alone, in the order the payroll days are met (drizzle-kit cannot declare INCLUDE: the
-- table file keeps the index's name and key columns).
DROP INDEX "service_order_crew_hours_employee_date_idx";
--> statement-breakpoint
CREATE INDEX "service_order_crew_hours_employee_date_idx" ON "service_order_crew_hours" USING btree ("employee_id", "date") INCLUDE ("day_id", "hours", "overtime_hours");
