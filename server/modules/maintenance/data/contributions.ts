// The SQL behind what Mantenimiento contributes to the platform
// (../contributions): the parts that name its audited records.
import { sql } from 'drizzle-orm';
import type { PartsOf } from '../../../lib/references';

export const referenceParts = {
  mt_failure_report: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.title) from mt_failure_reports x where x.id = ${id})`,
  mt_settings: () => sql`(select json_build_object('name', 'Margen de próximo'))`,
  mt_schedule: (id) => sql`(select json_build_object('name', v.economic_number || ' · ' || s.name) from mt_schedules x join vp_vehicles v on v.id = x.vehicle_id join mt_services s on s.id = x.service_id where x.id = ${id})`,
  mt_order: (id) => sql`(select json_build_object('folio', x.folio, 'name', v.economic_number) from mt_orders x join vp_vehicles v on v.id = x.vehicle_id where x.id = ${id})`,
} satisfies Record<string, PartsOf>;
