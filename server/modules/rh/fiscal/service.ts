// Fiscal figures per year (data, never constants): list them, add the next
// year's whole set after checking it row by row, and the payroll tax
// calculator that integrators and the Nóminas Fiscales screen share.
import { writeAudit } from '../../../db/audit';
import { actorOf, type RequestContext } from '../../../context';
import { badInput, conflict, found, type FieldMessages } from '../../../lib/errors';
import { parseInput, z } from '../../../lib/validation';
import { isIsoDate } from '../../../../schema/dates';
import { dec } from '../../../../schema/money';
import { FiscalError, PAY_PERIODS, payrollTax, type FiscalYearSet, type PayPeriod } from '../../../../schema/rh/fiscal';
import * as data from './data';

/** Every stored fiscal year as the engine takes them (payroll calculation reads them through here). */
export const loadFiscalYearSets = data.loadFiscalYearSets;
/** The employer rates shipped per year (fiscal-tables/<year>.json, employerQuotas), for the payroll's cuotas patronales. */
export { loadEmployerQuotaSets } from './previews';

export const MSG = {
  yearTaken: (y: number) => `Ya existen tablas fiscales de ${y}; las de un año registrado no se modifican (las nóminas cerradas conservan sus cifras).`,
  yearRange: 'Año no válido (2000 a 2100).',
  tariffMissing: (label: string) => `Falta la tarifa ${label}.`,
  tariffRepeated: 'Tarifa repetida.',
  tariffEmpty: 'La tarifa no tiene renglones.',
  firstLimit: 'El primer límite inferior debe ser 0.01.',
  limitOrder: (prev: string) => `El límite inferior debe ser mayor que el del renglón anterior (${prev}).`,
  feeOrder: (prev: string) => `La cuota fija no puede ser menor que la del renglón anterior (${prev}).`,
  rateOrder: (prev: string) => `El porcentaje no puede ser menor que el del renglón anterior (${prev}).`,
  rateRange: 'Porcentaje entre 0 y 100.',
  validFromYear: (y: number) => `La fecha de vigencia debe caer en ${y} (o antes, solo para la UMA que sigue vigente en enero).`,
  validFromTaken: 'Ya hay un renglón con esa fecha de vigencia.',
  noSubsidy: 'Captura al menos un renglón de subsidio.',
  noUma: 'Captura al menos un valor de UMA.',
  noImss: 'Captura las cuotas obreras del IMSS.',
  imssRepeated: 'Clave repetida.',
  vacationOrder: 'Los rangos de años deben empezar en 1 y seguirse sin huecos.',
  positive: 'Debe ser mayor a cero.',
  amount: 'Importe no válido.',
  date: 'Fecha no válida.',
} as const;

const PERIOD_LABEL: Record<PayPeriod, string> = { DIARIO: 'diaria', SEMANAL: 'semanal', DECENAL: 'decenal', QUINCENAL: 'quincenal', MENSUAL: 'mensual' };

const db = (ctx: RequestContext) => ctx.app.database.db;

const decimalText = (max = 2) =>
  z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => new RegExp(`^\\d+(\\.\\d{1,${max}})?$`).test(v), max === 2 ? MSG.amount : `Número no válido (máximo ${max} decimales).`);
const isoDate = () => z.string({ error: 'La fecha es obligatoria.' }).refine(isIsoDate, MSG.date);

const setInput = z.object({
  year: z.number({ error: 'Este campo es obligatorio.' }).int(MSG.yearRange).min(2000, MSG.yearRange).max(2100, MSG.yearRange),
  minimumWageValidFrom: isoDate(),
  minimumWageGeneral: decimalText().refine((v) => !/^\d/.test(v) || dec(v).gt(0), MSG.positive),
  minimumWageBorder: decimalText().refine((v) => !/^\d/.test(v) || dec(v).gt(0), MSG.positive),
  sbcCapUma: decimalText().refine((v) => !/^\d/.test(v) || dec(v).gt(0), MSG.positive),
  excessThresholdUma: decimalText().refine((v) => !/^\d/.test(v) || dec(v).gt(0), MSG.positive),
  aguinaldoDays: z.number().int().min(15, 'La ley fija al menos 15 días.').max(365, 'Máximo 365 días.'),
  vacationPremiumPercent: decimalText(4).refine((v) => !/^\d/.test(v) || dec(v).gte(25), 'La ley fija al menos 25 %.'),
  vacationDays: z.array(z.object({ fromYear: z.number().int().min(1), toYear: z.number().int().min(1), days: z.number().int().min(1).max(365) })).min(1, 'Captura la tabla de vacaciones.'),
  tariffs: z.array(
    z.object({
      period: z.enum(PAY_PERIODS),
      derived: z.boolean().nullish(),
      rows: z.array(z.object({ lowerLimit: decimalText(), fixedFee: decimalText(), rate: decimalText(4) })),
    }),
  ),
  subsidies: z.array(
    z.object({
      validFrom: isoDate(),
      umaPercent: decimalText(4),
      monthlyUma: decimalText(),
      monthlyAmount: decimalText(),
      monthlyCap: decimalText(),
      note: z.string().trim().max(500).nullish(),
    }),
  ),
  uma: z.array(z.object({ validFrom: isoDate(), daily: decimalText(), monthly: decimalText(), note: z.string().trim().max(500).nullish() })),
  imssRates: z.array(z.object({ code: z.string().trim().min(1).max(40), label: z.string().trim().min(1).max(120), rate: decimalText(4), base: z.enum(['SBC', 'EXCESS_3_UMA']) })),
  notes: z.array(z.string().trim().max(1000)).nullish(),
});

