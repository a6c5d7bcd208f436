// Ventas demo data: the company's fiscal profile, 20 clients, quotes in every
// status, three contracts (from accepted quotes) with service orders,
// generadores and invoices, and a few payments deposited through the Compras
// ledger. Dates are relative to today so the aging report fills every
// bucket. Runs after the Compras seed (it needs its accounts).
import { sql } from 'drizzle-orm';
import type { Actor } from '../../db/audit';
import { queryRows, type Db, type Executor } from '../../db/database';
import { nextFolio } from '../../db/folios';
import { toCompanyProfile } from '../../lib/company';
import { dec, money } from '../../../schema/money';
import { addDays, todayMx } from '../../../schema/dates';
import { postAccountEntry } from '../shopping/service';
import * as data from './data';
import type { Config } from '../../config';
import { installDemoCsd, stampDemoInvoice } from './stamping';
import { folioLabel } from '../../../schema/sales/labels';
import { computeTotals, retentionRates } from '../../../schema/sales/totals';

// The demo company is the holder of SAT's public test CSD (server/lib/cfdi/demo-csd), so its
// invoices are sealed and stamped (by the sandbox PAC) like a real company's.
const COMPANY = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  regimenFiscal: '601',
  postalCode: '42501',
  address: 'Blvd. Felipe Ángeles 1200, Col. Venta Prieta, Pachuca de Soto, Hgo.',
  phone: '442 215 8800',
  email: 'facturacion@sibajio.mx',
  invoiceSeries: ['A', 'B'],
  defaultSeries: 'A',
};

type DemoClient = [rfc: string, name: string, regimen: string, cp: string, uso: string, city: string, state: string, days: number, limit: string, contact: string];

const CLIENTS: DemoClient[] = [
  ['MSX080415KJ2', 'MINERA SAN XAVIER DEL NORTE', '601', '78395', 'G03', 'San Luis Potosí', 'S.L.P.', 30, '900000.00', 'Ing. Rodrigo Tamez'],
  ['CBI110623H71', 'CEMENTOS DEL BAJIO INDUSTRIAL', '601', '36100', 'G03', 'Silao', 'Gto.', 45, '1200000.00', 'Lic. Patricia Olvera'],
  ['AQP050912T45', 'AUTOPARTES QUERETARO PRECISION', '601', '76246', 'I08', 'El Marqués', 'Qro.', 30, '600000.00', 'Ing. Fernando Ruiz'],
  ['APH130301MN8', 'ALIMENTOS PROCESADOS LA HUERTA', '601', '38010', 'G03', 'Celaya', 'Gto.', 30, '400000.00', 'C.P. Laura Méndez'],
  ['HGS990817RX1', 'HOSPITAL GENERAL SANTA FE', '601', '01219', 'G03', 'Álvaro Obregón', 'CDMX', 15, '250000.00', 'Dra. Sofía Navarro'],
  ['GLP070522BC3', 'GRUPO LOGISTICO DEL PACIFICO', '601', '45601', 'G03', 'Tlaquepaque', 'Jal.', 30, '350000.00', 'Lic. Arturo Beltrán'],
  ['QFT020214LM9', 'QUIMICA FINA DE TLAXCALA', '601', '90500', 'G03', 'Huamantla', 'Tlax.', 60, '500000.00', 'Ing. Marcela Torres'],
  ['TFP940603AB6', 'TEXTILES FINOS DE PUEBLA', '601', '72228', 'G03', 'Puebla', 'Pue.', 30, '300000.00', 'Sr. Guillermo Aguilar'],
  ['VMN880930PQ4', 'VIDRIERA MONTERREY NORTE', '601', '66600', 'I08', 'Apodaca', 'N.L.', 45, '800000.00', 'Ing. Héctor Garza'],
  ['PIM160118DE2', 'PARQUE INDUSTRIAL EL MARQUES', '603', '76250', 'G03', 'El Marqués', 'Qro.', 30, '200000.00', 'Lic. Verónica Salinas'],
  ['ECE031127FG5', 'EMBOTELLADORA DEL CENTRO', '601', '20290', 'G03', 'Aguascalientes', 'Ags.', 30, '450000.00', 'Ing. Raúl Esparza'],
  ['FZA120710HJ8', 'FARMACEUTICA ZAPOPAN', '601', '45130', 'G03', 'Zapopan', 'Jal.', 30, '300000.00', 'Q.F.B. Adriana Campos'],
  ['IMA090505KL1', 'INGENIERIA Y MONTAJES AGUASCALIENTES', '601', '20300', 'I01', 'Aguascalientes', 'Ags.', 15, '150000.00', 'Ing. Óscar Delgado'],
  ['PML100820MN3', 'PLASTICOS MOLDEADOS DE LEON', '601', '37545', 'G01', 'León', 'Gto.', 30, '250000.00', 'Sra. Gabriela Ibarra'],
  ['CCP140402PQ7', 'CENTRO COMERCIAL PLAZA JURIQUILLA', '601', '76226', 'G03', 'Querétaro', 'Qro.', 15, '120000.00', 'Lic. Daniel Frías'],
  ['UTV980215RS0', 'UNIVERSIDAD TECNOLOGICA DEL VALLE', '603', '76800', 'G03', 'San Juan del Río', 'Qro.', 30, '180000.00', 'Mtra. Elena Rivas'],
  ['HERJ750823TU4', 'JOSE LUIS HERNANDEZ RAMIREZ', '612', '76030', 'G03', 'Querétaro', 'Qro.', 0, '50000.00', 'José Luis Hernández'],
  ['LOGM860412VW9', 'MARIA FERNANDA LOPEZ GARCIA', '626', '76900', 'G03', 'Corregidora', 'Qro.', 0, '30000.00', 'María Fernanda López'],
  ['XAXX010101000', 'PUBLICO EN GENERAL', '616', '42501', 'S01', 'Querétaro', 'Qro.', 0, '0', ''],
  ['TRG060918XY2', 'TRANSPORTES REFRIGERADOS DEL GOLFO', '601', '91697', 'G03', 'Veracruz', 'Ver.', 30, '350000.00', 'Lic. Manuel Cházaro'],
];

