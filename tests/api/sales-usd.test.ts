// Invoices in dollars (CFDI Moneda USD + TipoCambio) and their payment complement from a payment
// in pesos (Pagos 2.0 MonedaP MXN, MonedaDR USD, EquivalenciaDR): every XML checked apart from the
// code that made it (SAT XSD, cadena from SAT's XSLT, seal against the certificate in the file,
// TFD), figures worked by hand. The tests run in order over one USD invoice.
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
let usd: any;
beforeAll(async () => {
  s = await startServer();
  [admin, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 30, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
  accountId = ok(await s.gql('mutation{ accountCreate(input:{name:"Cuenta USD test",bank:"Banorte",openingBalance:"0",openingDate:"2019-01-01"}){ id } }', {}, admin)).accountCreate.id;
}, 120_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const attrsOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/([\wñ]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
const todayMx = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());

const INV_FIELDS = 'id label kind status version stampStatus uuid currency exchangeRate subtotal iva total balance totalMxn balanceMxn';
const CREATE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${INV_FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${INV_FIELDS} } }`;
const INVOICE = `query($id:ID!){ invoice(id:$id){ ${INV_FIELDS} } }`;
const PAY = 'mutation($i: ClientPaymentInput!){ clientPaymentCreate(input:$i){ id folio amount appliedAmount currency exchangeRate stampStatus uuid needsComplement applications { amount previousBalance remainingBalance installment invoiceCurrency equivalence } } }';
const SERVICE = { description: 'Servicio de consultoría', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1' };
const usdInput = (extra: Record<string, unknown> = {}) => ({
  clientId, serie: 'A', date: todayMx(), formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', currency: 'USD', exchangeRate: '17.2500', lines: [{ ...SERVICE, unitPrice: '1000.00' }], ...extra,
});
const invoiceCount = async () => ok(await s.gql('{ invoices(list:{pageSize:1}){ total } }', {}, seller)).invoices.total as number;
const paymentCount = async () => ok(await s.gql('{ clientPayments(list:{pageSize:1}){ total } }', {}, seller)).clientPayments.total as number;

describe('a client billed in dollars', () => {
  it('keeps the currency its new invoices propose (MXN unless said)', async () => {
    const created = ok(
      await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id currency } }', {
        i: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regimenFiscal: '601', postalCode: '42501', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true, currency: 'USD' },
      }, seller),
    ).clientCreate;
    expect(created.currency).toBe('USD');
    const options = ok(await s.gql('{ clientOptions(search:"KEMPER"){ id currency } }', {}, seller)).clientOptions;
    expect(options).toEqual([{ id: created.id, currency: 'USD' }]);
    expect(ok(await s.gql('query($id:ID!){ client(id:$id){ currency } }', { id: clientId }, seller)).client.currency).toBe('MXN');
  });
});

describe('an invoice in dollars', () => {
  it('refuses USD without TipoCambio, TipoCambio 0, negative or with 7 decimals, in Spanish, writing nothing; and a user without the ability', async () => {
    const before = await invoiceCount();
    expect(fieldsOf(await s.gql(CREATE, { i: usdInput({ exchangeRate: null }) }, seller))).toEqual({ exchangeRate: 'El tipo de cambio es obligatorio para dólares (USD).' });
    expect(fieldsOf(await s.gql(CREATE, { i: usdInput({ exchangeRate: '0' }) }, seller))).toEqual({ exchangeRate: 'El tipo de cambio debe ser mayor a cero.' });
    expect(fieldsOf(await s.gql(CREATE, { i: usdInput({ exchangeRate: '-17.25' }) }, seller))).toEqual({ exchangeRate: 'El tipo de cambio debe ser mayor a cero.' });
    expect(fieldsOf(await s.gql(CREATE, { i: usdInput({ exchangeRate: '17.1234567' }) }, seller))).toEqual({ exchangeRate: 'El tipo de cambio admite máximo 6 decimales.' });
    expect((await s.gql(CREATE, { i: usdInput() }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await invoiceCount()).toBe(before);
  });

  it('1,000.00 USD + IVA 16 % 160.00 = 1,160.00 USD at 17.2500 = 20,010.00 MXN; the stamped CFDI says Moneda USD TipoCambio 17.2500', async () => {
    const draft = ok(await s.gql(CREATE, { i: usdInput() }, seller)).invoiceCreate;
    usd = ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit;
    // 1,160.00 × 17.25 = 20,010.00.
    expect(usd).toMatchObject({ kind: 'NORMAL', currency: 'USD', exchangeRate: '17.25', stampStatus: 'timbrada', subtotal: '1000', iva: '160', total: '1160', balance: '1160', totalMxn: '20010', balanceMxn: '20010' });
    const xml = ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id: usd.id }, seller)).facturaXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: usd.uuid });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ Moneda: 'USD', TipoCambio: '17.2500', SubTotal: '1000.00', Total: '1160.00', MetodoPago: 'PPD' });
    expect(xml).toContain('TotalImpuestosTrasladados="160.00"');
    // The list filters by kind and currency.
    const listed = ok(await s.gql('{ invoices(filter:{currency:USD, kind:NORMAL}, list:{pageSize:50}){ items { id currency kind } } }', {}, seller)).invoices.items;
    expect(listed).toEqual([{ id: usd.id, currency: 'USD', kind: 'NORMAL' }]);
    expect(ok(await s.gql('{ invoices(filter:{currency:USD, kind:ANTICIPO}){ total } }', {}, seller)).invoices.total).toBe(0);
  }, 60_000);

  it('the receivables aging counts it in pesos: 20,010.00', async () => {
    const aging = ok(await s.gql('query($d:Date!){ receivablesAging(asOf:$d){ rows { clientId total current } } }', { d: todayMx() }, admin)).receivablesAging;
    expect(aging.rows.find((r: any) => r.clientId === clientId)).toMatchObject({ total: '20010', current: '20010' });
  });
});

describe('a payment in pesos of the USD invoice', () => {
  const pay = (extra: Record<string, unknown>, token = seller) =>
    s.gql(PAY, { i: { clientId, date: todayMx(), formaPago: '03', accountId, amount: '8625.00', currency: 'MXN', exchangeRate: '17.2500', reference: 'SPEI', applications: [{ invoiceId: usd.id, amount: '500.00' }], ...extra } }, token);

  it('refuses it without the day’s TipoCambio, with TipoCambio 0, more dollars than the pesos pay, and a user without the ability; nothing written', async () => {
    const before = await paymentCount();
    expect(fieldsOf(await pay({ exchangeRate: null }))).toEqual({ exchangeRate: 'El tipo de cambio es obligatorio para dólares (USD).' });
    expect(fieldsOf(await pay({ exchangeRate: '0' }))).toEqual({ exchangeRate: 'El tipo de cambio debe ser mayor a cero.' });
    // 500.01 USD / (1 / 17.25) = 8,625.17 MXN > 8,625.00.
    expect(fieldsOf(await pay({ applications: [{ invoiceId: usd.id, amount: '500.01' }] }))).toEqual({ applications: 'La suma aplicada ($8,625.17) excede el importe del pago ($8,625.00).' });
    expect((await pay({}, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await paymentCount()).toBe(before);
    expect(ok(await s.gql(INVOICE, { id: usd.id }, seller)).invoice).toMatchObject({ balance: '1160', version: usd.version });
  });

  it('8,625.00 MXN at 17.2500 pays 500.00 USD: balance 660.00 USD (11,385.00 MXN); the complement has EquivalenciaDR and Totales in pesos', async () => {
    const p = ok(await pay({})).clientPaymentCreate;
    // EquivalenciaDR = 1 / 17.25 = 0.05797101449… → 0.0579710145 (10 decimals); 500.00 / 0.0579710145 = 8,624.99999… → 8,625.00 MXN.
    expect(p).toMatchObject({ amount: '8625', appliedAmount: '8625', currency: 'MXN', exchangeRate: '17.25', stampStatus: 'timbrada', needsComplement: true });
    expect(p.applications).toEqual([{ amount: '500', previousBalance: '1160', remainingBalance: '660', installment: 1, invoiceCurrency: 'USD', equivalence: '0.0579710145' }]);
    // 1,160.00 − 500.00 = 660.00 USD; × 17.25 = 11,385.00 MXN.
    expect(ok(await s.gql(INVOICE, { id: usd.id }, seller)).invoice).toMatchObject({ status: 'pagada_parcial', balance: '660', balanceMxn: '11385' });

    const xml = ok(await s.gql('query($id:ID!){ complementoPagoXml(id:$id) }', { id: p.id }, seller)).complementoPagoXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: p.uuid });
    expect(attrsOf(xml, 'pago20:Pago')[0]).toMatchObject({ FormaDePagoP: '03', MonedaP: 'MXN', TipoCambioP: '1', Monto: '8625.00' });
    expect(attrsOf(xml, 'pago20:DoctoRelacionado')).toEqual([
      { IdDocumento: usd.uuid, Serie: 'A', Folio: usd.label.slice(2), MonedaDR: 'USD', EquivalenciaDR: '0.0579710145', NumParcialidad: '1', ImpSaldoAnt: '1160.00', ImpPagado: '500.00', ImpSaldoInsoluto: '660.00', ObjetoImpDR: '02' },
    ]);
    // In dollars, p = 500 / 1,160: BaseDR = 1,000 × p = 431.0344… → 431.03; ImporteDR = 160 × p = 68.9655… → 68.97.
    expect(attrsOf(xml, 'pago20:TrasladoDR')).toEqual([{ BaseDR: '431.03', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '68.97' }]);
    // In pesos (÷ EquivalenciaDR, i.e. × 17.25): 431.03 × 17.25 = 7,435.2675 → 7,435.27; 68.97 × 17.25 = 1,189.7325 → 1,189.73.
    expect(attrsOf(xml, 'pago20:TrasladoP')).toEqual([{ BaseP: '7435.27', ImpuestoP: '002', TipoFactorP: 'Tasa', TasaOCuotaP: '0.160000', ImporteP: '1189.73' }]);
    expect(attrsOf(xml, 'pago20:Totales')).toEqual([{ TotalTrasladosBaseIVA16: '7435.27', TotalTrasladosImpuestoIVA16: '1189.73', MontoTotalPagos: '8625.00' }]);
  }, 60_000);

  it('a payment in dollars of the rest: 660.00 USD at 18.000000 (MonedaP USD, TipoCambioP 18, EquivalenciaDR 1, Totales 11,880.00 MXN)', async () => {
    const p = ok(await pay({ currency: 'USD', amount: '660.00', exchangeRate: '18', applications: [{ invoiceId: usd.id, amount: '660.00' }] })).clientPaymentCreate;
    expect(p).toMatchObject({ amount: '660', appliedAmount: '660', currency: 'USD', exchangeRate: '18', stampStatus: 'timbrada' });
    expect(p.applications).toEqual([{ amount: '660', previousBalance: '660', remainingBalance: '0', installment: 2, invoiceCurrency: 'USD', equivalence: '1' }]);
    expect(ok(await s.gql(INVOICE, { id: usd.id }, seller)).invoice).toMatchObject({ status: 'pagada', balance: '0', balanceMxn: '0' });
    const xml = ok(await s.gql('query($id:ID!){ complementoPagoXml(id:$id) }', { id: p.id }, seller)).complementoPagoXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: p.uuid });
    expect(attrsOf(xml, 'pago20:Pago')[0]).toMatchObject({ MonedaP: 'USD', TipoCambioP: '18.0000', Monto: '660.00' });
    expect(attrsOf(xml, 'pago20:DoctoRelacionado')[0]).toMatchObject({ MonedaDR: 'USD', EquivalenciaDR: '1', NumParcialidad: '2', ImpSaldoAnt: '660.00', ImpPagado: '660.00', ImpSaldoInsoluto: '0.00' });
    // p = 660 / 1,160: BaseDR = 1,000 × p = 568.9655… → 568.97; ImporteDR = 160 × p = 91.0344… → 91.03 (431.03 + 568.97 = 1,000; 68.97 + 91.03 = 160).
    expect(attrsOf(xml, 'pago20:TrasladoDR')).toEqual([{ BaseDR: '568.97', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '91.03' }]);
    expect(attrsOf(xml, 'pago20:TrasladoP')).toEqual([{ BaseP: '568.97', ImpuestoP: '002', TipoFactorP: 'Tasa', TasaOCuotaP: '0.160000', ImporteP: '91.03' }]);
    // Totales in pesos × 18: 568.97 → 10,241.46; 91.03 → 1,638.54; 660.00 → 11,880.00.
    expect(attrsOf(xml, 'pago20:Totales')).toEqual([{ TotalTrasladosBaseIVA16: '10241.46', TotalTrasladosImpuestoIVA16: '1638.54', MontoTotalPagos: '11880.00' }]);
    // The account received pesos: 8,625.00 + 660.00 × 18 = 8,625.00 + 11,880.00 = 20,505.00.
    const account = ok(await s.gql('query($id:ID!){ account(id:$id){ balance } }', { id: accountId }, admin)).account;
    expect(account.balance).toBe('20505');
  }, 60_000);
});

describe('documents that follow the invoice’s currency', () => {
  it('a credit note on a USD invoice is in dollars: 100.00 + IVA 16.00 = 116.00 USD at the invoice’s 17.2500 lowers 232.00 to 116.00 USD', async () => {
    const draft = ok(await s.gql(CREATE, { i: usdInput({ formaPago: '03', metodoPago: 'PUE', lines: [{ ...SERVICE, unitPrice: '200.00' }] }) }, seller)).invoiceCreate;
    // 200.00 + IVA 32.00 = 232.00 USD.
    const inv = ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit;
    expect(inv).toMatchObject({ total: '232', currency: 'USD' });
    const note = ok(
      await s.gql('mutation($i: CreditNoteInput!){ creditNoteCreate(input:$i){ id uuid total remainingBalance } }', { i: { invoiceId: inv.id, formaPago: '03', lines: [{ ...SERVICE, description: 'Bonificación', unitPrice: '100.00' }] } }, seller),
    ).creditNoteCreate;
    expect(note).toMatchObject({ total: '116', remainingBalance: '116' });
    const xml = ok(await s.gql('query($id:ID!){ creditNoteXml(id:$id) }', { id: note.id }, seller)).creditNoteXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: note.uuid });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'E', Moneda: 'USD', TipoCambio: '17.2500', SubTotal: '100.00', Total: '116.00' });
    // 116.00 USD × 17.25 = 2,001.00 MXN.
    expect(ok(await s.gql(INVOICE, { id: inv.id }, seller)).invoice).toMatchObject({ balance: '116', balanceMxn: '2001' });
  }, 60_000);

  it('a USD invoice cannot relate an anticipo invoiced in pesos (07)', async () => {
    const draft = ok(await s.gql(CREATE, { i: { clientId, serie: 'A', date: todayMx(), formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', kind: 'ANTICIPO', anticipoAmount: '1000.00' } }, seller)).invoiceCreate;
    const anticipo = ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit;
    expect(fieldsOf(await s.gql(CREATE, { i: usdInput({ anticipoIds: [anticipo.id] }) }, seller))).toEqual({
      'anticipoIds.0': `El anticipo ${anticipo.label} está en MXN: sólo se relacionan anticipos en la moneda de la factura.`,
    });
  }, 60_000);

  it('the list grouped by client adds its invoices in pesos, each at its TipoCambio', async () => {
    const page = ok(await s.gql('query($f: InvoiceFilter){ invoiceGroups(groupBy: CLIENT, filter: $f){ groups { key count subtotal tax total balance } } }', { f: { clientId } }, seller)).invoiceGroups;
    // USD 1,000.00 + 160.00 = 1,160.00 paid (× 17.25 = 17,250.00 + 2,760.00 = 20,010.00, balance 0);
    // USD 200.00 + 32.00 = 232.00 with 116.00 left (× 17.25 = 3,450.00 + 552.00 = 4,002.00, balance 2,001.00);
    // the MXN anticipo 1,000.00 + 160.00 = 1,160.00 unpaid. Subtotal 21,700.00, IVA 3,472.00, total 25,172.00, balance 3,161.00.
    expect(page.groups).toEqual([{ key: clientId, count: 3, subtotal: '21700', tax: '3472', total: '25172', balance: '3161' }]);
  });
});
