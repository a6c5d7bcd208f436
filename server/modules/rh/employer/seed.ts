// Demo registro patronal and state payroll tax rate (issue 27): the demo company's made-up registro
// (Querétaro, where the demo staff works; prima media of a new class I company) and a rate for
// Querétaro that is labelled as data the company captures: no official rate ships with the system.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../../db/database';

export const DEMO_ISN_NOTE = 'Dato de demostración capturado por la empresa: confirma la tasa vigente en la ley de hacienda de tu estado.';

export async function seedEmployerDemo(db: Executor, registro: string): Promise<void> {
  const existing = await queryRows<{ id: number }>(db, sql`select id from rh_employer_registrations limit 1`);
  if (!existing.length) {
    await db.execute(sql`insert into rh_employer_registrations (registro, name, state, risk_premium_percent, risk_class) values (${registro}, 'Matriz Querétaro', 'QUE', 0.54355, '1')`);
  }
  await db.execute(
    sql`insert into rh_state_payroll_tax_rates (state, rate_percent, effective_from, notes) values ('QUE', 3.00, '2026-01-01', ${DEMO_ISN_NOTE}) on conflict do nothing`,
  );
}
