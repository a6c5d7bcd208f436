// IDSE batch lines (168 characters) written out by hand from the layout in
// schema/rh/imssMovements.ts, and the 5-business-day deadline.
import { describe, expect, it } from 'vitest';
import { addBusinessDays, idseFile, idseLine, imssDeadline, isOverdue } from '../../../schema/rh/imssMovements';

const base = { registro: 'Y5412345109', nss: '12345678903', curp: 'PELJ900101HDFRPN09', lastName: 'Pérez', secondLastName: 'Núñez', names: 'Juan José', employeeNumber: 'E-17' };
// 27-character name fields, blank-filled; accents dropped, Ñ → N.
const names = 'PEREZ' + ' '.repeat(22) + 'NUNEZ' + ' '.repeat(22) + 'JUAN JOSE' + ' '.repeat(18);

describe('idseLine', () => {
  it('writes a reingreso (08): SBC 345.67 → 034567, tipo trabajador 1, salario fijo 0, semana completa 0, CURP, format 9', () => {
    const expected =
      'Y5412345109' + '12345678903' + names + '034567' + '      ' + '1' + '0' + '0' + '02112026' + '   ' + '  ' + '08' + '     ' + 'E 17      ' + ' ' + 'PELJ900101HDFRPN09' + '9';
    const line = idseLine({ ...base, type: 'alta', sbc: '345.67', effectiveDate: '2026-11-02' });
    expect(line).toBe(expected);
    expect(line).toHaveLength(168);
  });

  it('writes a modificación (07): no tipo de trabajador, no UMF', () => {
    const expected =
      'Y5412345109' + '12345678903' + names + '104520' + '      ' + ' ' + '0' + '0' + '30112026' + '     ' + '07' + '     ' + 'E 17      ' + ' ' + 'PELJ900101HDFRPN09' + '9';
    expect(idseLine({ ...base, type: 'modificacion', sbc: '1045.2', effectiveDate: '2026-11-30' })).toBe(expected);
  });

  it('a modificación of a mixed salary (SDI plus a variable part) declares tipo de salario 2 at position 117', () => {
    const expected =
      'Y5412345109' + '12345678903' + names + '053797' + '      ' + ' ' + '2' + '0' + '01112026' + '     ' + '07' + '     ' + 'E 17      ' + ' ' + 'PELJ900101HDFRPN09' + '9';
    const line = idseLine({ ...base, type: 'modificacion', sbc: '537.97', effectiveDate: '2026-11-01', salaryType: 'mixto' });
    expect(line).toBe(expected);
    expect(line[116]).toBe('2');
  });

  it('writes a baja (02) with its cause at position 149 and no SBC nor CURP', () => {
    const expected = 'Y5412345109' + '12345678903' + names + ' '.repeat(15) + '15012027' + '     ' + '02' + '     ' + 'E 17      ' + '2' + ' '.repeat(18) + '9';
    const line = idseLine({ ...base, type: 'baja', sbc: '345.67', effectiveDate: '2027-01-15', bajaCause: '2' });
    expect(line).toBe(expected);
    expect(line[148]).toBe('2');
  });

  it('joins lines with CRLF', () => {
    const file = idseFile([{ ...base, type: 'baja', sbc: '0', effectiveDate: '2027-01-15', bajaCause: '1' }]);
    expect(file.endsWith('9\r\n')).toBe(true);
    expect(file).toHaveLength(170);
  });
});

describe('deadline (5 business days)', () => {
  it('skips the weekend: Thursday 26 Nov 2026 → Fri 27, Mon 30, Tue 1, Wed 2, Thu 3 Dec', () => {
    expect(imssDeadline('2026-11-26')).toBe('2026-12-03');
  });
  it('from a Saturday: Sat 28 Nov → Mon 30, Tue 1, Wed 2, Thu 3, Fri 4 Dec', () => {
    expect(addBusinessDays('2026-11-28', 5)).toBe('2026-12-04');
  });
  it('skips a listed holiday', () => {
    expect(addBusinessDays('2026-11-26', 1, ['2026-11-27'])).toBe('2026-11-30');
  });
  it('is overdue only while pendiente and after the deadline', () => {
    expect(isOverdue({ status: 'pendiente', deadline: '2026-12-03' }, '2026-12-04')).toBe(true);
    expect(isOverdue({ status: 'pendiente', deadline: '2026-12-03' }, '2026-12-03')).toBe(false);
    expect(isOverdue({ status: 'presentado', deadline: '2026-12-03' }, '2026-12-10')).toBe(false);
  });
});
