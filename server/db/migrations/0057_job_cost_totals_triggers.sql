-- Job cost (issue 28): job_cost_labour and job_cost_vehicle_km (migration 0054) kept by the database in the
-- same transaction as the documents, so the report across contracts reads a few rows per service order
-- instead of every jornada. Every change is an atomic `x = x + delta` upsert, exact under parallel writes.
--
-- A jornada (a crew hours row with hours > 0) counts in the row of its order, its employee and the receipt of
-- the closed ordinary payroll (semanal, quincenal) whose period holds its date (0: none). Closed ordinary
-- payrolls of an employee never overlap (closing refuses it), so that receipt is one at most. Whether the
-- receipt prices the jornada (quotas without problem, days paid, CFDI not cancelled) and at what daily cost is
-- read with the report, so correcting or cancelling a receipt changes nothing here; closing a payroll, or a
-- receipt added to or taken from a closed one, moves the employee's jornadas of the period between receipt 0
-- and the receipt. A crew day's order never changes (no statement updates it).
--
-- Crew-day writes and those moves of one employee queue on an advisory lock (28029, employee): shared for
-- the crew hours (they add, never read, so they need not wait for each other), exclusive for a move, so a
-- move counts every jornada committed before it and a crew day written meanwhile finds the payroll closed.

-- The receipt of the closed ordinary payroll holding the employee's date; 0 when none does.
CREATE FUNCTION erp_job_cost_receipt(employee integer, day date) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(min(pe.id), 0) FROM rh_payroll_employees pe JOIN rh_payrolls p ON p.id = pe.payroll_id
  WHERE pe.employee_id = employee AND p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') AND day BETWEEN p.period_start AND p.period_end
$$;
--> statement-breakpoint
-- Crew hours written (statement level: one upsert per statement, however many rows): each changed row is
-- added (new) or taken away (old) from its order, employee and receipt.
CREATE FUNCTION erp_job_cost_crew_hours() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT day_id, employee_id, date, hours, overtime_hours, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT day_id, employee_id, date, hours, overtime_hours, -1 AS sign FROM old_rows'
    ELSE 'SELECT day_id, employee_id, date, hours, overtime_hours, 1 AS sign FROM new_rows UNION ALL SELECT day_id, employee_id, date, hours, overtime_hours, -1 FROM old_rows'
  END;
  emp integer;
BEGIN
  FOR emp IN EXECUTE format('SELECT DISTINCT employee_id FROM (%s) c ORDER BY 1', changed) LOOP
    PERFORM pg_advisory_xact_lock_shared(28029, emp);
  END LOOP;
  EXECUTE format($q$
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, c.employee_id, erp_job_cost_receipt(c.employee_id, c.date), sum(c.sign), sum(c.sign * c.overtime_hours)
    FROM (%s) c JOIN service_order_crew_days d ON d.id = c.day_id
    WHERE c.hours > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours
  $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION erp_job_cost_crew_vehicles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT day_id, vehicle_id, km, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT day_id, vehicle_id, km, -1 AS sign FROM old_rows'
    ELSE 'SELECT day_id, vehicle_id, km, 1 AS sign FROM new_rows UNION ALL SELECT day_id, vehicle_id, km, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO job_cost_vehicle_km AS t (order_id, vehicle_id, days, km)
    SELECT d.order_id, c.vehicle_id, sum(c.sign), sum(c.sign * c.km)
    FROM (%s) c JOIN service_order_crew_days d ON d.id = c.day_id
    GROUP BY 1, 2
    ON CONFLICT (order_id, vehicle_id) DO UPDATE SET days = t.days + excluded.days, km = t.km + excluded.km
  $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A crew day deleted takes its people and vehicles away first, while the day (its order) can still be read:
-- the foreign keys' cascade would delete them after the day.
CREATE FUNCTION erp_job_cost_crew_day_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_order_crew_hours WHERE day_id = OLD.id;
  DELETE FROM service_order_crew_day_vehicles WHERE day_id = OLD.id;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- The employee's jornadas of [first_day, last_day] move from receipt 0 to the receipt (a payroll closed, a
-- receipt added to a closed payroll).
CREATE FUNCTION erp_job_cost_cover(receipt integer, employee integer, first_day date, last_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28029, employee);
  INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
  SELECT d.order_id, employee, x.receipt_id, x.sign * count(*), x.sign * sum(h.overtime_hours)
  FROM service_order_crew_hours h JOIN service_order_crew_days d ON d.id = h.day_id
  CROSS JOIN (VALUES (0, -1), (receipt, 1)) x(receipt_id, sign)
  WHERE h.employee_id = employee AND h.date BETWEEN first_day AND last_day AND h.hours > 0
  GROUP BY d.order_id, x.receipt_id, x.sign
  ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  -- Orders whose jornadas all moved keep no empty row (no crew day of the employee is being written meanwhile).
  DELETE FROM job_cost_labour WHERE employee_id = employee AND receipt_id = 0 AND jornadas = 0;
