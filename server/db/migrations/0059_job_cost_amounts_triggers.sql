-- Job cost (issue 28): job_cost_amounts (migration 0058) kept by the database in the same transaction as the
-- documents, like job_cost_labour and job_cost_vehicle_km (migration 0057), so the report across contracts reads
-- a few rows per service order instead of every movement line, comprobante and expense. Every trigger is
-- statement level and set-based: one `amount = amount + delta` upsert per statement, whatever the rows, exact
-- under parallel writes (ON CONFLICT adds to the committed row; a delta of 0 writes nothing, so paying an
-- expense or a viático's status moving with its comprobantes locks no total). Rows are keyed by the document's
-- own contract (0: it names none, its order's counts when read) and service order (0: none).
--
--   material  Σ of the line amounts of applied salidas (status APLICADO, not a reversal) posted for a requisition
--             of a service order: lines inserted count when their movement does; a movement cancelled (or
--             otherwise no longer counted) takes its lines away; a requisition moved to another order moves them.
--   viatico   Σ of the comprobantes' subtotals of viáticos not cancelled that name a contract or order: proofs
--             added, changed or deleted; a viático cancelled, or moved, takes its proofs with it.
--   expense   Σ of the subtotals of expenses not cancelled that name a contract or order.
--
-- The writers already queue where a total could read a half-written document: a requisition's salidas post under
-- its row lock and it names another order only while pending (no salidas); a viático's comprobantes are written
-- under its row lock, which its cancellation and edit also take.
--
-- A trigger with transition tables cannot name its columns (UPDATE OF), so the UPDATE triggers fire on every
-- update of their table and look only at the rows whose counting changed (a payment's balance adds nothing).

-- A movement counts for its requisition while applied and not a reversal.
CREATE FUNCTION erp_job_cost_material_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT movement_id, amount, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT movement_id, amount, -1 AS sign FROM old_rows'
    ELSE 'SELECT movement_id, amount, 1 AS sign FROM new_rows UNION ALL SELECT movement_id, amount, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT 0, r.service_order_id, 'material', sum(c.sign * c.amount)
    FROM (%s) c JOIN wh_movements m ON m.id = c.movement_id JOIN wh_requisitions r ON r.id = m.source_id
    WHERE m.source_type = 'REQUISICION' AND m.status = 'APLICADO' AND m.reverses_id IS NULL AND r.service_order_id IS NOT NULL
    GROUP BY r.service_order_id
    HAVING sum(c.sign * c.amount) <> 0
    ORDER BY 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount
  $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A movement whose counting changed (cancelled by its reversal, or its source changed): its lines leave the
-- requisition it counted for and join the one it counts for now.
CREATE FUNCTION erp_job_cost_material_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
  SELECT 0, r.service_order_id, 'material', sum(k.sign * l.amount)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (CASE WHEN o.source_type = 'REQUISICION' AND o.status = 'APLICADO' AND o.reverses_id IS NULL THEN o.source_id END, -1),
    (CASE WHEN n.source_type = 'REQUISICION' AND n.status = 'APLICADO' AND n.reverses_id IS NULL THEN n.source_id END, 1)
  ) k(requisition_id, sign)
  JOIN wh_requisitions r ON r.id = k.requisition_id
  JOIN wh_movement_lines l ON l.movement_id = n.id
  WHERE (CASE WHEN o.source_type = 'REQUISICION' AND o.status = 'APLICADO' AND o.reverses_id IS NULL THEN o.source_id END)
    IS DISTINCT FROM (CASE WHEN n.source_type = 'REQUISICION' AND n.status = 'APLICADO' AND n.reverses_id IS NULL THEN n.source_id END)
    AND r.service_order_id IS NOT NULL
  GROUP BY r.service_order_id
  HAVING sum(k.sign * l.amount) <> 0
  ORDER BY 2
  ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A requisition named another service order: its counted salidas move with it.
CREATE FUNCTION erp_job_cost_material_requisitions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
  SELECT 0, k.order_id, 'material', sum(k.sign * l.amount)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.service_order_id, -1), (n.service_order_id, 1)) k(order_id, sign)
  JOIN wh_movements m ON m.source_type = 'REQUISICION' AND m.source_id = n.id AND m.status = 'APLICADO' AND m.reverses_id IS NULL
  JOIN wh_movement_lines l ON l.movement_id = m.id
  WHERE o.service_order_id IS DISTINCT FROM n.service_order_id AND k.order_id IS NOT NULL
  GROUP BY k.order_id
  HAVING sum(k.sign * l.amount) <> 0
  ORDER BY 2
  ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION erp_job_cost_viatico_proofs() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT viatico_id, subtotal, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT viatico_id, subtotal, -1 AS sign FROM old_rows'
    ELSE 'SELECT viatico_id, subtotal, 1 AS sign FROM new_rows UNION ALL SELECT viatico_id, subtotal, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(v.contract_id, 0), coalesce(v.service_order_id, 0), 'viatico', sum(c.sign * c.subtotal)
    FROM (%s) c JOIN viaticos v ON v.id = c.viatico_id
    WHERE v.status <> 'cancelado' AND (v.contract_id IS NOT NULL OR v.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.sign * c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount
  $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A viático cancelled (or restored), or naming another contract or order: its comprobantes go with it.
CREATE FUNCTION erp_job_cost_viaticos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
  SELECT coalesce(k.contract_id, 0), coalesce(k.order_id, 0), 'viatico', sum(k.sign * p.subtotal)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES
    (o.contract_id, o.service_order_id, o.status <> 'cancelado', -1),
    (n.contract_id, n.service_order_id, n.status <> 'cancelado', 1)
  ) k(contract_id, order_id, live, sign)
  JOIN viatico_proofs p ON p.viatico_id = n.id
  WHERE (o.status <> 'cancelado', o.contract_id, o.service_order_id) IS DISTINCT FROM (n.status <> 'cancelado', n.contract_id, n.service_order_id)
    AND k.live AND (k.contract_id IS NOT NULL OR k.order_id IS NOT NULL)
  GROUP BY 1, 2
  HAVING sum(k.sign * p.subtotal) <> 0
  ORDER BY 1, 2
  ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION erp_job_cost_expenses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT contract_id, service_order_id, status, subtotal, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT contract_id, service_order_id, status, subtotal, -1 AS sign FROM old_rows'
    ELSE 'SELECT contract_id, service_order_id, status, subtotal, 1 AS sign FROM new_rows
          UNION ALL SELECT contract_id, service_order_id, status, subtotal, -1 FROM old_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO job_cost_amounts AS t (contract_id, order_id, kind, amount)
    SELECT coalesce(c.contract_id, 0), coalesce(c.service_order_id, 0), 'expense', sum(c.sign * c.subtotal)
    FROM (%s) c
    WHERE c.status <> 'cancelado' AND (c.contract_id IS NOT NULL OR c.service_order_id IS NOT NULL)
    GROUP BY 1, 2
    HAVING sum(c.sign * c.subtotal) <> 0
    ORDER BY 1, 2
    ON CONFLICT (contract_id, order_id, kind) DO UPDATE SET amount = t.amount + excluded.amount
  $q$, changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_cost_material_lines_insert AFTER INSERT ON "wh_movement_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_material_lines();
