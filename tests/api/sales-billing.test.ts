// Ventas billing over HTTP: invoice figures with IVA and retentions, the
// CFDI 4.0 XML (parsed and checked attribute by attribute), invoice
// lifecycle rules, gapless folios under parallel emission, payments with
// the payment-complement figures (never over-applied, also in parallel),
// other income through the Compras ledger, and the reports on fixed dates.
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let admin: string;
let seller: string;
let accountId: string;
beforeAll(async () => {
  s = await startServer();
  [admin, seller] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx')]);
  // An account opened long ago so payments on the fixed test dates are accepted by the ledger.
  const acc = await s.gql('mutation{ accountCreate(input:{name:"Cuenta pruebas Ventas",bank:"Banorte",openingBalance:"1000.00",openingDate:"2019-01-01"}){ id } }', {}, admin);
  accountId = ok(acc).accountCreate.id;
});
afterAll(async () => s?.stop());

const m2 = (v: string) => new Decimal(v).toFixed(2);
function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const codeOf = (r: GqlResult) => r.errors?.[0].extensions?.code;
const accountBalance = async () => {
  const r = ok(await s.gql('{ accountOptions(activeOnly:false){ id balance } }', {}, admin)).accountOptions;
  return m2(r.find((a: any) => a.id === accountId).balance);
};

