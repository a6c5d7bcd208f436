// Nóminas business rules: create for a period (the active employees of the
// frequency are included, with a snapshot of their salary and SBC), capture
// incidents, calculate with the fiscal tables of the payment date, close
// (locked; one installment of each convenio, never a negative net; exactly
// once even when two people press "Cerrar" together), delete while open.
// Every change queues on the payroll row (SELECT … FOR UPDATE).
// One payroll per employee and period: an ordinary (semanal/quincenal)
// payroll is neither created nor closed while another of its kind shares a
// day and an employee with it (creations and closes queue on one advisory
// lock, so two parallel creations of a quincena cannot both pass). An
// extraordinary one may share the dates, but never pays again the salary
// days (and so the IMSS days) or the convenio installments that a closed
// ordinary payroll already paid for them.
// An aguinaldo payroll (issue 27; MX_FISCAL «Aguinaldo») pays only the
// aguinaldo of each active employee of its frequency, by aguinaldo() of
// schema/rh/benefits.ts (the calculator's own code): no salary days, IMSS
// or convenio installments; one per employee and calendar year (checked
// under the same advisory lock, so two parallel creations cannot both pass).
// A PTU payroll (issue 27; MX_FISCAL «PTU») shares the company's PTU of one
// ejercicio among every worker with days employed in it (any frequency, also
// those given baja since), by ptuPayroll() of schema/rh/benefits.ts — the same
// ptu() split as the calculator — with each one's ISR by the method chosen.
// Not entitled: the workers a person marks (directors, administrators, general
// managers, LFT art. 127 fr. I) and eventual workers under 60 days (fr. VII);
// their receipts are excluded from the stamping at the close. Days = days
// employed in the ejercicio by the employment history (absences are not
// subtracted). Salary of the year (cuota diaria only, art. 124): the sueldo
// lines the ejercicio's closed payrolls paid, plus the daily salary × the days
// of the year no closed payroll covered (all of them when there is none: a
// company that starts using the system mid-year). One per ejercicio (same
// advisory lock).
// A finiquito payroll (issue 27; MX_FISCAL «Finiquito and liquidación», «ISR
// on separation payments») pays ONE terminated employee's baja by
// separation() of schema/rh/benefits.ts, the calculator's own code, with the
// employee's hire date, daily salary and baja date: one per baja.
import { writeAudit } from '../../../db/audit';
import { nextFolio } from '../../../db/folios';
import { isUniqueViolation, type Executor } from '../../../db/database';
import { actorOf, type RequestContext } from '../../../context';
import { appError, badInput, conflict, found, notFound, type FieldMessages } from '../../../lib/errors';
import { readDateRange, readList, type ListInput } from '../../../lib/list';
import { parseInput } from '../../../lib/validation';
import { labelGroups } from '../../../lib/moneyGroups';
import { monthLabel } from '../../../../schema/moneyGroups';
import { formatDateMx } from '../../../../schema/dates';
import { Decimal, dec, money, sum } from '../../../../schema/money';
import { aguinaldo, aguinaldoDaysEmployed, CalculatorInputError, isrArt174, isrArt96Accumulated, LISR_MONTH_DAYS, ptuPayroll, separation, YEAR_DAYS, type PtuWorkerInput, type SeparationResult } from '../../../../schema/rh/benefits';
import { FiscalError, fiscalParametersFor, isFiscalError, payrollTax, periodDays, sdiFor, yearsOfService, type FiscalYearSet } from '../../../../schema/rh/fiscal';
import {
  calculateEmployee,
  daysEmployedInYear,
  employedDays,
  imssQuotaDays,
  employmentStints,
  EVENTUAL_CONTRACT_TYPES,
  PTU_EVENTUAL_MIN_DAYS,
  validatePtuPayroll,
  isMinimumWageOnly,
  isOrdinaryPayroll,
  negativeNetMessage,
  PAYROLL_KIND_LABELS,
  PAYROLL_STATUS_LABELS,
  payrollPeriodDays,
  payrollReference,
  SYSTEM_CONCEPTS,
  taxPeriodOf,
  unpaidDays,
  validateIncident,
  validateAguinaldoDays,
  validatePayrollDates,
  validateSeparationPayroll,
  separationPeriod,
  PAYROLL_MSG,
  AGREEMENT_CONCEPT,
  type AgreementDue,
  type AgreementKind,
  type CapturedExtra,
  type PayFrequency,
  type PeriodRange,
  type TaxOutcome,
  type EmployeeCalcInput,
} from '../../../../schema/rh/payroll';
import { loadFiscalYearSets } from '../fiscal/service';
import { variablePartsAt, variablePartsOn } from '../sbc-variable/service';
import * as agreements from '../agreements/service';
import * as vacations from '../vacations/service';
import * as incapacities from '../incapacities/service';
import { validateRestDaysWorked } from '../../../../schema/rh/restDaysWorked';
import { INCAPACITY_TYPE_LABEL, incapacityEffect, incapacityPaidDays, type Incapacity, type IncapacityEffect } from '../../../../schema/rh/incapacities';
import { incidentInput, payrollInput, separationPayrollInput } from './inputs';
import * as data from './data';
import { sealPayrollReceipts, stampPayrollReceipts } from './stamping';
import { claimCrewOvertime, crewOvertimeFloor } from './crewOvertime';
import { vacationPrimas } from './vacationPrima';
import { clearPayrollQuotas, storePayrollQuotas, type QuotaSubject } from '../employer/service';

export const MSG = {
  closed: 'La nómina está cerrada; ya no se puede modificar.',
  alreadyClosed: 'La nómina ya está cerrada.',
  notCalculated: 'Calcula la nómina antes de cerrarla.',
  deleteClosed: 'Una nómina cerrada no se puede eliminar.',
  noEmployees: (frequency: PayFrequency) => `No hay empleados activos con pago ${frequency} contratados al fin del periodo.`,
  conceptMissing: 'El concepto no existe.',
  conceptInactive: 'El concepto está inactivo.',
  conceptSystem: 'Este concepto lo calcula el sistema; no se captura a mano.',
  conceptRepeated: 'Concepto repetido: captura un solo importe por concepto.',
  agreementChanged: (folio: number, balance: string) => `El convenio ${folio} cambió desde el cálculo (saldo ${balance}); vuelve a calcular la nómina.`,
  overlap: (o: data.OverlapRow, kind: PayFrequency) =>
    `El empleado ${o.employeeNumber} ${o.employeeName} ya está en ${payrollReference(o)}: solo puede haber una nómina ${PAYROLL_KIND_LABELS[kind].toLowerCase()} por empleado y periodo.`,
  closeOverlap: (o: data.OverlapRow, kind: PayFrequency) =>
    `No se puede cerrar: el empleado ${o.employeeNumber} ${o.employeeName} también está en ${payrollReference(o)} y solo puede haber una nómina ${PAYROLL_KIND_LABELS[kind].toLowerCase()} por empleado y periodo. Elimina la nómina repetida.`,
  daysAlreadyPaid: (limit: number, paid: data.PaidPeriodRow) => `Parte del periodo ya se pagó en ${payrollReference(paid)}; captura como máximo ${limit} ${limit === 1 ? 'día' : 'días'}.`,
  paidAfterCalculation: (e: { employeeNumber: string; employeeName: string }, paid: data.PaidPeriodRow) =>
    `No se puede cerrar: ${payrollReference(paid)} se cerró después del cálculo y ya pagó días de ${e.employeeNumber} ${e.employeeName}; vuelve a calcular la nómina.`,
  installmentTaken: (folio: number, paid: { folio: number } & PeriodRange) => `No se puede cerrar: el convenio ${folio} ya tomó su abono del periodo en ${payrollReference(paid)}; vuelve a calcular la nómina.`,
  aguinaldoTwice: (o: data.AguinaldoPayrollRow, year: number) =>
    `El empleado ${o.employeeNumber} ${o.employeeName} ya está en la nómina de aguinaldo ${o.folio} (pago ${formatDateMx(o.paymentDate)}): solo puede haber una nómina de aguinaldo por empleado y año (${year}).`,
  crewOvertimeFloor: (hours: string, kind: 'dobles' | 'triples') => `Incluye ${hours} h extra ${kind} de días en sitio de órdenes de servicio; no pueden ser menos.`,
  crewOvertimeDaysFloor: (days: number, kind: 'dobles' | 'triples') => `Incluye horas extra ${kind} de ${days} ${days === 1 ? 'día' : 'días'} en sitio de órdenes de servicio; no pueden ser menos días.`,
  aguinaldoNoIncidents: 'La nómina de aguinaldo no lleva incidencias: se calcula con el salario diario y los días del año con empleo de cada empleado.',
  finiquitoTwice: (folio: number, e: { number: string; name: string }, baja: string) =>
    `La baja del ${formatDateMx(baja)} de ${e.number} ${e.name.toLocaleUpperCase('es-MX')} ya tiene la nómina de finiquito ${folio}: solo puede haber un finiquito por baja.`,
  finiquitoNoIncidents: 'La nómina de finiquito no lleva incidencias: sus importes salen de los datos de la baja.',
  ptuTwice: (o: { folio: number; paymentDate: string }, year: number) =>
    `Ya existe la nómina de PTU ${o.folio} del ejercicio ${year} (pago ${formatDateMx(o.paymentDate)}): solo puede haber una nómina de PTU por ejercicio.`,
  ptuNoWorkers: (year: number) => `Ningún empleado tiene días trabajados en el ejercicio ${year}: no hay a quién repartir la PTU.`,
  ptuNoIncidents: 'La nómina de PTU no lleva incidencias: los días y el salario del ejercicio salen del historial y de las nóminas cerradas de cada empleado.',
  ptuExclusionOnlyPtu: 'Solo en una nómina de PTU se marca a quien no participa en el reparto.',
  ptuNobody: 'Ningún empleado de la nómina participa en el reparto: no hay a quién repartir la PTU.',
  ptuExcluded: 'No participa: director, administrador o gerente general (art. 127 fr. I LFT)',
  ptuEventual: (days: number) => `No participa: trabajador eventual con ${days} días en el ejercicio; necesita al menos ${PTU_EVENTUAL_MIN_DAYS} (art. 127 fr. VII LFT)`,
  restDayTaken: (t: data.RestDayTakenRow) =>
    `${t.kind === 'domingo' ? 'El domingo' : 'El día de descanso'} ${formatDateMx(t.date)} ya está en las incidencias de ${payrollReference(t)}: cada día trabajado se paga en una sola nómina.`,
  restDayRace: 'Otro usuario acaba de capturar alguno de estos días en otra nómina del empleado; recarga y revisa las incidencias.',
  salaryOwedInPayroll: (o: data.OverlapRow, owed: PeriodRange) =>
    `Los días adeudados (${formatDateMx(owed.periodStart)} al ${formatDateMx(owed.periodEnd)}) ya están en ${payrollReference(o)}: captura solo los días que ninguna nómina paga, o quita al empleado de esa nómina.`,
} as const;

