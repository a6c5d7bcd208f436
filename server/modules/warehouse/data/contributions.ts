// The SQL behind what Almacén contributes to the platform (../contributions):
// its Tablero expressions and the parts that name its audited records.
import { sql, type SQL } from 'drizzle-orm';
import type { PartsOf } from '../../../lib/references';

/** Articles below their minimum (the Existencias flag BAJO_MINIMO). */
export const belowMinimumCountSql = (): SQL =>
  sql`(select count(*)::int from wh_stock s join wh_articles a on a.id = s.article_id
       where a.min_stock > 0 and s.quantity < a.min_stock)`;

export const pendingRequisitionsSql = (): SQL => sql`(select count(*)::int from wh_requisitions where status = 'PENDIENTE')`;

export const referenceParts = {
  article: (id) => sql`(select json_build_object('serie', x.sku, 'name', x.name) from wh_articles x where x.id = ${id})`,
  stock_movement: (id) => sql`(select json_build_object('serie', x.series, 'folio', x.folio) from wh_movements x where x.id = ${id})`,
  requisition: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.area) from wh_requisitions x where x.id = ${id})`,
  pdm_request: (id) => sql`(select json_build_object('folio', x.folio, 'name', x.supplier) from wh_pdm_requests x where x.id = ${id})`,
  inventory_count: (id) => sql`(select json_build_object('folio', x.folio, 'name', w.name) from wh_counts x join wh_warehouses w on w.id = x.warehouse_id where x.id = ${id})`,
} satisfies Record<string, PartsOf>;
