// Compras demo data: suppliers, three company accounts with their opening
// entries, expenses in every status, a few payments and payment requests.
// Dates are relative to today so the aging report shows every bucket.
import type { Db } from '../../db/database';
import type { Actor } from '../../db/audit';
import { nextFolio } from '../../db/folios';
import { dec, money } from '../../../schema/money';
import * as data from './data';
import { addDays, todayMx } from '../../../schema/dates';
import { computeExpenseTotals, dueDateFor } from '../../../schema/shopping/fiscal';
import { postAccountEntry } from './ledger';

const SUPPLIERS: data.SupplierValues[] = [
  { rfc: 'RHI050317TE2', name: 'Refaccionaria Hidalgo SA de CV', taxRegime: '601', postalCode: '42000', contactName: 'Martha Olvera', contactEmail: 'ventas@refhidalgo.mx', contactPhone: '771 715 2030', bank: 'BBVA México', clabe: '012180001234567899', creditDays: 30, category: 'Refacciones', active: true },
  { rfc: 'LNO9801132N5', name: 'Llantas del Norte SA de CV', taxRegime: '601', postalCode: '64000', contactName: 'Jorge Garza', contactEmail: 'credito@llantasnorte.mx', contactPhone: '81 8340 1122', bank: 'Banorte', clabe: '072580009876543211', creditDays: 15, category: 'Llantas', active: true },
  { rfc: 'CES120905KQ4', name: 'Combustibles El Sol SA de CV', taxRegime: '601', postalCode: '76000', contactName: 'Laura Reséndiz', contactEmail: 'facturas@elsol.mx', contactPhone: '442 212 0099', bank: 'Santander', clabe: '014680005555666779', creditDays: 7, category: 'Combustible', active: true },
  { rfc: 'MOPJ780415HT3', name: 'José Luis Mora Pérez', taxRegime: '612', postalCode: '72000', contactName: 'José Luis Mora', contactEmail: 'taller.mora@gmail.com', contactPhone: '222 318 4455', bank: 'Banamex', clabe: '002650007777888993', creditDays: 0, category: 'Talleres externos', active: true },
  { rfc: 'PIN100128AB1', name: 'Papelería e Insumos de Oficina SA de CV', taxRegime: '601', postalCode: '06000', contactName: 'Ana Ruiz', contactEmail: 'pedidos@pinsumos.mx', contactPhone: '55 5512 3344', bank: 'HSBC', clabe: '', creditDays: 30, category: 'Papelería', active: true },
  { rfc: 'SIE0707239P8', name: 'Seguridad Industrial del Estado SA de CV', taxRegime: '601', postalCode: '50000', contactName: 'Ricardo Peña', contactEmail: 'ventas@siesa.mx', contactPhone: '722 214 6677', bank: 'Scotiabank', clabe: '', creditDays: 45, category: 'Equipo de protección', active: true },
  { rfc: 'GALR850920MX7', name: 'Rosa María García López', taxRegime: '626', postalCode: '76100', contactName: 'Rosa María García', contactEmail: 'rosa.garcia@outlook.com', contactPhone: '442 123 9876', bank: 'BanCoppel', clabe: '', creditDays: 0, category: 'Servicios profesionales', active: true, diotOperation: '03' },
  { rfc: 'TEA040611LS6', name: 'Transportes y Equipos del Altiplano SA de CV', taxRegime: '601', postalCode: '78000', contactName: 'Héctor Zapata', contactEmail: 'contacto@tealtiplano.mx', contactPhone: '444 812 3030', bank: 'Banorte', clabe: '', creditDays: 30, category: 'Fletes', active: false },
];

const ACCOUNTS = [
  { name: 'BBVA Operación', bank: 'BBVA México', number: '0112345678', clabe: '012180001122334451', openingBalance: '850000.00' },
  { name: 'Banorte Nómina', bank: 'Banorte', number: '0987654321', clabe: '072180009988776651', openingBalance: '420000.00' },
  { name: 'Caja fuerte oficina', bank: '', number: '', clabe: '', openingBalance: '35000.00' },
];