const db = (ctx: RequestContext) => ctx.app.database.db;

// ---- reading ----------------------------------------------------------------------------

type PayrollFilterArg = { kind?: string | null; status?: string | null; year?: number | null; from?: string | null; to?: string | null } | null | undefined;
const payrollFilter = (filter: PayrollFilterArg): data.PayrollFilter => ({ kind: filter?.kind ?? null, status: filter?.status ?? null, year: filter?.year ?? null, range: readDateRange(filter) });

export function listPayrolls(ctx: RequestContext, list: ListInput | null | undefined, filter: PayrollFilterArg) {
  return data.listPayrolls(db(ctx), readList(list, data.PAYROLL_SORTS, 'folio'), payrollFilter(filter));
}

/** «Agrupar por» of the list: the same search and filter, summed per group. */
export async function payrollGroups(ctx: RequestContext, groupBy: data.PayrollGroupBy, list: ListInput | null | undefined, filter: PayrollFilterArg) {
  const groups = await data.payrollGroups(db(ctx), groupBy, readList(list, data.PAYROLL_SORTS, 'folio'), payrollFilter(filter));
  const labels: Record<string, string> = groupBy === 'STATUS' ? PAYROLL_STATUS_LABELS : PAYROLL_KIND_LABELS;
  return labelGroups(groups, groupBy === 'MONTH' ? monthLabel : (key) => labels[key] ?? key);
}

export const getPayroll = (ctx: RequestContext, id: string) => data.findPayroll(db(ctx), Number(id));

export type PayrollEmployeeWithLines = data.PayrollEmployeeRow & { lines: data.LineRow[] };
export type { ConceptTotalRow, PayrollEmployeeRow, PayrollRow } from './data';

/**
 * Employees of these payrolls with their lines, by payroll and employee number: two statements whatever the number
 * of payrolls (Nóminas Fiscales reads a whole page at once), none for an empty list.
 */
export async function employeesOfPayrolls(ex: Executor, payrollIds: readonly number[], employeeId: number | null = null): Promise<PayrollEmployeeWithLines[]> {
  const [employees, lines] = await Promise.all([data.employeesOfPayrolls(ex, payrollIds, employeeId), data.linesOfPayrolls(ex, payrollIds)]);
  return employees.map((e) => ({ ...e, lines: lines.get(e.id) ?? [] }));
}

export const employeesOf = (ex: Executor, payrollId: number, employeeId: number | null = null) => employeesOfPayrolls(ex, [payrollId], employeeId);

/** Totals per concept of these payrolls, by payroll: one statement, none for an empty list. */
export const conceptTotalsOfPayrolls = (ex: Executor, payrollIds: readonly number[]) => data.conceptTotalsOfPayrolls(ex, payrollIds);

/** The employees a parent already carries, or the payroll's with their lines. */
export async function payrollEmployees(ctx: RequestContext, p: { id: string | number; employees?: unknown }) {
  if (Array.isArray(p.employees)) return p.employees as PayrollEmployeeWithLines[];
  return employeesOf(db(ctx), Number(p.id));
}

/** The lines a parent already carries (employees of a payroll), or this payroll employee's. */
export async function linesOf(ctx: RequestContext, e: { id?: string | number; lines?: unknown }) {
  if (Array.isArray(e.lines)) return e.lines as data.LineRow[];
  return data.linesOfEmployee(db(ctx), Number(e.id));
}

export async function conceptTotals(ctx: RequestContext, p: { id: string | number; conceptTotals?: unknown }) {
  if (Array.isArray(p.conceptTotals)) return p.conceptTotals as data.ConceptTotalRow[];
  return data.conceptTotals(db(ctx), Number(p.id));
}

// ---- create -----------------------------------------------------------------------------

const fiscalFor = (sets: FiscalYearSet[], paymentDate: string, onError: (message: string) => Error) => {
  try {
    return fiscalParametersFor(sets, paymentDate);
  } catch (err) {
    if (isFiscalError(err)) throw onError(err.message);
    throw err;
  }
};

/** Days of aguinaldo a receipt pays (its NumDiasPagados): the payroll's days × days employed in the year ÷ 365, to 2 decimals. */
function aguinaldoPaidDays(aguinaldoDays: string, hireDate: string, paymentDate: string): string {
  const year = Number(paymentDate.slice(0, 4));
  const employed = Math.min(YEAR_DAYS, aguinaldoDaysEmployed(hireDate, year, `${year}-12-31`));
  return money(dec(aguinaldoDays).times(employed).dividedBy(YEAR_DAYS));
}

/** Days a PTU candidate was employed in the ejercicio, by the employment history. */
const ptuEmployedDays = (c: data.PtuCandidate, year: number): number => daysEmployedInYear(employmentStints(c.events, { from: c.hireDate, to: c.terminationDate }), year);

/**
 * Days a PTU candidate worked in the ejercicio (art. 123 LFT: the days part): employed days less the faltas
 * its closed payrolls discounted and its enfermedad general incapacity days; riesgo de trabajo and maternidad
 * count as days in service (art. 127 fr. IV LFT).
 */
const ptuDays = (c: data.PtuCandidate, year: number): number => Math.max(0, ptuEmployedDays(c, year) - Number(c.absences) - c.illnessDays);

/** A PTU payroll: every worker with days employed in the ejercicio; paid on one day (its period is the payment date). */
async function createPtuPayroll(ctx: RequestContext, v: ReturnType<typeof payrollInput.parse>) {
  const fields = validatePtuPayroll(v);
  if (Object.keys(fields).length) throw badInput(fields);
  const year = v.ptuYear!;
  const sets = await loadFiscalYearSets(db(ctx));
  const id = await db(ctx).transaction(async (tx) => {
    const params = fiscalFor(sets, v.paymentDate, (message) => badInput({ paymentDate: message }));
    const yearSet = sets.find((s) => s.year === params.tableYear)!;
    // Two creations for the same ejercicio queue here: the second sees the first.
    await data.lockPayrollPeriods(tx);
    const other = await data.ptuPayrollOf(tx, year);
    if (other) throw appError('CONFLICT', MSG.ptuTwice(other, year));
    // A worker given baja before the payment date is paid with the SBC of their termination date (seniority
    // and the variable part in force then); everyone else with the one of the payment date.
    const workers = (await data.ptuCandidates(tx, year, v.paymentDate))
      .map((c) => ({ c, days: ptuDays(c, year), sbcDate: c.terminationDate && c.terminationDate < v.paymentDate ? c.terminationDate : v.paymentDate }))
      .filter((w) => w.days > 0);
    if (!workers.length) throw badInput({ ptuYear: MSG.ptuNoWorkers(year) });
    const variableParts = await variablePartsAt(tx, workers.map((w) => ({ employeeId: w.c.id, date: w.sbcDate })));
    const folio = await nextFolio(tx, 'rh.payroll');
    const ptuAmount = money(v.ptuAmount!);
    const isrMethod = v.isrMethod ?? 'art174';
    const payrollId = await data.insertPayroll(tx, {
      folio,
      kind: 'ptu',
      frequency: null,
      periodStart: v.paymentDate,
      periodEnd: v.paymentDate,
      paymentDate: v.paymentDate,
      description: v.description || `PTU del ejercicio ${year}`,
      createdBy: ctx.auth?.id ?? null,
      isrMethod,
      ptuYear: year,
      ptuAmount,
    });
    await data.insertPayrollEmployees(
      tx,
      payrollId,
      workers.map(({ c, days, sbcDate }) => ({
        employeeId: c.id,
        number: c.number,
        name: c.name.toLocaleUpperCase('es-MX'),
        dailySalary: c.dailySalary,
        // SBC = fixed SDI + the variable part of the bimonthly update in force (LSS art. 30 fr. III), as createPayroll.
        sbcDaily: sbcOf(yearSet, c.dailySalary, c.firstHireDate, sbcDate, variableParts.get(c.id)),
        minimumWageOnly: isMinimumWageOnly(c.dailySalary, c.wageZone, params.minimumWage),
        daysWorked: String(days),
      })),
    );
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payrollId, action: 'create', after: { folio, kind: 'ptu', ptuYear: year, ptuAmount, isrMethod, paymentDate: v.paymentDate, employees: workers.length } });
    return payrollId;
  });
  return found(await data.findPayroll(db(ctx), id), 'La nómina');
}

