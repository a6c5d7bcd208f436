ALTER TABLE "vp_fuel_loads" ADD COLUMN "dist_km" integer;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD COLUMN "litres_since" numeric;--> statement-breakpoint
ALTER TABLE "vp_fuel_loads" ADD COLUMN "kml" numeric;--> statement-breakpoint
-- Combustible's km/l kept on each load (the full-tank method of schema/vehicle-park/fuel.ts fuelEfficiency):
-- km and litres since the vehicle's previous full load, for a full load after the first; none for a partial
-- load or the first full one. Loads are ordered by odometer, date and id within the vehicle. The list, a load's
-- record and the period figures read these columns instead of running the window over every load of every
-- vehicle on each request (a list page took 0.7 s at 200,000 loads).
--
-- Recomputed for a vehicle whenever a statement writes one of its loads; only rows whose figures change are
-- updated. Fuel writes lock the vehicle row first (fuel/service.ts), so two writes of one vehicle never
-- interleave and each recomputation sees the loads committed before it.
CREATE FUNCTION erp_fuel_rate(vehicle integer) RETURNS void LANGUAGE sql AS $$
  WITH base AS (
    SELECT f.id, f.odometer_km, f.loaded_on, f.full_tank,
      sum(f.litres) OVER (ORDER BY f.odometer_km, f.loaded_on, f.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum_litres
    FROM vp_fuel_loads f WHERE f.vehicle_id = vehicle),
  prev AS (
    SELECT b.*,
      max(CASE WHEN b.full_tank THEN b.odometer_km END) OVER w AS prev_full_km,
      max(CASE WHEN b.full_tank THEN b.cum_litres END) OVER w AS prev_full_cum
    FROM base b
    WINDOW w AS (ORDER BY b.odometer_km, b.loaded_on, b.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)),
  eff AS (
    SELECT p.id,
      CASE WHEN p.full_tank AND p.prev_full_km IS NOT NULL THEN p.odometer_km - p.prev_full_km END AS dist_km,
      CASE WHEN p.full_tank AND p.prev_full_km IS NOT NULL THEN p.cum_litres - p.prev_full_cum END AS litres_since
    FROM prev p),
  rated AS (SELECT e.id, e.dist_km, e.litres_since, round(e.dist_km::numeric / e.litres_since, 3) AS kml FROM eff e)
  UPDATE vp_fuel_loads f SET dist_km = r.dist_km, litres_since = r.litres_since, kml = r.kml
  FROM rated r
  WHERE f.id = r.id AND (f.dist_km IS DISTINCT FROM r.dist_km OR f.litres_since IS DISTINCT FROM r.litres_since OR f.kml IS DISTINCT FROM r.kml)
$$;
--> statement-breakpoint
-- The loads a statement wrote (statement level: once per vehicle, however many rows).
CREATE FUNCTION erp_fuel_rate_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  vehicle integer;
BEGIN
  -- erp_fuel_rate's own update of the figures writes the table again: nothing more to recompute.
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  FOR vehicle IN EXECUTE CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT DISTINCT vehicle_id FROM new_rows ORDER BY 1'
    WHEN 'DELETE' THEN 'SELECT DISTINCT vehicle_id FROM old_rows ORDER BY 1'
    ELSE 'SELECT vehicle_id FROM new_rows UNION SELECT vehicle_id FROM old_rows ORDER BY 1'
  END LOOP
    PERFORM erp_fuel_rate(vehicle);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT erp_fuel_rate(v.id) FROM vp_vehicles v;
--> statement-breakpoint
CREATE TRIGGER vp_fuel_loads_rate_insert AFTER INSERT ON "vp_fuel_loads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_fuel_rate_written();
--> statement-breakpoint
CREATE TRIGGER vp_fuel_loads_rate_update AFTER UPDATE ON "vp_fuel_loads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_fuel_rate_written();
--> statement-breakpoint
CREATE TRIGGER vp_fuel_loads_rate_delete AFTER DELETE ON "vp_fuel_loads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION erp_fuel_rate_written();
