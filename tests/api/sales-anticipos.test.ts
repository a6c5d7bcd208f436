// Anticipos (CFDI relation 07, SAT procedure «aplicando el anticipo con CFDI de egreso») and the
// factura global (InformacionGlobal): every XML checked apart from the code that made it (SAT XSD,
// cadena from SAT's XSLT, seal against the certificate in the file, TFD), figures worked by hand.
// The tests run in order over one anticipo, one final invoice and one factura global.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let seller: string;
let viewer: string;
let clientId: string;
let anticipo: any;
let final: any;
beforeAll(async () => {
  s = await startServer();
  [seller, viewer] = await Promise.all([s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
  // The stamped anticipo and the final invoice relating it (07), shared by the tests below.
  anticipo = await emit({ clientId, serie: 'A', date: todayMx(), formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', kind: 'ANTICIPO', anticipoAmount: '10000.00' });
  final = await emit({ clientId, serie: 'A', date: todayMx(), formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', anticipoIds: [anticipo.id], lines: [{ ...SERVICE, unitPrice: '50000.00' }] });
}, 120_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const attrsOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/([\wñ]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
const todayMx = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

const INV_FIELDS = 'id label kind status version stampStatus uuid subtotal iva total balance anticipoAvailable globalPeriodicidad globalMeses globalAnio';
const NOTE_FIELDS = 'id label status stampStatus uuid formaPago metodoPago usoCfdi tipoRelacion anticipoId anticipoLabel subtotal iva total previousBalance remainingBalance invoiceUuid';
const CREATE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${INV_FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${INV_FIELDS} } }`;
const INVOICE = `query($id:ID!){ invoice(id:$id){ ${INV_FIELDS} anticipos { id label uuid subtotal total applied available } creditNotes { ${NOTE_FIELDS} } anticipoApplications { id label } } }`;
const APPLY = `mutation($i: AnticipoApplicationInput!){ invoiceApplyAnticipo(input:$i){ ${NOTE_FIELDS} lines { prodServKey unitKey description quantity unitPrice iva } } }`;
const SERVICE = { description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1' };

async function emit(input: Record<string, unknown>) {
  const draft = ok(await s.gql(CREATE, { i: input }, seller)).invoiceCreate;
  return ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit;
}
const read = async (id: string) => ok(await s.gql(INVOICE, { id }, seller)).invoice;
const invoiceXml = async (id: string) => ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id }, seller)).facturaXml as string;
const apply = (amount: string, token = seller) => s.gql(APPLY, { i: { invoiceId: final.id, anticipoId: anticipo.id, amount } }, token);

describe('anticipo applied with a CFDI de egreso', () => {
  it('the factura de anticipo: one concept 84111506 ACT «Anticipo del bien o servicio», 10,000.00 + IVA 1,600.00 = 11,600.00, PUE', async () => {
    expect(anticipo).toMatchObject({ kind: 'ANTICIPO', stampStatus: 'timbrada', subtotal: '10000', iva: '1600', total: '11600', anticipoAvailable: '10000' });
    const xml = await invoiceXml(anticipo.id);
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: anticipo.uuid });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'I', MetodoPago: 'PUE', FormaPago: '03', SubTotal: '10000.00', Total: '11600.00' });
    expect(attrsOf(xml, 'cfdi:Concepto')).toEqual([
      expect.objectContaining({ ClaveProdServ: '84111506', ClaveUnidad: 'ACT', Cantidad: '1', Descripcion: 'Anticipo del bien o servicio', ValorUnitario: '10000.00', Importe: '10000.00', ObjetoImp: '02' }),
    ]);
    // The client's available anticipos list it; a user without Ventas-Facturas cannot read them.
    const available = ok(await s.gql('query($c:ID!){ availableAnticipos(clientId:$c){ id label available total } }', { c: clientId }, seller)).availableAnticipos;
    expect(available).toEqual([{ id: anticipo.id, label: anticipo.label, available: '10000', total: '11600' }]);
    // An anticipo is PUE with only its amount.
    expect(fieldsOf(await s.gql(CREATE, { i: { clientId, serie: 'A', date: todayMx(), formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', kind: 'ANTICIPO', lines: [{ ...SERVICE, unitPrice: '1' }] } }, seller))).toEqual({
      metodoPago: 'Una factura de anticipo es de pago en una sola exhibición (PUE): registra el anticipo cuando lo recibes.',
      anticipoAmount: 'Este campo es obligatorio.',
      lines: 'Una factura de anticipo lleva un solo concepto («Anticipo del bien o servicio»): escribe sólo el importe del anticipo.',
    });
  }, 60_000);

  it('the final invoice: 50,000.00 + IVA 8,000.00 = 58,000.00, related 07 to the anticipo', async () => {
    expect(final).toMatchObject({ kind: 'NORMAL', stampStatus: 'timbrada', total: '58000', balance: '58000' });
    const xml = await invoiceXml(final.id);
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: final.uuid });
    expect(attrsOf(xml, 'cfdi:CfdiRelacionados')).toEqual([{ TipoRelacion: '07' }]);
    expect(attrsOf(xml, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: anticipo.uuid }]);
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ SubTotal: '50000.00', Total: '58000.00', MetodoPago: 'PPD', FormaPago: '99' });
    expect((await read(final.id)).anticipos).toEqual([{ id: anticipo.id, label: anticipo.label, uuid: anticipo.uuid, subtotal: '10000', total: '11600', applied: '0', available: '10000' }]);
  });

  it('refuses a user without the ability, more than the anticipo has, and an invoice that does not relate it; nothing written', async () => {
    expect((await apply('10000.00', viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fieldsOf(await apply('10000.01'))).toEqual({ amount: `El importe excede lo disponible del anticipo ${anticipo.label}: quedan $10,000.00 antes de IVA por aplicar.` });
    expect(fieldsOf(await s.gql(APPLY, { i: { invoiceId: final.id, anticipoId: anticipo.id, amount: '0' } }, seller))).toEqual({ amount: 'Debe ser mayor que cero.' });
    // Another invoice of the client that did not relate the anticipo (07) cannot apply it.
    const other = await emit({ clientId, serie: 'A', date: todayMx(), formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [{ ...SERVICE, unitPrice: '100.00' }] });
    expect(fieldsOf(await s.gql(APPLY, { i: { invoiceId: other.id, anticipoId: anticipo.id, amount: '1.00' } }, seller))).toEqual({
      anticipoId: `La factura no relaciona el anticipo ${anticipo.label} (tipo de relación 07): relaciónalo en la factura antes de emitirla.`,
    });
    // An anticipo cannot be related to itself-like documents: relating a non-anticipo invoice is refused on its field.
    expect(fieldsOf(await s.gql(CREATE, { i: { clientId, serie: 'A', date: todayMx(), formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', anticipoIds: [other.id], lines: [{ ...SERVICE, unitPrice: '1' }] } }, seller))).toEqual({
      'anticipoIds.0': 'El anticipo no existe o no es una factura de anticipo de este cliente.',
    });
    const after = await read(final.id);
    expect(after).toMatchObject({ balance: '58000', creditNotes: [] });
    expect(after.anticipos[0]).toMatchObject({ applied: '0', available: '10000' });
  }, 60_000);

  it('two applications in parallel: one egreso of 11,600.00 (tipo E, 07, forma 30) leaves 46,400.00; the other is refused', async () => {
    const results = await Promise.all([apply('10000.00'), apply('10000.00')]);
    const done = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(fieldsOf(refused[0])).toEqual({ anticipoId: `El anticipo ${anticipo.label} ya se aplicó por completo.` });
    const egreso = (done[0].data as any).invoiceApplyAnticipo;
    // 10,000.00 + IVA 16 % 1,600.00 = 11,600.00; the final invoice's 58,000.00 − 11,600.00 = 46,400.00.
    expect(egreso).toMatchObject({
      status: 'vigente', stampStatus: 'timbrada', formaPago: '30', metodoPago: 'PUE', usoCfdi: 'G02', tipoRelacion: '07', anticipoId: anticipo.id, anticipoLabel: anticipo.label,
      subtotal: '10000', iva: '1600', total: '11600', previousBalance: '58000', remainingBalance: '46400', invoiceUuid: final.uuid,
    });
    expect(egreso.lines).toEqual([{ prodServKey: '84111506', unitKey: 'ACT', description: 'Aplicación de anticipo', quantity: '1', unitPrice: '10000', iva: '1600' }]);
    const xml = ok(await s.gql('query($id:ID!){ creditNoteXml(id:$id) }', { id: egreso.id }, seller)).creditNoteXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: egreso.uuid });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'E', FormaPago: '30', MetodoPago: 'PUE', SubTotal: '10000.00', Total: '11600.00' });
    expect(attrsOf(xml, 'cfdi:CfdiRelacionados')).toEqual([{ TipoRelacion: '07' }]);
    expect(attrsOf(xml, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: final.uuid }]);
    expect(attrsOf(xml, 'cfdi:Concepto')[0]).toMatchObject({ ClaveProdServ: '84111506', ClaveUnidad: 'ACT', ValorUnitario: '10000.00' });
    expect(xml).toContain('TotalImpuestosTrasladados="1600.00"');

    const after = await read(final.id);
    expect(after).toMatchObject({ balance: '46400', status: 'pagada_parcial' });
    expect(after.creditNotes.map((n: any) => [n.label, n.total])).toEqual([[egreso.label, '11600']]);
    expect(after.anticipos[0]).toMatchObject({ applied: '10000', available: '0' });
    expect(await read(anticipo.id)).toMatchObject({ anticipoAvailable: '0', anticipoApplications: [{ id: egreso.id, label: egreso.label }] });
    // Used up: no longer offered, and a cent more is refused.
    expect(ok(await s.gql('query($c:ID!){ availableAnticipos(clientId:$c){ id } }', { c: clientId }, seller)).availableAnticipos).toEqual([]);
    expect(fieldsOf(await apply('0.01'))).toEqual({ anticipoId: `El anticipo ${anticipo.label} ya se aplicó por completo.` });
    // While applied, the anticipo cannot be cancelled.
    expect((await s.gql('mutation($id:ID!,$v:Int!){ invoiceCancel(id:$id,version:$v,reason:"x",motivo:"02"){ id } }', { id: anticipo.id, v: (await read(anticipo.id)).version }, seller)).errors?.[0].message).toBe(
      `El anticipo ${anticipo.label} ya se aplicó a otra factura: cancela primero el CFDI de egreso que lo aplica.`,
    );
  }, 60_000);
});

describe('factura global (público en general)', () => {
  it('InformacionGlobal with periodicidad, meses and año; DomicilioFiscalReceptor = LugarExpedicion; meses checked against periodicidad', async () => {
    const publico = ok(
      await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
        i: { rfc: 'XAXX010101000', name: 'PUBLICO EN GENERAL', regimenFiscal: '616', postalCode: '06000', usoCfdi: 'S01', creditDays: 0, creditLimit: '0', active: true },
      }, seller),
    ).clientCreate.id;
    const year = Number(todayMx().slice(0, 4));
    const base = { clientId: publico, serie: 'A', date: todayMx(), formaPago: '01', metodoPago: 'PUE', usoCfdi: 'S01', lines: [{ ...SERVICE, description: 'Ventas del bimestre', unitPrice: '1000.00' }] };
    const before = ok(await s.gql('query($c:ID){ invoices(filter:{clientId:$c}){ total } }', { c: publico }, seller)).invoices.total;
    // «PUBLICO EN GENERAL» needs the factura global; its meses follow the periodicidad.
    expect(fieldsOf(await s.gql(CREATE, { i: base }, seller))).toEqual({
      kind: 'Para «PUBLICO EN GENERAL» (XAXX010101000) el SAT exige factura global: elige ese tipo e indica periodicidad, mes y año.',
    });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...base, kind: 'GLOBAL', globalPeriodicidad: '04', globalMeses: '13', globalAnio: year } }, seller))).toEqual({
      globalMeses: 'El mes debe ser de 01 (enero) a 12 (diciembre); los bimestres 13 a 18 son sólo para periodicidad 05.',
    });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...base, kind: 'GLOBAL', globalPeriodicidad: '05', globalMeses: '03', globalAnio: year + 1 } }, seller))).toEqual({
      globalMeses: 'Con periodicidad bimestral (05) el periodo es un bimestre: 13 (enero-febrero) a 18 (noviembre-diciembre).',
      globalAnio: `El año debe ser de 2021 a ${year}.`,
    });
    expect(fieldsOf(await s.gql(CREATE, { i: { ...base, clientId, usoCfdi: 'G03', kind: 'GLOBAL', globalPeriodicidad: '04', globalMeses: '01', globalAnio: year } }, seller))).toEqual({
      clientId: 'La factura global es para público en general: elige un cliente con RFC XAXX010101000.',
    });
    expect(ok(await s.gql('query($c:ID){ invoices(filter:{clientId:$c}){ total } }', { c: publico }, seller)).invoices.total).toBe(before);

    const global = await emit({ ...base, kind: 'GLOBAL', globalPeriodicidad: '05', globalMeses: '17', globalAnio: year });
    // 1,000.00 + IVA 160.00 = 1,160.00.
    expect(global).toMatchObject({ kind: 'GLOBAL', stampStatus: 'timbrada', total: '1160', globalPeriodicidad: '05', globalMeses: '17', globalAnio: year });
    const xml = await invoiceXml(global.id);
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: global.uuid });
    expect(attrsOf(xml, 'cfdi:InformacionGlobal')).toEqual([{ Periodicidad: '05', Meses: '17', Año: String(year) }]);
    const comprobante = attrsOf(xml, 'cfdi:Comprobante')[0];
    expect(comprobante).toMatchObject({ LugarExpedicion: '42501', Total: '1160.00' });
    // The client's record says 06000: SAT wants the Lugar de Expedición for XAXX010101000.
    expect(attrsOf(xml, 'cfdi:Receptor')[0]).toEqual({ Rfc: 'XAXX010101000', Nombre: 'PUBLICO EN GENERAL', DomicilioFiscalReceptor: '42501', RegimenFiscalReceptor: '616', UsoCFDI: 'S01' });
    expect(xml.indexOf('<cfdi:InformacionGlobal')).toBeLessThan(xml.indexOf('<cfdi:Emisor'));
  }, 60_000);
});
