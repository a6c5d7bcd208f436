// Reportes de Parque Vehicular: every SQL statement. `today` always comes
// from the caller (Mexico City's calendar), never from the database clock.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';
import { insuranceWithoutDocument, type VehicleStatus } from '../data';

export type ExpiringRow = { vehicleId: number; economicNumber: string; plate: string; documentTypeName: string; expiresOn: string; daysLeft: number };

/**
 * The latest document of each (vehicle not in baja, active type that expires)
 * whose expiry falls on or before today + days; and the vehicle's own policy
 * expiry on the same terms while no policy document stands for it (named
 * `policyLabel`), so a vehicle whose policy has no document uploaded is not
 * missed and one that has it is listed once.
 */
export async function expiringDocuments(ex: Executor, today: string, days: number, policyLabel: string): Promise<ExpiringRow[]> {
  return queryRows<ExpiringRow>(
    ex,
    sql`select * from (
        select v.id as "vehicleId", v.economic_number as "economicNumber", v.plate, t.name as "documentTypeName", l.expires_on::text as "expiresOn",
          (l.expires_on - ${today}::date)::int as "daysLeft"
        from vp_vehicles v cross join vp_document_types t
        join lateral (select d.expires_on from vp_vehicle_documents d where d.vehicle_id = v.id and d.document_type_id = t.id order by d.id desc limit 1) l on true
        where v.status <> 'baja' and t.active and t.expires and l.expires_on <= ${today}::date + ${days}::int
        union all
        select v.id, v.economic_number, v.plate, ${policyLabel}::text, v.insurance_expires_on::text, (v.insurance_expires_on - ${today}::date)::int
        from vp_vehicles v
        where v.status <> 'baja' and v.insurance_expires_on <= ${today}::date + ${days}::int and ${insuranceWithoutDocument(sql`v`)}) x
      order by "expiresOn", upper("economicNumber"), lower("documentTypeName")`,
  );
}

export type CountRow = { label: string | null; status: VehicleStatus; n: number };

export async function vehicleCounts(ex: Executor, by: 'status' | 'group' | 'location'): Promise<CountRow[]> {
  const label = by === 'group' ? sql`g.name` : by === 'location' ? sql`l.name` : sql`null::text`;
  return queryRows<CountRow>(
    ex,
    sql`select ${label} as label, v.status, count(*)::int as n
      from vp_vehicles v left join vp_groups g on g.id = v.group_id left join vp_locations l on l.id = v.location_id
      group by 1, 2 order by lower(${label}) nulls last, 2`,
  );
}

export type KmMonthRow = { vehicleId: number; economicNumber: string; month: string; closingKm: number; openingKm: number };

/**
 * For each vehicle and month from `fromDay` to `toDay` (first days of months):
 * the highest reading on or before the month's end (closing) and the highest
 * before the month began, or the month's first reading when the log starts in
 * it (opening). Vehicles retired before the month began are left out.
 */
export async function kmPerMonth(ex: Executor, fromDay: string, toDay: string): Promise<KmMonthRow[]> {
  return queryRows<KmMonthRow>(
    ex,
    sql`with months as (
          select to_char(m, 'YYYY-MM') as month, m::date as first_day, (m + interval '1 month')::date as next_day
          from generate_series(${fromDay}::date, ${toDay}::date, interval '1 month') m)
        select v.id as "vehicleId", v.economic_number as "economicNumber", ms.month, c.km as "closingKm", coalesce(p.km, f.km) as "openingKm"
        from vp_vehicles v cross join months ms
        join lateral (select max(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on < ms.next_day) c on c.km is not null
        left join lateral (select max(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on < ms.first_day) p on true
        left join lateral (select min(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on >= ms.first_day and r.read_on < ms.next_day) f on true
        where v.retired_on is null or v.retired_on >= ms.first_day
        order by upper(v.economic_number), v.id, ms.month`,
  );
}

export type KmRangeRow = { vehicleId: number; economicNumber: string; brand: string; model: string; km: number };

/**
 * Every vehicle with the km it ran from `from` to `to` (inclusive): the
 * highest reading on or before `to` minus the highest before `from`, or the
 * lowest inside the range when the log starts in it (as kmPerMonth); 0
 * without readings up to `to`.
 */
export async function kmInRange(ex: Executor, from: string, to: string, vehicleId: number | null = null): Promise<KmRangeRow[]> {
  const rows = await queryRows<KmRangeRow>(
    ex,
    sql`select v.id as "vehicleId", v.economic_number as "economicNumber", v.brand, v.model, coalesce(c.km - coalesce(p.km, f.km), 0)::int as km
      from vp_vehicles v
      left join lateral (select max(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on <= ${to}::date) c on true
      left join lateral (select max(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on < ${from}::date) p on true
      left join lateral (select min(r.km) as km from vp_odometer_readings r where r.vehicle_id = v.id and r.read_on >= ${from}::date and r.read_on <= ${to}::date) f on true
      ${vehicleId === null ? sql`` : sql`where v.id = ${vehicleId}`}
      order by upper(v.economic_number), v.id`,
  );
  return rows.map((r) => ({ ...r, vehicleId: Number(r.vehicleId), km: Number(r.km) }));
}