--> statement-breakpoint
CREATE TRIGGER job_cost_material_lines_update AFTER UPDATE ON "wh_movement_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_material_lines();
--> statement-breakpoint
CREATE TRIGGER job_cost_material_lines_delete AFTER DELETE ON "wh_movement_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_material_lines();
--> statement-breakpoint
CREATE TRIGGER job_cost_material_movements AFTER UPDATE ON "wh_movements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_material_movements();
--> statement-breakpoint
CREATE TRIGGER job_cost_material_requisitions AFTER UPDATE ON "wh_requisitions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_material_requisitions();
--> statement-breakpoint
CREATE TRIGGER job_cost_viatico_proofs_insert AFTER INSERT ON "viatico_proofs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_viatico_proofs();
--> statement-breakpoint
CREATE TRIGGER job_cost_viatico_proofs_update AFTER UPDATE ON "viatico_proofs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_viatico_proofs();
--> statement-breakpoint
CREATE TRIGGER job_cost_viatico_proofs_delete AFTER DELETE ON "viatico_proofs" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_viatico_proofs();
--> statement-breakpoint
CREATE TRIGGER job_cost_viaticos AFTER UPDATE ON "viaticos" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_viaticos();
--> statement-breakpoint
CREATE TRIGGER job_cost_expenses_insert AFTER INSERT ON "expenses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_expenses();
--> statement-breakpoint
CREATE TRIGGER job_cost_expenses_update AFTER UPDATE ON "expenses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_expenses();
--> statement-breakpoint
CREATE TRIGGER job_cost_expenses_delete AFTER DELETE ON "expenses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_job_cost_expenses();
--> statement-breakpoint
-- The documents so far (the triggers above hold these tables against writes until this migration commits).
INSERT INTO job_cost_amounts (contract_id, order_id, kind, amount)
SELECT 0, r.service_order_id, 'material', sum(l.amount)
FROM wh_requisitions r
JOIN wh_movements m ON m.source_type = 'REQUISICION' AND m.source_id = r.id AND m.status = 'APLICADO' AND m.reverses_id IS NULL
JOIN wh_movement_lines l ON l.movement_id = m.id
WHERE r.service_order_id IS NOT NULL
GROUP BY r.service_order_id
HAVING sum(l.amount) <> 0
UNION ALL
SELECT coalesce(v.contract_id, 0), coalesce(v.service_order_id, 0), 'viatico', sum(p.subtotal)
FROM viaticos v JOIN viatico_proofs p ON p.viatico_id = v.id
WHERE v.status <> 'cancelado' AND (v.contract_id IS NOT NULL OR v.service_order_id IS NOT NULL)
GROUP BY 1, 2
HAVING sum(p.subtotal) <> 0
UNION ALL
SELECT coalesce(x.contract_id, 0), coalesce(x.service_order_id, 0), 'expense', sum(x.subtotal)
FROM expenses x
WHERE x.status <> 'cancelado' AND (x.contract_id IS NOT NULL OR x.service_order_id IS NOT NULL)
GROUP BY 1, 2
HAVING sum(x.subtotal) <> 0;
