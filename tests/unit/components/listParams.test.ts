import { describe, expect, it } from 'vitest';
import { readListState, toListInput, writeListState } from '../../../client/components/listParams';

const defaults = { pageSize: 25, sortBy: 'name', filters: { status: 'activo', area: '' } };

describe('readListState', () => {
  it('falls back to the defaults', () => {
    expect(readListState(new URLSearchParams(''), defaults)).toEqual({
      page: 1,
      pageSize: 25,
      search: '',
      sortBy: 'name',
      sortDirection: 'ASC',
      filters: { status: 'activo', area: '' },
    });
  });

  it('reads the URL and rejects bad values', () => {
    const state = readListState(
      new URLSearchParams('page=3&pageSize=500&search=tor&sortBy=sku&sortDirection=DESC&status=baja&id=7'),
      defaults,
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 200,
      search: 'tor',
      sortBy: 'sku',
      sortDirection: 'DESC',
      filters: { status: 'baja', area: '' },
    });
    const bad = readListState(new URLSearchParams('page=-2&pageSize=abc&sortDirection=UP'), defaults);
    expect([bad.page, bad.pageSize, bad.sortDirection]).toEqual([1, 25, 'ASC']);
  });
});

describe('writeListState', () => {
  it('leaves defaults out and keeps foreign parameters', () => {
    const previous = new URLSearchParams('id=7&page=4');
    const next = writeListState(
      previous,
      { page: 1, pageSize: 25, search: 'llanta', sortBy: 'name', sortDirection: 'DESC', filters: { status: 'activo', area: '' } },
      defaults,
    );
    expect(next.toString()).toBe('id=7&search=llanta&sortDirection=DESC');
  });

  it('keeps an empty filter that differs from a non-empty default', () => {
    const next = writeListState(
      new URLSearchParams(''),
      { page: 2, pageSize: 50, search: '', sortBy: 'name', sortDirection: 'ASC', filters: { status: '', area: '3' } },
      defaults,
    );
    expect(next.toString()).toBe('page=2&pageSize=50&status=&area=3');
    expect(readListState(next, defaults).filters).toEqual({ status: '', area: '3' });
  });
});

describe('toListInput', () => {
  it('builds the GraphQL ListInput, capping pageSize at 200 and omitting empty text', () => {
    expect(toListInput({ page: 2, pageSize: 500, search: '  tornillo ', sortBy: 'sku', sortDirection: 'DESC' })).toEqual({
      page: 2,
      pageSize: 200,
      search: 'tornillo',
      sortBy: 'sku',
      sortDirection: 'DESC',
    });
    expect(toListInput({ page: 1, pageSize: 25, search: '', sortBy: '', sortDirection: 'ASC' })).toEqual({
      page: 1,
      pageSize: 25,
      sortDirection: 'ASC',
    });
  });
});
