// A year's fiscal set as an editable draft (every cell text), built from a copy
// of a stored year or read from a spreadsheet, and turned into the
// rhFiscalYearCreate input. The sheet layout is one sheet with a "tabla"
// column naming each row's block (see texts.addYear.sheetLayout); the template
// is the latest year written in that layout.
import type { PayPeriod, RhFiscalYearFieldsFragment, RhFiscalYearInput, RhImssBase } from '../../../../generated/modules/human-resources/graphql';
import { PAY_PERIOD_LABELS, PAY_PERIODS } from '../../../../schema/rh/fiscal';
import { texts } from './texts';

export type TariffRowDraft = { lowerLimit: string; fixedFee: string; rate: string };
export type SubsidyDraft = { validFrom: string; umaPercent: string; monthlyUma: string; monthlyAmount: string; monthlyCap: string; note: string };
export type UmaDraft = { validFrom: string; daily: string; monthly: string; note: string };
export type ImssDraft = { code: string; label: string; rate: string; base: RhImssBase };
export type VacationDraft = { fromYear: string; toYear: string; days: string };

export type YearDraft = {
  year: string;
  minimumWageValidFrom: string;
  minimumWageGeneral: string;
  minimumWageBorder: string;
  sbcCapUma: string;
  excessThresholdUma: string;
  aguinaldoDays: string;
  vacationPremiumPercent: string;
  tariffs: { period: PayPeriod; derived: boolean; rows: TariffRowDraft[] }[];
  subsidies: SubsidyDraft[];
  uma: UmaDraft[];
  imssRates: ImssDraft[];
  vacationDays: VacationDraft[];
  notes: string[];
};

export const SHEET_HEADER = ['tabla', 'periodo', 'limite_inferior', 'cuota_fija', 'porcentaje', 'vigente_desde', 'valor_1', 'valor_2', 'valor_3', 'valor_4', 'nota'] as const;
type Column = (typeof SHEET_HEADER)[number];

/** Parameter names of the sheet ("parametro" rows) → draft field. */
const PARAMETERS: Record<string, keyof YearDraft> = {
  anio: 'year',
  salario_minimo_general: 'minimumWageGeneral',
  salario_minimo_frontera: 'minimumWageBorder',
  vigencia_salario_minimo: 'minimumWageValidFrom',
  tope_sbc_uma: 'sbcCapUma',
  umbral_excedente_uma: 'excessThresholdUma',
  dias_aguinaldo: 'aguinaldoDays',
  prima_vacacional: 'vacationPremiumPercent',
};

/** "2026-02-01" of a year copied into `year` ("2027-02-01"); a date of another year keeps its distance. */
const moveDate = (date: string, from: number, to: number): string => {
  const y = Number(date.slice(0, 4));
  return Number.isFinite(y) ? `${y + (to - from)}${date.slice(4)}` : date;
};

/** A copy of a stored year to become `year`: its dates move by the difference, every figure stays for editing. */
export function draftFromYear(y: RhFiscalYearFieldsFragment, year: number): YearDraft {
  const move = (d: string) => moveDate(d, y.year, year);
  return {
    year: String(year),
    minimumWageValidFrom: move(y.minimumWageValidFrom),
    minimumWageGeneral: y.minimumWageGeneral,
    minimumWageBorder: y.minimumWageBorder,
    sbcCapUma: y.sbcCapUma,
    excessThresholdUma: y.excessThresholdUma,
    aguinaldoDays: String(y.aguinaldoDays),
    vacationPremiumPercent: y.vacationPremiumPercent,
    tariffs: y.tariffs.map((t) => ({ period: t.period, derived: t.derived, rows: t.rows.map((r) => ({ lowerLimit: r.lowerLimit, fixedFee: r.fixedFee, rate: r.rate })) })),
    subsidies: y.subsidies.map((s) => ({ validFrom: move(s.validFrom), umaPercent: s.umaPercent, monthlyUma: s.monthlyUma, monthlyAmount: s.monthlyAmount, monthlyCap: s.monthlyCap, note: s.note ?? '' })),
    uma: y.uma.map((u) => ({ validFrom: move(u.validFrom), daily: u.daily, monthly: u.monthly, note: u.note ?? '' })),
    imssRates: y.imssRates.map((r) => ({ code: r.code, label: r.label, rate: r.rate, base: r.base })),
    vacationDays: y.vacationDays.map((v) => ({ fromYear: String(v.fromYear), toYear: String(v.toYear), days: String(v.days) })),
    notes: [...y.notes],
  };
}

const row = (cells: Partial<Record<Column, string>>): string[] => SHEET_HEADER.map((c) => cells[c] ?? '');

