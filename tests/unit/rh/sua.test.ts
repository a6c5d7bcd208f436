// SUA (issue 27): the asegurados and movimientos lines written out by hand
// from the layouts in schema/rh/sua.ts, what each worker needs in SUA for a
// bimester, the bimester computed day by day as SUA does (arithmetic in the
// comments, MX_FISCAL «Employer quotas» 2026, UMA 117.31) and the causes
// named when the payrolls differ.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EmployerQuotaSet } from '../../../schema/rh/employerQuotas';
import type { FiscalYearSet } from '../../../schema/rh/fiscal';
import {
  bimesterRange,
  SUA_MSG,
  suaBimesterQuotas,
  suaCreditOf,
  suaDifference,
  suaFile,
  suaIncapacityMovements,
  suaMovementLine,
  suaPlan,
  suaStateOn,
  suaWorkerLine,
  suaWorkerType,
  type SuaAffiliation,
} from '../../../schema/rh/sua';

type Shipped = FiscalYearSet & { employerQuotas?: EmployerQuotaSet };
const load = (year: number): Shipped => JSON.parse(readFileSync(new URL(`../../../server/modules/rh/fiscal-tables/${year}.json`, import.meta.url), 'utf8'));
const Y2026 = load(2026);
const SETS = [load(2025), Y2026];
const QUOTAS = [Y2026.employerQuotas!];

const worker = {
  registro: 'Y6012345108',
  nss: '12345678903',
  rfc: 'PENJ900101AB3',
  curp: 'PENJ900101HQTRXN09',
  lastName: 'Pérez',
  secondLastName: 'Núñez',
  names: 'Juan José',
  workerType: '1' as const,
  altaDate: '2026-05-11',
  sdi: '600.00',
  locationKey: 'E-17',
};
// 50 characters: «PEREZ$NUNEZ$JUAN JOSE» (21) and 29 blanks; accents dropped, Ñ → N.
const NAME = 'PEREZ$NUNEZ$JUAN JOSE' + ' '.repeat(29);

describe('asegurados line (164 characters)', () => {
  it('writes a worker without an INFONAVIT credit: blank credit number, zeros in its date, type and value', () => {
    const expected =
      'Y6012345108' + '12345678903' + 'PENJ900101AB3' + 'PENJ900101HQTRXN09' + NAME + '1' + '0' + '11052026' + '0060000' + 'E 17' + ' '.repeat(13) + ' '.repeat(10) + '00000000' + '0' + '00000000';
    const line = suaWorkerLine(worker);
    expect(line).toBe(expected);
    expect(line).toHaveLength(164);
    expect(line.slice(113, 120)).toBe('0060000');
  });

  it('writes the credit: number, start date, type and value with 4 implied decimals', () => {
    const credit = { number: '1234567890', startDate: '2026-03-01', discountType: '3' as const, value: '7.5' };
    const line = suaWorkerLine({ ...worker, workerType: '2', sdi: '1045.2', credit });
    expect(line).toBe('Y6012345108' + '12345678903' + 'PENJ900101AB3' + 'PENJ900101HQTRXN09' + NAME + '2' + '0' + '11052026' + '0104520' + 'E 17' + ' '.repeat(13) + '1234567890' + '01032026' + '3' + '00075000');
    expect(line).toHaveLength(164);
  });

  it('keeps the two $ when the worker has no second surname', () => {
    const line = suaWorkerLine({ ...worker, lastName: 'López', secondLastName: '', names: 'Ana' });
    expect(line.slice(53, 103)).toBe('LOPEZ$$ANA' + ' '.repeat(40));
  });

  it('maps a convenio INFONAVIT to SUA: porcentaje 1, cuota fija 2 (monthly amount), factor 3; no 10-digit number, no credit', () => {
    expect(suaCreditOf({ reference: '12345 67890', method: 'porcentaje', rate: '20', installment: null, startDate: '2026-02-01' })).toEqual({ number: '1234567890', startDate: '2026-02-01', discountType: '1', value: '20' });
    expect(suaCreditOf({ reference: '1234567890', method: 'cuota_fija', rate: null, installment: '1234.56', startDate: '2026-02-01' })?.value).toBe('1234.56');
    expect(suaCreditOf({ reference: 'Crédito 1234567890', method: 'factor', rate: '7.5', installment: null, startDate: '2026-02-01' })?.number).toBe('1234567890');
    expect(suaCreditOf({ reference: 'Oficio 77', method: 'factor', rate: '7.5', installment: null, startDate: '2026-02-01' })).toBeNull();
    // 20 % → 0020.0000; 1,234.56 → 1234.5600
    expect(suaWorkerLine({ ...worker, credit: { number: '1234567890', startDate: '2026-02-01', discountType: '1', value: '20' } }).slice(155)).toBe('1' + '00200000');
    expect(suaWorkerLine({ ...worker, credit: { number: '1234567890', startDate: '2026-02-01', discountType: '2', value: '1234.56' } }).slice(155)).toBe('2' + '12345600');
  });

  it('tipo de trabajador: obra, tiempo determinado and temporada are eventual (2); the rest permanente (1)', () => {
    expect(['01', '02', '03', '04', '05', null].map(suaWorkerType)).toEqual(['1', '2', '2', '2', '1', '1']);
  });
});

