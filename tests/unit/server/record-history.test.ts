// The Historial lists what an audit entry changed, field by field, in words a
// person reads; changes of spelling only (NUMERIC read back with six
// decimals, a missing list vs an empty one) are no change.
import { describe, expect, it } from 'vitest';
import { displayValue, fieldChanges } from '../../../server/modules/session/history';

describe('fieldChanges', () => {
  it('lists the fields whose value changed, with before and after as text', () => {
    expect(fieldChanges({ name: 'Ana', status: 'activo', creditDays: 15 }, { name: 'Ana', status: 'baja', creditDays: 30 })).toEqual([
      { field: 'status', before: 'activo', after: 'baja' },
      { field: 'creditDays', before: '15', after: '30' },
    ]);
  });

  it('ignores spelling-only differences: decimals, empty values, bookkeeping keys', () => {
    expect(fieldChanges({ ivaRate: '0.160000', lines: undefined, notes: null, version: 3 }, { ivaRate: '0.16', lines: [], notes: '', version: 4 })).toEqual([]);
    expect(fieldChanges({ subtotal: '100.00' }, { subtotal: 100 })).toEqual([]);
  });

  it('keeps codes with leading zeros as typed', () => {
    expect(fieldChanges({ postalCode: '01000' }, { postalCode: '06600' })).toEqual([{ field: 'postalCode', before: '01000', after: '06600' }]);
  });

  it('compares only the fields the change wrote, and hides secrets', () => {
    expect(fieldChanges({ name: 'Rol', userCount: 4, description: 'uno' }, { name: 'Rol', description: 'dos' })).toEqual([{ field: 'description', before: 'uno', after: 'dos' }]);
    expect(fieldChanges({ passwordHash: 'a', tokenHash: 'b' }, { passwordHash: 'c', tokenHash: 'd' })).toEqual([]);
  });

  it('lists nothing for a creation or a deletion', () => {
    expect(fieldChanges(null, { name: 'Nuevo' })).toEqual([]);
    expect(fieldChanges({ name: 'Viejo' }, null)).toEqual([]);
  });

  it('shows values in one line', () => {
    expect(displayValue(true)).toBe('Sí');
    expect(displayValue(false)).toBe('No');
    expect(displayValue([1, 2, 3])).toBe('3 elementos');
    expect(displayValue([1])).toBe('1 elemento');
    expect(displayValue('')).toBeNull();
    expect(displayValue({ a: 'x'.repeat(300) })).toHaveLength(160);
  });
});