async function newClient(rfc: string, over: Record<string, unknown> = {}) {
  const input = { rfc, name: `CLIENTE ${rfc}`, regimenFiscal: rfc.length === 13 ? '612' : '601', postalCode: '64000', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true, ...over };
  return ok(await s.gql('mutation($input: ClientInput!){ clientCreate(input:$input){ id rfc } }', { input }, seller)).clientCreate.id as string;
}
const line = (over: Record<string, unknown> = {}) => ({ description: 'Servicio de mantenimiento', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '1000', ...over });
const INVOICE_FIELDS = 'id serie folio label status stampStatus uuid version date dueDate formaPago metodoPago usoCfdi subtotal discount iva isrRetained ivaRetained total balance isrRetentionRate ivaRetentionRate client { id } lines { lineNo objetoImp amount discount base iva isrRetained ivaRetained } payments { installment amount previousBalance remainingBalance status }';
const CREATE = `mutation($input: InvoiceInput!){ invoiceCreate(input:$input){ ${INVOICE_FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${INVOICE_FIELDS} } }`;
// A stamped invoice is cancelled before SAT with a motivo (02: errors without relation); a draft needs none.
const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!,$m:String){ invoiceCancel(id:$id,version:$v,reason:$r,motivo:$m){ ${INVOICE_FIELDS} cancelReason } }`;
const invoiceInput = (clientId: string, over: Record<string, unknown> = {}) => ({ clientId, serie: 'A', date: '2025-03-10', formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [line()], ...over });
async function emitted(clientId: string, over: Record<string, unknown> = {}) {
  const inv = ok(await s.gql(CREATE, { input: invoiceInput(clientId, over) }, seller)).invoiceCreate;
  return ok(await s.gql(EMIT, { id: inv.id, v: inv.version }, seller)).invoiceEmit;
}
const PAY = 'mutation($input: ClientPaymentInput!){ clientPaymentCreate(input:$input){ id folio status version amount appliedAmount accountName applications { invoiceId invoiceLabel amount installment previousBalance remainingBalance isPpd } } }';
const payInput = (clientId: string, amount: string, applications: { invoiceId: string; amount: string }[], over: Record<string, unknown> = {}) => ({ clientId, date: '2025-04-01', formaPago: '03', accountId, amount, reference: 'SPEI 123', applications, ...over });

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['cfdi:Concepto', 'cfdi:Traslado', 'cfdi:Retencion'].includes(name), parseAttributeValue: false, commentPropName: '#comment' });
const sumOf = (values: string[]) => values.reduce((a, v) => a.plus(v), new Decimal(0));

describe('facturas: figures and CFDI XML', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await newClient('FAC010101AB1');
  });

  it('3 × 1,234.56 with IVA 16 %, ISR 10 % and IVA retained 2/3 totals 3,530.84', async () => {
    const inv = ok(await s.gql(CREATE, { input: invoiceInput(clientId, { isrRetention: true, ivaRetention: true, lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).invoiceCreate;
    // Subtotal 3,703.68; IVA 592.5888 → 592.59; ISR 370.368 → 370.37; IVA ret. 395.0604… → 395.06
    // Total = 3,703.68 + 592.59 − 370.37 − 395.06 = 3,530.84
    expect([inv.subtotal, inv.discount, inv.iva, inv.isrRetained, inv.ivaRetained, inv.total, inv.balance].map(m2)).toEqual(['3703.68', '0.00', '592.59', '370.37', '395.06', '3530.84', '3530.84']);
    expect(inv).toMatchObject({ status: 'borrador', folio: null, label: 'Borrador', dueDate: '2025-03-10' });
  });

  it('applies the retentions by rule when the company is a persona física billing a persona moral', async () => {
    const UPDATE = 'mutation($v:Int!,$i: CompanyProfileInput!){ companyProfileUpdate(version:$v,input:$i){ version personType regimenFiscal } }';
    const current = ok(await s.gql('{ companyProfile { rfc name regimenFiscal postalCode address phone email invoiceSeries defaultSeries version } }', {}, admin)).companyProfile;
    const { version, ...moral } = current;
    const fisica = ok(await s.gql(UPDATE, { v: version, i: { ...moral, rfc: 'GOMA800101AB1', regimenFiscal: '612' } }, admin)).companyProfileUpdate;
    expect(fisica).toMatchObject({ personType: 'fisica', regimenFiscal: '612' });
    try {
      const auto = ok(await s.gql(CREATE, { input: invoiceInput(clientId, { lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).invoiceCreate;
      expect(m2(auto.total)).toBe('3530.84');
      const personaFisica = await newClient('PEFA800101AB1');
      const none = ok(await s.gql(CREATE, { input: invoiceInput(personaFisica, { lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).invoiceCreate;
      expect([none.isrRetained, none.ivaRetained, none.total].map(m2)).toEqual(['0.00', '0.00', '4296.27']);
      const resico = ok(await s.gql(UPDATE, { v: fisica.version, i: { ...moral, rfc: 'GOMA800101AB1', regimenFiscal: '626' } }, admin)).companyProfileUpdate;
      const r626 = ok(await s.gql(CREATE, { input: invoiceInput(clientId, { lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).invoiceCreate;
      // ISR 1.25 %: 3,703.68 × 0.0125 = 46.296 → 46.30; total = 3,703.68 + 592.59 − 46.30 − 395.06 = 3,854.91
      expect([r626.isrRetentionRate, r626.isrRetained, r626.total].map((v: string, i: number) => (i === 0 ? new Decimal(v).toFixed(6) : m2(v)))).toEqual(['0.012500', '46.30', '3854.91']);
      const optOut = ok(await s.gql(CREATE, { input: invoiceInput(clientId, { isrRetention: false, ivaRetention: false, lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).invoiceCreate;
      expect(m2(optOut.total)).toBe('4296.27');
      ok(await s.gql(UPDATE, { v: resico.version, i: moral }, admin));
    } finally {
      const now = ok(await s.gql('{ companyProfile { version personType } }', {}, admin)).companyProfile;
      if (now.personType !== 'moral') await s.gql(UPDATE, { v: now.version, i: moral }, admin);
    }
  });

  it('produces a CFDI 4.0 XML with every required attribute, exact sums and catalogue codes', async () => {
    const inv = await emitted(clientId, {
      formaPago: '99',
      metodoPago: 'PPD',
      isrRetention: true,
      ivaRetention: true,
      lines: [
        line({ quantity: '3', unitPrice: '1234.56' }),
        line({ description: 'Refacción con descuento', prodServKey: '73152100', unitKey: 'H87', unitName: 'Pieza', quantity: '2.5', unitPrice: '99.99', discountPercent: '5' }),
        line({ description: 'Viáticos (no objeto)', prodServKey: '84111506', unitKey: 'ACT', unitName: 'Actividad', quantity: '1', unitPrice: '350', objetoImp: '01' }),
      ],
    });
    const xml = ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id: inv.id }, seller)).facturaXml as string;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    // Emission sealed it with the company's CSD and the sandbox PAC stamped it: checked apart from the code that made it.
    expect(xml).not.toContain('SIN SELLO');
    const check = await checkStampedCfdi(xml);
    expect(check).toMatchObject({ xsdValid: true, xsdErrors: [], selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: inv.uuid });
    const doc = parser.parse(xml);
    const c = doc['cfdi:Comprobante'];
    expect(c['xmlns:cfdi']).toBe('http://www.sat.gob.mx/cfd/4');
    expect(c['xmlns:xsi']).toBe('http://www.w3.org/2001/XMLSchema-instance');
    expect(c['xsi:schemaLocation']).toBe('http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd');
    expect(c).toMatchObject({ Version: '4.0', Serie: 'A', Folio: String(inv.folio), FormaPago: '99', MetodoPago: 'PPD', Moneda: 'MXN', TipoDeComprobante: 'I', Exportacion: '01', LugarExpedicion: '42501', NoCertificado: '30001000000500003416' });
    // Fecha is the emission instant in Mexico City (SAT stamps only the last 72 h), whatever date the draft carried.
    expect(Math.abs(Date.parse(`${c.Fecha}-06:00`) - Date.now())).toBeLessThan(10 * 60_000);
    expect(c['cfdi:Emisor']).toEqual({ Rfc: 'EKU9003173C9', Nombre: 'ESCUELA KEMPER URGATE', RegimenFiscal: '601' });
    expect(c['cfdi:Receptor']).toEqual({ Rfc: 'FAC010101AB1', Nombre: 'CLIENTE FAC010101AB1', DomicilioFiscalReceptor: '64000', RegimenFiscalReceptor: '601', UsoCFDI: 'G03' });

    const conceptos = c['cfdi:Conceptos']['cfdi:Concepto'];
    expect(conceptos).toHaveLength(3);
    for (const k of conceptos) {
      expect(k.ClaveProdServ).toMatch(/^\d{8}$/);
      expect(['E48', 'H87', 'ACT']).toContain(k.ClaveUnidad);
      expect(['01', '02']).toContain(k.ObjetoImp);
      for (const attr of ['Cantidad', 'Descripcion', 'ValorUnitario', 'Importe']) expect(k[attr]).toBeDefined();
      // Importe = Cantidad × ValorUnitario
      expect(new Decimal(k.Cantidad).times(k.ValorUnitario).toDecimalPlaces(6).eq(k.Importe)).toBe(true);
    }
    expect(conceptos.map((k: any) => [k.Importe, k.Descuento, k.ObjetoImp])).toEqual([['3703.68', undefined, '02'], ['249.975', '12.49875', '02'], ['350.00', undefined, '01']]);
    expect(conceptos[2]['cfdi:Impuestos']).toBeUndefined();
    const taxed = conceptos.filter((k: any) => k.ObjetoImp === '02');
    const traslados = taxed.flatMap((k: any) => k['cfdi:Impuestos']['cfdi:Traslados']['cfdi:Traslado']);
    const retenciones = taxed.flatMap((k: any) => k['cfdi:Impuestos']['cfdi:Retenciones']['cfdi:Retencion']);
    for (const t of traslados) {
      expect(t).toMatchObject({ Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000' });
      expect(new Decimal(t.Base).times(t.TasaOCuota).toDecimalPlaces(6).eq(t.Importe)).toBe(true);
    }
    expect(retenciones.map((r: any) => [r.Impuesto, r.TasaOCuota])).toEqual([['001', '0.100000'], ['002', '0.106667'], ['001', '0.100000'], ['002', '0.106667']]);

    // Sums: SubTotal = Σ Importe; Descuento = Σ Descuento; totals = Σ concept taxes; Total per the CFDI formula.
    const subTotal = sumOf(conceptos.map((k: any) => k.Importe)).toDecimalPlaces(2);
    const descuento = sumOf(conceptos.map((k: any) => k.Descuento ?? '0')).toDecimalPlaces(2);
    expect([c.SubTotal, c.Descuento]).toEqual([subTotal.toFixed(2), descuento.toFixed(2)]);
    const imp = c['cfdi:Impuestos'];
    const trasladado = sumOf(traslados.map((t: any) => t.Importe)).toDecimalPlaces(2);
    const isr = sumOf(retenciones.filter((r: any) => r.Impuesto === '001').map((r: any) => r.Importe)).toDecimalPlaces(2);
    const ivaRet = sumOf(retenciones.filter((r: any) => r.Impuesto === '002').map((r: any) => r.Importe)).toDecimalPlaces(2);
    expect(imp.TotalImpuestosTrasladados).toBe(trasladado.toFixed(2));
    expect(imp.TotalImpuestosRetenidos).toBe(isr.plus(ivaRet).toFixed(2));
    expect(imp['cfdi:Retenciones']['cfdi:Retencion']).toEqual([{ Impuesto: '001', Importe: isr.toFixed(2) }, { Impuesto: '002', Importe: ivaRet.toFixed(2) }]);
    expect(imp['cfdi:Traslados']['cfdi:Traslado']).toEqual([{ Base: sumOf(traslados.map((t: any) => t.Base)).toDecimalPlaces(2).toFixed(2), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: trasladado.toFixed(2) }]);
    expect(c.Total).toBe(subTotal.minus(descuento).plus(trasladado).minus(isr).minus(ivaRet).toFixed(2));
    // …and the XML agrees with the invoice as stored:
    // 3,703.68 + 249.975 + 350 = 4,303.655 → 4,303.66; descuento 12.50; IVA 592.5888 + 37.9962 = 630.585 → 630.59
    // ISR 370.368 + 23.747625 = 394.115625 → 394.12; IVA ret 395.0604… + 25.3306… = 420.3910… → 420.39
    // Total = 4,303.66 − 12.50 + 630.59 − 394.12 − 420.39 = 4,107.24
    expect([c.SubTotal, c.Descuento, imp.TotalImpuestosTrasladados, isr.toFixed(2), ivaRet.toFixed(2), c.Total]).toEqual(['4303.66', '12.50', '630.59', '394.12', '420.39', '4107.24']);
    expect(m2(inv.total)).toBe('4107.24');

    const pdf = Buffer.from(ok(await s.gql('query($id:ID!){ facturaPdf(id:$id) }', { id: inv.id }, seller)).facturaPdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  it('a borrador previews its XML without a folio', async () => {
    const inv = ok(await s.gql(CREATE, { input: invoiceInput(clientId) }, seller)).invoiceCreate;
    const c = parser.parse(ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id: inv.id }, seller)).facturaXml)['cfdi:Comprobante'];
    expect(c.Folio).toBeUndefined();
    expect(c.Total).toBe('1160.00');
  });
});

describe('facturas: lifecycle rules', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await newClient('LIF010101AB1', { creditDays: 45 });
  });

  it('refuses bad input per field and writes nothing', async () => {
    const before = ok(await s.gql('{ invoices { total } }', {}, admin)).invoices.total;
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { metodoPago: 'PPD', formaPago: '03' }) }, seller))).toEqual({ formaPago: 'Con método PPD la forma de pago debe ser 99 - Por definir.' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { formaPago: '99' }) }, seller))).toEqual({ formaPago: 'Con método PUE indica la forma de pago real (no 99).' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { lines: [], generatorIds: [] }) }, seller))).toEqual({ lines: 'Agrega al menos un generador o un concepto.' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { usoCfdi: 'CP01', metodoPago: 'XXX', formaPago: '77' }) }, seller))).toEqual({
      usoCfdi: 'Ese uso de CFDI no se usa en facturas de ingreso.',
      metodoPago: 'Método de pago no válido (PUE o PPD).',
      formaPago: 'Forma de pago no válida.',
    });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { serie: 'Z' }) }, seller))).toEqual({ serie: 'La serie no está configurada para la empresa.' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { usoCfdi: 'D01' }) }, seller))).toEqual({ usoCfdi: 'El uso de CFDI no aplica a una persona moral.' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { lines: [line({ objetoImp: '05' })] }) }, seller))).toEqual({ 'lines.0.objetoImp': 'Objeto de impuesto no válido (01, 02, 03 o 04).' });
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { generatorIds: ['999999'] }) }, seller))).toEqual({ 'generatorIds.0': 'El generador no existe.' });
    // Seeded generadores: GEN-00001 is facturado for another client, GEN-00003 is a borrador.
    expect(fieldsOf(await s.gql(CREATE, { input: invoiceInput(clientId, { generatorIds: ['2'] }) }, seller))).toEqual({ 'generatorIds.0': 'El generador GEN-00002 es de otro cliente.' });
    expect(ok(await s.gql('{ invoices { total } }', {}, admin)).invoices.total).toBe(before);
  });

  it('PPD due date comes from the credit days; emission assigns the folio and freezes the data', async () => {
    const draft = ok(await s.gql(CREATE, { input: invoiceInput(clientId, { metodoPago: 'PPD', formaPago: '99' }) }, seller)).invoiceCreate;
    // 2025-03-10 + 45 days = 2025-04-24
    expect(draft.dueDate).toBe('2025-04-24');
    const UPDATE = `mutation($id:ID!,$v:Int!,$input: InvoiceInput!){ invoiceUpdate(id:$id,version:$v,input:$input){ ${INVOICE_FIELDS} } }`;
    const edited = ok(await s.gql(UPDATE, { id: draft.id, v: draft.version, input: invoiceInput(clientId, { metodoPago: 'PPD', formaPago: '99', lines: [line({ quantity: '2' })] }) }, seller)).invoiceUpdate;
    expect([m2(edited.total), edited.version]).toEqual(['2320.00', 2]);
    expect(fieldsOf(await s.gql(UPDATE, { id: draft.id, v: 2, input: invoiceInput(clientId, { lines: [line({ unitKey: '' })] }) }, seller))).toEqual({ 'lines.0.unitKey': 'Clave de unidad SAT no válida: 2 o 3 letras o números.' });
    const emittedInv = ok(await s.gql(EMIT, { id: draft.id, v: 2 }, seller)).invoiceEmit;
    expect(emittedInv.status).toBe('emitida');
    expect(emittedInv.label).toBe(`A-${emittedInv.folio}`);
    const again = await s.gql(UPDATE, { id: draft.id, v: emittedInv.version, input: invoiceInput(clientId) }, seller);
    expect(again.errors![0]).toMatchObject({ message: 'Solo se puede modificar una factura en borrador.', extensions: { code: 'CONFLICT' } });
    expect(codeOf(await s.gql(EMIT, { id: draft.id, v: emittedInv.version }, seller))).toBe('CONFLICT');
  });

  it('refuses emission beyond the client credit limit', async () => {
    const limited = await newClient('LIM010101AB1', { creditLimit: '2000.00' });
    await emitted(limited); // 1,160.00 open
    const second = ok(await s.gql(CREATE, { input: invoiceInput(limited) }, seller)).invoiceCreate;
    const r = await s.gql(EMIT, { id: second.id, v: second.version }, seller);
    expect(r.errors![0]).toMatchObject({
      message: 'La factura excede el límite de crédito del cliente (límite $2,000.00, saldo pendiente $1,160.00, esta factura $1,160.00).',
      extensions: { code: 'CONFLICT' },
    });
    expect(ok(await s.gql('query($id:ID!){ invoice(id:$id){ status folio } }', { id: second.id }, seller)).invoice).toEqual({ status: 'borrador', folio: null });
  });

  it('cancels with a reason, never with payments, and gives the generadores back', async () => {
    // 500 + IVA 80 = 580.00: SAT cancels it without the receptor's acceptance (≤ 1,000).
    const inv = await emitted(clientId, { lines: [line({ unitPrice: '500' })] });
    expect(fieldsOf(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: ' ' }, seller))).toEqual({ reason: 'Este campo es obligatorio.' });
    const paid = await emitted(clientId);
    ok(await s.gql(PAY, { input: payInput(clientId, '100', [{ invoiceId: paid.id, amount: '100' }]) }, seller));
    const refused = await s.gql(CANCEL, { id: paid.id, v: paid.version + 1, r: 'Error en datos' }, seller);
    expect(refused.errors![0]).toMatchObject({ message: 'La factura tiene pagos aplicados; cancela primero los pagos.', extensions: { code: 'CONFLICT' } });
    const cancelled = ok(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Datos fiscales incorrectos', m: '02' }, seller)).invoiceCancel;
    expect(cancelled).toMatchObject({ status: 'cancelada', cancelReason: 'Datos fiscales incorrectos', balance: '0' });
    expect(codeOf(await s.gql(CANCEL, { id: inv.id, v: cancelled.version, r: 'otra vez', m: '02' }, seller))).toBe('CONFLICT');

    // A seeded authorised generador: billed by a draft, back to autorizado when the draft is cancelled.
    const gen = ok(await s.gql('{ generators(filter:{status: autorizado}, list:{pageSize:1}){ items { id client { id } } } }', {}, seller)).generators.items[0];
    const draft = ok(await s.gql(CREATE, { input: invoiceInput(gen.client.id, { metodoPago: 'PPD', formaPago: '99', generatorIds: [gen.id], lines: [] }) }, seller)).invoiceCreate;
    // Each concept names its generador and the period in dd/mm/aaaa, as the screen, the PDF and the XML show it.
    const concepts = ok(await s.gql('query($id:ID!){ invoice(id:$id){ lines { description } } }', { id: draft.id }, seller)).invoice.lines;
    for (const l of concepts) expect(l.description).toMatch(/ \(GEN-\d{5}, \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}\)$/);
    const taken = await s.gql(CREATE, { input: invoiceInput(gen.client.id, { generatorIds: [gen.id], lines: [] }) }, seller);
    expect(fieldsOf(taken)['generatorIds.0']).toMatch(/^El generador GEN-\d{5} ya está en otra factura\.$/);
    ok(await s.gql(CANCEL, { id: draft.id, v: draft.version, r: 'Se factura después' }, seller));
    expect(ok(await s.gql('query($id:ID!){ generator(id:$id){ status invoiceId } }', { id: gen.id }, seller)).generator).toEqual({ status: 'autorizado', invoiceId: null });
  });

  it('parallel emissions of one serie get distinct consecutive folios', async () => {
    const drafts = [];
    for (let i = 0; i < 8; i++) drafts.push(ok(await s.gql(CREATE, { input: invoiceInput(clientId, { serie: 'B' }) }, seller)).invoiceCreate);
    const results = await Promise.all(drafts.map((d, i) => s.gql(EMIT, { id: d.id, v: d.version }, i % 2 ? seller : admin)));
    const folios = results.map((r) => ok(r).invoiceEmit.folio as number).sort((a, b) => a - b);
    expect(new Set(folios).size).toBe(8);
    expect(folios[7] - folios[0]).toBe(7);
    const all = ok(await s.gql('{ invoices(filter:{serie:"B"}, list:{pageSize:200}){ items { folio } } }', {}, admin)).invoices.items.map((i: any) => i.folio).filter(Boolean).sort((a: number, b: number) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

describe('una factura se emite una sola vez; el saldo tiene una sola fuente (issue 25)', () => {
  // 1,000.00 with 900.00 paid: the list, the next payment's saldo anterior and the aging all say 100.00,
  // and «Emitir» on it is refused without touching folio, status or balance.
  const READ = `query($id:ID!){ invoice(id:$id){ ${INVOICE_FIELDS} } }`;
  const AGING = 'query($d:Date!){ receivablesAging(asOf:$d){ rows { clientId current days1to30 total } } }';
  const LIST = 'query($c:ID!){ invoices(filter:{clientId:$c}, list:{pageSize:50}){ items { id label status balance } } }';
  const CANCEL_PAY = 'mutation($id:ID!,$v:Int!,$r:String!){ clientPaymentCancel(id:$id,version:$v,reason:$r){ status } }';
  const ppd = { metodoPago: 'PPD', formaPago: '99', date: '2025-03-10', lines: [line({ unitPrice: '1000', objetoImp: '01' })] };
  let clientId: string;
  let viewer: string;
  beforeAll(async () => {
    clientId = await newClient('UNA010101AB1');
    viewer = await s.login('consulta@demo.mx');
  });

  const agingOf = async (d: string) => {
    const row = ok(await s.gql(AGING, { d }, seller)).receivablesAging.rows.find((r: any) => r.clientId === clientId);
    return row ? m2(row.total) : '0.00';
  };
  const listed = async (id: string) => ok(await s.gql(LIST, { c: clientId }, seller)).invoices.items.find((i: any) => i.id === id);

  it('1,000.00 with 900.00 paid: list, saldo anterior and aging say 100.00; «Emitir» is CONFLICT and writes nothing', async () => {
    const inv = await emitted(clientId, ppd);
    expect([inv.status, m2(inv.total), m2(inv.balance)]).toEqual(['emitida', '1000.00', '1000.00']);
    const p1 = ok(await s.gql(PAY, { input: payInput(clientId, '900.00', [{ invoiceId: inv.id, amount: '900.00' }]) }, seller)).clientPaymentCreate;
    expect(p1.applications.map((a: any) => [a.installment, m2(a.previousBalance), m2(a.amount), m2(a.remainingBalance)])).toEqual([[1, '1000.00', '900.00', '100.00']]);

    const partial = ok(await s.gql(READ, { id: inv.id }, seller)).invoice;
    expect([partial.status, partial.folio, m2(partial.balance)]).toEqual(['pagada_parcial', inv.folio, '100.00']);
    const row = await listed(inv.id);
    expect([row.label, row.status, m2(row.balance)]).toEqual([`A-${inv.folio}`, 'pagada_parcial', '100.00']);
    // As of the day after the payment, and before it (the payment dated later is not yet counted).
    expect(await agingOf('2025-04-30')).toBe('100.00');
    expect(await agingOf('2025-03-31')).toBe('1000.00');

    // «Emitir» again: refused in Spanish, by the seller (who may emit) and by the admin alike; nothing moves.
    const folios = ok(await s.gql('{ invoices(filter:{serie:"A"}, list:{pageSize:1, sortBy:"folio", sortDirection: DESC}){ items { folio } } }', {}, admin)).invoices.items[0].folio;
    for (const who of [seller, admin]) {
      const r = await s.gql(EMIT, { id: inv.id, v: partial.version }, who);
      expect(r.errors![0]).toMatchObject({ message: 'No se puede pasar de "Pagada parcial" a "Emitida".', extensions: { code: 'CONFLICT' } });
    }
    // Consulta may not emit at all; a stale version and an unknown invoice are refused as such.
    expect(codeOf(await s.gql(EMIT, { id: inv.id, v: partial.version }, viewer))).toBe('FORBIDDEN');
    expect(codeOf(await s.gql(EMIT, { id: inv.id, v: partial.version - 1 }, seller))).toBe('CONFLICT');
    expect(codeOf(await s.gql(EMIT, { id: '99999999', v: 1 }, seller))).toBe('NOT_FOUND');
    expect(codeOf(await s.gql(EMIT, { id: inv.id, v: 'uno' }, seller))).toBe('BAD_USER_INPUT');
    const after = ok(await s.gql(READ, { id: inv.id }, seller)).invoice;
    expect([after.folio, after.label, after.status, m2(after.balance), after.version]).toEqual([inv.folio, `A-${inv.folio}`, 'pagada_parcial', '100.00', partial.version]);
    expect(after.payments.map((p: any) => [p.installment, m2(p.amount), p.status])).toEqual([[1, '900.00', 'aplicado']]);
    // No folio was taken from the serie.
    expect(ok(await s.gql('{ invoices(filter:{serie:"A"}, list:{pageSize:1, sortBy:"folio", sortDirection: DESC}){ items { folio } } }', {}, admin)).invoices.items[0].folio).toBe(folios);
    expect(await agingOf('2025-04-30')).toBe('100.00');

    // The next payment starts from the same 100.00 and settles it; a paid invoice cannot be emitted either.
    const p2 = ok(await s.gql(PAY, { input: payInput(clientId, '100.00', [{ invoiceId: inv.id, amount: '100.00' }], { date: '2025-04-15' }) }, seller)).clientPaymentCreate;
    expect(p2.applications.map((a: any) => [a.installment, m2(a.previousBalance), m2(a.amount), m2(a.remainingBalance)])).toEqual([[2, '100.00', '100.00', '0.00']]);
    const paid = ok(await s.gql(READ, { id: inv.id }, seller)).invoice;
    expect([paid.status, m2(paid.balance)]).toEqual(['pagada', '0.00']);
    expect(await agingOf('2025-04-30')).toBe('0.00');
    expect((await s.gql(EMIT, { id: inv.id, v: paid.version }, seller)).errors![0]).toMatchObject({ message: 'No se puede pasar de "Pagada" a "Emitida".', extensions: { code: 'CONFLICT' } });

    // Cancelling the 900.00 payment gives that balance back (its own action), and every screen follows.
    const v1 = ok(await s.gql('query($id:ID!){ clientPayment(id:$id){ version } }', { id: p1.id }, seller)).clientPayment.version;
    expect(ok(await s.gql(CANCEL_PAY, { id: p1.id, v: v1, r: 'Cheque devuelto' }, seller)).clientPaymentCancel.status).toBe('cancelado');
    const back = ok(await s.gql(READ, { id: inv.id }, seller)).invoice;
    expect([back.folio, back.status, m2(back.balance)]).toEqual([inv.folio, 'pagada_parcial', '900.00']);
    expect(m2((await listed(inv.id)).balance)).toBe('900.00');
    expect(await agingOf('2025-04-30')).toBe('900.00');
    expect(await agingOf('2025-04-10')).toBe('1000.00');
  });
});

describe('pagos y otros ingresos', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await newClient('PAG010101AB1');
  });

  it('applies a payment to PPD invoices with the complement figures, deposits it, and cancels it back', async () => {
    const ppd = { metodoPago: 'PPD', formaPago: '99' };
    const a = await emitted(clientId, { ...ppd, lines: [line({ unitPrice: '10000' })] }); // 11,600.00
    const b = await emitted(clientId, { ...ppd, lines: [line({ unitPrice: '500' })] }); // 580.00
    const before = await accountBalance();
    const p1 = ok(await s.gql(PAY, { input: payInput(clientId, '5000.00', [{ invoiceId: a.id, amount: '4420.00' }, { invoiceId: b.id, amount: '580.00' }]) }, seller)).clientPaymentCreate;
    expect(p1).toMatchObject({ status: 'aplicado', accountName: 'Cuenta pruebas Ventas' });
    expect(p1.applications.map((x: any) => [x.invoiceId, x.installment, m2(x.previousBalance), m2(x.amount), m2(x.remainingBalance), x.isPpd])).toEqual([
      [a.id, 1, '11600.00', '4420.00', '7180.00', true],
      [b.id, 1, '580.00', '580.00', '0.00', true],
    ]);
    expect(await accountBalance()).toBe(new Decimal(before).plus(5000).toFixed(2));
    const p2 = ok(await s.gql(PAY, { input: payInput(clientId, '1000', [{ invoiceId: a.id, amount: '1000' }], { date: '2025-04-15' }) }, seller)).clientPaymentCreate;
    expect(p2.applications[0]).toMatchObject({ installment: 2 });
    expect(m2(p2.applications[0].remainingBalance)).toBe('6180.00');
    const invA = ok(await s.gql(`query($id:ID!){ invoice(id:$id){ ${INVOICE_FIELDS} } }`, { id: a.id }, seller)).invoice;
    expect([invA.status, m2(invA.balance), invA.payments.map((x: any) => x.installment)]).toEqual(['pagada_parcial', '6180.00', [1, 2]]);
    expect(ok(await s.gql('query($id:ID!){ invoice(id:$id){ status balance } }', { id: b.id }, seller)).invoice).toEqual({ status: 'pagada', balance: '0' });

    const CANCEL_PAY = 'mutation($id:ID!,$v:Int!,$r:String!){ clientPaymentCancel(id:$id,version:$v,reason:$r){ status cancelReason } }';
    expect(fieldsOf(await s.gql(CANCEL_PAY, { id: p1.id, v: p1.version + 1, r: '' }, seller))).toEqual({ reason: 'Este campo es obligatorio.' });
    const fresh = ok(await s.gql('query($id:ID!){ clientPayment(id:$id){ version } }', { id: p1.id }, seller)).clientPayment;
    expect(ok(await s.gql(CANCEL_PAY, { id: p1.id, v: fresh.version, r: 'Cheque devuelto' }, seller)).clientPaymentCancel).toEqual({ status: 'cancelado', cancelReason: 'Cheque devuelto' });
    expect(await accountBalance()).toBe(new Decimal(before).plus(1000).toFixed(2));
    expect(ok(await s.gql('query($id:ID!){ invoice(id:$id){ status balance } }', { id: b.id }, seller)).invoice).toEqual({ status: 'emitida', balance: '580' });
    expect(m2(ok(await s.gql('query($id:ID!){ invoice(id:$id){ balance } }', { id: a.id }, seller)).invoice.balance)).toBe('10600.00');
    expect(codeOf(await s.gql(CANCEL_PAY, { id: p1.id, v: fresh.version + 1, r: 'otra vez' }, seller))).toBe('CONFLICT');
  });

  it('never applies more than a balance nor than the payment; bad input writes nothing', async () => {
    const inv = await emitted(clientId); // 1,160.00
    const other = await newClient('OTP010101AB1');
    const foreign = await emitted(other);
    const before = ok(await s.gql('{ clientPayments { total } }', {}, admin)).clientPayments.total;
    const balanceBefore = await accountBalance();
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '2000', [{ invoiceId: inv.id, amount: '1160.01' }]) }, seller))).toEqual({ 'applications.0.amount': `Excede el saldo de la factura A-${inv.folio} ($1,160.00).` });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '100', [{ invoiceId: inv.id, amount: '150' }]) }, seller))).toEqual({ applications: 'La suma aplicada ($150.00) excede el importe del pago ($100.00).' });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '100', [{ invoiceId: foreign.id, amount: '100' }]) }, seller))).toEqual({ 'applications.0.invoiceId': 'La factura es de otro cliente.' });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '100', [{ invoiceId: inv.id, amount: '100' }], { accountId: '99999' }) }, seller))).toEqual({ accountId: 'La cuenta no existe.' });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '100', [{ invoiceId: inv.id, amount: '100' }], { date: '2025-03-01' }) }, seller))).toEqual({ date: `La fecha del pago es anterior a la factura A-${inv.folio}.` });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '0', [], { formaPago: '99' }) }, seller))).toEqual({
      amount: 'Debe ser mayor que cero.',
      formaPago: 'La forma de pago de un cobro no puede ser 99 - Por definir.',
      applications: 'Aplica el pago al menos a una factura.',
    });
    expect(fieldsOf(await s.gql(PAY, { input: payInput(clientId, '100.001', [{ invoiceId: inv.id, amount: '50' }, { invoiceId: inv.id, amount: '50' }]) }, seller))).toEqual({
      amount: 'Máximo 2 decimales.',
      'applications.1.invoiceId': 'La factura está repetida.',
    });
    expect(ok(await s.gql('{ clientPayments { total } }', {}, admin)).clientPayments.total).toBe(before);
    expect(await accountBalance()).toBe(balanceBefore);
    expect(m2(ok(await s.gql('query($id:ID!){ invoice(id:$id){ balance } }', { id: inv.id }, seller)).invoice.balance)).toBe('1160.00');
  });

  it('parallel payments never over-apply an invoice', async () => {
    const inv = await emitted(clientId, { lines: [line({ unitPrice: '862.07' })] }); // 862.07 × 1.16 = 1,000.0012 → 1,000.00
    expect(m2(inv.total)).toBe('1000.00');
    const balanceBefore = await accountBalance();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => s.gql(PAY, { input: payInput(clientId, '300', [{ invoiceId: inv.id, amount: '300' }]) }, i % 2 ? seller : admin)));
    const accepted = results.filter((r) => r.data?.clientPaymentCreate);
    expect(accepted.length).toBe(3);
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0].extensions!.fields!['applications.0.amount']).toBe(`Excede el saldo de la factura A-${inv.folio} ($100.00).`);
    const after = ok(await s.gql('query($id:ID!){ invoice(id:$id){ status balance payments { installment } } }', { id: inv.id }, seller)).invoice;
    expect([after.status, m2(after.balance)]).toEqual(['pagada_parcial', '100.00']);
    expect(after.payments.map((p: any) => p.installment).sort()).toEqual([1, 2, 3]);
    expect(await accountBalance()).toBe(new Decimal(balanceBefore).plus(900).toFixed(2));
  });

  it('records other income through the ledger and cancels it back', async () => {
    const CREATE_INCOME = 'mutation($input: OtherIncomeInput!){ otherIncomeCreate(input:$input){ id folio status version amount accountName } }';
    const before = await accountBalance();
    const total = ok(await s.gql('{ otherIncomes { total } }', {}, admin)).otherIncomes.total;
    expect(fieldsOf(await s.gql(CREATE_INCOME, { input: { date: '2025-05-01', concept: '', amount: '-5', accountId } }, seller))).toEqual({ concept: 'Este campo es obligatorio.', amount: 'Debe ser mayor que cero.' });
    expect(fieldsOf(await s.gql(CREATE_INCOME, { input: { date: '2018-05-01', concept: 'Antes de abrir', amount: '5', accountId } }, seller))).toEqual({ date: 'La fecha es anterior a la apertura de la cuenta.' });
    expect(ok(await s.gql('{ otherIncomes { total } }', {}, admin)).otherIncomes.total).toBe(total);
    const income = ok(await s.gql(CREATE_INCOME, { input: { date: '2025-05-01', concept: 'Venta de chatarra', amount: '1234.50', accountId, reference: 'Recibo 77' } }, seller)).otherIncomeCreate;
    expect(income).toMatchObject({ status: 'aplicado', accountName: 'Cuenta pruebas Ventas' });
    expect(await accountBalance()).toBe(new Decimal(before).plus('1234.50').toFixed(2));
    const CANCEL_INCOME = 'mutation($id:ID!,$v:Int!,$r:String!){ otherIncomeCancel(id:$id,version:$v,reason:$r){ status } }';
    expect(fieldsOf(await s.gql(CANCEL_INCOME, { id: income.id, v: income.version, r: '' }, seller))).toEqual({ reason: 'Este campo es obligatorio.' });
    const v = ok(await s.gql('{ otherIncomes(list:{sortBy:"folio", sortDirection: DESC, pageSize:1}){ items { version } } }', {}, seller)).otherIncomes.items[0].version;
    expect(ok(await s.gql(CANCEL_INCOME, { id: income.id, v, r: 'Capturado en otra cuenta' }, seller)).otherIncomeCancel.status).toBe('cancelado');
    expect(await accountBalance()).toBe(before);
  });
});

describe('reportes on fixed dates', () => {
  let clientId: string;
  const ids: Record<string, { id: string; total: string; version: number; folio: number }> = {};
  beforeAll(async () => {
    clientId = await newClient('AGE010101AB1', { name: 'AAA CLIENTE ANTIGUEDAD' });
    const ppd = { metodoPago: 'PPD', formaPago: '99' };
    // Credit 30 days; as of 2021-06-30: due 07-15 corriente, 06-19 (11 days), 05-15 (46), 04-09 (82), 02-04 (146); 07-10 is after the cut.
    const plan: [string, string, string][] = [['current', '2021-06-15', '1000'], ['d1', '2021-05-20', '2000'], ['d31', '2021-04-15', '3000'], ['d61', '2021-03-10', '4000'], ['d91', '2021-01-05', '5000'], ['later', '2021-07-10', '6000']];
    for (const [key, date, price] of plan) ids[key] = await emitted(clientId, { ...ppd, date, lines: [line({ unitPrice: price })] });
    // Paid before the cut: 500 of the oldest; after the cut: all of the 1–30 one.
    ok(await s.gql(PAY, { input: payInput(clientId, '500', [{ invoiceId: ids.d91.id, amount: '500' }], { date: '2021-06-01' }) }, seller));
    ok(await s.gql(PAY, { input: payInput(clientId, '2320', [{ invoiceId: ids.d1.id, amount: '2320' }], { date: '2021-07-05' }) }, seller));
  });

  it('buckets receivables by days past due as of a date', async () => {
    const AGING = 'query($d:Date!){ receivablesAging(asOf:$d){ asOf rows { clientId clientName current days1to30 days31to60 days61to90 over90 total } totals { clientName current days1to30 days31to60 days61to90 over90 total } } }';
    const june = ok(await s.gql(AGING, { d: '2021-06-30' }, seller)).receivablesAging;
    const row = june.rows.find((r: any) => r.clientId === clientId);
    // 1,160; 2,320; 3,480; 4,640; 5,800 − 500 = 5,300
    expect([row.current, row.days1to30, row.days31to60, row.days61to90, row.over90, row.total].map(m2)).toEqual(['1160.00', '2320.00', '3480.00', '4640.00', '5300.00', '16900.00']);
    expect(june.rows).toHaveLength(1); // nothing else was issued before mid-2021
    expect(june.totals).toMatchObject({ clientName: 'Total' });
    expect(m2(june.totals.total)).toBe('16900.00');
    const july = ok(await s.gql(AGING, { d: '2021-07-31' }, seller)).receivablesAging.rows.find((r: any) => r.clientId === clientId);
    // 07-31: 1,160 (16 days late), 1–30 paid, 3,480 (77), 4,640 (113), 5,300 (177), 6,960 (due 08-09, corriente)
    expect([july.current, july.days1to30, july.days31to60, july.days61to90, july.over90, july.total].map(m2)).toEqual(['6960.00', '1160.00', '0.00', '3480.00', '9940.00', '21540.00']);
    const early = ok(await s.gql(AGING, { d: '2020-12-31' }, seller)).receivablesAging;
    expect(early.rows).toEqual([]);
    expect(m2(early.totals.total)).toBe('0.00');
  });

  it('sums sales per client and month of emitted invoices', async () => {
    const rows = ok(await s.gql('{ salesByClient(from:"2021-01-01", to:"2021-06-30"){ clientId month invoiceCount subtotal total } }', {}, seller)).salesByClient;
    expect(rows.filter((r: any) => r.clientId === clientId).map((r: any) => [r.month, r.invoiceCount, m2(r.subtotal), m2(r.total)])).toEqual([
      ['2021-01', 1, '5000.00', '5800.00'],
      ['2021-03', 1, '4000.00', '4640.00'],
      ['2021-04', 1, '3000.00', '3480.00'],
      ['2021-05', 1, '2000.00', '2320.00'],
      ['2021-06', 1, '1000.00', '1160.00'],
    ]);
    expect(fieldsOf(await s.gql('{ salesByClient(from:"2021-06-30", to:"2021-01-01"){ month } }', {}, seller))).toEqual({ to: 'La fecha final debe ser igual o posterior a la inicial.' });
  });

  it('computes the quote conversion rate of a period', async () => {
    const QUOTE = 'mutation($input: QuoteInput!){ quoteCreate(input:$input){ id version } }';
    const make = async (price: string) => ok(await s.gql(QUOTE, { input: { clientId, date: '2019-03-05', validUntil: '2099-12-31', lines: [line({ unitPrice: price })] } }, seller)).quoteCreate;
    const move = async (name: string, q: { id: string; version: number }, extra = '') =>
      ok(await s.gql(`mutation($id:ID!,$v:Int!){ ${name}(id:$id,version:$v${extra}){ id version } }`, { id: q.id, v: q.version }, seller))[name];
    await make('100'); // borrador
    await move('quoteSend', await make('200')); // enviada
    for (const price of ['300', '400']) await move('quoteAccept', await move('quoteSend', await make(price)));
    await move('quoteReject', await move('quoteSend', await make('500')), ',reason:"Precio"');
    const r = ok(await s.gql('{ quoteConversion(from:"2019-03-01", to:"2019-03-31"){ total draft sent accepted rejected expired rate amountOffered amountAccepted amountRate } }', {}, seller)).quoteConversion;
    // 2 accepted of 4 offered = 50 %; by amount (348 + 464) / (232 + 348 + 464 + 580) = 812 / 1,624 = 50 %
    expect(r).toMatchObject({ total: 5, draft: 1, sent: 1, accepted: 2, rejected: 1, expired: 0 });
    expect([r.rate, r.amountOffered, r.amountAccepted, r.amountRate].map(m2)).toEqual(['50.00', '1624.00', '812.00', '50.00']);
  });

  it('prints every report as a PDF and asks for the missing parameters', async () => {
    for (const q of ['{ salesReportPdf(kind: SALES_BY_CLIENT, from:"2021-01-01", to:"2021-12-31") }', '{ salesReportPdf(kind: AGING, asOf:"2021-06-30") }', '{ salesReportPdf(kind: QUOTE_CONVERSION, from:"2019-01-01", to:"2019-12-31") }', '{ salesReportPdf(kind: CONTRACT_PROGRESS) }']) {
      const pdf = Buffer.from(ok(await s.gql(q, {}, seller)).salesReportPdf, 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(fieldsOf(await s.gql('{ salesReportPdf(kind: AGING) }', {}, seller))).toEqual({ asOf: 'Indica la fecha de corte.' });
    expect(fieldsOf(await s.gql('{ salesReportPdf(kind: SALES_BY_CLIENT, from:"2021-01-01") }', {}, seller))).toEqual({ from: 'Indica el periodo (fecha inicial y final).' });
  });
});

describe('facturas agrupadas (Agrupar por) with exact subtotals', () => {
  const GROUPS = `query($groupBy: InvoiceGroupBy!, $f: InvoiceFilter, $l: ListInput){ invoiceGroups(groupBy:$groupBy, filter:$f, list:$l){
    totalGroups groups { key label count subtotal tax total balance } grandTotal { key label count subtotal tax total balance } } }`;
  const LIST = 'query($f: InvoiceFilter, $l: ListInput){ invoices(filter:$f, list:$l){ total items { id status total balance } } }';
  const search = { search: 'AGRUPA PRUEBA', pageSize: 200 };
  const row = (g: any) => [g.label, g.count, m2(g.subtotal), m2(g.tax), m2(g.total), m2(g.balance)];
  const groups = async (g: string, f: Record<string, unknown> | null = null, l: Record<string, unknown> = search, token = seller) => ok(await s.gql(GROUPS, { groupBy: g, f, l }, token)).invoiceGroups;
  let alfa: string;
  let beta: string;

  beforeAll(async () => {
    alfa = await newClient('AGR010101AA1', { name: 'AGRUPA PRUEBA ALFA' });
    beta = await newClient('AGR010101BB2', { name: 'AGRUPA PRUEBA BETA' });
    // Alfa: 2 × 1,000 = 2,000 + IVA 320 = 2,320 emitida (2023-01-15)
    await emitted(alfa, { date: '2023-01-15', lines: [line({ quantity: '2', unitPrice: '1000' })] });
    // Alfa: 500.50 + IVA 80.08 = 580.58, borrador (its balance is its total) (2023-02-10)
    ok(await s.gql(CREATE, { input: invoiceInput(alfa, { date: '2023-02-10', lines: [line({ unitPrice: '500.50' })] }) }, seller));
    // Alfa: 799.99 + IVA 128.00 = 927.99, emitida then cancelada before SAT (≤ 1,000: no acceptance needed) (2023-02-20): counted, no money
    const cancelled = await emitted(alfa, { date: '2023-02-20', lines: [line({ unitPrice: '799.99' })] });
    ok(await s.gql(CANCEL, { id: cancelled.id, v: cancelled.version, r: 'Prueba de agrupación', m: '02' }, seller));
    // Beta: 3 × 1,234.56 = 3,703.68 + IVA 592.59 = 4,296.27, PPD, 1,000 paid → balance 3,296.27 pagada_parcial (2023-01-31)
    const ppd = await emitted(beta, { date: '2023-01-31', metodoPago: 'PPD', formaPago: '99', lines: [line({ quantity: '3', unitPrice: '1234.56' })] });
    ok(await s.gql(PAY, { input: payInput(beta, '1000', [{ invoiceId: ppd.id, amount: '1000' }], { date: '2023-03-01' }) }, seller));
    // Beta: 100 − 10 % = 90 + IVA 14.40 = 104.40 emitida (2023-02-05)
    await emitted(beta, { date: '2023-02-05', lines: [line({ unitPrice: '100', discountPercent: '10' })] });
  });

  it('by client: largest total first, cancelled counted but not summed, grand total equal to the list', async () => {
    const r = await groups('CLIENT');
    // Beta: 3,703.68 + 90 = 3,793.68; 592.59 + 14.40 = 606.99; 4,296.27 + 104.40 = 4,400.67; 3,296.27 + 104.40 = 3,400.67
    // Alfa: 2,000 + 500.50 = 2,500.50; 320 + 80.08 = 400.08; 2,320 + 580.58 = 2,900.58 (same balance)
    expect(r.groups.map(row)).toEqual([
      ['AGRUPA PRUEBA BETA', 2, '3793.68', '606.99', '4400.67', '3400.67'],
      ['AGRUPA PRUEBA ALFA', 3, '2500.50', '400.08', '2900.58', '2900.58'],
    ]);
    expect(r.groups.map((g: any) => g.key)).toEqual([beta, alfa]);
    expect(r.totalGroups).toBe(2);
    expect(row(r.grandTotal)).toEqual(['Total general', 5, '6294.18', '1007.07', '7301.25', '6301.25']);
    const list = ok(await s.gql(LIST, { f: null, l: search }, seller)).invoices;
    const live = list.items.filter((i: any) => i.status !== 'cancelada');
    expect(list.total).toBe(r.grandTotal.count);
    expect(sumOf(live.map((i: any) => i.total)).toFixed(2)).toBe(m2(r.grandTotal.total));
    expect(sumOf(live.map((i: any) => i.balance)).toFixed(2)).toBe(m2(r.grandTotal.balance));
  });

  it('by status and by month (calendar order, Spanish labels)', async () => {
    expect((await groups('STATUS')).groups.map((g: any) => [g.key, ...row(g)])).toEqual([
      ['pagada_parcial', 'Pagada parcial', 1, '3703.68', '592.59', '4296.27', '3296.27'],
      ['emitida', 'Emitida', 2, '2090.00', '334.40', '2424.40', '2424.40'],
      ['borrador', 'Borrador', 1, '500.50', '80.08', '580.58', '580.58'],
      ['cancelada', 'Cancelada', 1, '0.00', '0.00', '0.00', '0.00'],
    ]);
    const months = await groups('MONTH');
    // January: 2,320 + 4,296.27; February: 580.58 + 104.40 (the cancelled one adds nothing)
    expect(months.groups.map((g: any) => [g.key, ...row(g)])).toEqual([
      ['2023-01', 'enero de 2023', 2, '5703.68', '912.59', '6616.27', '5616.27'],
      ['2023-02', 'febrero de 2023', 3, '590.50', '94.48', '684.98', '684.98'],
    ]);
    expect(m2(months.grandTotal.total)).toBe('7301.25');
  });

  it('applies the list filter to the groups too, and pages the groups', async () => {
    const f = { dateFrom: '2023-02-01', dateTo: '2023-02-28' };
    const r = await groups('CLIENT', f);
    expect(r.groups.map(row)).toEqual([
      ['AGRUPA PRUEBA ALFA', 2, '500.50', '80.08', '580.58', '580.58'],
      ['AGRUPA PRUEBA BETA', 1, '90.00', '14.40', '104.40', '104.40'],
    ]);
    expect(ok(await s.gql(LIST, { f, l: search }, seller)).invoices.total).toBe(r.grandTotal.count);
    const byClient = await groups('STATUS', { clientId: beta });
    expect(byClient.groups.map((g: any) => g.key)).toEqual(['pagada_parcial', 'emitida']);
    const second = await groups('CLIENT', null, { ...search, page: 2, pageSize: 1 });
    expect([second.totalGroups, second.groups.map((g: any) => g.label), m2(second.grandTotal.total)]).toEqual([2, ['AGRUPA PRUEBA ALFA'], '7301.25']);
  });

  it('needs the list ability; a bad groupBy or page is a Spanish input error', async () => {
    const storekeeper = await s.login('almacen@demo.mx');
    const refused = await s.gql(GROUPS, { groupBy: 'CLIENT', f: null, l: search }, storekeeper);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.data).toBeNull();
    const bad = await s.gql(GROUPS, { groupBy: 'WEEK', f: null, l: search }, seller);
    expect(fieldsOf(bad)).toEqual({ groupBy: 'Valor: el valor "WEEK" no está permitido.' });
    expect(bad.errors![0].message).toMatch(/^Dato no válido en «groupBy»/);
    expect(fieldsOf(await s.gql(GROUPS, { groupBy: 'CLIENT', f: null, l: { pageSize: 500 } }, seller))).toEqual({ 'list.pageSize': 'El tamaño de página debe estar entre 1 y 200.' });
  });
});