describe('movimientos line (49 characters)', () => {
  const head = 'Y6012345108' + '12345678903';
  it('writes a modificación de salario (07) with the new SDI and no folio nor days', () => {
    const line = suaMovementLine({ registro: 'Y6012345108', nss: '12345678903', code: '07', date: '2026-06-10', sdi: '700.00' });
    expect(line).toBe(head + '07' + '10062026' + '        ' + '00' + '0070000');
    expect(line).toHaveLength(49);
  });
  it('writes a baja (02) with zeros for the salary', () => {
    expect(suaMovementLine({ registro: 'Y6012345108', nss: '12345678903', code: '02', date: '2026-06-05' })).toBe(head + '02' + '05062026' + '        ' + '00' + '0000000');
  });
  it('writes a reingreso (08) with its SDI', () => {
    expect(suaMovementLine({ registro: 'Y6012345108', nss: '12345678903', code: '08', date: '2026-05-04', sdi: '345.67' })).toBe(head + '08' + '04052026' + '        ' + '00' + '0034567');
  });
  it('writes an incapacidad (12) with its folio and days', () => {
    const line = suaMovementLine({ registro: 'Y6012345108', nss: '12345678903', code: '12', date: '2026-06-02', folio: 'ab123456', days: 7 });
    expect(line).toBe(head + '12' + '02062026' + 'AB123456' + '07' + '0000000');
    expect(line).toHaveLength(49);
  });
  it('ends every line with CRLF; no lines, empty file', () => {
    expect(suaFile(['A', 'B'])).toBe('A\r\nB\r\n');
    expect(suaFile([])).toBe('');
  });
});

describe('what SUA needs of a worker for a bimester', () => {
  const hired: SuaAffiliation[] = [
    { type: 'alta', date: '2026-01-05', sbc: '500.00' },
    { type: 'modificacion', date: '2026-03-16', sbc: '550.00' },
  ];
  const { from, to } = bimesterRange(2026, 3);

  it('the bimester 3 of 2026 runs from 1 May to 30 June; the 6th ends on 31 December', () => {
    expect(bimesterRange(2026, 3)).toEqual({ from: '2026-05-01', to: '2026-06-30', months: ['2026-05', '2026-06'] });
    expect(bimesterRange(2026, 6).to).toBe('2026-12-31');
  });

  it('vigente from before: the alta it started with and the SBC of the first day, then the bimester movements', () => {
    const list = [...hired, { type: 'modificacion' as const, date: '2026-06-10', sbc: '600.00' }, { type: 'baja' as const, date: '2026-06-20', sbc: '600.00' }];
    expect(suaPlan(list, from, to)).toEqual({
      alta: { date: '2026-01-05', sdi: '550.00' },
      movements: [
        { code: '07', date: '2026-06-10', sdi: '600.00' },
        { code: '02', date: '2026-06-20', sdi: null },
      ],
    });
  });

  it('hired inside the bimester: that alta goes to the asegurados file, not to the movements', () => {
    const list: SuaAffiliation[] = [
      { type: 'alta', date: '2026-05-11', sbc: '600.00' },
      { type: 'modificacion', date: '2026-06-10', sbc: '700.00' },
    ];
    expect(suaPlan(list, from, to)).toEqual({ alta: { date: '2026-05-11', sdi: '600.00' }, movements: [{ code: '07', date: '2026-06-10', sdi: '700.00' }] });
  });

  it('a reingreso after a baja inside the bimester is an 08; a worker gone before it is left out', () => {
    const list: SuaAffiliation[] = [...hired, { type: 'baja', date: '2026-05-08', sbc: '550.00' }, { type: 'alta', date: '2026-06-01', sbc: '520.00' }];
    expect(suaPlan(list, from, to)?.movements).toEqual([
      { code: '02', date: '2026-05-08', sdi: null },
      { code: '08', date: '2026-06-01', sdi: '520.00' },
    ]);
    expect(suaPlan([...hired, { type: 'baja', date: '2026-04-30', sbc: '550.00' }], from, to)).toBeNull();
  });

  it('a modificación on the first day is already in the alta SDI; the baja day is still vigente', () => {
    expect(suaPlan([...hired, { type: 'modificacion', date: '2026-05-01', sbc: '580.00' }], from, to)).toEqual({ alta: { date: '2026-01-05', sdi: '580.00' }, movements: [] });
    const gone = [...hired, { type: 'baja' as const, date: '2026-05-08', sbc: '550.00' }];
    expect(suaStateOn(gone, '2026-05-08').active).toBe(true);
    expect(suaStateOn(gone, '2026-05-09').active).toBe(false);
  });

  it('incapacities whose first day is in the bimester become type-12 movements', () => {
    const list = [
      { folio: 'AB000001', startDate: '2026-04-28', days: 7 },
      { folio: 'AB000002', startDate: '2026-06-02', days: 3 },
    ];
    expect(suaIncapacityMovements(list, from, to)).toEqual([{ code: '12', date: '2026-06-02', folio: 'AB000002', days: 3 }]);
  });
});

