// What Caja contributes to the platform (registered in ../index.ts): its
// Tablero card and how its audited records are named.
import type { ModuleContributions } from '../../lib/contributions';
import { folio, joined, named, name, withName } from '../../lib/references';
import { money } from '../../../schema/money';
import * as data from './data';

const readOpenPeriods = (value: unknown) =>
  ((value ?? []) as data.OpenCashPeriodRow[]).map((r) => ({ ...r, id: String(Number(r.id)), folio: Number(r.folio), cashBoxId: String(Number(r.cashBoxId)), balance: money(String(r.balance)) }));

export const cashContributions: ModuleContributions = {
  indicators: [{ group: 'cash', name: 'openPeriods', ability: ['ver', 'Caja-Períodos'], indicator: () => ({ sql: data.openCashPeriodsSql(), read: readOpenPeriods }) }],
  auditReferences: {
    cash_box: { parts: named('cash_boxes'), label: name, historySubject: 'Caja-Períodos' },
    cash_concept: { parts: named('cash_concepts'), label: name, historySubject: 'Caja-Conceptos' },
    cash_period: { parts: data.referenceParts.cash_period, label: (p) => joined(p.name, `Período ${folio(p)}`), historySubject: 'Caja-Períodos' },
    cash_movement: { parts: data.referenceParts.cash_movement, label: withName(folio), historySubject: 'Caja-Movimientos' },
  },
};