type DemoLine = { description: string; prodServKey: string; unitKey: string; unitName: string; quantity: string; unitPrice: string; discountPercent?: string };

const MAINTENANCE: DemoLine[] = [
  { description: 'Mantenimiento preventivo a subestación eléctrica de 500 kVA', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '4', unitPrice: '28500.00' },
  { description: 'Termografía infrarroja de tableros de distribución', prodServKey: '81141500', unitKey: 'E48', unitName: 'Servicio', quantity: '12', unitPrice: '3200.00', discountPercent: '5' },
  { description: 'Cambio de aceite dieléctrico en transformador', prodServKey: '72102900', unitKey: 'LTR', unitName: 'Litro', quantity: '600', unitPrice: '85.50' },
];
const CIVIL: DemoLine[] = [
  { description: 'Aplicación de recubrimiento epóxico en piso de nave', prodServKey: '72154000', unitKey: 'MTK', unitName: 'Metro cuadrado', quantity: '1800', unitPrice: '310.00' },
  { description: 'Reparación de juntas de dilatación', prodServKey: '72101500', unitKey: 'MTR', unitName: 'Metro', quantity: '420', unitPrice: '145.00' },
];
const MECHANICAL: DemoLine[] = [
  { description: 'Mantenimiento correctivo a compresores de tornillo', prodServKey: '73152100', unitKey: 'E48', unitName: 'Servicio', quantity: '6', unitPrice: '42000.00' },
  { description: 'Alineación láser de motores y bombas', prodServKey: '73152100', unitKey: 'ACT', unitName: 'Actividad', quantity: '20', unitPrice: '4800.00' },
  { description: 'Técnico especialista en sitio', prodServKey: '81101700', unitKey: 'HUR', unitName: 'Hora', quantity: '160', unitPrice: '650.00' },
];
const SMALL: DemoLine[] = [
  { description: 'Revisión de sistema contra incendio', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '18500.00' },
  { description: 'Recarga de extintores PQS 6 kg', prodServKey: '72102900', unitKey: 'H87', unitName: 'Pieza', quantity: '24', unitPrice: '420.00', discountPercent: '10' },
];

