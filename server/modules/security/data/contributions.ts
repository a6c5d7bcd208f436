// The SQL behind what Seguridad contributes to the platform
// (../contributions): the parts that name its audited records.
import { sql } from 'drizzle-orm';
import type { PartsOf } from '../../../lib/references';

export const referenceParts = {
  sec_schedule: (id) => sql`(select json_build_object('name', t.name || ' · ' || x.area || ' · ' || x.due_on::text) from sec_schedules x join sec_inspection_types t on t.id = x.type_id where x.id = ${id})`,
  sec_inspection: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.type_name || ' · ' || x.area) from sec_inspections x where x.id = ${id})`,
  sec_permit: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from sec_permits x where x.id = ${id})`,
  sec_tool: (id) => sql`(select json_build_object('name', x.code || ' · ' || x.name) from sec_tools x where x.id = ${id})`,
  sec_delivery: (id) => sql`(select json_build_object('folio', x.folio, 'name', e.last_name || ' ' || e.names) from sec_deliveries x join rh_employees e on e.id = x.employee_id where x.id = ${id})`,
} satisfies Record<string, PartsOf>;
