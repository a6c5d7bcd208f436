// Caja demo data: concepts, a closed period with its arqueo and the open
// period of "Caja general" with some movements.
import type { Db } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { dec, money } from '../../../schema/money';
import { addDays, todayMx } from '../../../schema/dates';
import { computeArqueo } from '../../../schema/cash/arqueo';
import * as data from './data';

const CONCEPTS: { name: string; kind: data.CashKind }[] = [
  { name: 'Reposición de fondo', kind: 'ingreso' },
  { name: 'Reembolso de empleado', kind: 'ingreso' },
  { name: 'Venta de chatarra', kind: 'ingreso' },
  { name: 'Papelería', kind: 'egreso' },
  { name: 'Pasajes y transporte', kind: 'egreso' },
  { name: 'Alimentos en campo', kind: 'egreso' },
  { name: 'Mensajería', kind: 'egreso' },
  { name: 'Refacciones menores', kind: 'egreso' },
];

type DemoMove = [concept: number, daysAgo: number, amount: string, description: string];

const CLOSED: DemoMove[] = [
  [0, 20, '3000.00', 'Reposición de fondo fijo'],
  [3, 19, '245.50', 'Folders y plumas'],
  [4, 17, '380.00', 'Taxis a planta Querétaro'],
  [5, 16, '612.00', 'Comida cuadrilla de mantenimiento'],
];

const OPEN: DemoMove[] = [
  [6, 4, '185.00', 'Envío de documentos a cliente'],
  [7, 3, '420.00', 'Fusibles y cinta de aislar'],
  [2, 2, '650.00', 'Venta de cable de cobre de desecho'],
  [4, 1, '150.00', 'Caseta y estacionamiento'],
];

export async function seedCashDemo(db: Db, ctx: { adminUserId: number }): Promise<void> {
  const today = todayMx();
  await db.transaction(async (tx) => {
    const boxId = await data.defaultCashBoxId(tx);
    if (boxId === null) return;
    const conceptIds: number[] = [];
    for (const c of CONCEPTS) conceptIds.push(await data.insertConcept(tx, { ...c, active: true }));

    const run = async (periodId: number, opening: string, moves: DemoMove[]) => {
      let balance = dec(opening);
      let income = dec(0);
      let expense = dec(0);
      for (const [concept, daysAgo, amount, description] of moves) {
        const kind = CONCEPTS[concept].kind;
        balance = kind === 'ingreso' ? balance.plus(amount) : balance.minus(amount);
        if (kind === 'ingreso') income = income.plus(amount);
        else expense = expense.plus(amount);
        await data.insertMovement(tx, {
          folio: await nextFolio(tx, 'cash.movement'), periodId, cashBoxId: boxId, date: addDays(today, -daysAgo), conceptId: conceptIds[concept], kind,
          amount, description, reference: '', balanceAfter: money(balance), reversalOf: null, createdBy: ctx.adminUserId,
        });
      }
      await data.setPeriodFigures(tx, periodId, { income: money(income), expense: money(expense), balance: money(balance) });
      return money(balance);
    };

    const closedId = await data.insertPeriod(tx, { folio: await nextFolio(tx, 'cash.period'), cashBoxId: boxId, openedOn: addDays(today, -21), openedBy: ctx.adminUserId, openingBalance: '2000.00', notes: 'Fondo fijo inicial' });
    const expected = await run(closedId, '2000.00', CLOSED);
    // Expected 3762.50; counted 3760.00 (a 2.50 faltante, explained).
    const arqueo = computeArqueo([{ value: '1000', count: 2 }, { value: '500', count: 2 }, { value: '200', count: 3 }, { value: '100', count: 1 }, { value: '50', count: 1 }, { value: '10', count: 1 }], expected);
    await data.closePeriod(tx, closedId, 1, { closedOn: addDays(today, -15), closedBy: ctx.adminUserId, countDetail: arqueo.lines, countedTotal: arqueo.counted, difference: arqueo.difference, differenceReason: 'Faltante por redondeo de cambio en comidas' });

    const openId = await data.insertPeriod(tx, { folio: await nextFolio(tx, 'cash.period'), cashBoxId: boxId, openedOn: addDays(today, -5), openedBy: ctx.adminUserId, openingBalance: arqueo.counted, notes: '' });
    await run(openId, arqueo.counted, OPEN);
  });
}
