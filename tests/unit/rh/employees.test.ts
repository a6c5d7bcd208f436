// Employee rules shared by the form and the server, and the demo seed's
// identity generator (its RFC, CURP, NSS and CLABE must pass the validators
// and agree with the birth date).
import { describe, expect, it } from 'vitest';
import { addYears, documentState, identityDateErrors } from '../../../schema/rh/employees';
import { isClabe, isCurp, isNss, rfcKind } from '../../../schema/validators';
import { clabeOf, curpCheckDigit, identityOf, rfcCheckDigit } from '../../../server/modules/rh/employees/seed';

const base = { rfc: 'PEGJ900514AB1', curp: 'PEGJ900514HQTRRN09', birthDate: '1990-05-14', hireDate: '2020-01-06' };

describe('identity dates', () => {
  it('accepts RFC and CURP carrying the birth date and a hire at 15 or older', () => {
    expect(identityDateErrors(base, '2026-11-25')).toEqual({});
    expect(identityDateErrors({ ...base, hireDate: '2005-05-14' }, '2026-11-25')).toEqual({});
  });
  it('names each field at fault', () => {
    expect(identityDateErrors({ ...base, birthDate: '1990-05-15' }, '2026-11-25')).toEqual({
      rfc: 'La fecha del RFC (AAMMDD) no coincide con la fecha de nacimiento.',
      curp: 'La fecha de la CURP (AAMMDD) no coincide con la fecha de nacimiento.',
    });
    expect(identityDateErrors({ ...base, hireDate: '2005-05-13' }, '2026-11-25').hireDate).toBe('El trabajador debe tener al menos 15 años cumplidos a la fecha de ingreso.');
    expect(identityDateErrors({ ...base, hireDate: '1990-05-14' }, '2026-11-25').hireDate).toBe('La fecha de ingreso debe ser posterior a la de nacimiento.');
    // 30 days ahead is allowed, 31 is not (25 Nov + 30 = 25 Dec).
    expect(identityDateErrors({ ...base, hireDate: '2026-12-25' }, '2026-11-25')).toEqual({});
    expect(identityDateErrors({ ...base, hireDate: '2026-12-26' }, '2026-11-25').hireDate).toBe('La fecha de ingreso no puede ser más de 30 días en el futuro.');
  });
  it('a 29 February birthday turns 15 on 1 March of a common year', () => {
    expect(addYears('2008-02-29', 15)).toBe('2023-03-01');
    expect(addYears('2008-02-29', 16)).toBe('2024-02-29');
    expect(addYears('1990-05-14', 15)).toBe('2005-05-14');
  });
});

describe('document state', () => {
  const expiring = { expires: true, warningDays: 30 };
  it('faltante without a file; vigente when the type does not expire', () => {
    expect(documentState(expiring, null, '2026-11-25')).toBe('faltante');
    expect(documentState({ expires: false, warningDays: 0 }, { expiresOn: null }, '2026-11-25')).toBe('vigente');
  });
  it('vencido after the expiry day, por vencer from warningDays before it (both ends inclusive), vigente before', () => {
    expect(documentState(expiring, { expiresOn: '2026-11-24' }, '2026-11-25')).toBe('vencido');
    expect(documentState(expiring, { expiresOn: '2026-11-25' }, '2026-11-25')).toBe('por_vencer');
    expect(documentState(expiring, { expiresOn: '2026-12-25' }, '2026-11-25')).toBe('por_vencer');
    expect(documentState(expiring, { expiresOn: '2026-12-26' }, '2026-11-25')).toBe('vigente');
    expect(documentState({ expires: true, warningDays: 0 }, { expiresOn: '2026-11-26' }, '2026-11-25')).toBe('vigente');
  });
});

describe('demo identities', () => {
  it('the SAT and RENAPO check digits of known examples', () => {
    // Σ over " GODE561231GR" with weights 13..2 = 1,048 → 11 − (1,048 mod 11 = 3) = 8.
    expect(rfcCheckDigit('GODE561231GR')).toBe('8');
    // Σ over "GOCJ800101HDFNRN0" with weights 18..2: G16×18 + O25×17 + C12×16 + J19×15 + 8×14 + 1×11 + 1×9 + H17×8 + D13×7 + F15×6
    // + N23×5 + R28×4 + N23×3 = 1,935 → (10 − 5) mod 10 = 5.
    expect(curpCheckDigit('GOCJ800101HDFNRN0')).toBe('5');
  });
  it('every generated person passes the validators and agrees with the birth date', () => {
    for (let seq = 1; seq <= 60; seq++) {
      const birthDate = `${1968 + (seq % 36)}-${String(1 + (seq % 12)).padStart(2, '0')}-${String(1 + (seq % 28)).padStart(2, '0')}`;
      const id = identityOf({ names: seq % 2 ? 'José Luis' : 'María Elena', lastName: 'Hernández', secondLastName: 'Ávila', birthDate, sex: seq % 2 ? 'H' : 'M', state: 'QT', seq });
      expect(rfcKind(id.rfc)).toBe('fisica');
      expect(isCurp(id.curp)).toBe(true);
      expect(isNss(id.nss)).toBe(true);
      expect(identityDateErrors({ rfc: id.rfc, curp: id.curp, birthDate, hireDate: addYears(birthDate, 20) }, '2026-11-25')).toEqual({});
      expect(isClabe(clabeOf('012', seq))).toBe(true);
    }
    // José is skipped when it is not the whole name: H(ernández) E Á(vila) → A, L(uis).
    expect(identityOf({ names: 'José Luis', lastName: 'Hernández', secondLastName: 'Ávila', birthDate: '1985-03-09', sex: 'H', state: 'QT', seq: 1 }).rfc.slice(0, 10)).toBe('HEAL850309');
  });
});