/** «No participa en la PTU» (art. 127 fr. I LFT) on a worker of an open PTU payroll, or back; the payroll needs calculating again. */
export async function setPtuExclusion(ctx: RequestContext, payrollEmployeeId: string, excluded: boolean) {
  const peId = Number(payrollEmployeeId);
  await db(ctx).transaction(async (tx) => {
    const pe = await data.findPayrollEmployee(tx, peId);
    if (!pe) throw notFound('El empleado de la nómina');
    const payroll = found(await data.findPayroll(tx, pe.payrollId, { lock: true }), 'La nómina');
    if (payroll.status === 'cerrada') throw appError('CONFLICT', MSG.closed);
    if (payroll.kind !== 'ptu') throw appError('CONFLICT', MSG.ptuExclusionOnlyPtu);
    if (pe.ptuExcluded === excluded) return;
    await data.setPtuExcluded(tx, peId, excluded);
    await data.backToDraft(tx, payroll.id);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payroll.id, action: 'ptu_exclusion', before: { employeeId: pe.employeeId, ptuExcluded: pe.ptuExcluded }, after: { employeeId: pe.employeeId, ptuExcluded: excluded } });
  });
  const saved = found(await data.findPayrollEmployee(db(ctx), peId), 'El empleado de la nómina');
  return { ...saved, lines: await data.linesOfEmployee(db(ctx), peId) };
}

export async function createPayroll(ctx: RequestContext, input: unknown) {
  const parsed = parseInput(payrollInput, input);
  if (parsed.kind === 'finiquito') throw badInput({ kind: PAYROLL_MSG.finiquitoFromBaja });
  if (parsed.kind === 'ptu') return createPtuPayroll(ctx, parsed);
  // An aguinaldo is paid on one day: its period is the payment date.
  const v = parsed.kind === 'aguinaldo' ? { ...parsed, periodStart: parsed.paymentDate, periodEnd: parsed.paymentDate } : parsed;
  const fields = validatePayrollDates(v);
  if (v.kind === 'aguinaldo' && v.aguinaldoDays != null) {
    const wrong = validateAguinaldoDays(v.aguinaldoDays);
    if (wrong) fields.aguinaldoDays = wrong;
  }
  if (Object.keys(fields).length) throw badInput(fields);
  const frequency: PayFrequency = isOrdinaryPayroll(v.kind) ? v.kind : v.frequency!;
  const periodDays = payrollPeriodDays(v.kind, v.periodStart, v.periodEnd);
  // Read before the transaction: the loader runs its queries in parallel, which one transaction's connection must not.
  const sets = await loadFiscalYearSets(db(ctx));
  const id = await db(ctx).transaction(async (tx) => {
    const params = fiscalFor(sets, v.paymentDate, (message) => badInput({ paymentDate: message }));
    const yearSet = sets.find((s) => s.year === params.tableYear)!;
    const employees = await data.eligibleEmployees(tx, frequency, v.periodEnd);
    if (!employees.length) throw badInput({ [isOrdinaryPayroll(v.kind) ? 'kind' : 'frequency']: MSG.noEmployees(frequency) });
    const employeeIds = employees.map((e) => e.id);
    const variableParts = await variablePartsOn(tx, v.paymentDate, employeeIds);
    if (isOrdinaryPayroll(v.kind)) {
      await data.lockPayrollPeriods(tx);
      const other = await data.overlappingOrdinaryPayroll(tx, { kind: v.kind, periodStart: v.periodStart, periodEnd: v.periodEnd, employeeIds });
      if (other) throw appError('CONFLICT', MSG.overlap(other, v.kind));
    }
    const year = Number(v.paymentDate.slice(0, 4));
    const aguinaldoDays = v.kind === 'aguinaldo' ? money(v.aguinaldoDays ?? yearSet.aguinaldoDays) : null;
    if (v.kind === 'aguinaldo') {
      await data.lockPayrollPeriods(tx);
      const other = await data.aguinaldoPayrollOf(tx, employeeIds, year);
      if (other) throw appError('CONFLICT', MSG.aguinaldoTwice(other, year));
    }
    // An extraordinary payroll starts with the days no closed ordinary payroll paid.
    const paid = v.kind === 'extraordinaria' ? await data.closedOrdinaryPeriods(tx, employeeIds, v.periodStart, v.periodEnd) : [];
    const folio = await nextFolio(tx, 'rh.payroll');
    const payrollId = await data.insertPayroll(tx, {
      folio,
      kind: v.kind,
      frequency,
      periodStart: v.periodStart,
      periodEnd: v.periodEnd,
      paymentDate: v.paymentDate,
      description: v.description,
      createdBy: ctx.auth?.id ?? null,
      aguinaldoDays,
      // The employer's choice (MX_FISCAL «Aguinaldo»): art. 174 unless told for the aguinaldo, art. 96 for an extraordinaria.
      isrMethod: v.kind === 'aguinaldo' ? (v.isrMethod ?? 'art174') : v.kind === 'extraordinaria' ? (v.isrMethod ?? 'art96') : null,
    });
    await data.insertPayrollEmployees(
      tx,
      payrollId,
      employees.map((e) => ({
        employeeId: e.id,
        number: e.number,
        // Payroll documents list people in capitals (PÉREZ LÓPEZ JUAN).
        name: e.name.toLocaleUpperCase('es-MX'),
        dailySalary: e.dailySalary,
        // SBC = SDI with the seniority at the payment date plus the variable part (LSS art. 30 fr. II) of the last
        // bimonthly update in force on the payment date (../sbc-variable). Kept whole (the CFDI's
        // SalarioDiarioIntegrado); the quotas and SalarioBaseCotApor cap it at 25 UMA where they use it.
        sbcDaily: sbcOf(yearSet, e.dailySalary, e.firstHireDate, v.paymentDate, variableParts.get(e.id)),
        minimumWageOnly: isMinimumWageOnly(e.dailySalary, e.wageZone, params.minimumWage),
        daysWorked:
          aguinaldoDays !== null
            ? aguinaldoPaidDays(aguinaldoDays, e.hireDate, v.paymentDate)
            : String(
                v.kind === 'extraordinaria'
                  ? unpaidDays(v, paid.filter((p) => p.employeeId === e.id), e.hireDate)
                  : employedDays(v.periodStart, v.periodEnd, periodDays, e.hireDate),
              ),
      })),
    );
    // Issue 28: overtime of crew days in the period reaches the incidencias once.
    const crewOvertime = isOrdinaryPayroll(v.kind) ? await claimCrewOvertime(tx, { id: payrollId, periodStart: v.periodStart, periodEnd: v.periodEnd }) : [];
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payrollId, action: 'create', after: { folio, ...v, frequency, aguinaldoDays, employees: employees.length, ...(crewOvertime.length ? { crewOvertime } : {}) } });
    return payrollId;
  });
  return found(await data.findPayroll(db(ctx), id), 'La nómina');
}

// ---- finiquito --------------------------------------------------------------------------

type SeparationArgs = { employee: data.SeparationEmployee; separation: data.PayrollSeparation; payrollId: number | null };

/** separation() for a baja: the employee's daily salary and zone, and the exempt aguinaldo and prima vacacional closed payrolls of the baja's year already used. */
async function separationFor(ex: Executor, sets: FiscalYearSet[], a: SeparationArgs): Promise<SeparationResult> {
  const year = Number(a.separation.separationDate.slice(0, 4));
  // One after the other: a transaction's connection runs one statement at a time.
  const aguinaldoUsed = await data.aguinaldoExemptUsed(ex, [a.employee.id], year, a.payrollId ?? 0, '002');
  const primaUsed = await data.aguinaldoExemptUsed(ex, [a.employee.id], year, a.payrollId ?? 0, '021');
  // Art. 84 LFT: the variable pay the bimonthly SBC update averaged integrates the salary for indemnities too.
  const variable = (await variablePartsOn(ex, a.separation.separationDate, [a.employee.id])).get(a.employee.id) ?? null;
  try {
    return separation(sets, {
      kind: a.separation.kind,
      hireDate: a.separation.hireDate,
      separationDate: a.separation.separationDate,
      dailySalary: a.employee.dailySalary,
      salaryOwedDays: a.separation.salaryOwedDays,
      pendingVacationDaysFromPastYears: a.separation.pendingVacationDaysFromPastYears,
      aguinaldoExemptUsedThisYear: aguinaldoUsed.get(a.employee.id) ?? '0',
      primaVacacionalExemptUsedThisYear: primaUsed.get(a.employee.id) ?? '0',
      twentyDaysPerYear: a.separation.twentyDaysPerYear,
      wageZone: a.employee.wageZone,
      otherDailyBenefits: variable,
    });
  } catch (err) {
    if (err instanceof CalculatorInputError) throw badInput(err.fields);
    if (err instanceof FiscalError) throw badInput({ paymentDate: err.message });
    throw err;
  }
}

/** The checked input and the baja it pays: the employee must be given baja; BAD_USER_INPUT per field otherwise. */
async function separationRequest(ex: Executor, sets: readonly FiscalYearSet[], employeeId: string, input: unknown, opts: { lock?: boolean } = {}) {
  const v = parseInput(separationPayrollInput, input);
  const employee = await data.separationEmployee(ex, Number(employeeId), opts);
  if (!employee) throw notFound('El empleado');
  if (employee.status !== 'baja' || !employee.terminationDate) throw badInput({ employeeId: PAYROLL_MSG.finiquitoNotTerminated });
  const fields = validateSeparationPayroll(v, employee.terminationDate);
  if (Object.keys(fields).length) throw badInput(fields);
  const sep: data.PayrollSeparation = {
    kind: v.kind,
    employeeId: employee.id,
    separationDate: employee.terminationDate,
    hireDate: employee.hireDate,
    salaryOwedDays: money(v.salaryOwedDays),
    pendingVacationDaysFromPastYears: money(v.pendingVacationDaysFromPastYears ?? (await vacations.pendingVacationDaysOn(ex, sets, employee, employee.terminationDate))),
    twentyDaysPerYear: v.twentyDaysPerYear,
  };
  return { v, employee, sep };
}

/** «Calcular finiquito»: what the payroll would pay, by the same separation() the calculation runs; writes nothing. */
export async function previewSeparationPayroll(ctx: RequestContext, employeeId: string, input: unknown): Promise<SeparationResult> {
  const sets = await loadFiscalYearSets(db(ctx));
  const { v, employee, sep } = await separationRequest(db(ctx), sets, employeeId, input);
  fiscalFor(sets, v.paymentDate, (message) => badInput({ paymentDate: message }));
  return separationFor(db(ctx), sets, { employee, separation: sep, payrollId: null });
}