describe('the bimester as SUA computes it', () => {
  it('an alta on 11 May at SBC 600 and a modificación to 700 on 10 June: June split at the change', () => {
    // May: 11–31 May = 21 days × 600.00. 3 UMA = 351.93.
    //   cuota fija 20.40 % × 117.31 × 21 = 502.55604 → 502.56; excedente 1.10 % × 248.07 × 21 = 57.30417 → 57.30
    //   SBC × días 12,600: dinero 0.70 % = 88.20; pensionados 1.05 % = 132.30 → EM 780.36
    //   IV 1.75 % = 220.50; GPS 1.00 % = 126.00; RT 0.54355 % = 68.4873 → 68.49; mensual 1,195.35
    // June: 1–9 June 9 days × 600 + 10–30 June 21 days × 700; SBC × días 5,400 + 14,700 = 20,100
    //   cuota fija 20.40 % × 117.31 × 30 = 717.9372 → 717.94; excedente 1.10 % × (248.07 × 9 + 348.07 × 21 = 9,542.10) = 104.9631 → 104.96
    //   dinero 140.70; pensionados 211.05 → EM 1,174.65; IV 351.75; GPS 201.00; RT 109.25355 → 109.25; mensual 1,836.65
    // Bimester: SBC × días 32,700: retiro 2 % = 654.00; cesantía 7.513 % (600 and 700 ÷ 117.31 > 4 UMA) = 2,456.751 → 2,456.75;
    //   INFONAVIT 5 % = 1,635.00; bimestral 4,745.75; total 1,195.35 + 1,836.65 + 4,745.75 = 7,777.75
    const r = suaBimesterQuotas(SETS, QUOTAS, {
      year: 2026,
      bimester: 3,
      riskPremiumPercent: '0.54355',
      movements: [
        { type: 'alta', date: '2026-05-11', sbc: '600.00' },
        { type: 'modificacion', date: '2026-06-10', sbc: '700.00' },
      ],
      incapacities: [],
    });
    expect(r).toEqual({
      days1: 21,
      days2: 30,
      incapacityDays: 0,
      sbcStart: '600.00',
      sbcEnd: '700.00',
      sbcDays: '32700.00',
      em1: '780.36',
      iv1: '220.50',
      gps1: '126.00',
      rt1: '68.49',
      monthly1: '1195.35',
      em2: '1174.65',
      iv2: '351.75',
      gps2: '201.00',
      rt2: '109.25',
      monthly2: '1836.65',
      retiro: '654.00',
      cesantiaVejez: '2456.75',
      infonavit: '1635.00',
      bimonthly: '4745.75',
      total: '7777.75',
    });
  });

  it('a 3-day incapacity (2–4 June) at SBC 500: out of every branch but retiro and INFONAVIT', () => {
    // May 31 days × 500 = 15,500: cuota fija 20.40 % × 117.31 × 31 = 741.86844 → 741.87; excedente 1.10 % × 148.07 × 31 = 50.49187 → 50.49;
    //   dinero 108.50; pensionados 162.75 → EM 1,063.61; IV 271.25; GPS 155.00; RT 84.25025 → 84.25; mensual 1,574.11
    // June 30 − 3 = 27 days × 500 = 13,500: cuota fija 20.40 % × 117.31 × 27 = 646.14348 → 646.14; excedente 1.10 % × 148.07 × 27 = 43.97679 → 43.98;
    //   dinero 94.50; pensionados 141.75 → EM 926.37; IV 236.25; GPS 135.00; RT 73.37925 → 73.38; mensual 1,371.00
    // Retiro and INFONAVIT on 61 days (30,500): 610.00 and 1,525.00; cesantía 7.513 % on 58 days (29,000) = 2,178.77
    //   bimestral 4,313.77; total 1,574.11 + 1,371.00 + 4,313.77 = 7,258.88
    const r = suaBimesterQuotas(SETS, QUOTAS, {
      year: 2026,
      bimester: 3,
      riskPremiumPercent: '0.54355',
      movements: [{ type: 'alta', date: '2026-01-05', sbc: '500.00' }],
      incapacities: [{ folio: 'AB000002', startDate: '2026-06-02', days: 3 }],
    });
    expect(r).toMatchObject({ days1: 31, days2: 27, incapacityDays: 3, sbcDays: '29000.00', em1: '1063.61', rt1: '84.25', monthly1: '1574.11', em2: '926.37', rt2: '73.38', monthly2: '1371.00' });
    expect(r).toMatchObject({ retiro: '610.00', cesantiaVejez: '2178.77', infonavit: '1525.00', bimonthly: '4313.77', total: '7258.88' });
  });

  it('caps the SBC at 25 UMA of each day: 3,500.00 is charged as 2,932.75', () => {
    const r = suaBimesterQuotas(SETS, QUOTAS, { year: 2026, bimester: 3, riskPremiumPercent: '0.5', movements: [{ type: 'alta', date: '2026-06-30', sbc: '3500.00' }], incapacities: [] });
    // One day: retiro 2 % × 2,932.75 = 58.655 → 58.66
    expect([r.sbcEnd, r.days2, r.retiro]).toEqual(['2932.75', 1, '58.66']);
  });
});

