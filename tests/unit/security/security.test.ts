// Seguridad's pure rules, with figures worked by hand: the weighted score
// (N/A out of the base, 2 decimals half-up), a critical failure, the
// recurrence dates at month ends and in leap years, permit window overlaps.
import { describe, expect, it } from 'vitest';
import { closeProblems, inspectionResult, inspectionScore } from '../../../schema/security/inspections';
import { missingChecks, windowExpired, windowsOverlap, windowValid } from '../../../schema/security/permits';
import { addMonthsClamped, isOverdue, nextOccurrence } from '../../../schema/security/schedule';
import { statusAfterReturn } from '../../../schema/security/tools';

describe('inspectionScore', () => {
  it('weights each item and leaves N/A out of the base', () => {
    // applicable weights 3 + 2 + 1 = 6; complying 3 + 1 = 4 → 4/6 = 66.666… → 66.67
    const s = inspectionScore([
      { weight: '3', critical: false, answer: 'cumple' },
      { weight: '2', critical: false, answer: 'no_cumple' },
      { weight: '1', critical: false, answer: 'cumple' },
      { weight: '5', critical: false, answer: 'na' },
    ]);
    expect(s).toEqual({ score: '66.67', criticalFailure: false, answered: 4, total: 4, findings: 1 });
    expect(inspectionResult(s, '60')).toBe('aprobada');
    expect(inspectionResult(s, '80')).toBe('reprobada');
  });
  it('rounds half-up to 2 decimals', () => {
    // 1 of 8 → 12.5; 7 of 8 → 87.5; 2 of 3 with decimals: 1.5/(1.5+0.75+0.75)= 50; 1/3 → 33.33; 2/3 → 66.67
    expect(inspectionScore([{ weight: '1', critical: false, answer: 'cumple' }, { weight: '7', critical: false, answer: 'no_cumple' }]).score).toBe('12.50');
    expect(inspectionScore([{ weight: '1', critical: false, answer: 'cumple' }, { weight: '2', critical: false, answer: 'no_cumple' }]).score).toBe('33.33');
    // 0.5 / (0.5 + 1.5 + 0.25 + 0.75) = 0.5 / 3 = 16.666… → 16.67
    expect(
      inspectionScore([
        { weight: '0.5', critical: false, answer: 'cumple' },
        { weight: '1.5', critical: false, answer: 'no_cumple' },
        { weight: '0.25', critical: false, answer: 'no_cumple' },
        { weight: '0.75', critical: false, answer: 'no_cumple' },
      ]).score,
    ).toBe('16.67');
    // 1/16 = 6.25 exactly; 1/8000 → 0.0125 % → 0.01
    expect(inspectionScore([{ weight: '1', critical: false, answer: 'cumple' }, { weight: '15', critical: false, answer: 'no_cumple' }]).score).toBe('6.25');
    expect(inspectionScore([{ weight: '1', critical: false, answer: 'cumple' }, { weight: '7999', critical: false, answer: 'no_cumple' }]).score).toBe('0.01');
  });
  it('a critical "no cumple" fails whatever the score', () => {
    // 9 of 10 weight complies = 90.00, above 80, but the failing item is critical
    const s = inspectionScore([
      { weight: '9', critical: false, answer: 'cumple' },
      { weight: '1', critical: true, answer: 'no_cumple' },
    ]);
    expect(s.score).toBe('90.00');
    expect(s.criticalFailure).toBe(true);
    expect(inspectionResult(s, '80')).toBe('reprobada');
    // a critical item that complies, or is N/A, does not fail
    const ok = inspectionScore([{ weight: '1', critical: true, answer: 'cumple' }, { weight: '1', critical: true, answer: 'na' }]);
    expect(ok).toMatchObject({ score: '100.00', criticalFailure: false });
    expect(inspectionResult(ok, '80')).toBe('aprobada');
  });
  it('all N/A or nothing answered: no score', () => {
    expect(inspectionScore([{ weight: '2', critical: false, answer: 'na' }]).score).toBeNull();
    expect(inspectionScore([{ weight: '2', critical: false, answer: null }])).toEqual({ score: null, criticalFailure: false, answered: 0, total: 1, findings: 0 });
  });
  it('closing needs every item answered and the required photos (not for N/A)', () => {
    expect(
      closeProblems([
        { position: 1, text: 'Extintores', answer: 'cumple', evidenceRequired: true, hasPhoto: false },
        { position: 2, text: 'Salidas', answer: null, evidenceRequired: false, hasPhoto: false },
        { position: 3, text: 'Botiquín', answer: 'na', evidenceRequired: true, hasPhoto: false },
        { position: 4, text: 'Tablero', answer: 'no_cumple', evidenceRequired: true, hasPhoto: true },
      ]),
    ).toEqual([
      { position: 1, message: 'El punto 1 requiere foto de evidencia.' },
      { position: 2, message: 'Responde el punto 2: Salidas.' },
    ]);
  });
});

