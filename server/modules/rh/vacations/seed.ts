// Vacaciones demo data: a few requests of the demo staff (one approved, one waiting, one rejected), through
// the service as a person would capture them. Their dates are weeks ahead, past the demo quincenas, so no
// demo payroll pays their prima. A company that already has requests keeps them as they are.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/database';
import { addDays, todayMx } from '../../../../schema/dates';
import { seedContext } from '../../../lib/seedContext';
import * as service from './service';

export async function seedRhVacationsDemo(db: Db, opts: { adminUserId: number }): Promise<void> {
  if ((await queryRows<{ id: number }>(db, sql`select id from rh_vacation_requests limit 1`)).length) return;
  const today = todayMx();
  // Staff with a year of service at least: they have days to take.
  const people = await queryRows<{ id: number }>(
    db,
    sql`select id from rh_employees where status = 'activo' and hire_date <= ${addDays(today, -366)}::date order by number limit 2`,
  );
  if (people.length < 2) return;
  const ctx = seedContext(db, opts.adminUserId);
  try {
    const approved = await service.createRequest(ctx, { employeeId: people[0].id, firstDay: addDays(today, 21), lastDay: addDays(today, 26), days: 5, note: 'Viaje familiar' });
    await service.approveRequest(ctx, String(approved.id), approved.version);
    await service.createRequest(ctx, { employeeId: people[1].id, firstDay: addDays(today, 35), lastDay: addDays(today, 41), note: 'Vacaciones de fin de año' });
    const rejected = await service.createRequest(ctx, { employeeId: people[0].id, firstDay: addDays(today, 60), lastDay: addDays(today, 61), days: 2 });
    await service.rejectRequest(ctx, String(rejected.id), rejected.version, 'Cierre de mes: se pide otra fecha');
  } catch (err) {
    // Without fiscal tables there is no balance to approve against; the rest of the demo stands.
    console.warn(`Demo de vacaciones omitida: ${(err as Error).message}`);
  }
}
