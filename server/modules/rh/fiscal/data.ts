// SQL of the fiscal figures per year: read every year's set (the engine picks
// what applies to a payment date) and write a whole new year at once.
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database';
import { dec } from '../../../../schema/money';
import { PAY_PERIODS, type FiscalYearSet, type PayPeriod } from '../../../../schema/rh/fiscal';
import { rhFiscalYears, rhImssRates, rhIsrTariffRows, rhPayrolls, rhSubsidies, rhUmaValues } from '../tables';

/** A year's set as stored, with which tariffs were derived from the daily one and how many closed payrolls used it. */
export type StoredFiscalYear = FiscalYearSet & { derivedTariffs: PayPeriod[]; closedPayrolls: number; minimumWageValidFrom: string };

const plain = (v: string): string => v; // numeric columns come back as text from both drivers
/** Percentages are stored with 4 decimals; the trace shows them as published (6.40, 21.36, 0.375; not 21.3600). */
const percent = (v: string): string => {
  const p = dec(v);
  return p.toFixed(Math.max(2, p.decimalPlaces()));
};

export async function loadFiscalYears(db: Executor): Promise<StoredFiscalYear[]> {
  const [years, tariffRows, subsidies, uma, imss, closed] = await Promise.all([
    db.select().from(rhFiscalYears).orderBy(asc(rhFiscalYears.year)),
    db.select().from(rhIsrTariffRows).orderBy(asc(rhIsrTariffRows.year), asc(rhIsrTariffRows.period), asc(rhIsrTariffRows.rowNo)),
    db.select().from(rhSubsidies).orderBy(asc(rhSubsidies.validFrom)),
    db.select().from(rhUmaValues).orderBy(asc(rhUmaValues.validFrom)),
    db.select().from(rhImssRates).orderBy(asc(rhImssRates.year), asc(rhImssRates.code)),
    db
      .select({ year: rhPayrolls.tableYear, n: sql<number>`count(*)::int` })
      .from(rhPayrolls)
      .where(eq(rhPayrolls.status, 'cerrada'))
      .groupBy(rhPayrolls.tableYear),
  ]);
  return years.map((y) => {
    const tariffs = Object.fromEntries(PAY_PERIODS.map((p) => [p, [] as FiscalYearSet['tariffs'][PayPeriod]])) as FiscalYearSet['tariffs'];
    const derived = new Set<PayPeriod>();
    for (const r of tariffRows) {
      if (r.year !== y.year) continue;
      const period = r.period as PayPeriod;
      tariffs[period].push({ lowerLimit: plain(r.lowerLimit), fixedFee: plain(r.fixedFee), rate: percent(r.rate) });
      if (r.derived) derived.add(period);
    }
    return {
      year: y.year,
      notes: (y.notes as string[]) ?? [],
      tariffs,
      derivedTariffs: PAY_PERIODS.filter((p) => derived.has(p)),
      subsidies: subsidies
        .filter((s) => s.year === y.year)
        .map((s) => ({ validFrom: s.validFrom, umaPercent: percent(s.umaPercent), monthlyUma: s.monthlyUma, monthlyAmount: s.monthlyAmount, monthlyCap: s.monthlyCap, note: s.note })),
      uma: uma.filter((u) => u.year === y.year).map((u) => ({ validFrom: u.validFrom, daily: u.daily, monthly: u.monthly, note: u.note })),
      minimumWageValidFrom: y.minimumWageValidFrom,
      minimumWage: { validFrom: y.minimumWageValidFrom, general: y.minimumWageGeneral, borderZone: y.minimumWageBorder },
      imssEmployeeRates: imss.filter((r) => r.year === y.year).map((r) => ({ code: r.code, label: r.label, rate: percent(r.rate), base: r.base as 'SBC' | 'EXCESS_3_UMA' })),
      sbcCapUma: y.sbcCapUma,
      excessThresholdUma: y.excessThresholdUma,
      aguinaldoDays: y.aguinaldoDays,
      vacationPremiumPercent: percent(y.vacationPremiumPercent),
      vacationDays: y.vacationDays as FiscalYearSet['vacationDays'],
      closedPayrolls: closed.find((c) => c.year === y.year)?.n ?? 0,
    };
  });
}

/** Every year's set for the engine (it chooses by payment date). */
export const loadFiscalYearSets = (db: Executor): Promise<FiscalYearSet[]> => loadFiscalYears(db);

export async function fiscalYearExists(db: Executor, year: number): Promise<boolean> {
  const rows = await db.select({ year: rhFiscalYears.year }).from(rhFiscalYears).where(eq(rhFiscalYears.year, year));
  return rows.length > 0;
}

/** Valid-from dates already taken by another year's subsidy or UMA rows. */
export async function takenValidFroms(db: Executor): Promise<{ subsidies: string[]; uma: string[] }> {
  const [s, u] = await Promise.all([db.select({ d: rhSubsidies.validFrom }).from(rhSubsidies), db.select({ d: rhUmaValues.validFrom }).from(rhUmaValues)]);
  return { subsidies: s.map((r) => r.d), uma: u.map((r) => r.d) };
}

export async function insertFiscalYear(db: Executor, set: FiscalYearSet, opts: { derivedTariffs: PayPeriod[]; createdBy: number | null }): Promise<void> {
  await db.insert(rhFiscalYears).values({
    year: set.year,
    minimumWageValidFrom: set.minimumWage.validFrom,
    minimumWageGeneral: set.minimumWage.general,
    minimumWageBorder: set.minimumWage.borderZone,
    sbcCapUma: set.sbcCapUma,
    excessThresholdUma: set.excessThresholdUma,
    aguinaldoDays: set.aguinaldoDays,
    vacationPremiumPercent: set.vacationPremiumPercent,
    vacationDays: set.vacationDays,
    notes: set.notes,
    createdBy: opts.createdBy,
  });
  const tariffRows = PAY_PERIODS.flatMap((period) =>
    set.tariffs[period].map((r, i) => ({ year: set.year, period, rowNo: i + 1, lowerLimit: r.lowerLimit, fixedFee: r.fixedFee, rate: r.rate, derived: opts.derivedTariffs.includes(period) })),
  );
  if (tariffRows.length) await db.insert(rhIsrTariffRows).values(tariffRows);
  if (set.subsidies.length) {
    await db.insert(rhSubsidies).values(
      set.subsidies.map((s) => ({ validFrom: s.validFrom, year: set.year, umaPercent: percent(s.umaPercent), monthlyUma: s.monthlyUma, monthlyAmount: s.monthlyAmount, monthlyCap: s.monthlyCap, note: s.note ?? null })),
    );
  }
  if (set.uma.length) await db.insert(rhUmaValues).values(set.uma.map((u) => ({ validFrom: u.validFrom, year: set.year, daily: u.daily, monthly: u.monthly, note: u.note ?? null })));
  if (set.imssEmployeeRates.length) await db.insert(rhImssRates).values(set.imssEmployeeRates.map((r) => ({ year: set.year, code: r.code, label: r.label, rate: r.rate, base: r.base })));
}