type SetInput = z.infer<typeof setInput>;

/** The checks zod cannot express: every tariff once, rows in order, dates inside the year and free. */
function rowChecks(v: SetInput, taken: { subsidies: string[]; uma: string[] }): FieldMessages {
  const fields: FieldMessages = {};
  const put = (key: string, message: string) => {
    if (!fields[key]) fields[key] = message;
  };
  const seen = new Set<PayPeriod>();
  v.tariffs.forEach((t, i) => {
    if (seen.has(t.period)) put(`tariffs.${i}.period`, MSG.tariffRepeated);
    seen.add(t.period);
    if (!t.rows.length) put(`tariffs.${i}.rows`, MSG.tariffEmpty);
    t.rows.forEach((r, n) => {
      const at = `tariffs.${i}.rows.${n}`;
      if (dec(r.rate).gt(100)) put(`${at}.rate`, MSG.rateRange);
      if (n === 0) {
        if (!dec(r.lowerLimit).eq('0.01')) put(`${at}.lowerLimit`, MSG.firstLimit);
        return;
      }
      const prev = t.rows[n - 1];
      if (!dec(r.lowerLimit).gt(prev.lowerLimit)) put(`${at}.lowerLimit`, MSG.limitOrder(prev.lowerLimit));
      if (dec(r.fixedFee).lt(prev.fixedFee)) put(`${at}.fixedFee`, MSG.feeOrder(prev.fixedFee));
      if (dec(r.rate).lt(prev.rate)) put(`${at}.rate`, MSG.rateOrder(prev.rate));
    });
  });
  PAY_PERIODS.forEach((p) => {
    if (!seen.has(p)) put('tariffs', MSG.tariffMissing(PERIOD_LABEL[p]));
  });
  const inYear = (d: string) => d.startsWith(`${v.year}-`);
  if (!v.subsidies.length) put('subsidies', MSG.noSubsidy);
  v.subsidies.forEach((s, i) => {
    if (!inYear(s.validFrom)) put(`subsidies.${i}.validFrom`, MSG.validFromYear(v.year));
    else if (taken.subsidies.includes(s.validFrom) || v.subsidies.findIndex((o) => o.validFrom === s.validFrom) !== i) put(`subsidies.${i}.validFrom`, MSG.validFromTaken);
    if (dec(s.umaPercent).gt(100)) put(`subsidies.${i}.umaPercent`, MSG.rateRange);
  });
  if (!v.uma.length) put('uma', MSG.noUma);
  v.uma.forEach((u, i) => {
    // A January without the new UMA uses last year's row, which a first imported year may carry.
    if (!inYear(u.validFrom) && !u.validFrom.startsWith(`${v.year - 1}-`)) put(`uma.${i}.validFrom`, MSG.validFromYear(v.year));
    else if (taken.uma.includes(u.validFrom) || v.uma.findIndex((o) => o.validFrom === u.validFrom) !== i) put(`uma.${i}.validFrom`, MSG.validFromTaken);
  });
  if (!v.imssRates.length) put('imssRates', MSG.noImss);
  v.imssRates.forEach((r, i) => {
    if (v.imssRates.findIndex((o) => o.code.toUpperCase() === r.code.toUpperCase()) !== i) put(`imssRates.${i}.code`, MSG.imssRepeated);
    if (dec(r.rate).gt(100)) put(`imssRates.${i}.rate`, MSG.rateRange);
  });
  const sorted = [...v.vacationDays].sort((a, b) => a.fromYear - b.fromYear);
  sorted.forEach((r, i) => {
    const expected = i === 0 ? 1 : sorted[i - 1].toYear + 1;
    if (r.fromYear !== expected || r.toYear < r.fromYear) put('vacationDays', MSG.vacationOrder);
  });
  if (!inYear(v.minimumWageValidFrom)) put('minimumWageValidFrom', MSG.validFromYear(v.year));
  return fields;
}