/** A finiquito payroll for one terminated employee's baja, calculated at once (borrador → calculada). */
export async function createSeparationPayroll(ctx: RequestContext, employeeId: string, input: unknown) {
  const sets = await loadFiscalYearSets(db(ctx));
  const id = await db(ctx).transaction(async (tx) => {
    const { v, employee, sep } = await separationRequest(tx, sets, employeeId, input, { lock: true });
    const params = fiscalFor(sets, v.paymentDate, (message) => badInput({ paymentDate: message }));
    const yearSet = sets.find((s) => s.year === params.tableYear)!;
    await data.lockPayrollPeriods(tx);
    const other = await data.finiquitoPayrollOf(tx, employee.id, sep.separationDate);
    if (other) throw appError('CONFLICT', MSG.finiquitoTwice(other.folio, employee, sep.separationDate));
    const period = separationPeriod(sep.hireDate, sep.separationDate, sep.salaryOwedDays);
    // The salary days owed are paid once: not when an ordinary payroll of the employee already covers them.
    if (dec(sep.salaryOwedDays).gt(0)) {
      for (const kind of ['semanal', 'quincenal'] as const) {
        const paidBy = await data.overlappingOrdinaryPayroll(tx, { kind, periodStart: period.periodStart, periodEnd: period.periodEnd, employeeIds: [employee.id] });
        if (paidBy) throw badInput({ salaryOwedDays: MSG.salaryOwedInPayroll(paidBy, period) });
      }
    }
    const variableParts = await variablePartsOn(tx, sep.separationDate, [employee.id]);
    const folio = await nextFolio(tx, 'rh.payroll');
    const description = v.description || `Finiquito de ${employee.number} ${employee.name.toLocaleUpperCase('es-MX')}, baja ${formatDateMx(sep.separationDate)}`;
    const payrollId = await data.insertPayroll(tx, {
      folio,
      kind: 'finiquito',
      frequency: employee.payFrequency,
      ...period,
      paymentDate: v.paymentDate,
      description,
      createdBy: ctx.auth?.id ?? null,
      separation: sep,
    });
    await data.insertPayrollEmployees(tx, payrollId, [
      {
        employeeId: employee.id,
        number: employee.number,
        name: employee.name.toLocaleUpperCase('es-MX'),
        dailySalary: employee.dailySalary,
        // The SBC the worker had on the separation date, the day the seniority is counted to: fixed SDI + the
        // variable part of the bimonthly update in force then (an update effective after the baja never applied).
        sbcDaily: sbcOf(yearSet, employee.dailySalary, employee.firstHireDate, sep.separationDate, variableParts.get(employee.id)),
        minimumWageOnly: isMinimumWageOnly(employee.dailySalary, employee.wageZone, params.minimumWage),
        daysWorked: sep.salaryOwedDays,
      },
    ]);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payrollId, action: 'create', after: { folio, kind: 'finiquito', ...period, paymentDate: v.paymentDate, description, separation: sep } });
    const payroll = found(await data.findPayroll(tx, payrollId), 'La nómina');
    await calculateLocked(tx, payroll, sets);
    return payrollId;
  });
  return found(await data.findPayroll(db(ctx), id), 'La nómina');
}

/**
 * A finiquito payroll: separation() with the baja stored on the payroll. Lines: sueldo (001), aguinaldo (002),
 * vacaciones (001), prima vacacional (021) with their exempt parts; in a despido the indemnización and its
 * 20 días por año (025) and the prima de antigüedad (022) with the art. 93 fr. XIII exemption laid over them;
 * one ISR (002) = the ordinary ISR (art. 96) + art. 95. No IMSS or convenio installments.
 */
async function calculateFiniquitoLocked(tx: Executor, payroll: data.PayrollRow, sets: FiscalYearSet[], tableYear: number, systemId: (key: string) => number): Promise<CalcNotes> {
  const sep = payroll.separation!;
  const [e] = await data.payrollEmployees(tx, payroll.id);
  const employee = (await data.separationEmployee(tx, sep.employeeId))!;
  // The payroll's snapshot of the daily salary, as every other payroll pays.
  const r = await separationFor(tx, sets, { employee: { ...employee, dailySalary: e.dailySalary }, separation: sep, payrollId: payroll.id });
  const lines: data.NewLine[] = [];
  const daily = money(e.dailySalary);
  const line = (key: string, amount: string, exempt: string, description: string, quantity: string | null = null) => {
    if (dec(amount).gt(0)) lines.push({ payrollEmployeeId: e.id, conceptId: systemId(key), source: 'calculo', agreementId: null, description, amount, taxable: money(dec(amount).minus(exempt)), exempt, quantity });
  };
  line('SUELDO', r.salaryOwed, '0.00', `${daily} × ${dec(sep.salaryOwedDays).toFixed()} días devengados`, sep.salaryOwedDays);
  line('AGUINALDO', r.aguinaldoProp, r.exemptAguinaldo, 'Aguinaldo proporcional a la baja');
  line('VACACIONES', r.vacations, '0.00', 'Vacaciones pendientes y proporcionales');
  line('PRIMA_VACACIONAL', r.primaVacacional, r.exemptPrimaVacacional, 'Prima vacacional de esas vacaciones');
  const keys = { indemnizacion3Meses: 'INDEMNIZACION', veinteDiasPorAnio: 'INDEMNIZACION_20_DIAS', primaAntiguedad: 'PRIMA_ANTIGUEDAD' } as const;
  const texts = { indemnizacion3Meses: '90 días de salario integrado', veinteDiasPorAnio: '20 días de salario integrado por año de servicio', primaAntiguedad: '12 días por año de servicio' } as const;
  for (const part of r.separationParts) line(keys[part.key], part.amount, part.exempt, texts[part.key]);
  if (dec(r.isrTotal).gt(0)) {
    lines.push({ payrollEmployeeId: e.id, conceptId: systemId('ISR'), source: 'calculo', agreementId: null, description: `Ordinario ${r.isrOrdinary} + art. 95 ${r.isrArt95}`, amount: r.isrTotal, taxable: '0.00', exempt: '0.00', quantity: null });
  }
  await storeCalculation(tx, payroll.id, tableYear, lines, [
    {
      id: e.id,
      perceptions: r.total,
      taxable: r.taxableTotal,
      exempt: r.exemptTotal,
      isr: r.isrTotal,
      subsidy: '0.00',
      isrWithheld: r.isrTotal,
      imssEmployee: '0.00',
      deductions: r.isrTotal,
      otherPayments: '0.00',
      net: r.net,
      fiscalTrace: r.steps,
    },
  ]);
  return {};
}

// ---- incidents --------------------------------------------------------------------------

export type IncidentValues = ReturnType<typeof incidentInput.parse>;

/** The incidencias of one employee of a payroll checked (BAD_USER_INPUT per field), for the editor and for «Corregir recibo». */
export async function checkIncident(tx: Executor, payroll: data.PayrollRow, pe: data.PayrollEmployeeRow, v: IncidentValues): Promise<void> {
  const peId = pe.id;
  if (payroll.kind === 'aguinaldo') throw appError('CONFLICT', MSG.aguinaldoNoIncidents);
  if (payroll.kind === 'finiquito') throw appError('CONFLICT', MSG.finiquitoNoIncidents);
  if (payroll.kind === 'ptu') throw appError('CONFLICT', MSG.ptuNoIncidents);
  const fields: FieldMessages = validateIncident(v, payrollPeriodDays(payroll.kind, payroll.periodStart, payroll.periodEnd));
  const floor = await crewOvertimeFloor(tx, peId);
  if (!fields.overtimeDoubleHours && dec(v.overtimeDoubleHours).lt(floor.doubleHours)) fields.overtimeDoubleHours = MSG.crewOvertimeFloor(dec(floor.doubleHours).toFixed(), 'dobles');
  if (!fields.overtimeTripleHours && dec(v.overtimeTripleHours).lt(floor.tripleHours)) fields.overtimeTripleHours = MSG.crewOvertimeFloor(dec(floor.tripleHours).toFixed(), 'triples');
  if (!fields.overtimeDoubleDays && v.overtimeDoubleDays < floor.doubleDays) fields.overtimeDoubleDays = MSG.crewOvertimeDaysFloor(floor.doubleDays, 'dobles');
  if (!fields.overtimeTripleDays && v.overtimeTripleDays < floor.tripleDays) fields.overtimeTripleDays = MSG.crewOvertimeDaysFloor(floor.tripleDays, 'triples');
  if (payroll.kind === 'extraordinaria' && !fields.daysWorked) {
    const paid = await data.closedOrdinaryPeriods(tx, [pe.employeeId], payroll.periodStart, payroll.periodEnd);
    const limit = unpaidDays(payroll, paid);
    if (dec(v.daysWorked).gt(limit)) fields.daysWorked = MSG.daysAlreadyPaid(limit, paid[0]);
  }
  // Sundays and rest days worked (issue 27): inside the period, from the hire date, once, and in no other payroll.
  const hireDate = (await data.employeeFiles(tx, [pe.employeeId])).get(pe.employeeId)?.hireDate ?? null;
  Object.assign(fields, validateRestDaysWorked(v, { periodStart: payroll.periodStart, periodEnd: payroll.periodEnd, hireDate }));
  const days = [...v.sundaysWorked.map((date) => ({ kind: 'domingo' as const, date })), ...v.restDaysWorked.map((date) => ({ kind: 'descanso' as const, date }))];
  for (const t of await data.restDaysWorkedElsewhere(tx, pe.employeeId, peId, days)) {
    const key = t.kind === 'domingo' ? 'sundaysWorked' : 'restDaysWorked';
    const i = v[key].indexOf(t.date);
    fields[`${key}.${i}`] ??= MSG.restDayTaken(t);
  }
  const concepts = await data.conceptsByIds(tx, v.extras.map((x) => x.conceptId));
  const seen = new Set<number>();
  v.extras.forEach((x, i) => {
    const c = concepts.get(x.conceptId);
    const key = `extras.${i}.conceptId`;
    if (!c) fields[key] = MSG.conceptMissing;
    else if (c.systemKey) fields[key] = MSG.conceptSystem;
    else if (!c.active) fields[key] = MSG.conceptInactive;
    else if (seen.has(x.conceptId)) fields[key] = MSG.conceptRepeated;
    seen.add(x.conceptId);
  });
  if (Object.keys(fields).length) throw badInput(fields);
}

