// Payroll concept rules shared by the server and the SPA: SAT codes per kind
// (nómina 1.2 catalogues), the exento_uma cap and what a system concept locks.
import { describe, expect, it } from 'vitest';
import { CONCEPT_MSG, conceptRuleErrors, exemptUmaError, storedExemptUma, systemConceptErrors, type ConceptLockable } from '../../../schema/rh/concepts';
import { isSatCodeOfKind, satLabel, SAT_CATALOGUE_BY_KIND, TIPOS_DEDUCCION, TIPOS_OTRO_PAGO, TIPOS_PERCEPCION } from '../../../schema/rh/satNomina';

describe('SAT nómina 1.2 catalogues', () => {
  it('hold the codes the payroll needs, each in its own catalogue', () => {
    for (const code of ['001', '002', '010', '019', '021', '029', '038', '049']) expect(isSatCodeOfKind('percepcion', code)).toBe(true);
    for (const code of ['001', '002', '004', '006', '007', '010', '011', '012', '020']) expect(isSatCodeOfKind('deduccion', code)).toBe(true);
    for (const code of ['001', '002', '003', '004', '005', '999']) expect(isSatCodeOfKind('otro_pago', code)).toBe(true);
    // Codes that exist in one catalogue only.
    expect(isSatCodeOfKind('deduccion', '038')).toBe(false);
    expect(isSatCodeOfKind('percepcion', '999')).toBe(false);
    expect(isSatCodeOfKind('otro_pago', '019')).toBe(false);
    // Gaps of c_TipoPercepcion: 007, 008, 016–018 and 040–043 are not codes.
    for (const code of ['007', '008', '016', '040', '043']) expect(isSatCodeOfKind('percepcion', code)).toBe(false);
  });

  it('are three-digit codes, sorted and without repeats, with a Spanish name', () => {
    for (const list of [TIPOS_PERCEPCION, TIPOS_DEDUCCION, TIPOS_OTRO_PAGO]) {
      const codes = list.map((e) => e.code);
      expect(codes.every((c) => /^\d{3}$/.test(c))).toBe(true);
      expect([...codes].sort()).toEqual(codes);
      expect(new Set(codes).size).toBe(codes.length);
      expect(list.every((e) => e.name.trim().length > 0)).toBe(true);
    }
    expect(SAT_CATALOGUE_BY_KIND.percepcion).toBe(TIPOS_PERCEPCION);
    expect(satLabel('percepcion', '029')).toBe('029 - Vales de despensa');
    expect(satLabel('deduccion', '002')).toBe('002 - ISR');
    expect(satLabel('deduccion', '777')).toBe('777');
  });
});

describe('conceptRuleErrors', () => {
  const base = { kind: 'percepcion' as const, satCode: '038', taxableRule: 'gravado' as const, exemptUma: null };

  it('accepts a code of its kind and refuses one of another catalogue, naming the right one', () => {
    expect(conceptRuleErrors(base)).toEqual({});
    expect(conceptRuleErrors({ ...base, kind: 'deduccion' })).toEqual({ satCode: 'La clave SAT no pertenece al catálogo c_TipoDeduccion (deducción).' });
    expect(conceptRuleErrors({ ...base, kind: 'otro_pago' })).toEqual({ satCode: 'La clave SAT no pertenece al catálogo c_TipoOtroPago (otro pago).' });
    expect(conceptRuleErrors({ ...base, satCode: '999' })).toEqual({ satCode: CONCEPT_MSG.satCode('percepcion') });
  });

  it('exento_uma: a percepción with a cap above zero, at most 2 decimals and 1,000 UMA', () => {
    const uma = { ...base, satCode: '029', taxableRule: 'exento_uma' as const };
    expect(conceptRuleErrors({ ...uma, exemptUma: '1' })).toEqual({});
    expect(conceptRuleErrors({ ...uma, exemptUma: '0.01' })).toEqual({});
    expect(conceptRuleErrors({ ...uma, exemptUma: '1000' })).toEqual({});
    for (const missing of [null, undefined, '', '  ', '0', '0.00', '-1', 'uno']) expect(conceptRuleErrors({ ...uma, exemptUma: missing })).toEqual({ exemptUma: CONCEPT_MSG.exemptUmaRequired });
    expect(conceptRuleErrors({ ...uma, exemptUma: '1.005' })).toEqual({ exemptUma: 'Máximo 2 decimales.' });
    expect(conceptRuleErrors({ ...uma, exemptUma: '1000.01' })).toEqual({ exemptUma: 'El tope no puede pasar de 1,000 UMA.' });
    expect(conceptRuleErrors({ ...uma, kind: 'deduccion', satCode: '004', exemptUma: '1' })).toEqual({ taxableRule: CONCEPT_MSG.exemptUmaOnlyPerceptions });
    // Both fields wrong: both messages at once.
    expect(conceptRuleErrors({ ...uma, satCode: '999', exemptUma: '' })).toEqual({ satCode: CONCEPT_MSG.satCode('percepcion'), exemptUma: CONCEPT_MSG.exemptUmaRequired });
    expect(exemptUmaError(' 2.5 ')).toBeNull();
  });

  it('stores a cap only for exento_uma, with 2 decimals', () => {
    expect(storedExemptUma('exento_uma', '1')).toBe('1.00');
    expect(storedExemptUma('exento_uma', ' 0.5 ')).toBe('0.50');
    expect(storedExemptUma('gravado', '3')).toBeNull();
    expect(storedExemptUma('exento', '3')).toBeNull();
  });
});

describe('systemConceptErrors', () => {
  const isr: ConceptLockable = { code: 'D002', kind: 'deduccion', satCode: '002', taxableRule: 'gravado', exemptUma: null, active: true };
  const locked = CONCEPT_MSG.systemLocked;

  it('lets the name change (nothing else in the comparison) and the code change only in case', () => {
    expect(systemConceptErrors(isr, { ...isr })).toEqual({});
    expect(systemConceptErrors(isr, { ...isr, code: 'd002' })).toEqual({});
  });

  it('locks code, kind, SAT code, rule and cap, and refuses deactivating it', () => {
    expect(systemConceptErrors(isr, { ...isr, code: 'D003' })).toEqual({ code: locked });
    expect(systemConceptErrors(isr, { ...isr, kind: 'otro_pago' })).toEqual({ kind: locked });
    expect(systemConceptErrors(isr, { ...isr, satCode: '001' })).toEqual({ satCode: locked });
    expect(systemConceptErrors(isr, { ...isr, taxableRule: 'exento' })).toEqual({ taxableRule: locked });
    expect(systemConceptErrors(isr, { ...isr, active: false })).toEqual({ active: CONCEPT_MSG.systemActive });
    const vales: ConceptLockable = { ...isr, kind: 'percepcion', satCode: '029', taxableRule: 'exento_uma', exemptUma: '1.00' };
    // The same cap written another way is the same cap.
    expect(systemConceptErrors(vales, { ...vales, exemptUma: '1' })).toEqual({});
    expect(systemConceptErrors(vales, { ...vales, exemptUma: '2' })).toEqual({ exemptUma: locked });
    // An inactive system concept may be switched back on.
    expect(systemConceptErrors({ ...isr, active: false }, isr)).toEqual({});
  });
});