END $$;
--> statement-breakpoint
-- The receipt's jornadas go back to receipt 0 (its payroll no longer closed, the receipt deleted).
CREATE FUNCTION erp_job_cost_uncover(receipt integer, employee integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28029, employee);
  WITH gone AS (DELETE FROM job_cost_labour WHERE receipt_id = receipt RETURNING order_id, employee_id, jornadas, overtime_hours)
  INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
  SELECT order_id, employee_id, 0, sum(jornadas), sum(overtime_hours) FROM gone GROUP BY order_id, employee_id
  ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
END $$;
--> statement-breakpoint
-- A payroll's status, kind or period changed: its receipts stop or start covering their employees' days.
CREATE FUNCTION erp_job_cost_payroll() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := OLD.status = 'cerrada' AND OLD.kind IN ('semanal', 'quincenal');
  now_covers boolean := NEW.status = 'cerrada' AND NEW.kind IN ('semanal', 'quincenal');
  same_period boolean := OLD.period_start = NEW.period_start AND OLD.period_end = NEW.period_end;
  r record;
BEGIN
  IF was = now_covers AND (same_period OR NOT was) THEN RETURN NULL; END IF;
  FOR r IN SELECT id, employee_id FROM rh_payroll_employees WHERE payroll_id = NEW.id ORDER BY employee_id LOOP
    IF was THEN PERFORM erp_job_cost_uncover(r.id, r.employee_id); END IF;
    IF now_covers THEN PERFORM erp_job_cost_cover(r.id, r.employee_id, NEW.period_start, NEW.period_end); END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Receipts added to a closed ordinary payroll cover their days; receipts deleted stop covering them.
CREATE FUNCTION erp_job_cost_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT n.id, n.employee_id, p.period_start, p.period_end FROM new_rows n JOIN rh_payrolls p ON p.id = n.payroll_id
      WHERE p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') ORDER BY n.employee_id LOOP
      PERFORM erp_job_cost_cover(r.id, r.employee_id, r.period_start, r.period_end);
    END LOOP;
  ELSE
    FOR r IN SELECT o.id, o.employee_id FROM old_rows o WHERE EXISTS (SELECT 1 FROM job_cost_labour l WHERE l.receipt_id = o.id) ORDER BY o.employee_id LOOP
      PERFORM erp_job_cost_uncover(r.id, r.employee_id);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_hours_insert AFTER INSERT ON "service_order_crew_hours" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_hours();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_hours_update AFTER UPDATE ON "service_order_crew_hours" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_hours();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_hours_delete AFTER DELETE ON "service_order_crew_hours" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_hours();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_vehicles_insert AFTER INSERT ON "service_order_crew_day_vehicles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_vehicles();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_vehicles_update AFTER UPDATE ON "service_order_crew_day_vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_vehicles();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_vehicles_delete AFTER DELETE ON "service_order_crew_day_vehicles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_crew_vehicles();
--> statement-breakpoint
CREATE TRIGGER job_cost_crew_day_delete BEFORE DELETE ON "service_order_crew_days" FOR EACH ROW EXECUTE FUNCTION erp_job_cost_crew_day_delete();
--> statement-breakpoint
CREATE TRIGGER job_cost_payroll AFTER UPDATE OF status, kind, period_start, period_end ON "rh_payrolls" FOR EACH ROW EXECUTE FUNCTION erp_job_cost_payroll();
--> statement-breakpoint
CREATE TRIGGER job_cost_receipts_insert AFTER INSERT ON "rh_payroll_employees" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_receipts();
--> statement-breakpoint
CREATE TRIGGER job_cost_receipts_delete AFTER DELETE ON "rh_payroll_employees" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_receipts();
--> statement-breakpoint
-- The documents so far (the triggers above hold these tables against writes until this migration commits).
INSERT INTO job_cost_labour (order_id, employee_id, receipt_id, jornadas, overtime_hours)
SELECT d.order_id, h.employee_id, erp_job_cost_receipt(h.employee_id, h.date), count(*), sum(h.overtime_hours)
FROM service_order_crew_hours h JOIN service_order_crew_days d ON d.id = h.day_id
WHERE h.hours > 0
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO job_cost_vehicle_km (order_id, vehicle_id, days, km)
SELECT d.order_id, v.vehicle_id, count(*), sum(v.km)
FROM service_order_crew_day_vehicles v JOIN service_order_crew_days d ON d.id = v.day_id
GROUP BY 1, 2;
--> statement-breakpoint
-- The report no longer lists the payrolls' days (migration 0053).
DROP FUNCTION erp_period_days(date, date);