/** The Sundays and rest days worked of checked incidencias; a day another payroll took meanwhile is a CONFLICT (the unique index). */
export async function storeRestDaysWorked(tx: Executor, pe: { id: number; employeeId: number }, v: IncidentValues): Promise<void> {
  try {
    await data.replaceRestDaysWorked(tx, pe, v);
  } catch (err) {
    if (isUniqueViolation(err, 'rh_payroll_rest_days_worked_uq')) throw appError('CONFLICT', MSG.restDayRace);
    throw err;
  }
}

export async function saveIncident(ctx: RequestContext, payrollEmployeeId: string, input: unknown) {
  const v = parseInput(incidentInput, input);
  const peId = Number(payrollEmployeeId);
  await db(ctx).transaction(async (tx) => {
    const pe = await data.findPayrollEmployee(tx, peId);
    if (!pe) throw notFound('El empleado de la nómina');
    const payroll = found(await data.findPayroll(tx, pe.payrollId, { lock: true }), 'La nómina');
    if (payroll.status === 'cerrada') throw appError('CONFLICT', MSG.closed);
    await checkIncident(tx, payroll, pe, v);
    await data.updateIncident(tx, peId, v);
    await storeRestDaysWorked(tx, pe, v);
    await data.replaceCapturedLines(tx, peId, v.extras.map((x) => ({ conceptId: x.conceptId, amount: money(x.amount), description: x.description })));
    await data.backToDraft(tx, payroll.id);
    await writeAudit(tx, actorOf(ctx), {
      entity: 'rh_payroll',
      entityId: payroll.id,
      action: 'incident',
      before: {
        employeeId: pe.employeeId,
        daysWorked: pe.daysWorked,
        absences: pe.absences,
        overtimeDoubleHours: pe.overtimeDoubleHours,
        overtimeTripleHours: pe.overtimeTripleHours,
        overtimeDoubleDays: pe.overtimeDoubleDays,
        overtimeTripleDays: pe.overtimeTripleDays,
        sundaysWorked: pe.sundaysWorked,
        restDaysWorked: pe.restDaysWorked,
      },
      after: { employeeId: pe.employeeId, ...v },
    });
  });
  const saved = found(await data.findPayrollEmployee(db(ctx), peId), 'El empleado de la nómina');
  return { ...saved, lines: await data.linesOfEmployee(db(ctx), peId) };
}

// ---- calculate --------------------------------------------------------------------------

/** Stores what a calculation posted: the lines (all of them again), each employee's results and the payroll's totals. */
async function storeCalculation(tx: Executor, payrollId: number, tableYear: number, lines: data.NewLine[], results: data.EmployeeResult[]): Promise<void> {
  await data.deleteAllLines(tx, payrollId);
  await data.insertLines(tx, lines);
  await data.updateEmployeeResults(tx, results);
  await data.setCalculated(tx, payrollId, {
    tableYear,
    perceptions: money(sum(results.map((r) => r.perceptions))),
    deductions: money(sum(results.map((r) => r.deductions))),
    otherPayments: money(sum(results.map((r) => r.otherPayments))),
    net: money(sum(results.map((r) => r.net))),
  });
}

/** What a lump-sum receipt (aguinaldo, PTU) pays: one perception with its exempt part, and its ISR. */
type LumpSum = { amount: string; taxable: string; exempt: string; isr: string; fiscalTrace: { label: string; amount: string }[] };

/** A lump-sum receipt's results: its perception and ISR only (no IMSS, subsidio, convenios or other payments); net = amount − ISR. */
const lumpSumResult = (id: number, r: LumpSum): data.EmployeeResult => ({
  id,
  perceptions: r.amount,
  taxable: r.taxable,
  exempt: r.exempt,
  isr: r.isr,
  subsidy: '0.00',
  isrWithheld: r.isr,
  imssEmployee: '0.00',
  deductions: r.isr,
  otherPayments: '0.00',
  net: money(dec(r.amount).minus(r.isr)),
  fiscalTrace: r.fiscalTrace,
});

/** A lump-sum receipt's lines (its system concept with the exempt/taxable split, and the ISR when there is one) and results. */
function lumpSumReceipt(
  payrollEmployeeId: number,
  concepts: { conceptId: number; isrConceptId: number },
  r: LumpSum & { description: string; quantity: string },
): { lines: data.NewLine[]; result: data.EmployeeResult } {
  const lines: data.NewLine[] = [
    { payrollEmployeeId, conceptId: concepts.conceptId, source: 'calculo', agreementId: null, description: r.description, amount: r.amount, taxable: r.taxable, exempt: r.exempt, quantity: r.quantity },
  ];
  if (dec(r.isr).gt(0)) lines.push({ payrollEmployeeId, conceptId: concepts.isrConceptId, source: 'calculo', agreementId: null, description: '', amount: r.isr, taxable: '0.00', exempt: '0.00', quantity: null });
  return { lines, result: lumpSumResult(payrollEmployeeId, r) };
}

/**
 * An aguinaldo payroll: for each employee aguinaldo() (the calculator's function) with the payroll's days and
 * ISR method, the hire date of the current employment, and the exempt aguinaldo other closed payrolls of the
 * year already used. Lines: the aguinaldo (SAT 002, exempt/taxable) and its ISR; nothing else.
 */
async function calculateAguinaldoLocked(tx: Executor, payroll: data.PayrollRow, sets: FiscalYearSet[], tableYear: number, systemId: (key: string) => number): Promise<CalcNotes> {
  const employees = await data.payrollEmployees(tx, payroll.id);
  const ids = employees.map((e) => e.employeeId);
  const year = Number(payroll.paymentDate.slice(0, 4));
  // One after the other: a transaction's connection runs one statement at a time.
  const files = await data.employeeFiles(tx, ids);
  const used = await data.aguinaldoExemptUsed(tx, ids, year, payroll.id);
  const lines: data.NewLine[] = [];
  const results: data.EmployeeResult[] = [];
  const removed: string[] = [];
  const daysOf: { id: number; days: string }[] = [];
  for (const e of employees) {
    const file = files.get(e.employeeId)!;
    // Given baja on or before the payment date (or rehired after it): not employed when it is paid.
    if ((file.terminationDate && file.terminationDate <= payroll.paymentDate) || file.hireDate > payroll.paymentDate) {
      await data.removePayrollEmployee(tx, e.id);
      removed.push(`${e.employeeNumber} ${e.employeeName}`);
      continue;
    }
    const r = aguinaldo(sets, {
      dailySalary: e.dailySalary,
      hireDate: file.hireDate,
      paymentDate: payroll.paymentDate,
      aguinaldoDays: payroll.aguinaldoDays!,
      exemptUsedThisYear: used.get(e.employeeId) ?? '0',
      wageZone: file.wageZone,
      isrMethod: payroll.isrMethod,
    });
    const days = aguinaldoPaidDays(payroll.aguinaldoDays!, file.hireDate, payroll.paymentDate);
    daysOf.push({ id: e.id, days });
    const receipt = lumpSumReceipt(e.id, { conceptId: systemId('AGUINALDO'), isrConceptId: systemId('ISR') }, {
      amount: r.amount,
      taxable: r.taxable,
      exempt: r.exempt,
      isr: r.isr,
      description: `${money(e.dailySalary)} × ${dec(payroll.aguinaldoDays!).toFixed()} días × ${r.daysInYear} ÷ ${YEAR_DAYS}`,
      quantity: days,
      fiscalTrace: r.steps,
    });
    lines.push(...receipt.lines);
    results.push(receipt.result);
  }
  await data.setDaysWorked(tx, daysOf);
  await storeCalculation(tx, payroll.id, tableYear, lines, results);
  await clearPayrollQuotas(tx, payroll.id);
  return { removedEmployees: removed };
}

/**
 * A PTU payroll: each worker's days in the ejercicio again (the history may have changed), who is not entitled
 * (marked by a person, or eventual under 60 days), the salary of the year, the 3-year average of the closed PTU
 * payrolls and the PTU exemption the payment's year already used; then ptuPayroll() for those who take part.
 * Lines: the PTU (SAT 003, exempt/taxable) and its ISR. A worker who does not take part keeps a receipt of 0.00
 * with the reason; the close excludes it from the stamping.
 */
