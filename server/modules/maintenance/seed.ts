// Mantenimiento demo data (after Almacén's articles and Parque Vehicular's
// vehicles): 8 services (km-based, day-based and both, one corrective) with
// parts from the Almacén demo articles, a schedule of the live vehicles in
// every status (vencido, próximo, al corriente: the last-done point is set
// back from each vehicle's current odometer), orders in every state (the
// vehicles Parque Vehicular left en taller hold the open ones) and a few
// failure reports. A handful of multi-row inserts: it runs in every API test.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/database';
import { addDays, todayMx } from '../../../schema/dates';
import { FAILURE_REPORT_FOLIO_KEY, ORDER_FOLIO_KEY } from './service';

/** name, kind, every km, every days, hours, cost, tasks, parts [article name, quantity]. */
type DemoService = [string, 'preventivo' | 'correctivo', number | null, number | null, string, string, string[], [string, string][]];

const SERVICES: DemoService[] = [
  ['Cambio de aceite y filtro', 'preventivo', 10000, 180, '1.50', '1450.00', ['Drenar el aceite usado', 'Cambiar el filtro de aceite', 'Llenar con aceite nuevo', 'Revisar fugas y nivel'], [['Aceite de motor 15W-40', '6'], ['Filtro de aceite LF3000', '1']]],
  ['Afinación mayor', 'preventivo', 40000, 365, '4.00', '3900.00', ['Cambiar bujías', 'Cambiar filtros de aire y combustible', 'Limpiar cuerpo de aceleración', 'Escanear códigos de falla'], [['Bujía iridio', '4'], ['Filtro de aire AF25139', '1'], ['Filtro de combustible FF5052', '1']]],
  ['Rotación y balanceo de llantas', 'preventivo', 10000, null, '1.00', '650.00', ['Rotar llantas en cruz', 'Balancear', 'Calibrar presión'], []],
  ['Revisión de frenos', 'preventivo', 20000, null, '2.50', '2100.00', ['Desmontar ruedas', 'Medir balatas y discos', 'Cambiar balatas si es necesario', 'Purgar sistema'], [['Juego de balatas delanteras Nissan NP300', '1'], ['Líquido de frenos DOT 3', '1']]],
  ['Sistema de enfriamiento', 'preventivo', null, 180, '1.00', '650.00', ['Revisar mangueras y abrazaderas', 'Cambiar anticongelante', 'Probar tapón de radiador'], [['Anticongelante 50/50', '1']]],
  ['Cambio de banda serpentín', 'preventivo', 60000, null, '1.00', '700.00', ['Revisar tensor', 'Cambiar banda'], [['Banda serpentín 6PK1790', '1']]],
  ['Servicio de aire acondicionado', 'preventivo', null, 365, '2.00', '1200.00', ['Revisar presión de gas', 'Limpiar condensador', 'Cambiar filtro de cabina'], []],
  ['Reparación de suspensión', 'correctivo', null, null, '3.00', '2800.00', ['Diagnosticar ruido', 'Cambiar amortiguadores', 'Alinear'], [['Amortiguador delantero Nissan NP300', '2']]],
];

const v = (x: unknown) => sql`${x}`;
const values = (rows: SQL[][]) => sql.join(rows.map((r) => sql`(${sql.join(r, sql`, `)})`), sql`, `);