describe('reconciliation with the payrolls', () => {
  const sua = { days1: 21, days2: 30, monthly1: '1195.35', monthly2: '1836.65', bimonthly: '4745.75', total: '7777.75', sbcDays: '32700.00' };
  it('same days, different SBC × días: the SBC cause, with SUA − nómina differences', () => {
    // Payroll: 21 days × 600 and 30 days × 700 = 33,600; mensual 1,195.35 and 1,891.94; bimestral 4,876.38.
    // Differences: 0.00, 1,836.65 − 1,891.94 = −55.29, 4,745.75 − 4,876.38 = −130.63, total −185.92.
    const d = suaDifference(sua, { days1: '21.00', days2: '30.00', monthly1: '1195.35', monthly2: '1891.94', bimonthly: '4876.38', sbcDays: '33600.00', absences: '0.00' });
    expect(d).toEqual({
      diffDays1: '0',
      diffDays2: '0',
      diffMonthly1: '0.00',
      diffMonthly2: '-55.29',
      diffBimonthly: '-130.63',
      diffTotal: '-185.92',
      matches: false,
      causes: [SUA_MSG.sbc('33600.00', '32700.00')],
    });
  });
  it('fewer payroll days: faltas first, then days without a closed payroll', () => {
    const d = suaDifference(sua, { days1: '21.00', days2: '22.00', monthly1: '1195.35', monthly2: '1300.00', bimonthly: '4000.00', sbcDays: '0', absences: '5.00' });
    expect(d.causes).toEqual([SUA_MSG.absences('5'), SUA_MSG.uncovered('3')]);
    expect(SUA_MSG.absences('1')).toBe('La nómina descontó 1 día de faltas; SUA los cobra mientras no se capturen como ausentismos (movimiento 11).');
  });
  it('same days split otherwise between the months; more payroll days; a rounding cent; a match', () => {
    const base = { days1: '21.00', days2: '30.00', monthly1: '1195.35', monthly2: '1836.65', bimonthly: '4745.75', sbcDays: '32700.00', absences: '0' };
    expect(suaDifference(sua, { ...base, days1: '20.00', days2: '31.00' }).causes).toEqual([SUA_MSG.monthSplit]);
    expect(suaDifference(sua, { ...base, days2: '31.00' }).causes).toEqual([SUA_MSG.extraDays('1')]);
    expect(suaDifference(sua, { ...base, bimonthly: '4745.76' }).causes).toEqual([SUA_MSG.rounding]);
    expect(suaDifference(sua, base)).toMatchObject({ matches: true, causes: [], diffTotal: '0.00' });
  });
});