/** Quotes: [client index, lines, status, days ago, validity days]. The first three accepted ones become contracts. */
const QUOTES: [number, DemoLine[], 'borrador' | 'enviada' | 'aceptada' | 'rechazada', number, number][] = [
  [0, MAINTENANCE, 'aceptada', 200, 30],
  [1, CIVIL, 'aceptada', 170, 30],
  [8, MECHANICAL, 'aceptada', 140, 30],
  [2, SMALL, 'aceptada', 60, 30],
  [3, SMALL, 'enviada', 10, 30],
  [4, SMALL, 'enviada', 5, 15],
  [5, MAINTENANCE, 'rechazada', 90, 30],
  [6, CIVIL, 'enviada', 70, 20], // outlived its validity: reads as vencida
  [7, MECHANICAL, 'enviada', 50, 15], // vencida too
  [10, SMALL, 'borrador', 2, 30],
  [11, MAINTENANCE, 'borrador', 1, 30],
  [13, CIVIL, 'rechazada', 40, 30],
];

type DemoQuote = { id: number; clientIndex: number; lines: DemoLine[]; date: string };

async function insertQuote(tx: Executor, clientId: number, clientRfc: string, lines: DemoLine[], date: string, validUntil: string, status: string, userId: number) {
  const company = toCompanyProfile({ ...COMPANY, version: 1 });
  const rates = retentionRates(company, clientRfc.length === 13 ? 'fisica' : 'moral');
  const { lines: computed, totals } = computeTotals(lines.map((l) => ({ ...l, objetoImp: '02' })), rates);
  const folio = await nextFolio(tx, 'quote');
  const id = await data.insertQuote(tx, folio, {
    clientId, date, validUntil, subject: lines[0].description.split(' ').slice(0, 4).join(' '), notes: 'Incluye mano de obra, herramienta y equipo de seguridad.',
    ivaRate: rates.iva, isrRetentionRate: rates.isrRetention, ivaRetentionRate: rates.ivaRetention,
    subtotal: totals.subtotal, discount: totals.discount, iva: totals.iva, isrRetained: totals.isrRetained, ivaRetained: totals.ivaRetained, total: totals.total,
    createdBy: userId, rejectionReason: status === 'rechazada' ? 'El cliente eligió otro proveedor por precio.' : null,
  });
  await data.replaceQuoteLines(tx, id, lines.map((l, i) => ({
    lineNo: i + 1, description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: l.unitPrice,
    discountPercent: l.discountPercent ?? '0', amount: computed[i].amount, discount: computed[i].discount, base: computed[i].base, iva: computed[i].iva,
  })));
  if (status !== 'borrador') await tx.execute(sql`update quotes set status = ${status} where id = ${id}`);
  return id;
}

/** Net unit price after the quote's discount: what the contract carries per unit. */
const netPrice = (l: DemoLine) => dec(l.unitPrice).times(dec(100).minus(l.discountPercent ?? 0)).dividedBy(100).toDecimalPlaces(6).toFixed();