function toSet(v: SetInput): FiscalYearSet {
  const tariffs = Object.fromEntries(v.tariffs.map((t) => [t.period, t.rows])) as FiscalYearSet['tariffs'];
  return {
    year: v.year,
    notes: v.notes ?? [],
    tariffs,
    subsidies: v.subsidies.map((s) => ({ ...s, note: s.note ?? null })),
    uma: v.uma.map((u) => ({ ...u, note: u.note ?? null })),
    minimumWage: { validFrom: v.minimumWageValidFrom, general: v.minimumWageGeneral, borderZone: v.minimumWageBorder },
    imssEmployeeRates: v.imssRates,
    sbcCapUma: v.sbcCapUma,
    excessThresholdUma: v.excessThresholdUma,
    aguinaldoDays: v.aguinaldoDays,
    vacationPremiumPercent: v.vacationPremiumPercent,
    vacationDays: [...v.vacationDays].sort((a, b) => a.fromYear - b.fromYear),
  };
}

export type FiscalYearView = ReturnType<typeof toView>;

function toView(y: data.StoredFiscalYear) {
  return {
    year: y.year,
    minimumWageValidFrom: y.minimumWageValidFrom,
    minimumWageGeneral: y.minimumWage.general,
    minimumWageBorder: y.minimumWage.borderZone,
    sbcCapUma: y.sbcCapUma,
    excessThresholdUma: y.excessThresholdUma,
    aguinaldoDays: y.aguinaldoDays,
    vacationPremiumPercent: y.vacationPremiumPercent,
    vacationDays: y.vacationDays,
    tariffs: PAY_PERIODS.map((period) => ({
      period,
      derived: y.derivedTariffs.includes(period),
      rows: y.tariffs[period].map((r, i, rows) => ({ ...r, upperLimit: rows[i + 1] ? dec(rows[i + 1].lowerLimit).minus('0.01').toFixed(2) : null })),
    })),
    subsidies: y.subsidies,
    uma: y.uma,
    imssRates: y.imssEmployeeRates,
    notes: y.notes,
    closedPayrolls: y.closedPayrolls,
  };
}

export async function fiscalYears(ctx: RequestContext) {
  return (await data.loadFiscalYears(db(ctx))).map(toView).reverse();
}

export async function fiscalYear(ctx: RequestContext, year: number) {
  const found = (await data.loadFiscalYears(db(ctx))).find((y) => y.year === year);
  return found ? toView(found) : null;
}

export async function createFiscalYear(ctx: RequestContext, input: unknown) {
  const v = parseInput(setInput, input);
  const set = toSet(v);
  await db(ctx).transaction(async (tx) => {
    // Serialise creators of the same year: the primary key refuses the second one anyway.
    if (await data.fiscalYearExists(tx, v.year)) throw badInput({ year: MSG.yearTaken(v.year) });
    const fields = rowChecks(v, await data.takenValidFroms(tx));
    if (Object.keys(fields).length) throw badInput(fields);
    try {
      await data.insertFiscalYear(tx, set, { derivedTariffs: v.tariffs.filter((t) => t.derived).map((t) => t.period), createdBy: ctx.auth?.id ?? null });
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || String((err as Error).message).includes('duplicate key')) throw conflict(MSG.yearTaken(v.year));
      throw err;
    }
    await writeAudit(tx, actorOf(ctx), { entity: 'rh_fiscal_year', entityId: String(v.year), action: 'create', after: { year: v.year, tariffs: v.tariffs.length } });
  });
  return found(await fiscalYear(ctx, v.year), 'El año fiscal');
}

const previewInput = z.object({
  paymentDate: isoDate(),
  period: z.enum(PAY_PERIODS),
  taxableIncome: z
    .string({ error: 'Este campo es obligatorio.' })
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Importe no válido (máximo 2 decimales, sin signo).'),
  sbcDaily: z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), 'Importe no válido (máximo 2 decimales, sin signo).')
    .nullish(),
  days: z.number().int('Días enteros.').min(1, 'Al menos 1 día.').max(31, 'Máximo 31 días.').nullish(),
  minimumWageOnly: z.boolean().nullish(),
  wageZone: z.enum(['general', 'frontera']).nullish(),
});

export async function taxPreview(ctx: RequestContext, input: unknown) {
  const v = parseInput(previewInput, input);
  const sets = await data.loadFiscalYearSets(db(ctx));
  try {
    return payrollTax(sets, {
      paymentDate: v.paymentDate,
      period: v.period,
      taxableIncome: v.taxableIncome,
      sbcDaily: v.sbcDaily ?? null,
      days: v.days ?? null,
      minimumWageOnly: v.minimumWageOnly ?? false,
      wageZone: v.wageZone ?? null,
    });
  } catch (err) {
    if (err instanceof FiscalError) throw badInput({ paymentDate: err.message });
    throw err;
  }
}
