// Nóminas Fiscales: the payrolls already calculated, read with the sums of
// their fiscal figures, and one payroll with each employee's lines and fiscal
// trace. Plain objects with every field of RhPayroll / RhPayrollEmployee filled,
// so no type-level resolver is needed; children of many payrolls load in one
// batch through Nóminas' readers (../payroll/service), a fixed number of
// queries per request.
import type { RequestContext } from '../../../context';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import * as payroll from '../payroll/service';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;

type Wanted = { employees: boolean; conceptTotals: boolean };

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

async function withChildren(ctx: RequestContext, payrolls: data.FiscalPayrollRow[], wanted: Wanted) {
  const ids = payrolls.map((p) => p.id);
  const [employees, totals] = await Promise.all([
    wanted.employees ? payroll.employeesOfPayrolls(db(ctx), ids) : [],
    wanted.conceptTotals ? payroll.conceptTotalsOfPayrolls(db(ctx), ids) : [],
  ]);
  const employeesByPayroll = groupBy(employees, (e) => e.payrollId);
  const totalsByPayroll = groupBy(totals, (t) => t.payrollId);
  return payrolls.map(({ taxable, exempt, isr, subsidy, isrWithheld, imssEmployee, employeesNet, ...p }) => ({
    ...p,
    fiscalTotals: { taxable, exempt, isr, subsidy, isrWithheld, imssEmployee, net: employeesNet },
    employees: employeesByPayroll.get(p.id) ?? [],
    conceptTotals: totalsByPayroll.get(p.id) ?? [],
  }));
}

export type FiscalPayrollFilterInput = { kind?: string | null; status?: string | null; year?: number | null; from?: string | null; to?: string | null } | null | undefined;

export async function listFiscalPayrolls(ctx: RequestContext, list: ListInput | null | undefined, filter: FiscalPayrollFilterInput, wanted: Wanted) {
  const page = await data.listFiscalPayrolls(db(ctx), readList(list, data.FISCAL_PAYROLL_SORTS, 'folio'), {
    kind: filter?.kind ?? null,
    status: filter?.status ?? null,
    year: filter?.year ?? null,
    range: readDateRange(filter),
  });
  return { items: await withChildren(ctx, page.items, wanted), total: page.total };
}

/** A calculated or closed payroll with its employees; null for a borrador or an unknown id. */
export async function getFiscalPayroll(ctx: RequestContext, id: string) {
  const payroll = await data.findFiscalPayroll(db(ctx), Number(id));
  if (!payroll) return null;
  const [full] = await withChildren(ctx, [payroll], { employees: true, conceptTotals: true });
  return full;
}