export async function seedSalesDemo(db: Db, ctx: { adminUserId: number; config?: Config }): Promise<void> {
  const actor: Actor = { userId: ctx.adminUserId, requestId: 'seed-demo' };
  const today = todayMx();
  await db.transaction(async (tx) => {
    await data.upsertCompanyProfile(tx, 0, COMPANY);
    if (ctx.config) await installDemoCsd(tx, ctx.config, ctx.adminUserId);
    const emitted: number[] = [];
    const clientIds = await data.insertClients(tx, CLIENTS.map(([rfc, name, regimenFiscal, postalCode, usoCfdi, city, state, creditDays, creditLimit]) => ({
      rfc, name, regimenFiscal, postalCode, usoCfdi, city, state, creditDays, creditLimit,
      address: `Domicilio conocido, ${city}`, email: rfc === 'XAXX010101000' ? '' : `compras@${name.split(' ')[0].toLowerCase()}.mx`, phone: '', notes: '', active: true,
    })));
    await data.insertContacts(tx, CLIENTS.flatMap((c, i) => (c[9] ? [{ clientId: clientIds[i], name: c[9], position: 'Compras', email: '', phone: '' }] : [])));

    const quotes: DemoQuote[] = [];
    for (const [ci, lines, status, daysAgo, validity] of QUOTES) {
      const date = addDays(today, -daysAgo);
      const id = await insertQuote(tx, clientIds[ci], CLIENTS[ci][0], lines, date, addDays(date, validity), status, ctx.adminUserId);
      quotes.push({ id, clientIndex: ci, lines, date });
    }

    // Three contracts from the first three accepted quotes, each with two orders.
    const contracts: { id: number; clientIndex: number; concepts: { id: number; quantity: string; unitPrice: string }[]; orderIds: number[]; start: string }[] = [];
    for (const q of quotes.slice(0, 3)) {
      const start = addDays(q.date, 10);
      const concepts = q.lines.map((l, i) => {
        const unitPrice = netPrice(l);
        return { lineNo: i + 1, description: l.description, prodServKey: l.prodServKey, unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice, amount: money(dec(l.quantity).times(unitPrice)) };
      });
      const amount = money(concepts.reduce((a, c) => a.plus(c.amount), dec(0)));
      const folio = await nextFolio(tx, 'contract');
      const id = await data.insertContract(tx, folio, {
        clientId: clientIds[q.clientIndex], quoteId: q.id, name: `Servicios ${CLIENTS[q.clientIndex][1].split(' ').slice(0, 2).join(' ')} ${start.slice(0, 4)}`,
        startDate: start, endDate: addDays(start, 365), amount, anticipoPercent: '10', guaranteePercent: '5', notes: '', createdBy: ctx.adminUserId,
      });
      await data.insertConcepts(tx, id, concepts);
      const rows = await queryRows<{ id: number; quantity: string; unit_price: string }>(tx, sql`select id, quantity::text, unit_price::text from contract_concepts where contract_id = ${id} order by line_no`);
      const orderIds: number[] = [];
      for (const [n, status] of (['terminada', 'en_proceso'] as const).entries()) {
        const oFolio = await nextFolio(tx, 'service_order');
        const orderId = await data.insertOrder(tx, oFolio, {
          contractId: id, clientId: clientIds[q.clientIndex], description: `${n === 0 ? 'Primera' : 'Segunda'} etapa de trabajos del contrato ${folioLabel('contract', folio)}`,
          site: `Planta ${CLIENTS[q.clientIndex][5]}`, scheduledStart: addDays(start, n * 60), scheduledEnd: addDays(start, n * 60 + 45),
          responsibles: n === 0 ? ['Carlos Medina', 'Luis Ortega'] : ['Ana Jiménez'], notes: '', createdBy: ctx.adminUserId,
        });
        await data.updateOrder(tx, orderId, null, { status });
        orderIds.push(orderId);
      }
      contracts.push({ id, clientIndex: q.clientIndex, concepts: rows.map((r) => ({ id: r.id, quantity: r.quantity, unitPrice: r.unit_price })), orderIds, start });
    }

    // Generadores: per contract, a billed one (first order), an authorised one and a borrador (second order).
    const company = toCompanyProfile({ ...COMPANY, version: 1 });
    const invoiceDaysAgo = [120, 75, 40];
    for (const [ci, c] of contracts.entries()) {
      const plans: { order: number; fraction: string; status: 'facturado' | 'autorizado' | 'borrador'; offset: number }[] = [
        { order: 0, fraction: '0.25', status: 'facturado', offset: 20 },
        { order: 1, fraction: '0.2', status: 'autorizado', offset: 70 },
        { order: 1, fraction: '0.1', status: 'borrador', offset: 90 },
      ];
      for (const p of plans) {
        const lines = c.concepts.map((k) => {
          const quantity = dec(k.quantity).times(p.fraction).toDecimalPlaces(4).toFixed();
          return { conceptId: k.id, quantity, amount: money(dec(quantity).times(k.unitPrice)) };
        });
        const gFolio = await nextFolio(tx, 'generator');
        const periodStart = addDays(c.start, p.offset);
        const genId = await data.insertGenerator(tx, gFolio, {
          orderId: c.orderIds[p.order], contractId: c.id, clientId: clientIds[c.clientIndex], periodStart, periodEnd: addDays(periodStart, 14),
          notes: '', amount: money(lines.reduce((a, l) => a.plus(l.amount), dec(0))), createdBy: ctx.adminUserId,
        });
        await data.replaceGeneratorLines(tx, genId, lines);
        if (p.status === 'borrador') continue;
        await data.updateGenerator(tx, genId, null, { status: 'autorizado', authorizedBy: ctx.adminUserId, authorizedAt: new Date() });
        if (p.status !== 'facturado') continue;

        // The invoice of the billed generador, emitted PPD with the client's credit days.
        const client = CLIENTS[c.clientIndex];
        const date = addDays(today, -invoiceDaysAgo[ci]);
        const genLines = await data.generatorLinesOf(tx, [genId]);
        const rates = retentionRates(company, 'moral');
        const input = genLines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: '0', objetoImp: '02' }));
        const { lines: computed, totals } = computeTotals(input, rates);
        const folio = await nextFolio(tx, 'invoice:A');
        const invoiceId = await data.insertInvoice(tx, {
          clientId: clientIds[c.clientIndex], contractId: c.id, serie: 'A', date, dueDate: addDays(date, client[7]), formaPago: '99', metodoPago: 'PPD', usoCfdi: client[4],
          ivaRate: rates.iva, isrRetentionRate: rates.isrRetention, ivaRetentionRate: rates.ivaRetention, subtotal: totals.subtotal, discount: totals.discount,
          iva: totals.iva, isrRetained: totals.isrRetained, ivaRetained: totals.ivaRetained, total: totals.total, balance: totals.total, notes: '',
          emisorRfc: COMPANY.rfc, emisorName: COMPANY.name, emisorRegimen: COMPANY.regimenFiscal, lugarExpedicion: COMPANY.postalCode,
          receptorRfc: client[0], receptorName: client[1], receptorRegimen: client[2], receptorPostalCode: client[3], emittedAt: new Date(`${date}T18:00:00Z`),
          createdBy: ctx.adminUserId,
        });
        await data.updateInvoice(tx, invoiceId, null, { status: 'emitida', folio });
        await data.replaceInvoiceLines(tx, invoiceId, genLines.map((l, i) => ({
          lineNo: i + 1, generatorId: genId, conceptId: l.conceptId, description: `${l.description} (${folioLabel('generator', gFolio)})`, prodServKey: l.prodServKey,
          unitKey: l.unitKey, unitName: l.unitName, quantity: l.quantity, unitPrice: l.unitPrice, discountPercent: '0', objetoImp: '02', ...computed[i],
        })));
        await data.updateGenerator(tx, genId, null, { status: 'facturado', invoiceId });
        emitted.push(invoiceId);
      }
    }

    // Free-line invoices for one-off work, spread over the aging buckets.
    const freeInvoices: [client: number, daysAgo: number, amount: string][] = [[3, 100, '48500.00'], [4, 50, '18500.00'], [9, 20, '32000.00'], [12, 5, '9600.00'], [16, 12, '15000.00']];
    const invoices: { id: number; total: string; date: string; clientIndex: number }[] = [];
    for (const [ci, daysAgo, price] of freeInvoices) {
      const client = CLIENTS[ci];
      const date = addDays(today, -daysAgo);
      const line = { description: 'Servicio de mantenimiento correctivo en sitio', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: price, discountPercent: '0', objetoImp: '02' as const };
      const rates = retentionRates(company, client[0].length === 13 ? 'fisica' : 'moral');
      const { lines: computed, totals } = computeTotals([line], rates);
      const folio = await nextFolio(tx, 'invoice:A');
      const id = await data.insertInvoice(tx, {
        clientId: clientIds[ci], contractId: null, serie: 'A', date, dueDate: addDays(date, client[7]), formaPago: '99', metodoPago: 'PPD', usoCfdi: client[4],
        ivaRate: rates.iva, isrRetentionRate: rates.isrRetention, ivaRetentionRate: rates.ivaRetention, subtotal: totals.subtotal, discount: totals.discount,
        iva: totals.iva, isrRetained: totals.isrRetained, ivaRetained: totals.ivaRetained, total: totals.total, balance: totals.total, notes: '',
        emisorRfc: COMPANY.rfc, emisorName: COMPANY.name, emisorRegimen: COMPANY.regimenFiscal, lugarExpedicion: COMPANY.postalCode,
        receptorRfc: client[0], receptorName: client[1], receptorRegimen: client[2], receptorPostalCode: client[3], emittedAt: new Date(`${date}T18:00:00Z`),
        createdBy: ctx.adminUserId,
      });
      await data.updateInvoice(tx, id, null, { status: 'emitida', folio });
      await data.replaceInvoiceLines(tx, id, [{ lineNo: 1, generatorId: null, conceptId: null, ...line, ...computed[0] }]);
      invoices.push({ id, total: totals.total, date, clientIndex: ci });
      emitted.push(id);
    }
    if (ctx.config) for (const id of emitted) await stampDemoInvoice(tx, ctx.config, id);

    // A few payments into the first company account (Compras seed): one full, two partial.
    const [account] = await queryRows<{ id: number }>(tx, sql`select id from company_accounts where active order by id limit 1`);
    if (!account) return;
    const pays: [invoice: number, amount: 'full' | string, afterDays: number][] = [[0, 'full', 40], [1, '10000.00', 20], [2, '15000.00', 10]];
    for (const [index, howMuch, afterDays] of pays) {
      const inv = invoices[index];
      const amount = howMuch === 'full' ? inv.total : howMuch;
      const date = addDays(inv.date, afterDays);
      const folio = await nextFolio(tx, 'client_payment');
      const paymentId = await data.insertPayment(tx, folio, {
        clientId: clientIds[inv.clientIndex], date, formaPago: '03', accountId: account.id, amount, reference: `SPEI ${700100 + folio}`, notes: '', createdBy: ctx.adminUserId,
      });
      const remaining = money(dec(inv.total).minus(amount));
      await data.insertApplications(tx, [{ paymentId, invoiceId: inv.id, amount, installment: 1, previousBalance: inv.total, remainingBalance: remaining, isPpd: true }]);
      await data.setInvoiceBalance(tx, inv.id, remaining, dec(remaining).isZero() ? 'pagada' : 'pagada_parcial');
      const entry = await postAccountEntry(tx, actor, {
        accountId: account.id, date, kind: 'cobro_cliente', amount, reference: `Cobro ${folioLabel('payment', folio)} ${CLIENTS[inv.clientIndex][1]}`.slice(0, 200),
        sourceEntity: 'client_payment', sourceId: paymentId,
      });
      await data.updatePayment(tx, paymentId, null, { ledgerEntryId: entry.entryId });
    }
    const oFolio = await nextFolio(tx, 'other_income');
    const incomeId = await data.insertOtherIncome(tx, oFolio, {
      date: addDays(today, -15), concept: 'Venta de chatarra y material de desecho', amount: '6850.00', accountId: account.id, reference: 'Recibo 0153', notes: '', createdBy: ctx.adminUserId,
    });
    const entry = await postAccountEntry(tx, actor, { accountId: account.id, date: addDays(today, -15), kind: 'otro_ingreso', amount: '6850.00', reference: `${folioLabel('otherIncome', oFolio)} Venta de chatarra`, sourceEntity: 'other_income', sourceId: incomeId });
    await data.updateOtherIncome(tx, incomeId, null, { ledgerEntryId: entry.entryId });
  });
}
