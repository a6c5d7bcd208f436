// The fiscal-year spreadsheet layout of "Agregar año": a year written as the
// template reads back as the same draft, sheet cells people type ($, commas)
// are cleaned, unknown blocks are reported by file row, and server field paths
// read as Spanish row labels.
import { describe, expect, it } from 'vitest';
import type { RhFiscalYearFieldsFragment } from '../../../generated/modules/human-resources/graphql';
import { describeField, draftFromSheet, draftFromYear, inputFromDraft, SHEET_HEADER, sheetFromDraft } from '../../../client/modules/human-resources/fiscal/fiscalYearSheet';

const year2026: RhFiscalYearFieldsFragment = {
  year: 2026,
  minimumWageValidFrom: '2026-01-01',
  minimumWageGeneral: '315.04',
  minimumWageBorder: '440.87',
  sbcCapUma: '25',
  excessThresholdUma: '3',
  aguinaldoDays: 15,
  vacationPremiumPercent: '25',
  vacationDays: [{ fromYear: 1, toYear: 1, days: 12 }],
  tariffs: [
    { period: 'DIARIO', derived: false, rows: [{ lowerLimit: '0.01', upperLimit: '27.78', fixedFee: '0', rate: '1.92' }, { lowerLimit: '27.79', upperLimit: null, fixedFee: '0.53', rate: '6.4' }] },
    { period: 'QUINCENAL', derived: true, rows: [{ lowerLimit: '0.01', upperLimit: null, fixedFee: '0', rate: '1.92' }] },
  ],
  subsidies: [{ validFrom: '2026-01-01', umaPercent: '15.02', monthlyUma: '3439.46', monthlyAmount: '536.21', monthlyCap: '11492.66', note: null }],
  uma: [{ validFrom: '2026-02-01', daily: '117.31', monthly: '3566.22', note: 'estimada' }],
  imssRates: [{ code: 'EXCEDENTE', label: 'Enfermedad y maternidad (excedente)', rate: '0.4', base: 'EXCESS_3_UMA' }],
  notes: ['Nota uno'],
  closedPayrolls: 0,
};

describe('fiscal year sheet', () => {
  it('moves a copied year one year ahead and reads its own template back unchanged', () => {
    const draft = draftFromYear(year2026, 2027);
    expect([draft.year, draft.minimumWageValidFrom, draft.subsidies[0].validFrom, draft.uma[0].validFrom]).toEqual(['2027', '2027-01-01', '2027-01-01', '2027-02-01']);
    const sheet = sheetFromDraft(draft);
    expect(sheet[0]).toEqual([...SHEET_HEADER]);
    const read = draftFromSheet(sheet, 2030);
    expect(read?.problems).toEqual([]);
    expect(read?.draft).toEqual(draft);
    // Header is row 1; 8 parameter rows come first, so the daily tariff starts at row 10.
    expect(read?.origin['tariffs.0.rows.0']).toBe(10);
    expect(read?.origin['tariffs.1.rows.0']).toBe(12);
  });

  it('cleans typed figures, reports unknown blocks by file row and refuses a sheet without «tabla»', () => {
    const rows = [
      ['Tabla', 'Periodo', 'Límite inferior', 'Cuota fija', 'Porcentaje'],
      ['ISR', 'mensual', '$1,000.50', '10', '6.4%'],
      ['cosa', '', '', '', ''],
    ];
    const read = draftFromSheet(rows, 2027);
    expect(read?.draft.tariffs).toEqual([{ period: 'MENSUAL', derived: false, rows: [{ lowerLimit: '1000.50', fixedFee: '10', rate: '6.4' }] }]);
    expect(read?.problems).toEqual(['Fila 3: tabla «cosa» desconocida.']);
    expect(draftFromSheet([['a', 'b']], 2027)).toBeNull();
  });

  it('asks for whole numbers before sending and names server paths in Spanish', () => {
    const draft = { ...draftFromYear(year2026, 2027), aguinaldoDays: '15.5' };
    expect(inputFromDraft(draft)).toEqual({ input: null, fields: { aguinaldoDays: 'Número entero.' } });
    expect(describeField('tariffs.1.rows.0.lowerLimit', draft)).toBe('ISR Quincenal, renglón 1 · Límite inferior');
    expect(describeField('subsidies.0.validFrom', draft, { 'subsidies.0': 14 })).toBe('Subsidio, renglón 1 (fila 14 de la hoja) · Vigente desde');
    expect(describeField('minimumWageGeneral', draft)).toBe('Salario mínimo general');
  });
});