type DemoExpense = { supplier: number; daysAgo: number; category: string; description: string; subtotal: string; iva?: string; isr?: string; ivaRet?: string; serie: string; folio: string; cancel?: string };

const EXPENSES: DemoExpense[] = [
  { supplier: 0, daysAgo: 150, category: 'Refacciones', description: 'Balatas y discos para unidades 12 y 15', subtotal: '18450.00', serie: 'A', folio: '10234' },
  { supplier: 0, daysAgo: 80, category: 'Refacciones', description: 'Filtros de aceite y aire (lote)', subtotal: '7320.50', serie: 'A', folio: '10411' },
  { supplier: 0, daysAgo: 20, category: 'Refacciones', description: 'Kit de clutch camioneta 08', subtotal: '12980.00', serie: 'A', folio: '10590' },
  { supplier: 1, daysAgo: 100, category: 'Llantas', description: '4 llantas 295/80R22.5', subtotal: '31600.00', serie: 'LN', folio: '5521' },
  { supplier: 1, daysAgo: 40, category: 'Llantas', description: 'Renovado de 6 llantas', subtotal: '14400.00', serie: 'LN', folio: '5680' },
  { supplier: 2, daysAgo: 60, category: 'Combustible', description: 'Diésel semana 1', subtotal: '45862.07', serie: 'ES', folio: '88120' },
  { supplier: 2, daysAgo: 25, category: 'Combustible', description: 'Diésel semana 5', subtotal: '43103.45', serie: 'ES', folio: '88544' },
  { supplier: 2, daysAgo: 3, category: 'Combustible', description: 'Diésel semana 8', subtotal: '47413.79', serie: 'ES', folio: '88901' },
  { supplier: 3, daysAgo: 35, category: 'Talleres externos', description: 'Reparación de motor de arranque unidad 07', subtotal: '6500.00', isr: '0.10', ivaRet: '0.106667', serie: '', folio: '311' },
  { supplier: 4, daysAgo: 12, category: 'Papelería', description: 'Papelería y tóner del trimestre', subtotal: '5240.00', serie: 'F', folio: '2291' },
  { supplier: 5, daysAgo: 95, category: 'Equipo de protección', description: 'Arneses y líneas de vida', subtotal: '22750.00', serie: 'S', folio: '7702' },
  { supplier: 5, daysAgo: 8, category: 'Equipo de protección', description: 'Cascos y lentes de seguridad', subtotal: '9800.00', serie: 'S', folio: '7815', cancel: 'Factura duplicada por el proveedor' },
  { supplier: 6, daysAgo: 15, category: 'Servicios profesionales', description: 'Asesoría en seguridad e higiene', subtotal: '12000.00', isr: '0.0125', serie: 'RG', folio: '45' },
];

/** Payments: [expense index, amount or 'full', account index, days ago]. */
const PAYMENTS: [number, string, number, number][] = [
  [0, 'full', 0, 110],
  [3, '15000.00', 0, 70],
  [5, 'full', 1, 50],
  [8, 'full', 2, 30],
  [1, '4000.00', 0, 10],
];

const REQUESTS = [
  { origin: 'mantenimiento', originFolio: 'OM-0012', supplier: 3, daysAgo: 6, description: 'Rectificado de cabeza de motor, unidad 04 (taller externo)', category: 'Talleres externos', subtotal: '9800.00', status: 'pendiente' },
  { origin: 'manual', originFolio: '', supplier: 4, daysAgo: 4, description: 'Compra de garrafones y artículos de limpieza', category: 'Papelería', subtotal: '1850.00', status: 'pendiente' },
  { origin: 'mantenimiento', originFolio: 'OM-0009', supplier: 1, daysAgo: 18, description: 'Alineación y balanceo flotilla', category: 'Llantas', subtotal: '3200.00', status: 'rechazada', reason: 'Se realizará con el proveedor de contrato anual.' },
] as const;

