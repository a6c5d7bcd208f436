// IVA kinds on invoices (Anexo 20): 8 % (región fronteriza), 0 %, exento (TipoFactor Exento: Base
// only), lines ObjetoImp 03 and 04 (no Impuestos node), and the 6 % IVA retention (art. 1-A fr. IV
// LIVA). Each invoice is emitted, stamped and checked apart from the code (checkStampedCfdi), its
// figures computed by hand here; its credit note follows its rates; contradictory choices are
// refused per field in Spanish, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let admin: string;
let seller: string;
let viewer: string;
let clientId: string;
let accountId: string;
beforeAll(async () => {
  s = await startServer();
  [admin, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
  accountId = ok(await s.gql('mutation{ accountCreate(input:{name:"Cuenta IVA",bank:"Banorte",openingBalance:"0",openingDate:"2019-01-01"}){ id } }', {}, admin)).accountCreate.id;
}, 120_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}

const FIELDS = 'id label status version stampStatus uuid ivaRate ivaKind ivaRetentionRate ivaRetentionKind isrRetentionRate subtotal iva isrRetained ivaRetained total lines { objetoImp iva }';
const CREATE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${FIELDS} } }`;
const XML = 'query($id:ID!){ facturaXml(id:$id) }';
const COUNT = '{ invoices(list:{pageSize:1}){ total } }';
const line = (quantity: string, unitPrice: string, objetoImp = '02') => ({ description: `Servicio ${objetoImp}`, prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity, unitPrice, objetoImp });
const input = (extra: Record<string, unknown>, lines: ReturnType<typeof line>[], metodoPago: 'PUE' | 'PPD' = 'PUE') => ({
  clientId, serie: 'A', date: '2026-01-15', formaPago: metodoPago === 'PPD' ? '99' : '03', metodoPago, usoCfdi: 'G03', lines, ...extra,
});

async function emitAndCheck(i: Record<string, unknown>) {
  const d = ok(await s.gql(CREATE, { i }, seller)).invoiceCreate;
  const inv = ok(await s.gql(EMIT, { id: d.id, v: d.version }, seller)).invoiceEmit;
  matches(inv, { status: 'emitida', stampStatus: 'timbrada' });
  const xml = ok(await s.gql(XML, { id: inv.id }, seller)).facturaXml as string;
  expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, xsdErrors: [], selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: inv.uuid });
  return { inv, xml };
}
/** Decimal fields come back without trailing zeros ("0.08", "4151.5"): compared as numbers, the rest as is. */
const matches = (row: Record<string, unknown>, expected: Record<string, string | null>) =>
  expect(Object.fromEntries(Object.keys(expected).map((k) => [k, typeof row[k] === 'string' && /^-?\d+(\.\d+)?$/.test(row[k] as string) ? Number(row[k]).toFixed(6) : row[k]])))
    .toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v).toFixed(6) : v])));
/** The summary Impuestos node of the Comprobante (after the Conceptos). */
const summary = (xml: string) => xml.slice(xml.indexOf('</cfdi:Conceptos>'));

describe('IVA kinds, stamped', () => {
  it('IVA 8 % frontera, with an ObjetoImp 03 line carrying no taxes', async () => {
    // 3 × 1,250.50 = 3,751.50 at 8 % = 300.12; 400.00 (03) untaxed. SubTotal 4,151.50; Total 4,451.62.
    const { inv, xml } = await emitAndCheck(input({ ivaKind: 'TASA_8' }, [line('3', '1250.50'), line('1', '400.00', '03')]));
    matches(inv, { ivaKind: 'TASA_8', ivaRate: '0.080000', subtotal: '4151.50', iva: '300.12', ivaRetained: '0.00', total: '4451.62', ivaRetentionKind: null });
    expect(xml).toMatch(/SubTotal="4151\.50"[^>]*Total="4451\.62"/);
    expect(xml).toContain('<cfdi:Traslado Base="3751.50" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.080000" Importe="300.12"/>');
    expect(xml).toMatch(/Importe="400\.00" ObjetoImp="03"\/>/);
    expect(summary(xml)).toContain('TotalImpuestosTrasladados="300.12"');
  }, 60_000);

  it('IVA 0 %: a Tasa traslado of 0.00', async () => {
    // 2 × 999.99 = 1,999.98; IVA 0.00; Total 1,999.98.
    const { inv, xml } = await emitAndCheck(input({ ivaKind: 'TASA_0' }, [line('2', '999.99')]));
    matches(inv, { ivaKind: 'TASA_0', ivaRate: '0.000000', subtotal: '1999.98', iva: '0.00', total: '1999.98' });
    expect(xml).toContain('<cfdi:Traslado Base="1999.98" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.000000" Importe="0.00"/>');
    expect(summary(xml)).toContain('TotalImpuestosTrasladados="0.00"');
  }, 60_000);

  it('exento with ISR withheld and an ObjetoImp 04 line: the traslado has no TasaOCuota nor Importe, and no TotalImpuestosTrasladados', async () => {
    // 5,000.00 exento; 100.00 (04) untaxed; ISR 10 % of 5,000.00 = 500.00. SubTotal 5,100.00; Total 4,600.00.
    const { inv, xml } = await emitAndCheck(input({ ivaKind: 'EXENTO', isrRetention: true }, [line('1', '5000.00'), line('1', '100.00', '04')]));
    matches(inv, { ivaKind: 'EXENTO', ivaRate: '0.000000', subtotal: '5100.00', iva: '0.00', isrRetained: '500.00', ivaRetained: '0.00', total: '4600.00' });
    expect(xml).toMatch(/SubTotal="5100\.00"[^>]*Total="4600\.00"/);
    expect(xml).toContain('<cfdi:Traslado Base="5000.00" Impuesto="002" TipoFactor="Exento"/>');
    expect(summary(xml)).toContain('<cfdi:Impuestos TotalImpuestosRetenidos="500.00">');
    expect(summary(xml)).not.toContain('TotalImpuestosTrasladados');
    expect(summary(xml)).toContain('<cfdi:Traslado Base="5000.00" Impuesto="002" TipoFactor="Exento"/>');
    expect(xml).toMatch(/Importe="100\.00" ObjetoImp="04"\/>/);

    // Its credit note follows its rates: 200.00 exento, ISR 20.00 → 180.00.
    const note = ok(await s.gql('mutation($i: CreditNoteInput!){ creditNoteCreate(input:$i){ id ivaKind subtotal iva isrRetained total stampStatus } }', {
      i: { invoiceId: inv.id, formaPago: '03', lines: [{ description: 'Bonificación', prodServKey: '84111506', unitKey: 'ACT', unitName: 'Actividad', quantity: '1', unitPrice: '200.00', objetoImp: '02' }] },
    }, seller)).creditNoteCreate;
    matches(note, { ivaKind: 'EXENTO', subtotal: '200.00', iva: '0.00', isrRetained: '20.00', total: '180.00', stampStatus: 'timbrada' });
    const noteXml = ok(await s.gql('query($id:ID!){ creditNoteXml(id:$id) }', { id: note.id }, seller)).creditNoteXml as string;
    expect(await checkStampedCfdi(noteXml)).toMatchObject({ xsdValid: true, selloValid: true, selloSatValid: true });
    expect(noteXml).toContain('<cfdi:Traslado Base="200.00" Impuesto="002" TipoFactor="Exento"/>');
    expect(noteXml).toMatch(/TipoDeComprobante="E"/);
  }, 90_000);

  it('IVA 16 % with the 6 % retention (servicios de personal)', async () => {
    // 4 × 2,345.67 = 9,382.68; IVA 1,501.2288 → 1,501.23; 6 % = 562.9608 → 562.96; Total 10,320.95.
    const { inv, xml } = await emitAndCheck(input({ ivaRetentionKind: 'SEIS' }, [line('4', '2345.67')]));
    matches(inv, { ivaKind: 'TASA_16', ivaRetentionRate: '0.060000', ivaRetentionKind: 'SEIS', iva: '1501.23', ivaRetained: '562.96', total: '10320.95' });
    expect(xml).toContain('<cfdi:Retencion Base="9382.68" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.060000" Importe="562.9608"/>');
    expect(summary(xml)).toContain('TotalImpuestosRetenidos="562.96" TotalImpuestosTrasladados="1501.23"');
  }, 60_000);

  it('IVA 8 % with two thirds withheld (5.3333 %), and its credit note at the same rates', async () => {
    // 1,000.00 at 8 % = 80.00; 5.3333 % = 53.333 → 53.33; Total 1,026.67.
    const { inv, xml } = await emitAndCheck(input({ ivaKind: 'TASA_8', ivaRetention: true }, [line('1', '1000.00')]));
    matches(inv, { ivaKind: 'TASA_8', ivaRetentionRate: '0.053333', ivaRetentionKind: 'DOS_TERCIOS', iva: '80.00', ivaRetained: '53.33', total: '1026.67' });
    expect(xml).toContain('<cfdi:Retencion Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.053333" Importe="53.333"/>');
    // A 100.00 note: IVA 8.00, withheld 5.3333 → 5.33; Total 102.67.
    const note = ok(await s.gql('mutation($i: CreditNoteInput!){ creditNoteCreate(input:$i){ ivaKind iva ivaRetained total stampStatus } }', {
      i: { invoiceId: inv.id, formaPago: '03', lines: [{ description: 'Bonificación', prodServKey: '84111506', unitKey: 'ACT', unitName: 'Actividad', quantity: '1', unitPrice: '100.00' }] },
    }, seller)).creditNoteCreate;
    matches(note, { ivaKind: 'TASA_8', iva: '8.00', ivaRetained: '5.33', total: '102.67', stampStatus: 'timbrada' });
  }, 90_000);

  it('a PPD exento invoice paid: its payment complement carries TipoFactorDR Exento and TotalTrasladosBaseIVAExento', async () => {
    const { inv } = await emitAndCheck(input({ ivaKind: 'EXENTO' }, [line('1', '3000.00')], 'PPD'));
    const p = ok(await s.gql('mutation($i: ClientPaymentInput!){ clientPaymentCreate(input:$i){ id stampStatus } }', {
      i: { clientId, date: '2026-11-20', formaPago: '03', accountId, amount: '1000.00', reference: 'SPEI', applications: [{ invoiceId: inv.id, amount: '1000.00' }] },
    }, seller)).clientPaymentCreate;
    expect(p.stampStatus).toBe('timbrada');
    const xml = ok(await s.gql('query($id:ID!){ complementoPagoXml(id:$id) }', { id: p.id }, seller)).complementoPagoXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, xsdErrors: [], selloValid: true, selloSatValid: true });
    // A third of the invoice paid: base 1,000.00 exento.
    expect(xml).toContain('<pago20:TrasladoDR BaseDR="1000.00" ImpuestoDR="002" TipoFactorDR="Exento"/>');
    expect(xml).toContain('TotalTrasladosBaseIVAExento="1000.00"');
    expect(xml).toContain('<pago20:TrasladoP BaseP="1000.00" ImpuestoP="002" TipoFactorP="Exento"/>');
  }, 90_000);
});

describe('contradictory IVA choices', () => {
  it('refused per field in Spanish, nothing written; Consulta may not create (FORBIDDEN)', async () => {
    const before = ok(await s.gql(COUNT, {}, seller)).invoices.total;
    expect(fieldsOf(await s.gql(CREATE, { i: input({ ivaKind: 'EXENTO', ivaRetention: true }, [line('1', '100.00')]) }, seller))).toEqual({ ivaRetention: 'Una factura exenta de IVA no lleva retención de IVA.' });
    expect(fieldsOf(await s.gql(CREATE, { i: input({ ivaKind: 'TASA_0', ivaRetentionKind: 'SEIS' }, [line('1', '100.00')]) }, seller))).toEqual({ ivaRetention: 'Con IVA 0 % no hay IVA que retener: quita la retención de IVA.' });
    expect(fieldsOf(await s.gql(CREATE, { i: input({ ivaKind: 'TASA_8' }, [line('1', '100.00', '01'), line('1', '50.00', '03')]) }, seller))).toEqual({ ivaKind: 'El tipo de IVA se aplica a renglones «Sí objeto de impuesto» (02) y ningún renglón lo es.' });
    expect(fieldsOf(await s.gql(CREATE, { i: input({}, [line('1', '100.00', '05')]) }, seller))).toEqual({ 'lines.0.objetoImp': 'Objeto de impuesto no válido (01, 02, 03 o 04).' });
    expect((await s.gql(CREATE, { i: input({ ivaKind: 'TASA_8' }, [line('1', '100.00')]) }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(ok(await s.gql(COUNT, {}, seller)).invoices.total).toBe(before);
  });
});
