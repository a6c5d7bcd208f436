// Nóminas base data (the concepts the calculation posts, every company) and
// demo data: two convenios, the previous quincena closed (installments
// applied) and the current one calculated — all through the services, as a
// person would do it, so the demo figures are the calculation's own.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/database';
import type { Config } from '../../../config';
import type { RequestContext } from '../../../context';
import { PAC_ENV } from '../../../lib/cfdi';
import { seedContext } from '../../../lib/seedContext';
import type { AppServices } from '../../../services';
import { addDays, todayMx } from '../../../../schema/dates';
import { quincenaOf } from '../../../../schema/rh/payroll';
import * as agreements from '../agreements/service';
import * as service from './service';
import { setCompanyNominaData } from './data';
import { seedEmployerDemo } from '../employer/service';

export async function seedRhPayrollBase(db: Db): Promise<void> {
  await db.transaction((tx) => service.seedSystemConcepts(tx));
}

/**
 * With `config` and the sandbox PAC, the closed demo payroll's receipts are sealed and stamped like a
 * real close's; a real PAC never sees demo data.
 */
function payrollSeedContext(db: Db, adminUserId: number, config: Config | undefined): RequestContext {
  const sandbox = (process.env[PAC_ENV.provider] ?? 'sandbox').trim().toLowerCase() === 'sandbox';
  return seedContext(db, adminUserId, config && sandbox ? ({ config, logger: console } as unknown as Partial<AppServices>) : {});
}

export async function seedRhPayrollDemo(db: Db, opts: { adminUserId: number; config?: Config }): Promise<void> {
  const ctx = payrollSeedContext(db, opts.adminUserId, opts.config);
  // A company that already has payrolls (e.g. migrated ones) keeps its history as it is.
  if ((await queryRows<{ id: number }>(db, sql`select id from rh_payrolls limit 1`)).length) return;
  const people = await queryRows<{ id: number }>(db, sql`select id from rh_employees where status = 'activo' and pay_frequency = 'quincenal' order by number limit 2`);
  if (people.length < 2) return; // no staff to pay
  const current = quincenaOf(todayMx());
  const previous = quincenaOf(addDays(current.start, -1));
  // The demo company's IMSS registro patronal (a made-up one) and its risk class I, for the CFDI de nómina.
  await setCompanyNominaData(db, { registroPatronal: 'Y6012345108', riesgoPuesto: '1' });
  // The same registro as the first row of Registros patronales, with a demo state payroll tax rate (issue 27).
  await seedEmployerDemo(db, 'Y6012345108');
  try {
    await agreements.createAgreement(ctx, { employeeId: people[0].id, kind: 'prestamo', description: 'Préstamo personal a 12 quincenas', startDate: previous.start, total: '6000.00', installment: '500.00' });
    await agreements.createAgreement(ctx, { employeeId: people[1].id, kind: 'fonacot', description: 'Crédito FONACOT', reference: 'FON-2026-04471', startDate: previous.start, total: '3600.00', installment: '300.00' });

    const closed = await service.createPayroll(ctx, { kind: 'quincenal', periodStart: previous.start, periodEnd: previous.end, paymentDate: previous.end, description: 'Quincena anterior' });
    const calculated = await service.calculatePayroll(ctx, String(closed.id), closed.version);
    await service.closePayroll(ctx, String(closed.id), calculated.version);

    const open = await service.createPayroll(ctx, { kind: 'quincenal', periodStart: current.start, periodEnd: current.end, paymentDate: current.end, description: 'Quincena en curso' });
    const [first] = await service.payrollEmployees(ctx, { id: open.id });
    await service.saveIncident(ctx, String(first.id), { daysWorked: first.daysWorked, absences: '1', overtimeDoubleHours: '4', overtimeTripleHours: '0', overtimeDoubleDays: 2, extras: [] });
    const draft = await service.getPayroll(ctx, String(open.id));
    await service.calculatePayroll(ctx, String(open.id), draft!.version);
  } catch (err) {
    // Without fiscal tables for today's year there is no payroll to show; the rest of the demo stands.
    console.warn(`Demo de nóminas omitida: ${(err as Error).message}`);
  }
}