async function calculatePtuLocked(tx: Executor, payroll: data.PayrollRow, sets: FiscalYearSet[], tableYear: number, systemId: (key: string) => number): Promise<CalcNotes> {
  const year = payroll.ptuYear!;
  const employees = await data.payrollEmployees(tx, payroll.id);
  const ids = employees.map((e) => e.employeeId);
  // One after the other: a transaction's connection runs one statement at a time.
  const candidates = new Map((await data.ptuCandidates(tx, year, payroll.paymentDate)).map((c) => [c.id, c]));
  const sueldo = await data.sueldoOfYear(tx, ids, year);
  const previous = await data.ptuOfPreviousYears(tx, ids, year);
  const used = await data.aguinaldoExemptUsed(tx, ids, Number(payroll.paymentDate.slice(0, 4)), payroll.id, '003');
  const taking: { e: data.PayrollEmployeeRow; days: number; notes: { label: string; amount: string }[] }[] = [];
  const results: data.EmployeeResult[] = [];
  const zero = (e: data.PayrollEmployeeRow, reason: string, days: number): data.EmployeeResult =>
    lumpSumResult(e.id, { amount: '0.00', taxable: '0.00', exempt: '0.00', isr: '0.00', fiscalTrace: [{ label: reason, amount: '0.00' }, { label: `Días trabajados en el ejercicio ${year}`, amount: String(days) }] });
  const workers: PtuWorkerInput[] = [];
  const daysOf: { id: number; days: string }[] = [];
  for (const e of employees) {
    const c = candidates.get(e.employeeId);
    const days = c ? ptuDays(c, year) : 0;
    daysOf.push({ id: e.id, days: String(days) });
    if (e.ptuExcluded) results.push(zero(e, MSG.ptuExcluded, days));
    else if (c?.contractType && EVENTUAL_CONTRACT_TYPES.includes(c.contractType) && days < PTU_EVENTUAL_MIN_DAYS) results.push(zero(e, MSG.ptuEventual(days), days));
    else if (days === 0) results.push(zero(e, MSG.ptuNoWorkers(year), days));
    else {
      // Salary of the year: what the closed payrolls paid as sueldo, plus the daily salary × the days no closed payroll covered.
      const paidBy = sueldo.get(e.employeeId) ?? null;
      // Days employed that no closed payroll covered (its days include its faltas): paid at the daily salary, less enfermedad general days (not paid, art. 42 LFT).
      const employed = c ? ptuEmployedDays(c, year) : 0;
      const uncovered = Decimal.max(0, dec(employed).minus(paidBy?.days ?? 0).minus(c?.illnessDays ?? 0));
      const salary = money(dec(paidBy?.amount ?? 0).plus(dec(e.dailySalary).times(uncovered)));
      const received = previous.received.get(e.employeeId) ?? '0';
      const average = previous.years ? money(dec(received).dividedBy(previous.years)) : null;
      workers.push({
        key: e.employeeNumber,
        dailySalary: e.dailySalary,
        daysWorked: days,
        salaryOfYear: salary,
        averageLastThreeYears: average,
        exemptUsedThisYear: used.get(e.employeeId) ?? '0',
        // Art. 127 fr. II LFT: ptu() caps a confidence worker's salary of the year (its step in the trace says how).
        trustWorker: c?.trustWorker ?? false,
      });
      taking.push({
        e,
        days,
        notes: [
          {
            label: `Días trabajados en el ejercicio ${year} = ${employed} días de alta (historial de altas, bajas y reingresos) − ${dec(c?.absences ?? 0).toFixed()} faltas de las nóminas cerradas − ${c?.illnessDays ?? 0} días de incapacidad por enfermedad general (riesgo de trabajo y maternidad cuentan, art. 127 fr. IV LFT)`,
            amount: String(days),
          },
          paidBy
            ? {
                label: `Salario del año = sueldo de las nóminas cerradas del ${year} (${money(paidBy.amount)} por ${dec(paidBy.days).toFixed()} días) + ${money(e.dailySalary)} × ${uncovered.toFixed()} días sin nómina cerrada${c?.illnessDays ? ` ni incapacidad por enfermedad general (${c.illnessDays} días sin salario, art. 42 LFT)` : ''} (art. 124 LFT: solo cuota diaria)`,
                amount: salary,
              }
            : { label: `Salario del año = ${money(e.dailySalary)} × ${uncovered.toFixed()} días (sin nóminas cerradas del ${year}; art. 124 LFT: solo cuota diaria)`, amount: salary },
          average !== null
            ? { label: `Promedio de PTU recibida: ${money(received)} ÷ ${previous.years} ejercicios con nómina de PTU cerrada (de ${year - 3} a ${year - 1})`, amount: average }
            : { label: `Sin nóminas de PTU cerradas de ${year - 3} a ${year - 1}: el tope es de 90 días de salario`, amount: '0.00' },
        ],
      });
    }
  }
  await data.setDaysWorked(tx, daysOf);
  if (!workers.length) throw appError('CONFLICT', MSG.ptuNobody);
  let split: ReturnType<typeof ptuPayroll>;
  try {
    split = ptuPayroll(sets, { amount: payroll.ptuAmount!, paymentDate: payroll.paymentDate, isrMethod: payroll.isrMethod ?? 'art174', workers });
  } catch (err) {
    if (err instanceof CalculatorInputError) throw appError('CONFLICT', err.message);
    throw err;
  }
  const lines: data.NewLine[] = [];
  split.workers.forEach((r, i) => {
    const { e, days, notes } = taking[i];
    const salary = workers[i].salaryOfYear!;
    const counted = money(r.salaryCounted);
    const receipt = lumpSumReceipt(e.id, { conceptId: systemId('PTU'), isrConceptId: systemId('ISR') }, {
      amount: r.paid,
      taxable: r.taxable,
      exempt: r.exempt,
      isr: r.isr,
      description: `Ejercicio ${year}: ${days} días, salario del año ${money(salary)}${counted === money(salary) ? '' : ` (de confianza: cuenta ${counted}, art. 127 fr. II LFT)`}`,
      quantity: String(days),
      fiscalTrace: [...notes, ...r.steps],
    });
    lines.push(...receipt.lines);
    results.push(receipt.result);
  });
  await storeCalculation(tx, payroll.id, tableYear, lines, results);
  await clearPayrollQuotas(tx, payroll.id);
  return {};
}

/** What a calculation tells the audit besides the totals. */
type CalcNotes = { removedEmployees?: string[] };

/** The ISR, subsidio and IMSS of one receipt, by the tables of the payment date; IMSS on the receipt's quota days. */
const taxOf =
  (sets: FiscalYearSet[], payroll: data.PayrollRow, e: data.PayrollEmployeeRow, imssDays: string) =>
  (taxableIncome: string, days: number): TaxOutcome => {
    // A minimum-wage worker earns at most the minimum wage of their zone: their own daily salary is the exempt minimum wage.
    // An extraordinaria calls this for its salary days only (splitTax), which alone cause the subsidy.
    return payrollTax(sets, { paymentDate: payroll.paymentDate, period: taxPeriodOf(payroll.frequency!), taxableIncome, sbcDaily: e.sbcDaily, days, imssDays: Number(imssDays), minimumWageOnly: e.minimumWageOnly, minimumWageDaily: e.dailySalary });
  };

/**
 * A receipt's SBC: the fixed SDI with the seniority at `date` plus the variable part of the bimonthly update
 * in force then (LSS art. 30 fr. II–III, ../sbc-variable). Kept whole; the quotas and SalarioBaseCotApor cap it.
 */
function sbcOf(yearSet: FiscalYearSet, dailySalary: string, firstHireDate: string, date: string, variableDaily: string | undefined): string {
  return money(dec(sdiFor(yearSet, dailySalary, yearsOfService(firstHireDate, date)).sdi).plus(variableDaily ?? 0));
}

/**
 * An extraordinaria's ISR on its perceptions other than the salary days (issue 27), by the employer's method:
 * art. 96 (the default) added to the period's ordinary income, daily salary × the period's days, with the
 * period's tariff and subsidy rules (MX_FISCAL «Aguinaldo» (a); a minimum-wage worker's ordinary income is
 * exempt and causes no subsidy); or RLISR art. 174 on the monthly ordinary income daily salary × 30.4 («Aguinaldo» (b)).
 */
const extraordinaryIsrOf = (sets: FiscalYearSet[], payroll: data.PayrollRow, e: data.PayrollEmployeeRow): EmployeeCalcInput['extraordinaryIsr'] => {
  if (payroll.kind !== 'extraordinaria') return undefined;
  const params = fiscalParametersFor(sets, payroll.paymentDate);
  const concept = 'de las percepciones extraordinarias';
  if (payroll.isrMethod === 'art174') {
    return {
      method: 'art. 174 RLISR',
      isr: (taxable) => {
        const monthly = dec(e.dailySalary).times(LISR_MONTH_DAYS);
        const r = isrArt174(params.tariffs.MENSUAL, taxable, monthly, concept);
        return { isr: r.isr, steps: [{ label: `Ingreso ordinario mensual = ${money(e.dailySalary)} × ${LISR_MONTH_DAYS}`, amount: monthly.toFixed() }, ...r.steps] };
      },
    };
  }
  const period = taxPeriodOf(payroll.frequency!);
  const days = periodDays(period, payroll.paymentDate).subsidyDays;
  return {
    method: 'art. 96 LISR sumadas al ingreso ordinario del periodo',
    isr: (taxable) => {
      const ordinary = e.minimumWageOnly ? dec(0) : dec(e.dailySalary).times(days);
      const r = isrArt96Accumulated(params, taxable, ordinary, concept, { subsidy: !e.minimumWageOnly, period: { tariff: params.tariffs[period], days, name: 'periodo' } });
      const base = e.minimumWageOnly
        ? { label: 'Ingreso ordinario del periodo: salario mínimo, exento (art. 93 fr. I LISR)', amount: '0.00' }
        : { label: `Ingreso ordinario del periodo = ${money(e.dailySalary)} × ${days} días`, amount: money(ordinary) };
      return { isr: r.isr, steps: [base, ...r.steps] };
    },
  };
};

type ReceiptDays = { incapacity: IncapacityEffect; imssDays: string; paidDaysWorked: string };

/**
 * A receipt's days: the days worked less the IMSS incapacity days inside the period (not paid, LFT art. 42)
 * and the IMSS quota days (the period's calendar days less every day not paid).
 */
function receiptDays(payroll: data.PayrollRow, periodDays: number, hireDate: string, certificates: readonly Incapacity[], daysWorked: string, absences: string): ReceiptDays {
  const incapacity = incapacityEffect(certificates, payroll.periodStart, payroll.periodEnd);
  return {
    incapacity,
    imssDays: imssQuotaDays({ periodStart: payroll.periodStart, periodEnd: payroll.periodEnd, periodDays, hireDate, daysWorked, absences, incapacityDays: incapacity.imssDaysOut }),
    paidDaysWorked: incapacityPaidDays(daysWorked, incapacity.unpaidDays, payroll.periodStart, payroll.periodEnd, hireDate),
  };
}

