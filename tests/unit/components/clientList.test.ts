import { describe, expect, it } from 'vitest';
import { foldText, queryClientRows } from '../../../client/components/clientList';

type Row = { id: number; name: string; amount: number | null };

const rows: Row[] = [
  { id: 1, name: 'Válvula', amount: 30 },
  { id: 2, name: 'tornillo', amount: 5 },
  { id: 3, name: 'Árbol', amount: null },
  { id: 4, name: 'Balero 10', amount: 100 },
  { id: 5, name: 'Balero 9', amount: 7 },
];

const base = { page: 1, pageSize: 10, search: '', sortBy: '', sortDirection: 'ASC' as const };
const options = { searchText: (row: Row) => row.name };

describe('queryClientRows', () => {
  it('searches ignoring accents and case', () => {
    expect(foldText('VÁLVULA Ñ')).toBe('valvula n');
    expect(queryClientRows(rows, { ...base, search: 'valv' }, options).items.map((r) => r.id)).toEqual([1]);
    expect(queryClientRows(rows, { ...base, search: 'ARBOL' }, options).total).toBe(1);
  });

  it('sorts in Spanish order with numbers inside text, empty values last', () => {
    const byName = queryClientRows(rows, { ...base, sortBy: 'name' }, options).items.map((r) => r.id);
    expect(byName).toEqual([3, 5, 4, 2, 1]);
    const byAmountDesc = queryClientRows(rows, { ...base, sortBy: 'amount', sortDirection: 'DESC' }, options);
    expect(byAmountDesc.items.map((r) => r.id)).toEqual([4, 1, 5, 2, 3]);
  });

  it('pages and reports the total and the full match', () => {
    const second = queryClientRows(rows, { ...base, sortBy: 'name', page: 2, pageSize: 2 }, options);
    expect(second.items.map((r) => r.id)).toEqual([4, 2]);
    expect(second.total).toBe(5);
    expect(second.matching).toHaveLength(5);
  });
});
