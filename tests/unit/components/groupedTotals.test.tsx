// @vitest-environment jsdom
// "Agrupar por" on money lists: the groups table shows count and money in
// es-MX format with the grand total as footer (cards on a phone), a click on
// a group drills into the list filtered by it (grouping cleared), the month
// drill-down becomes the list's date range, and the export keeps numbers.
import { installMantineDom } from '../mantineDom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { countMeasures, drillFilters, groupExportColumns, moneyMeasures, GroupedTotalsTable, monthFilter, type GroupedTotalsTableProps, type MoneyGroupPage } from '../../../client/components/GroupedTotals';
import { exportCell } from '../../../client/components/exportRows';

beforeAll(() => {
  installMantineDom();
});

const PAGE: MoneyGroupPage = {
  totalGroups: 2,
  groups: [
    { key: '7', label: 'AGRUPA PRUEBA BETA', count: 2, subtotal: '3793.68', tax: '606.99', total: '4400.67', balance: '3400.67' },
    { key: '3', label: 'AGRUPA PRUEBA ALFA', count: 1234, subtotal: '2500.5', tax: '400.08', total: '2900.58', balance: '0' },
  ],
  grandTotal: { key: '', label: 'Total general', count: 1236, subtotal: '6294.18', tax: '1007.07', total: '7301.25', balance: '3400.67' },
};

let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

function renderTable(over: Partial<GroupedTotalsTableProps> = {}) {
  const props: GroupedTotalsTableProps = { groupHeader: 'Cliente', page: PAGE, loading: false, pageNumber: 1, pageSize: 25, onPage: vi.fn(), onOpen: vi.fn(), filtered: false, compact: false, ...over };
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  act(() => root?.render(createElement(MantineProvider, { env: 'test' }, createElement(GroupedTotalsTable, props))));
  return props;
}

const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('GroupedTotalsTable', () => {
  it('shows each group with its count and money, and the grand total as footer', () => {
    renderTable();
    const rows = [...document.querySelectorAll('tr')];
    expect(cells(rows[0])).toEqual(['Cliente', 'Documentos', 'Subtotal', 'IVA', 'Total', 'Saldo']);
    expect(cells(rows[1])).toEqual(['AGRUPA PRUEBA BETA', '2', '$3,793.68', '$606.99', '$4,400.67', '$3,400.67']);
    expect(cells(rows[2])).toEqual(['AGRUPA PRUEBA ALFA', '1,234', '$2,500.50', '$400.08', '$2,900.58', '$0.00']);
    expect(cells(document.querySelector('[data-testid="grand-total"] tr')!)).toEqual(['Total general', '1,236', '$6,294.18', '$1,007.07', '$7,301.25', '$3,400.67']);
    expect(document.body.textContent).toContain('2 grupos');
  });

  it('a click (or Enter) on a group opens it', () => {
    const props = renderTable();
    const row = document.querySelector('[aria-label="Ver los documentos de AGRUPA PRUEBA ALFA"]') as HTMLElement;
    act(() => row.click());
    expect(props.onOpen).toHaveBeenCalledWith(PAGE.groups[1]);
    act(() => row.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
    expect(props.onOpen).toHaveBeenCalledTimes(2);
  });

  it('on a phone shows one card per group and the grand total card; empty lists say so', () => {
    renderTable({ compact: true, measures: moneyMeasures('Por pagar') });
    expect(document.querySelectorAll('[role="listitem"]')).toHaveLength(2);
    expect(document.querySelector('[data-testid="grand-total"]')?.textContent).toBe('Total general1,236 doc.Subtotal$6,294.18IVA$1,007.07Total$7,301.25Por pagar$3,400.67');
    act(() => root?.unmount());
    renderTable({ page: { totalGroups: 0, groups: [], grandTotal: { ...PAGE.grandTotal, count: 0 } }, filtered: true });
    expect(document.body.textContent).toContain('Sin registros');
    expect(document.body.textContent).toContain('Prueba con otra búsqueda o cambia los filtros.');
    expect(document.querySelector('[data-testid="grand-total"]')).toBeNull();
  });
});

describe('GroupedTotalsTable without money', () => {
  it('a list without amounts shows only the count, on a table and on a phone, and exports it', () => {
    renderTable({ groupHeader: 'Área', measures: countMeasures('Empleados') });
    const rows = [...document.querySelectorAll('tr')];
    expect(cells(rows[0])).toEqual(['Área', 'Empleados']);
    expect(cells(rows[1])).toEqual(['AGRUPA PRUEBA BETA', '2']);
    expect(cells(document.querySelector('[data-testid="grand-total"] tr')!)).toEqual(['Total general', '1,236']);
    expect(document.querySelector('[aria-label="Ver los empleados de AGRUPA PRUEBA ALFA"]')).not.toBeNull();
    act(() => root?.unmount());
    renderTable({ compact: true, measures: countMeasures('Empleados') });
    expect(document.querySelector('[data-testid="grand-total"]')?.textContent).toBe('Total general1,236 empleados');
    const columns = groupExportColumns('Área', countMeasures('Empleados'));
    expect(columns.map((c) => exportCell(c, PAGE.groups[0]))).toEqual(['AGRUPA PRUEBA BETA', 2]);
  });

  it('other amounts show under their own names, in the order given', () => {
    const measures = { count: { header: 'Nóminas', unit: 'nóm.' }, amounts: [{ key: 'subtotal', header: 'Percepciones' }, { key: 'total', header: 'Neto', strong: true }] } as const;
    renderTable({ groupHeader: 'Estado', measures });
    expect(cells(document.querySelectorAll('tr')[0])).toEqual(['Estado', 'Nóminas', 'Percepciones', 'Neto']);
    expect(cells(document.querySelectorAll('tr')[1])).toEqual(['AGRUPA PRUEBA BETA', '2', '$3,793.68', '$4,400.67']);
  });
});

describe('grouping helpers', () => {
  it('a group opens the list filtered by it, without grouping', () => {
    expect(drillFilters({ value: 'CLIENT', label: 'Cliente', filter: 'clientId' }, '7')).toEqual({ groupBy: '', clientId: '7' });
    expect(drillFilters({ value: 'MONTH', label: 'Mes', filter: 'month' }, '2024-02')).toEqual({ groupBy: '', month: '2024-02' });
  });

  it('the month filter is the whole calendar month (leap years too); anything else adds nothing', () => {
    expect(monthFilter('2024-02', { from: 'dateFrom', to: 'dateTo' })).toEqual({ dateFrom: '2024-02-01', dateTo: '2024-02-29' });
    expect(monthFilter('2023-12', { from: 'from', to: 'to' })).toEqual({ from: '2023-12-01', to: '2023-12-31' });
    expect(monthFilter('', { from: 'from', to: 'to' })).toEqual({});
    expect(monthFilter('2023-13', { from: 'from', to: 'to' })).toEqual({});
  });

  it('exports numbers as numbers', () => {
    const columns = groupExportColumns('Proveedor');
    expect(columns.map((c) => c.header)).toEqual(['Proveedor', 'Documentos', 'Subtotal', 'IVA', 'Total', 'Saldo']);
    expect(columns.map((c) => exportCell(c, PAGE.groups[0]))).toEqual(['AGRUPA PRUEBA BETA', 2, 3793.68, 606.99, 4400.67, 3400.67]);
  });
});