/** receiptDays of these receipts, their hire dates and certificates read from the database. */
async function receiptDaysOf(tx: Executor, payroll: data.PayrollRow, receipts: readonly { id: number; employeeId: number; daysWorked: string; absences: string }[]): Promise<Map<number, ReceiptDays>> {
  const periodDays = payrollPeriodDays(payroll.kind, payroll.periodStart, payroll.periodEnd);
  const ids = receipts.map((r) => r.employeeId);
  const files = await data.employeeFiles(tx, ids);
  const certificates = await incapacities.activeInPeriod(tx, ids, payroll.periodStart, payroll.periodEnd);
  return new Map(
    receipts.map((r) => [
      r.id,
      receiptDays(payroll, periodDays, files.get(r.employeeId)?.hireDate ?? payroll.periodStart, certificates.filter((c) => c.employeeId === r.employeeId), r.daysWorked, r.absences),
    ]),
  );
}

/**
 * «Corregir recibo» (substitution.ts): one receipt of a closed ordinary or extraordinary payroll,
 * its incidencias already replaced, calculated again by calculateEmployee. What the close already
 * settled stays as it was: the convenio installments it applied and the prima vacacional it paid go
 * in with their closed amounts. Stores the receipt's lines and results, the payroll's totals and
 * (ordinary payrolls) the employer quotas and state payroll tax of every receipt again.
 */
export async function recalculateReceipt(tx: Executor, payroll: data.PayrollRow, sets: FiscalYearSet[], payrollEmployeeId: number): Promise<data.PayrollEmployeeRow> {
  const params = fiscalFor(sets, payroll.paymentDate, (message) => appError('CONFLICT', message));
  const conceptIds = await data.systemConceptIds(tx);
  const e = found(await data.findPayrollEmployee(tx, payrollEmployeeId), 'El recibo');
  const closedLines = await data.linesOfEmployee(tx, payrollEmployeeId);
  const captured = (await data.capturedLinesOfPayroll(tx, payroll.id)).filter((c) => c.payrollEmployeeId === payrollEmployeeId);
  const kindOf = (systemKey: string | null) => (Object.entries(AGREEMENT_CONCEPT) as [AgreementKind, string][]).find(([, key]) => key === systemKey)?.[0] ?? 'descuento';
  const convenios = closedLines.filter((l) => l.source === 'convenio' && l.agreementId);
  const all = await data.payrollEmployees(tx, payroll.id);
  const days = await receiptDaysOf(tx, payroll, all);
  const own = days.get(payrollEmployeeId)!;
  const r = calculateEmployee({
    dailySalary: e.dailySalary,
    minimumWageOnly: e.minimumWageOnly,
    daysWorked: own.paidDaysWorked,
    absences: e.absences,
    overtimeDoubleHours: e.overtimeDoubleHours,
    overtimeTripleHours: e.overtimeTripleHours,
    sundaysWorked: e.sundaysWorked,
    restDaysWorked: e.restDaysWorked,
    periodDays: payrollPeriodDays(payroll.kind, payroll.periodStart, payroll.periodEnd),
    umaDaily: params.uma.daily,
    extras: captured,
    computed: closedLines
      .filter((l) => l.source === 'calculo' && l.systemKey === 'PRIMA_VACACIONAL')
      .map((l) => ({ systemKey: 'PRIMA_VACACIONAL' as const, amount: l.amount, taxable: l.taxable, exempt: l.exempt, quantity: l.quantity, description: l.description })),
    // The installment the close applied (installment = balance = the amount deducted), its line's text kept below.
    agreements: convenios.map((l) => ({ agreementId: l.agreementId!, folio: 0, kind: kindOf(l.systemKey), installment: l.amount, balance: l.amount })),
    imssDays: own.imssDays,
    tax: taxOf(sets, payroll, e, own.imssDays),
    extraordinaryIsr: extraordinaryIsrOf(sets, payroll, e),
  });
  const closedText = new Map(convenios.map((l) => [l.agreementId!, l.description]));
  await data.replaceEmployeeLines(
    tx,
    payrollEmployeeId,
    r.lines.map((l) => ({
      payrollEmployeeId,
      conceptId: l.conceptId ?? conceptIds.get(l.systemKey!)!,
      source: l.source,
      agreementId: l.agreementId,
      description: l.agreementId ? (closedText.get(l.agreementId) ?? l.description) : l.description,
      amount: l.amount,
      taxable: l.taxable,
      exempt: l.exempt,
      quantity: l.quantity,
    })),
  );
  await data.updateEmployeeResults(tx, [{ id: payrollEmployeeId, ...r }]);
  await data.refreshPayrollTotals(tx, payroll.id);
  if (isOrdinaryPayroll(payroll.kind)) {
    const fresh = await data.payrollEmployees(tx, payroll.id);
    await storePayrollQuotas(
      tx,
      payroll,
      sets,
      fresh.map((x) => {
        const d = days.get(x.id)!;
        return { payrollEmployeeId: x.id, employeeId: x.employeeId, sbcDaily: x.sbcDaily, paidDays: dec(d.paidDaysWorked).minus(x.absences).toString(), imssDays: d.imssDays, incapacityDays: d.incapacity.imssDaysOut, taxable: x.taxable };
      }),
    );
  }
  return found(await data.findPayrollEmployee(tx, payrollEmployeeId), 'El recibo');
}

/** Calculates every employee of a locked, open payroll and stores lines, results, trace and totals. */
async function calculateLocked(tx: Executor, payroll: data.PayrollRow, sets: FiscalYearSet[]): Promise<CalcNotes> {
  const params = fiscalFor(sets, payroll.paymentDate, (message) => appError('CONFLICT', message));
  const conceptIds = await data.systemConceptIds(tx);
  const systemId = (key: string) => {
    const id = conceptIds.get(key);
    if (!id) throw new Error(`rh-payroll: missing system concept ${key} (seedBase did not run)`);
    return id;
  };
  if (payroll.kind === 'aguinaldo') return calculateAguinaldoLocked(tx, payroll, sets, params.tableYear, systemId);
  if (payroll.kind === 'finiquito') return calculateFiniquitoLocked(tx, payroll, sets, params.tableYear, systemId);
  if (payroll.kind === 'ptu') return calculatePtuLocked(tx, payroll, sets, params.tableYear, systemId);
  const periodDays = payrollPeriodDays(payroll.kind, payroll.periodStart, payroll.periodEnd);
  const employees = await data.payrollEmployees(tx, payroll.id);
  const captured = new Map<number, CapturedExtra[]>();
  for (const c of await data.capturedLinesOfPayroll(tx, payroll.id)) {
    const list = captured.get(c.payrollEmployeeId) ?? [];
    list.push({ conceptId: c.conceptId, kind: c.kind, taxableRule: c.taxableRule, exemptUma: c.exemptUma, amount: c.amount, description: c.description });
    captured.set(c.payrollEmployeeId, list);
  }
  const dueRows = await agreements.dueAgreements(tx, employees.map((e) => e.employeeId), payroll.periodEnd);
  // An extraordinary payroll pays neither the days nor the installments a closed ordinary one already paid.
  const extraordinary = payroll.kind === 'extraordinaria';
  const paid = extraordinary ? await data.closedOrdinaryPeriods(tx, employees.map((e) => e.employeeId), payroll.periodStart, payroll.periodEnd) : [];
  const taken = extraordinary ? await data.installmentsTakenInPeriod(tx, dueRows.map((a) => a.id), payroll.periodStart, payroll.periodEnd) : new Map<number, data.TakenInstallment>();
  const notes = new Map<number, { label: string; amount: string }[]>();
  const note = (employeeId: number, label: string, amount: string) => notes.set(employeeId, [...(notes.get(employeeId) ?? []), { label, amount }]);
  const calendarDays = unpaidDays(payroll, []);
  for (const p of paid) note(p.employeeId, `Días del periodo ya pagados en ${payrollReference(p)}`, String(calendarDays - unpaidDays(payroll, [p])));
  const due = new Map<number, AgreementDue[]>();
  for (const a of dueRows) {
    const tookIt = taken.get(a.id);
    if (tookIt) {
      note(a.employeeId, `Convenio ${a.folio}: su abono del periodo ya lo tomó ${payrollReference(tookIt)}; no se descuenta otra vez`, '0.00');
      continue;
    }
    const list = due.get(a.employeeId) ?? [];
    list.push({ agreementId: a.id, folio: a.folio, kind: a.kind, installment: a.installment, balance: a.balance, method: a.method, rate: a.rate });
    due.set(a.employeeId, list);
  }

  // Issue 27: the prima vacacional of approved vacations starting in the period, each request paid once.
  const primas = isOrdinaryPayroll(payroll.kind) ? await vacationPrimas(tx, payroll, sets, employees) : new Map<number, never>();
  const files = await data.employeeFiles(tx, employees.map((e) => e.employeeId));
  // IMSS incapacity certificates touching the period: their days are not paid and are out of the IMSS days but retiro.
  const certificates = await incapacities.activeInPeriod(tx, employees.map((e) => e.employeeId), payroll.periodStart, payroll.periodEnd);
  const lines: data.NewLine[] = [];
  const results: data.EmployeeResult[] = [];
  const quotaSubjects: QuotaSubject[] = [];
  for (const e of employees) {
    let { daysWorked, absences } = e;
    if (extraordinary) {
      // Days captured before an ordinary payroll of the period closed: only the days it did not pay remain.
      const limit = unpaidDays(payroll, paid.filter((p) => p.employeeId === e.employeeId));
      if (dec(daysWorked).gt(limit)) {
        daysWorked = String(limit);
        if (dec(absences).gt(limit)) absences = String(limit);
        await data.updateIncident(tx, e.id, { daysWorked, absences, overtimeDoubleHours: e.overtimeDoubleHours, overtimeTripleHours: e.overtimeTripleHours, overtimeDoubleDays: e.overtimeDoubleDays, overtimeTripleDays: e.overtimeTripleDays });
      }
    }
    const hireDate = files.get(e.employeeId)?.hireDate ?? payroll.periodStart;
    const { incapacity, imssDays, paidDaysWorked } = receiptDays(payroll, periodDays, hireDate, certificates.filter((c) => c.employeeId === e.employeeId), daysWorked, absences);
    for (const n of incapacity.nodes) {
      note(e.employeeId, `Incapacidad IMSS ${n.folio} (${INCAPACITY_TYPE_LABEL[n.type]}): ${n.days} ${n.days === 1 ? 'día' : 'días'} del periodo sin sueldo (art. 42 LFT) y fuera de los días cotizados, menos retiro e INFONAVIT (art. 31 fr. IV LSS)`, String(n.days));
    }
    const r = calculateEmployee({
      dailySalary: e.dailySalary,
      minimumWageOnly: e.minimumWageOnly,
      daysWorked: paidDaysWorked,
      absences,
      overtimeDoubleHours: e.overtimeDoubleHours,
      overtimeTripleHours: e.overtimeTripleHours,
      sundaysWorked: e.sundaysWorked,
      restDaysWorked: e.restDaysWorked,
      periodDays,
      umaDaily: params.uma.daily,
      extras: captured.get(e.id) ?? [],
      computed: primas.get(e.id)?.computed,
      agreements: due.get(e.employeeId) ?? [],
      // INFONAVIT porcentaje convenios: the SBC as the IMSS/INFONAVIT quotas take it, capped at 25 UMA (SUA practice; unconfirmed for amortizations).
      sbcDaily: money(Decimal.min(e.sbcDaily, dec(params.uma.daily).times(params.sbcCapUma))),
      imssDays,
      tax: taxOf(sets, payroll, e, imssDays),
      extraordinaryIsr: extraordinaryIsrOf(sets, payroll, e),
    });
    for (const l of r.lines) {
      lines.push({
        payrollEmployeeId: e.id,
        conceptId: l.conceptId ?? systemId(l.systemKey!),
        source: l.source,
        agreementId: l.agreementId,
        description: l.description,
        amount: l.amount,
        taxable: l.taxable,
        exempt: l.exempt,
        quantity: l.quantity,
      });
    }
    results.push({ id: e.id, ...r, fiscalTrace: [...(notes.get(e.employeeId) ?? []), ...(primas.get(e.id)?.trace ?? []), ...r.fiscalTrace] });
    quotaSubjects.push({ payrollEmployeeId: e.id, employeeId: e.employeeId, sbcDaily: e.sbcDaily, paidDays: r.paidDays, imssDays, incapacityDays: incapacity.imssDaysOut, taxable: r.taxable });
  }
  // Captured lines are posted again in calculation order, with their taxable/exempt split.
  await storeCalculation(tx, payroll.id, params.tableYear, lines, results);
  // Employer quotas and the state payroll tax (issue 27): ordinary payrolls only.
  if (isOrdinaryPayroll(payroll.kind)) await storePayrollQuotas(tx, payroll, sets, quotaSubjects);
  else await clearPayrollQuotas(tx, payroll.id);
  return {};
}