export async function seedShoppingDemo(db: Db, ctx: { adminUserId: number }): Promise<void> {
  const actor: Actor = { userId: ctx.adminUserId, requestId: 'seed-demo' };
  const today = todayMx();
  await db.transaction(async (tx) => {
    const supplierIds: number[] = [];
    for (const s of SUPPLIERS) supplierIds.push(await data.insertSupplier(tx, s));

    const accountIds: number[] = [];
    const opening = addDays(today, -200);
    for (const a of ACCOUNTS) {
      const id = await data.insertAccount(tx, { ...a, openingDate: opening });
      await postAccountEntry(tx, actor, { accountId: id, date: opening, kind: 'apertura', amount: a.openingBalance, reference: 'Saldo inicial', sourceEntity: 'company_account', sourceId: id });
      accountIds.push(id);
    }

    const expenses: { id: number; total: string; balance: string; supplierId: number }[] = [];
    for (const e of EXPENSES) {
      const date = addDays(today, -e.daysAgo);
      const t = computeExpenseTotals({ subtotal: e.subtotal, ivaRate: e.iva ?? '0.16', isrRetentionRate: e.isr ?? '0', ivaRetentionRate: e.ivaRet ?? '0' });
      const folio = await nextFolio(tx, 'shopping.expense');
      const supplierId = supplierIds[e.supplier];
      const id = await data.insertExpense(
        tx,
        folio,
        {
          supplierId, date, dueDate: dueDateFor(date, SUPPLIERS[e.supplier].creditDays), invoiceSerie: e.serie, invoiceFolio: e.folio, cfdiUuid: null,
          category: e.category, description: e.description, subtotal: t.subtotal, ivaRate: e.iva ?? '0.16', iva: t.iva,
          isrRetentionRate: e.isr ?? '0', isrRetention: t.isrRetention, ivaRetentionRate: e.ivaRet ?? '0', ivaRetention: t.ivaRetention, total: t.total,
        },
        { createdBy: ctx.adminUserId, paymentRequestId: null },
      );
      if (e.cancel) await data.cancelExpense(tx, id, 1, e.cancel);
      expenses.push({ id, total: t.total, balance: t.total, supplierId });
    }

    for (const [index, howMuch, account, daysAgo] of PAYMENTS) {
      const e = expenses[index];
      const amount = howMuch === 'full' ? e.balance : howMuch;
      const date = addDays(today, -daysAgo);
      const folio = await nextFolio(tx, 'shopping.supplier_payment');
      const paymentId = await data.insertPayment(tx, { folio, accountId: accountIds[account], supplierId: e.supplierId, date, amount, applied: amount, paymentForm: '03', reference: `SPEI ${100200 + folio}`, notes: '', createdBy: ctx.adminUserId });
      await data.insertApplications(tx, paymentId, [{ expenseId: e.id, amount }]);
      e.balance = money(dec(e.balance).minus(amount));
      await data.setExpenseBalance(tx, e.id, e.balance, dec(e.balance).isZero() ? 'pagado' : 'pagado_parcial');
      const entry = await postAccountEntry(tx, actor, { accountId: accountIds[account], date, kind: 'pago_proveedor', amount: `-${amount}`, reference: `Pago ${folio} a ${SUPPLIERS[EXPENSES[index].supplier].name}`, sourceEntity: 'supplier_payment', sourceId: paymentId });
      await data.setPaymentEntry(tx, paymentId, entry.entryId);
    }

    for (const r of REQUESTS) {
      const t = computeExpenseTotals({ subtotal: r.subtotal, ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' });
      const folio = await nextFolio(tx, 'shopping.payment_request');
      const id = await data.insertRequest(tx, {
        folio, origin: r.origin, originId: r.originFolio || null, originFolio: r.originFolio, supplierId: supplierIds[r.supplier], date: addDays(today, -r.daysAgo),
        description: r.description, category: r.category, subtotal: t.subtotal, ivaRate: '0.16', total: t.total, requestedBy: ctx.adminUserId,
      });
      if (r.status === 'rechazada') await data.reviewRequest(tx, id, 1, { status: 'rechazada', rejectReason: r.reason, expenseId: null, supplierId: null, reviewedBy: ctx.adminUserId });
    }
  });
}