/** The draft in the sheet layout, header first (the downloadable template). */
export function sheetFromDraft(d: YearDraft): string[][] {
  const out: string[][] = [[...SHEET_HEADER]];
  for (const [name, field] of Object.entries(PARAMETERS)) out.push(row({ tabla: 'parametro', periodo: name, valor_1: String(d[field]) }));
  for (const t of d.tariffs) {
    for (const r of t.rows) out.push(row({ tabla: 'isr', periodo: t.period, limite_inferior: r.lowerLimit, cuota_fija: r.fixedFee, porcentaje: r.rate, nota: t.derived ? 'derivada' : '' }));
  }
  for (const s of d.subsidies) out.push(row({ tabla: 'subsidio', vigente_desde: s.validFrom, valor_1: s.umaPercent, valor_2: s.monthlyUma, valor_3: s.monthlyAmount, valor_4: s.monthlyCap, nota: s.note }));
  for (const u of d.uma) out.push(row({ tabla: 'uma', vigente_desde: u.validFrom, valor_1: u.daily, valor_2: u.monthly, nota: u.note }));
  for (const r of d.imssRates) out.push(row({ tabla: 'imss', periodo: r.code, porcentaje: r.rate, valor_1: r.base === 'SBC' ? 'SBC' : 'EXCEDENTE', nota: r.label }));
  for (const v of d.vacationDays) out.push(row({ tabla: 'vacaciones', valor_1: v.fromYear, valor_2: v.toYear, valor_3: v.days }));
  for (const n of d.notes) out.push(row({ tabla: 'nota', nota: n }));
  return out;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
/** "$1,234.50" → "1234.50": what people type in a spreadsheet, as the API reads it. */
const number = (text: string) => text.replace(/[$,\s%]/g, '');
const date = (text: string) => text.trim().slice(0, 10);

export type SheetResult = {
  draft: YearDraft;
  /** Draft path of a row ("tariffs.3.rows.2", "subsidies.0") → its row in the file (1-based, header = 1). */
  origin: Record<string, number>;
  problems: string[];
};

/** Reads the sheet layout into a draft; null when the header has no "tabla" column. */
export function draftFromSheet(rows: string[][], fallbackYear: number): SheetResult | null {
  const [header, ...body] = rows;
  if (!header) return null;
  const index = new Map(header.map((h, i) => [fold(h), i] as const));
  if (!index.has('tabla')) return null;
  const cell = (r: string[], c: Column) => (index.has(c) ? (r[index.get(c) as number] ?? '').trim() : '');
  const draft: YearDraft = {
    year: String(fallbackYear),
    minimumWageValidFrom: '',
    minimumWageGeneral: '',
    minimumWageBorder: '',
    sbcCapUma: '',
    excessThresholdUma: '',
    aguinaldoDays: '',
    vacationPremiumPercent: '',
    tariffs: [],
    subsidies: [],
    uma: [],
    imssRates: [],
    vacationDays: [],
    notes: [],
  };
  const origin: Record<string, number> = {};
  const problems: string[] = [];
  const byPeriod = new Map<string, YearDraft['tariffs'][number]>();
  body.forEach((r, i) => {
    const line = i + 2;
    const block = fold(cell(r, 'tabla'));
    if (block === 'isr') {
      const period = cell(r, 'periodo').toUpperCase() as PayPeriod;
      if (!PAY_PERIODS.includes(period)) {
        problems.push(texts.addYear.unknownBlock(line, `isr ${cell(r, 'periodo')}`));
        return;
      }
      let tariff = byPeriod.get(period);
      if (!tariff) {
        tariff = { period, derived: false, rows: [] };
        byPeriod.set(period, tariff);
      }
      if (/deriv/i.test(cell(r, 'nota'))) tariff.derived = true;
      tariff.rows.push({ lowerLimit: number(cell(r, 'limite_inferior')), fixedFee: number(cell(r, 'cuota_fija')), rate: number(cell(r, 'porcentaje')) });
      origin[`${period}.${tariff.rows.length - 1}`] = line;
    } else if (block === 'subsidio') {
      origin[`subsidies.${draft.subsidies.length}`] = line;
      draft.subsidies.push({ validFrom: date(cell(r, 'vigente_desde')), umaPercent: number(cell(r, 'valor_1')), monthlyUma: number(cell(r, 'valor_2')), monthlyAmount: number(cell(r, 'valor_3')), monthlyCap: number(cell(r, 'valor_4')), note: cell(r, 'nota') });
    } else if (block === 'uma') {
      origin[`uma.${draft.uma.length}`] = line;
      draft.uma.push({ validFrom: date(cell(r, 'vigente_desde')), daily: number(cell(r, 'valor_1')), monthly: number(cell(r, 'valor_2')), note: cell(r, 'nota') });
    } else if (block === 'imss') {
      origin[`imssRates.${draft.imssRates.length}`] = line;
      const base: RhImssBase = /exced|excess/i.test(cell(r, 'valor_1')) ? 'EXCESS_3_UMA' : 'SBC';
      draft.imssRates.push({ code: cell(r, 'periodo'), label: cell(r, 'nota'), rate: number(cell(r, 'porcentaje')), base });
    } else if (block === 'vacaciones') {
      origin[`vacationDays.${draft.vacationDays.length}`] = line;
      draft.vacationDays.push({ fromYear: number(cell(r, 'valor_1')), toYear: number(cell(r, 'valor_2')), days: number(cell(r, 'valor_3')) });
    } else if (block === 'parametro') {
      const field = PARAMETERS[fold(cell(r, 'periodo'))];
      if (!field) {
        problems.push(texts.addYear.unknownParameter(line, cell(r, 'periodo')));
        return;
      }
      origin[field] = line;
      const value = cell(r, 'valor_1');
      (draft as Record<string, unknown>)[field] = field === 'minimumWageValidFrom' ? date(value) : number(value);
    } else if (block === 'nota') {
      if (cell(r, 'nota')) draft.notes.push(cell(r, 'nota'));
    } else if (block) {
      problems.push(texts.addYear.unknownBlock(line, cell(r, 'tabla')));
    }
  });
  // Tariffs go in the order of the periods; origins move to the index each one gets.
  draft.tariffs = PAY_PERIODS.flatMap((p) => (byPeriod.has(p) ? [byPeriod.get(p) as YearDraft['tariffs'][number]] : []));
  draft.tariffs.forEach((t, i) =>
    t.rows.forEach((_, n) => {
      origin[`tariffs.${i}.rows.${n}`] = origin[`${t.period}.${n}`];
      delete origin[`${t.period}.${n}`];
    }),
  );
  return { draft, origin, problems };
}

const INTEGER = /^\d+$/;

/** The mutation input, or the messages of cells that are not whole numbers (the API's Int fields). */
export function inputFromDraft(d: YearDraft): { input: RhFiscalYearInput | null; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const int = (path: string, v: string): number => {
    if (!INTEGER.test(v.trim())) fields[path] = 'Número entero.';
    return Number(v);
  };
  const input: RhFiscalYearInput = {
    year: int('year', d.year),
    minimumWageValidFrom: d.minimumWageValidFrom,
    minimumWageGeneral: d.minimumWageGeneral,
    minimumWageBorder: d.minimumWageBorder,
    sbcCapUma: d.sbcCapUma,
    excessThresholdUma: d.excessThresholdUma,
    aguinaldoDays: int('aguinaldoDays', d.aguinaldoDays),
    vacationPremiumPercent: d.vacationPremiumPercent,
    tariffs: d.tariffs.map((t) => ({ period: t.period, derived: t.derived, rows: t.rows.map((r) => ({ ...r })) })),
    subsidies: d.subsidies.map((s) => ({ ...s, note: s.note || null })),
    uma: d.uma.map((u) => ({ ...u, note: u.note || null })),
    imssRates: d.imssRates.map((r) => ({ ...r })),
    vacationDays: d.vacationDays.map((v, i) => ({ fromYear: int(`vacationDays.${i}.fromYear`, v.fromYear), toYear: int(`vacationDays.${i}.toYear`, v.toYear), days: int(`vacationDays.${i}.days`, v.days) })),
    notes: d.notes.filter((n) => n.trim() !== ''),
  };
  return { input: Object.keys(fields).length ? null : input, fields };
}

const F = texts.fields;

/** "tariffs.3.rows.2.lowerLimit" → "ISR Quincenal, renglón 3 · Límite inferior" (and the file row when imported). */
export function describeField(path: string, d: YearDraft, origin: Record<string, number> = {}): string {
  const parts = path.split('.');
  const rowKey = (n: number) => parts.slice(0, n).join('.');
  const fileRow = (key: string) => (origin[key] ? ` (fila ${origin[key]} de la hoja)` : '');
  if (parts[0] === 'tariffs') {
    const tariff = d.tariffs[Number(parts[1])];
    const name = tariff ? `ISR ${PAY_PERIOD_LABELS[tariff.period]}` : F.tariffs;
    if (parts[2] === 'rows' && parts[3] !== undefined) return `${name}, renglón ${Number(parts[3]) + 1}${fileRow(rowKey(4))} · ${F[parts[4]] ?? parts[4] ?? ''}`;
    return parts[2] ? `${name} · ${F[parts[2]] ?? parts[2]}` : name;
  }
  if (['subsidies', 'uma', 'imssRates', 'vacationDays'].includes(parts[0]) && parts[1] !== undefined) {
    return `${F[parts[0]]}, renglón ${Number(parts[1]) + 1}${fileRow(rowKey(2))} · ${F[parts[2]] ?? parts[2] ?? ''}`;
  }
  return `${F[parts[0]] ?? parts[0]}${fileRow(parts[0])}`;
}