export async function calculatePayroll(ctx: RequestContext, id: string, version: number) {
  const payrollId = Number(id);
  // Read before the transaction (see createPayroll); the tables of a year never change once stored.
  const sets = await loadFiscalYearSets(db(ctx));
  await db(ctx).transaction(async (tx) => {
    const payroll = await data.findPayroll(tx, payrollId, { lock: true });
    if (!payroll) throw notFound('La nómina');
    if (payroll.status === 'cerrada') throw appError('CONFLICT', MSG.closed);
    if (payroll.version !== version) throw conflict();
    // Issue 28: crew days recorded since the payroll was created join its incidencias before calculating.
    const crewOvertime = isOrdinaryPayroll(payroll.kind) ? await claimCrewOvertime(tx, payroll) : [];
    const notes = { ...(await calculateLocked(tx, payroll, sets)), ...(crewOvertime.length ? { crewOvertime } : {}) };
    const after = found(await data.findPayroll(tx, payrollId), 'La nómina');
    await writeAudit(tx, actorOf(ctx), {
      entity: 'rh_payroll',
      entityId: payrollId,
      action: 'calculate',
      after: { tableYear: after.tableYear, perceptions: after.perceptions, deductions: after.deductions, otherPayments: after.otherPayments, net: after.net, ...notes },
    });
  });
  return found(await data.findPayroll(db(ctx), payrollId), 'La nómina');
}

// ---- close ------------------------------------------------------------------------------

export async function closePayroll(ctx: RequestContext, id: string, version: number) {
  const payrollId = Number(id);
  // Read before the transaction (see createPayroll): the receipts' CFDI caps the SBC with them.
  const sets = ctx.app.config ? await loadFiscalYearSets(db(ctx)) : [];
  await db(ctx).transaction(async (tx) => {
    const payroll = await data.findPayroll(tx, payrollId, { lock: true });
    if (!payroll) throw notFound('La nómina');
    if (payroll.status === 'cerrada') throw appError('CONFLICT', MSG.alreadyClosed);
    if (payroll.version !== version) throw conflict();
    if (payroll.status !== 'calculada') throw appError('CONFLICT', MSG.notCalculated);
    await data.lockPayrollPeriods(tx);
    const employees = await data.payrollEmployees(tx, payrollId);
    if (isOrdinaryPayroll(payroll.kind)) {
      // Payrolls stored before the rule (the same quincena created twice) cannot both be closed.
      const other = await data.overlappingOrdinaryPayroll(tx, { kind: payroll.kind, periodStart: payroll.periodStart, periodEnd: payroll.periodEnd, payrollId });
      if (other) throw appError('CONFLICT', MSG.closeOverlap(other, payroll.kind));
    } else if (payroll.kind === 'extraordinaria') {
      // An ordinary payroll of the period closed after this one was calculated.
      const paid = await data.closedOrdinaryPeriods(tx, employees.map((e) => e.employeeId), payroll.periodStart, payroll.periodEnd);
      for (const e of employees) {
        const paidOf = paid.filter((p) => p.employeeId === e.employeeId);
        if (paidOf.length && dec(e.daysWorked).gt(unpaidDays(payroll, paidOf))) {
          const late = paidOf.filter((p) => payroll.calculatedAt && new Date(p.closedAt) > new Date(payroll.calculatedAt)).at(-1) ?? paidOf.at(-1)!;
          throw appError('CONFLICT', MSG.paidAfterCalculation(e, late));
        }
      }
    }
    const negative = employees.find((e) => dec(e.net).isNegative());
    if (negative) throw appError('CONFLICT', negativeNetMessage(negative));
    const convenios = await data.convenioLinesForClose(tx, payrollId);
    if (payroll.kind === 'extraordinaria') {
      const taken = await data.installmentsTakenInPeriod(tx, convenios.map((c) => c.agreementId), payroll.periodStart, payroll.periodEnd);
      for (const c of convenios) {
        const tookIt = taken.get(c.agreementId);
        if (tookIt) throw appError('CONFLICT', MSG.installmentTaken(c.folio, tookIt));
      }
    }
    const payments: { agreementId: number; folio: number; amount: string; balanceAfter: string | null }[] = [];
    for (const c of convenios) {
      // A convenio without total (issue 27) has no balance: it is never used up nor settled.
      if (c.status !== 'activo' || (c.balance !== null && dec(c.balance).lt(c.amount))) throw appError('CONFLICT', MSG.agreementChanged(c.folio, money(c.balance ?? 0)));
      const balanceAfter = c.balance === null ? null : money(dec(c.balance).minus(c.amount));
      if (await agreements.applyPayment(tx, { agreementId: c.agreementId, payrollId, amount: money(c.amount), balanceAfter })) payments.push({ agreementId: c.agreementId, folio: c.folio, amount: money(c.amount), balanceAfter });
    }
    if (!(await data.closePayroll(tx, payrollId, version, ctx.auth?.id ?? null))) throw conflict();
    // A PTU worker who does not take part has a receipt of 0.00: it is not stamped, the reason stays on it.
    if (payroll.kind === 'ptu') {
      for (const e of employees) if (dec(e.perceptions).isZero()) await data.excludeReceipt(tx, e.id, { reason: e.fiscalTrace[0]?.label ?? MSG.ptuExcluded, userId: ctx.auth?.id ?? null });
    }
    // Each receipt's CFDI de nómina sealed now (pendiente), stamped after commit (stamping.ts).
    if (ctx.app.config) await sealPayrollReceipts(tx, { config: ctx.app.config, sets }, payroll);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payrollId, action: 'close', before: { status: payroll.status }, after: { status: 'cerrada', net: payroll.net, convenios: payments } });
    for (const p of payments) await writeAudit(tx, actorOf(ctx), { entity: 'rh_agreement', entityId: p.agreementId, action: 'payment', after: { payrollId, amount: p.amount, balanceAfter: p.balanceAfter } });
  });
  if (ctx.app.config) await stampPayrollReceipts(ctx.app, actorOf(ctx), payrollId);
  return found(await data.findPayroll(db(ctx), payrollId), 'La nómina');
}

// ---- delete -----------------------------------------------------------------------------

export async function deletePayroll(ctx: RequestContext, id: string, version: number): Promise<boolean> {
  const payrollId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const payroll = await data.findPayroll(tx, payrollId, { lock: true });
    if (!payroll) throw notFound('La nómina');
    if (payroll.status === 'cerrada') throw appError('CONFLICT', MSG.deleteClosed);
    if (payroll.version !== version) throw conflict();
    await data.deletePayroll(tx, payrollId);
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_payroll', entityId: payrollId, action: 'delete', before: payroll });
  });
  return true;
}

// ---- base data --------------------------------------------------------------------------

/** The concepts the calculation posts (by system key), created once. */
export async function seedSystemConcepts(ex: Executor): Promise<void> {
  for (const c of SYSTEM_CONCEPTS) await data.ensureSystemConcept(ex, c);
}
