// Module landing cards: only allowed list/report screens; dashboard cards:
// only the modules present in the rules; the Tablero's indicator cards (the CSD's).
import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../../schema/abilities';
import { allowedScreens, moduleCards, screenCards } from '../../../client/app/ability/cards';
import { indicatorCards, type IndicatorData } from '../../../client/app/pages/indicatorCards';
import { moduleScreens } from '../../../client/app/routes';

const ability = buildAbility([
  {
    module: 'Ventas',
    submodules: [
      { id: '1', name: 'Clientes', permitions: [{ name: 'ver' }] },
      { id: '2', name: 'Pagos', permitions: [{ name: 'crear' }] },
    ],
  },
]);

describe('landing cards', () => {
  it('lists the screens of a module the user may see, without forms', () => {
    const cards = screenCards(allowedScreens(moduleScreens('Ventas'), ability), 'report-money');
    expect(cards).toEqual([{ title: 'Clientes', path: '/system/salesModule/clients', icon: 'report-money' }]);
  });

  it('shows one card per module in modulesShow, in that order', () => {
    const cards = moduleCards(['Caja', 'Ventas', 'Desconocido'], (name) => `d-${name}`);
    expect(cards).toEqual([
      { title: 'Caja', path: '/system/cash', icon: 'cash', description: 'd-Caja' },
      { title: 'Ventas', path: '/system/sales', icon: 'report-money', description: 'd-Ventas' },
    ]);
  });
});

describe('Tablero: the CSD card', () => {
  const withCsd = (csd: { loaded: boolean; daysToExpiry: number | null } | null): IndicatorData => ({
    today: '2026-11-27',
    warehouse: null,
    sales: { generatorsToAuthorize: null, contractsUnderMargin: null, receivables: null, invoicedByMonth: null, csd },
    shopping: null,
    cash: null,
    hr: null,
    maintenance: null,
    vehiclePark: null,
    security: null,
  });
  const csdCard = (csd: { loaded: boolean; daysToExpiry: number | null } | null, canOpenCompany = true) => indicatorCards(withCsd(csd), canOpenCompany).find((c) => c.key === 'csd');
  const dialogPath = '/system/company?dialog=csd';

  it('warns when no CSD is loaded and links to the CSD dialog of Facturas', () => {
    expect(csdCard({ loaded: false, daysToExpiry: null })).toEqual({
      key: 'csd',
      title: 'Certificado de sello (CSD)',
      value: 'Sin CSD cargado',
      detail: 'Las facturas no se pueden timbrar hasta cargarlo en Configuración › Empresa.',
      path: dialogPath,
      tone: 'warning',
    });
  });

  it('says nothing while more than 30 days are left, and nothing without the ability (null part)', () => {
    expect(csdCard({ loaded: true, daysToExpiry: 31 })).toBeUndefined();
    expect(csdCard({ loaded: true, daysToExpiry: 400 })).toBeUndefined();
    expect(csdCard(null)).toBeUndefined();
  });

  it('counts the days left from 30 down to the last day, in orange', () => {
    expect(csdCard({ loaded: true, daysToExpiry: 30 })).toMatchObject({ value: '30 días', detail: 'El CSD vence en 30 días: hay que cargar el nuevo.', tone: 'warning', path: dialogPath });
    expect(csdCard({ loaded: true, daysToExpiry: 1 })).toMatchObject({ value: '1 día', detail: 'El CSD vence en 1 día: hay que cargar el nuevo.', tone: 'warning' });
    expect(csdCard({ loaded: true, daysToExpiry: 0 })).toMatchObject({ value: 'Vence hoy', detail: 'El CSD vence hoy: hay que cargar el nuevo.', tone: 'warning' });
  });

  it('still warns a user who cannot open Configuración › Empresa, without a link, and says who can load it', () => {
    expect(csdCard({ loaded: false, daysToExpiry: null }, false)).toEqual({
      key: 'csd',
      title: 'Certificado de sello (CSD)',
      value: 'Sin CSD cargado',
      detail: 'Las facturas no se pueden timbrar hasta cargarlo en Configuración › Empresa. Pide a quien administra la empresa que lo cargue.',
      path: undefined,
      tone: 'warning',
    });
    expect(csdCard({ loaded: true, daysToExpiry: -1 }, false)).toMatchObject({ value: 'Vencido', tone: 'danger', path: undefined });
  });

  it('turns red once the CSD expired', () => {
    expect(csdCard({ loaded: true, daysToExpiry: -1 })).toMatchObject({ value: 'Vencido', detail: 'El CSD venció: las facturas no se pueden timbrar hasta cargar el vigente.', tone: 'danger', path: dialogPath });
  });

  it('comes first: an invoice cannot be sealed without it', () => {
    const data = withCsd({ loaded: false, daysToExpiry: null });
    const cards = indicatorCards({ ...data, sales: { ...data.sales!, generatorsToAuthorize: 2 } });
    expect(cards.map((c) => c.key)).toEqual(['csd', 'generators-to-authorize']);
  });
});

describe('Tablero: contracts under margin', () => {
  const data = (n: number | null): IndicatorData => ({
    today: '2026-11-27',
    warehouse: null,
    sales: { generatorsToAuthorize: null, contractsUnderMargin: n, receivables: null, invoicedByMonth: null, csd: null },
    shopping: null,
    cash: null,
    hr: null,
    maintenance: null,
    vehiclePark: null,
    security: null,
  });

  it('shows the count and opens «Costos por contrato»; nothing without contracts or without Ventas-Costos (null)', () => {
    expect(indicatorCards(data(2)).find((c) => c.key === 'contracts-under-margin')).toMatchObject({ value: '2', path: '/system/salesModule/job-cost', tone: 'warning' });
    expect(indicatorCards(data(0)).some((c) => c.key === 'contracts-under-margin')).toBe(false);
    expect(indicatorCards(data(null)).some((c) => c.key === 'contracts-under-margin')).toBe(false);
  });
});