export async function seedMaintenanceDemo(db: Db, ctx: { adminUserId: number }) {
  const today = todayMx();
  await db.transaction(async (tx) => {
    const names = [...new Set(SERVICES.flatMap((s) => s[7].map((p) => p[0])))];
    const articles = new Map(
      (await queryRows<{ id: number; name: string }>(tx, sql`select id, name from wh_articles where name in (${sql.join(names.map(v), sql`, `)})`)).map((a) => [a.name, Number(a.id)]),
    );
    const serviceIds = (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into mt_services (name, kind, every_km, every_days, estimated_hours, estimated_cost, tasks)
            values ${values(SERVICES.map((s) => [v(s[0]), v(s[1]), v(s[2]), v(s[3]), v(s[4]), v(s[5]), sql`${JSON.stringify(s[6])}::jsonb`]))} returning id`,
      )
    ).map((r) => Number(r.id));
    const parts: SQL[][] = [];
    SERVICES.forEach((s, i) =>
      s[7].forEach(([name, qty], k) => {
        const articleId = articles.get(name);
        if (articleId) parts.push([v(serviceIds[i]), v(k + 1), v(articleId), v(qty)]);
      }),
    );
    if (parts.length) await tx.execute(sql`insert into mt_service_parts (service_id, line_no, article_id, quantity) values ${values(parts)}`);
    await tx.execute(sql`insert into mt_settings (id, margin_km, margin_days) values (1, 1000, 15) on conflict (id) do nothing`);

    const vehicles = (
      await queryRows<{ id: number; status: string; km: number }>(tx, sql`select id, status, odometer_km as km from vp_vehicles where status <> 'baja' order by id`)
    ).map((x) => ({ id: Number(x.id), status: x.status, km: Number(x.km) }));
    if (!vehicles.length) return;

    // Each vehicle gets 4 of the 7 preventive services; the phase picks vencido / próximo / al corriente.
    const schedules: SQL[][] = [];
    vehicles.forEach((veh, i) => {
      for (let k = 0; k < 4; k++) {
        const si = (i + k * 2) % 7;
        const [, , everyKm, everyDays] = SERVICES[si];
        const phase = (i + k) % 3; // 0 vencido, 1 próximo, 2 al corriente
        const kmBack = everyKm ? [everyKm + 800, everyKm - 400, Math.round(everyKm * 0.3)][phase] : 3000;
        const daysBack = everyDays ? [everyDays + 10, everyDays - 7, Math.round(everyDays * 0.3)][phase] : 90;
        // A km-and-days service due by one of them only: keep the other one far.
        const lastKm = Math.max(0, veh.km - kmBack);
        schedules.push([v(veh.id), v(serviceIds[si]), v(addDays(today, -(everyKm && phase !== 2 ? Math.min(daysBack, 40) : daysBack))), v(lastKm)]);
      }
    });
    const scheduleRows = (
      await queryRows<{ id: number; vehicleId: number; serviceId: number }>(
        tx,
        sql`insert into mt_schedules (vehicle_id, service_id, last_done_on, last_done_km) values ${values(schedules)} returning id, vehicle_id as "vehicleId", service_id as "serviceId"`,
      )
    ).map((r) => ({ id: Number(r.id), vehicleId: Number(r.vehicleId), serviceId: Number(r.serviceId) }));

    // Orders: open ones for the vehicles in the shop, one closed and one cancelled on active vehicles.
    const mechanics = (await queryRows<{ id: number }>(tx, sql`select id from rh_employees where status = 'activo' order by id limit 3`)).map((r) => Number(r.id));
    const workshop = (await queryRows<{ id: number }>(tx, sql`select id from suppliers where active and category = 'Talleres externos' order by id limit 1`))[0]?.id ?? null;
    const inShop = vehicles.filter((x) => x.status === 'en_taller');
    const active = vehicles.filter((x) => x.status === 'activo');
    type DemoOrder = { vehicle: (typeof vehicles)[number]; status: string; services: number[]; daysAgo: number; hours: string; rate: string; external: string; supplier: number | null; closed: boolean; reason: string };
    const orders: DemoOrder[] = [
      ...inShop.map((vehicle, i) => ({ vehicle, status: i % 2 ? 'en_proceso' : 'abierta', services: [serviceIds[i % 2 ? 7 : 3]], daysAgo: 1 + i, hours: i % 2 ? '2.00' : '0', rate: '350.00', external: '0', supplier: null, closed: false, reason: '' })),
      { vehicle: active[0], status: 'cerrada', services: [serviceIds[0], serviceIds[2]], daysAgo: 20, hours: '2.50', rate: '350.00', external: '0', supplier: null, closed: true, reason: '' },
      { vehicle: active[1], status: 'cerrada', services: [serviceIds[6]], daysAgo: 12, hours: '0', rate: '0', external: '1850.00', supplier: workshop, closed: true, reason: '' },
      { vehicle: active[2], status: 'cancelada', services: [serviceIds[1]], daysAgo: 8, hours: '0', rate: '0', external: '0', supplier: null, closed: false, reason: 'Se reprogramó para el siguiente mes' },
    ].filter((o) => o.vehicle);
    const orderIds = (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into mt_orders (folio, vehicle_id, status, opened_on, odometer_in, mechanic_employee_id, supplier_id, labour_hours, labour_rate, external_cost,
              external_invoice, parts_cost, total, closed_on, cancel_reason, created_by)
            values ${values(
              orders.map((o, i) => {
                const labour = (Number(o.hours) * Number(o.rate)).toFixed(2);
                const total = (Number(labour) + Number(o.external)).toFixed(2);
                return [
                  v(i + 1), v(o.vehicle.id), v(o.status), v(addDays(today, -o.daysAgo)), v(o.vehicle.km), v(o.supplier ? null : (mechanics[i % Math.max(1, mechanics.length)] ?? null)),
                  v(o.supplier), v(o.hours), v(o.rate), v(o.external), v(o.supplier ? 'F-2291' : ''), v(o.closed ? '0.00' : null), v(o.closed ? total : null),
                  v(o.closed ? addDays(today, -o.daysAgo + 2) : null), v(o.reason), v(ctx.adminUserId),
                ];
              }),
            )} returning id`,
      )
    ).map((r) => Number(r.id));
    const orderServices: SQL[][] = [];
    orders.forEach((o, i) =>
      o.services.forEach((s) => orderServices.push([v(orderIds[i]), v(s), v(scheduleRows.find((r) => r.vehicleId === o.vehicle.id && r.serviceId === s)?.id ?? null)])),
    );
    await tx.execute(sql`insert into mt_order_services (order_id, service_id, schedule_id) values ${values(orderServices)}`);
    // The closed orders did their scheduled services.
    for (const [i, o] of orders.entries()) {
      if (!o.closed) continue;
      await tx.execute(sql`update mt_schedules set last_done_on = ${addDays(today, -o.daysAgo + 2)}, last_done_km = ${o.vehicle.km}, last_order_id = ${orderIds[i]}
        where vehicle_id = ${o.vehicle.id} and service_id in (${sql.join(o.services.map(v), sql`, `)})`);
    }

    // Failure reports: nuevo, asignado, en orden (the first open order), atendido (the first closed one), descartado.
    const openOrder = orders.findIndex((o) => o.status === 'abierta' || o.status === 'en_proceso');
    const closedOrder = orders.findIndex((o) => o.closed);
    const reporter = mechanics[0] ?? null;
    const reports: [number | null, string, string, string, string | null, string, number | null, string][] = [
      [active[3]?.id ?? null, '', 'Ruido en la suspensión delantera', 'Se escucha un golpeteo al pasar topes.', null, 'nuevo', null, ''],
      [active[4]?.id ?? null, '', 'Luz de check engine encendida', 'Se encendió en carretera; el vehículo sigue funcionando.', 'alta', 'asignado', null, ''],
      [openOrder >= 0 ? orders[openOrder].vehicle.id : null, '', 'Frenos rechinan', 'Rechinido al frenar en bajada.', 'urgente', openOrder >= 0 ? 'en_orden' : 'asignado', openOrder >= 0 ? orderIds[openOrder] : null, ''],
      [closedOrder >= 0 ? orders[closedOrder].vehicle.id : null, '', 'Fuga de aceite', 'Mancha de aceite bajo el motor.', 'media', closedOrder >= 0 ? 'atendido' : 'asignado', closedOrder >= 0 ? orderIds[closedOrder] : null, ''],
      [null, 'Nave 3, montacargas', 'Montacargas no enciende', 'Batería descargada; se cargó en sitio.', null, 'descartado', null, 'Se resolvió en sitio, no requiere orden'],
    ];
    const firstFolio = Number((await queryRows<{ n: number }>(tx, sql`select coalesce(max(folio), 0) as n from mt_failure_reports`))[0].n) + 1;
    await tx.execute(
      sql`insert into mt_failure_reports (folio, source, vehicle_id, location, title, description, priority, status, order_id, discard_reason, reported_by, reporter_employee_id, assigned_employee_id)
          values ${values(
            reports.map((r, i) => [v(firstFolio + i), v('conductor'), v(r[0]), v(r[1]), v(r[2]), v(r[3]), v(r[4]), v(r[5]), v(r[6]), v(r[7]), v(ctx.adminUserId), v(reporter), v(r[4] ? reporter : null)]),
          )}`,
    );
    await tx.execute(
      sql`insert into folio_counters (key, last_value) values (${ORDER_FOLIO_KEY}, ${orders.length}), (${FAILURE_REPORT_FOLIO_KEY}, ${firstFolio + reports.length - 1})
          on conflict (key) do update set last_value = greatest(folio_counters.last_value, excluded.last_value)`,
    );
  });
}