describe('recurrence dates', () => {
  it('monthly clamps to the end of shorter months and keeps the anchor day', () => {
    expect(nextOccurrence('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(nextOccurrence('2028-01-31', 'monthly')).toBe('2028-02-29'); // leap year
    expect(nextOccurrence('2026-02-28', 'monthly', 31)).toBe('2026-03-31');
    expect(nextOccurrence('2026-03-31', 'monthly', 31)).toBe('2026-04-30');
    expect(nextOccurrence('2026-12-15', 'monthly')).toBe('2027-01-15');
    expect(addMonthsClamped('2026-01-30', 1)).toBe('2026-02-28');
  });
  it('leap years: divisible by 4, not by 100 unless by 400', () => {
    expect(nextOccurrence('2100-01-31', 'monthly')).toBe('2100-02-28');
    expect(nextOccurrence('2000-01-31', 'monthly')).toBe('2000-02-29');
    expect(nextOccurrence('2024-02-29', 'weekly')).toBe('2024-03-07');
    expect(nextOccurrence('2027-02-22', 'weekly')).toBe('2027-03-01');
  });
  it('quarterly adds three months with the same clamp; none does not repeat', () => {
    expect(nextOccurrence('2026-11-30', 'quarterly')).toBe('2027-02-28');
    expect(nextOccurrence('2027-11-30', 'quarterly')).toBe('2028-02-29');
    expect(nextOccurrence('2026-05-31', 'quarterly')).toBe('2026-08-31');
    expect(nextOccurrence('2026-12-31', 'weekly')).toBe('2027-01-07');
    expect(nextOccurrence('2026-05-31', 'none')).toBeNull();
  });
  it('overdue: pending and before today', () => {
    expect(isOverdue('pendiente', '2026-05-01', '2026-05-02')).toBe(true);
    expect(isOverdue('pendiente', '2026-05-02', '2026-05-02')).toBe(false);
    expect(isOverdue('realizada', '2026-05-01', '2026-05-02')).toBe(false);
  });
});

describe('permit windows and checklist', () => {
  const w = (from: string, to: string) => ({ from: `2026-06-01T${from}:00Z`, to: `2026-06-01T${to}:00Z` });
  it('overlap is half-open: touching windows do not overlap', () => {
    expect(windowsOverlap(w('08:00', '12:00'), w('11:59', '14:00'))).toBe(true);
    expect(windowsOverlap(w('08:00', '12:00'), w('12:00', '14:00'))).toBe(false);
    expect(windowsOverlap(w('08:00', '18:00'), w('10:00', '11:00'))).toBe(true); // contained
    expect(windowsOverlap(w('10:00', '11:00'), w('08:00', '18:00'))).toBe(true);
    expect(windowsOverlap(w('14:00', '16:00'), w('08:00', '12:00'))).toBe(false);
  });
  it('a window must end after it starts; expired once its end passed', () => {
    expect(windowValid(w('08:00', '08:00'))).toBe(false);
    expect(windowValid(w('09:00', '08:00'))).toBe(false);
    expect(windowValid(w('08:00', '08:01'))).toBe(true);
    expect(windowExpired(w('08:00', '12:00'), new Date('2026-06-01T12:00:00Z'))).toBe(true);
    expect(windowExpired(w('08:00', '12:00'), new Date('2026-06-01T11:59:59Z'))).toBe(false);
  });
  it('every check of the kind is needed to authorise', () => {
    expect(missingChecks('altura', ['arnes', 'linea_vida', 'andamio', 'delimitacion']).map((c) => c.key)).toEqual(['capacitacion']);
    expect(missingChecks('electrico', ['loto', 'ausencia', 'epp', 'herramienta', 'delimitacion'])).toEqual([]);
  });
  it('return condition decides the tool status', () => {
    expect([statusAfterReturn('bueno'), statusAfterReturn('danado'), statusAfterReturn('perdido')]).toEqual(['disponible', 'en_reparacion', 'baja']);
  });
});
