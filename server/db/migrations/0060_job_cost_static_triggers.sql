-- Job cost (issue 28): the triggers of migrations 0057 and 0059 rewritten as static SQL, the same totals.
--
-- Those built their change set as text and ran it with EXECUTE format(...): every statement on a source table
-- (every Almacén posting inserts movement lines) was parsed and planned again, about 0.5 ms per posting on the
-- warehouse bench's machine, as much as the rest of the posting's statement. Static statements are planned once
-- per session and their plan kept by PL/pgSQL, so the trigger of a posting that is no salida of a requisition
-- costs one index lookup of its movement. Each operation (INSERT: new rows added; DELETE: old rows taken away;
-- UPDATE: both) has its own statement, since a statement naming old_rows cannot be planned for an INSERT.
--
-- The per-row work of 0057 is now one statement each: the advisory locks of a statement's employees (taken in
-- employee order, as before), the covering receipt of each jornada (a lateral subquery instead of a function
-- call per row), and a payroll closed, reopened or with receipts added or deleted covers or uncovers all its
-- receipts at once instead of one function call per receipt. erp_job_cost_cover and erp_job_cost_uncover go.

-- Crew hours written: each changed row is added (new) or taken away (old) from its order, employee and receipt
-- (the closed ordinary payroll's receipt whose period holds its date; 0: none; erp_job_cost_receipt inlined).
CREATE OR REPLACE FUNCTION erp_job_cost_crew_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock_shared(28029, c.employee_id) FROM (SELECT DISTINCT employee_id FROM new_rows ORDER BY 1) c;
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, c.employee_id, r.receipt_id, count(*), sum(c.overtime_hours)
    FROM new_rows c JOIN service_order_crew_days d ON d.id = c.day_id
    CROSS JOIN LATERAL (
      SELECT coalesce(min(pe.id), 0) AS receipt_id FROM rh_payroll_employees pe JOIN rh_payrolls p ON p.id = pe.payroll_id
      WHERE pe.employee_id = c.employee_id AND p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') AND c.date BETWEEN p.period_start AND p.period_end
    ) r
    WHERE c.hours > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock_shared(28029, c.employee_id) FROM (SELECT DISTINCT employee_id FROM old_rows ORDER BY 1) c;
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, c.employee_id, r.receipt_id, -count(*), -sum(c.overtime_hours)
    FROM old_rows c JOIN service_order_crew_days d ON d.id = c.day_id
    CROSS JOIN LATERAL (
      SELECT coalesce(min(pe.id), 0) AS receipt_id FROM rh_payroll_employees pe JOIN rh_payrolls p ON p.id = pe.payroll_id
      WHERE pe.employee_id = c.employee_id AND p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') AND c.date BETWEEN p.period_start AND p.period_end
    ) r
    WHERE c.hours > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  ELSE
    PERFORM pg_advisory_xact_lock_shared(28029, c.employee_id)
    FROM (SELECT employee_id FROM new_rows UNION SELECT employee_id FROM old_rows ORDER BY 1) c;
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, c.employee_id, r.receipt_id, sum(c.sign), sum(c.sign * c.overtime_hours)
    FROM (
      SELECT day_id, employee_id, date, hours, overtime_hours, 1 AS sign FROM new_rows
      UNION ALL SELECT day_id, employee_id, date, hours, overtime_hours, -1 FROM old_rows
    ) c JOIN service_order_crew_days d ON d.id = c.day_id
    CROSS JOIN LATERAL (
      SELECT coalesce(min(pe.id), 0) AS receipt_id FROM rh_payroll_employees pe JOIN rh_payrolls p ON p.id = pe.payroll_id
      WHERE pe.employee_id = c.employee_id AND p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') AND c.date BETWEEN p.period_start AND p.period_end
    ) r
    WHERE c.hours > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erp_job_cost_crew_vehicles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_cost_vehicle_km AS t (order_id, vehicle_id, days, km)
    SELECT d.order_id, c.vehicle_id, count(*), sum(c.km)
    FROM new_rows c JOIN service_order_crew_days d ON d.id = c.day_id
    GROUP BY 1, 2
    ON CONFLICT (order_id, vehicle_id) DO UPDATE SET days = t.days + excluded.days, km = t.km + excluded.km;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_cost_vehicle_km AS t (order_id, vehicle_id, days, km)
    SELECT d.order_id, c.vehicle_id, -count(*), -sum(c.km)
    FROM old_rows c JOIN service_order_crew_days d ON d.id = c.day_id
    GROUP BY 1, 2
    ON CONFLICT (order_id, vehicle_id) DO UPDATE SET days = t.days + excluded.days, km = t.km + excluded.km;
  ELSE
    INSERT INTO job_cost_vehicle_km AS t (order_id, vehicle_id, days, km)
    SELECT d.order_id, c.vehicle_id, sum(c.sign), sum(c.sign * c.km)
    FROM (SELECT day_id, vehicle_id, km, 1 AS sign FROM new_rows UNION ALL SELECT day_id, vehicle_id, km, -1 FROM old_rows) c
    JOIN service_order_crew_days d ON d.id = c.day_id
    GROUP BY 1, 2
    ON CONFLICT (order_id, vehicle_id) DO UPDATE SET days = t.days + excluded.days, km = t.km + excluded.km;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A payroll's status, kind or period changed: its receipts stop covering their employees' days (their jornadas go
-- back to receipt 0) and/or start covering those of its period (from receipt 0 to the receipt), all in one
-- statement each, its employees locked first in employee order. One receipt per employee and payroll (unique).
CREATE OR REPLACE FUNCTION erp_job_cost_payroll() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := OLD.status = 'cerrada' AND OLD.kind IN ('semanal', 'quincenal');
  now_covers boolean := NEW.status = 'cerrada' AND NEW.kind IN ('semanal', 'quincenal');
  same_period boolean := OLD.period_start = NEW.period_start AND OLD.period_end = NEW.period_end;
BEGIN
  IF was = now_covers AND (same_period OR NOT was) THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(28029, pe.employee_id) FROM (SELECT employee_id FROM rh_payroll_employees WHERE payroll_id = NEW.id ORDER BY 1) pe;
  IF was THEN
    WITH gone AS (
      DELETE FROM job_cost_labour l USING rh_payroll_employees pe WHERE pe.payroll_id = NEW.id AND l.receipt_id = pe.id
      RETURNING l.order_id, l.employee_id, l.jornadas, l.overtime_hours
    )
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT order_id, employee_id, 0, sum(jornadas), sum(overtime_hours) FROM gone GROUP BY order_id, employee_id
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  END IF;
  IF now_covers THEN
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, pe.employee_id, x.receipt_id, sum(x.sign), sum(x.sign * h.overtime_hours)
    FROM rh_payroll_employees pe
    JOIN service_order_crew_hours h ON h.employee_id = pe.employee_id AND h.date BETWEEN NEW.period_start AND NEW.period_end AND h.hours > 0
    JOIN service_order_crew_days d ON d.id = h.day_id
    CROSS JOIN LATERAL (VALUES (0, -1), (pe.id, 1)) x(receipt_id, sign)
    WHERE pe.payroll_id = NEW.id
    GROUP BY d.order_id, pe.employee_id, x.receipt_id
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
    -- Orders whose jornadas all moved keep no empty row (no crew day of these employees is being written meanwhile).
    DELETE FROM job_cost_labour l USING rh_payroll_employees pe
    WHERE pe.payroll_id = NEW.id AND l.employee_id = pe.employee_id AND l.receipt_id = 0 AND l.jornadas = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Receipts added to a closed ordinary payroll cover their days; receipts deleted stop covering them: one
-- statement for all of a statement's receipts, their employees locked first in employee order.
CREATE OR REPLACE FUNCTION erp_job_cost_receipts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_advisory_xact_lock(28029, n.employee_id)
    FROM (SELECT DISTINCT n.employee_id FROM new_rows n JOIN rh_payrolls p ON p.id = n.payroll_id
          WHERE p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') ORDER BY 1) n;
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT d.order_id, n.employee_id, x.receipt_id, sum(x.sign), sum(x.sign * h.overtime_hours)
    FROM new_rows n JOIN rh_payrolls p ON p.id = n.payroll_id
    JOIN service_order_crew_hours h ON h.employee_id = n.employee_id AND h.date BETWEEN p.period_start AND p.period_end AND h.hours > 0
    JOIN service_order_crew_days d ON d.id = h.day_id
    CROSS JOIN LATERAL (VALUES (0, -1), (n.id, 1)) x(receipt_id, sign)
    WHERE p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal')
    GROUP BY d.order_id, n.employee_id, x.receipt_id
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
    DELETE FROM job_cost_labour l USING new_rows n JOIN rh_payrolls p ON p.id = n.payroll_id
    WHERE p.status = 'cerrada' AND p.kind IN ('semanal', 'quincenal') AND l.employee_id = n.employee_id AND l.receipt_id = 0 AND l.jornadas = 0;
  ELSE
    PERFORM pg_advisory_xact_lock(28029, o.employee_id)
    FROM (SELECT DISTINCT o.employee_id FROM old_rows o WHERE EXISTS (SELECT 1 FROM job_cost_labour l WHERE l.receipt_id = o.id) ORDER BY 1) o;
    WITH gone AS (
      DELETE FROM job_cost_labour l USING old_rows o WHERE l.receipt_id = o.id
      RETURNING l.order_id, l.employee_id, l.jornadas, l.overtime_hours
    )
    INSERT INTO job_cost_labour AS t (order_id, employee_id, receipt_id, jornadas, overtime_hours)
    SELECT order_id, employee_id, 0, sum(jornadas), sum(overtime_hours) FROM gone GROUP BY order_id, employee_id
    ON CONFLICT (order_id, employee_id, receipt_id) DO UPDATE SET jornadas = t.jornadas + excluded.jornadas, overtime_hours = t.overtime_hours + excluded.overtime_hours;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION erp_job_cost_cover(integer, integer, date, date);
--> statement-breakpoint
DROP FUNCTION erp_job_cost_uncover(integer, integer);
--> statement-breakpoint
-- Movement lines written: they count for their movement's requisition's order while the movement is an applied
-- salida of a requisition (not a reversal). Every posting inserts lines: for one that is not such a salida this
-- is one lookup of its movement and nothing written.
CREATE OR REPLACE FUNCTION erp_job_cost_material_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT 0, r.service_order_id, 'material', sum(c.amount)
    FROM new_rows c JOIN wh_movements m ON m.id = c.movement_id JOIN wh_requisitions r ON r.id = m.source_id
    WHERE m.source_type = 'REQUISICION' AND m.status = 'APLICADO' AND m.reverses_id IS NULL AND r.service_order_id IS NOT NULL
    GROUP BY r.service_order_id
    HAVING sum(c.amount) <> 0
    ORDER BY 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT 0, r.service_order_id, 'material', -sum(c.amount)
    FROM old_rows c JOIN wh_movements m ON m.id = c.movement_id JOIN wh_requisitions r ON r.id = m.source_id
    WHERE m.source_type = 'REQUISICION' AND m.status = 'APLICADO' AND m.reverses_id IS NULL AND r.service_order_id IS NOT NULL
    GROUP BY r.service_order_id
    HAVING sum(c.amount) <> 0
    ORDER BY 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT 0, r.service_order_id, 'material', sum(c.sign * c.amount)
    FROM (SELECT movement_id, amount, 1 AS sign FROM new_rows UNION ALL SELECT movement_id, amount, -1 FROM old_rows) c
    JOIN wh_movements m ON m.id = c.movement_id JOIN wh_requisitions r ON r.id = m.source_id
    WHERE m.source_type = 'REQUISICION' AND m.status = 'APLICADO' AND m.reverses_id IS NULL AND r.service_order_id IS NOT NULL
    GROUP BY r.service_order_id
    HAVING sum(c.sign * c.amount) <> 0
    ORDER BY 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erp_job_cost_viatico_proofs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(v.contract_id, 0), coalesce(v.service_order_id, 0), 'viatico', sum(c.subtotal)
    FROM new_rows c JOIN viaticos v ON v.id = c.viatico_id
    WHERE v.status <> 'cancelado' AND (v.contract_id IS NOT NULL OR v.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(v.contract_id, 0), coalesce(v.service_order_id, 0), 'viatico', -sum(c.subtotal)
    FROM old_rows c JOIN viaticos v ON v.id = c.viatico_id
    WHERE v.status <> 'cancelado' AND (v.contract_id IS NOT NULL OR v.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(v.contract_id, 0), coalesce(v.service_order_id, 0), 'viatico', sum(c.sign * c.subtotal)
    FROM (SELECT viatico_id, subtotal, 1 AS sign FROM new_rows UNION ALL SELECT viatico_id, subtotal, -1 FROM old_rows) c
    JOIN viaticos v ON v.id = c.viatico_id
    WHERE v.status <> 'cancelado' AND (v.contract_id IS NOT NULL OR v.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.sign * c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION erp_job_cost_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(c.contract_id, 0), coalesce(c.service_order_id, 0), 'expense', sum(c.subtotal)
    FROM new_rows c
    WHERE c.status <> 'cancelado' AND (c.contract_id IS NOT NULL OR c.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(c.contract_id, 0), coalesce(c.service_order_id, 0), 'expense', -sum(c.subtotal)
    FROM old_rows c
    WHERE c.status <> 'cancelado' AND (c.contract_id IS NOT NULL OR c.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  ELSE
    -- An update that changes no counted column (a payment's balance, a status between live ones) adds nothing.
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(c.contract_id, 0), coalesce(c.service_order_id, 0), 'expense', sum(c.sign * c.subtotal)
    FROM (
      SELECT contract_id, service_order_id, status, subtotal, 1 AS sign FROM new_rows
      UNION ALL SELECT contract_id, service_order_id, status, subtotal, -1 FROM old_rows
    ) c
    WHERE c.status <> 'cancelado' AND (c.contract_id IS NOT NULL OR c.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.sign * c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
