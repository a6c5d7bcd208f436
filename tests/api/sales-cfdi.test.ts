// Facturación electrónica over HTTP (issue 26): the company's CSD uploaded through /api/files
// (refusals in Spanish, the key never returned nor kept in the file storage), emission that
// seals with it and stamps with the sandbox PAC (the XML checked apart from the code that made
// it), a PAC that never stamps one invoice twice — retried, in parallel, or when the server dies
// between the PAC's answer and its save.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkStampedCfdi, CSD_DIR, fakeFiel, testCsd } from '../unit/cfdi/fixtures';
import { stampedSupplierCfdi } from '../unit/cfdi/supplierCfdi';

let s: TestServer;
let admin: string;
let seller: string;
let viewer: string;
let clientId: string;
beforeAll(async () => {
  s = await startServer();
  [admin, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
});
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}

const CSD = '{ companyCsd { rfc holderName noCertificado validFrom validTo daysToExpiry } }';
const UPLOAD = 'mutation($i: CompanyCsdInput!){ companyCsdUpload(input:$i){ rfc noCertificado validTo } }';
const FIELDS = 'id label status version stampStatus uuid stampSandbox total balance';
const CREATE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${FIELDS} } }`;
const STAMP = `mutation($id:ID!){ invoiceStamp(id:$id){ ${FIELDS} } }`;
const INVOICE = `query($id:ID!){ invoice(id:$id){ ${FIELDS} } }`;
const draft = async (server: TestServer, token: string, unitPrice = '1234.56') =>
  ok(
    await server.gql(CREATE, {
      i: { clientId, serie: 'A', date: '2026-01-15', formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [{ description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '2', unitPrice }] },
    }, token),
  ).invoiceCreate;

async function uploadCsd(token: string, files: { cer: Buffer; key: Buffer; password: string }) {
  const cerFileId = await s.uploadId(token, files.cer, 'csd.cer');
  const keyFileId = await s.uploadId(token, files.key, 'csd.key');
  return { r: await s.gql(UPLOAD, { i: { cerFileId, keyFileId, password: files.password } }, token), cerFileId, keyFileId };
}

describe('the company CSD', () => {
  it('the demo company has SAT’s test CSD; only public data is readable, and Consulta may read it', async () => {
    const csd = ok(await s.gql(CSD, {}, viewer)).companyCsd;
    expect(csd).toMatchObject({ rfc: 'EKU9003173C9', noCertificado: '30001000000500003416', validTo: '2027-05-18T11:43:51.000Z' });
    // 2027-05-18 minus today, in whole days.
    const days = Math.floor((Date.parse('2027-05-18T11:43:51Z') - Date.now()) / 86_400_000);
    expect(csd.daysToExpiry).toBe(days);
    // The Tablero counts the same days (one rule, schema/sales/csd.ts).
    expect(ok(await s.gql('{ dashboard { sales { csd { loaded daysToExpiry } } } }', {}, viewer)).dashboard.sales.csd).toEqual({ loaded: true, daysToExpiry: days });
  });

  it('an admin uploads it again: stored, the uploaded files deleted, the password in no answer', async () => {
    const { r, cerFileId, keyFileId } = await uploadCsd(admin, testCsd());
    expect(ok(r).companyCsdUpload).toEqual({ rfc: 'EKU9003173C9', noCertificado: '30001000000500003416', validTo: '2027-05-18T11:43:51.000Z' });
    expect(JSON.stringify(r)).not.toContain('12345678a');
    // Neither file stays in the storage: the key lives only encrypted in the database.
    for (const id of [cerFileId, keyFileId]) expect((await s.download(admin, `/api/files/${id}`)).status).toBe(404);
    expect(fs.readdirSync(path.join(s.dataDir, 'files'), { recursive: true }).filter((f) => /csd\.(cer|key)$/.test(String(f)))).toEqual([]);
  });

  it('refuses in Spanish an e.firma, a wrong password, a key of another certificate; nothing changes', async () => {
    const before = ok(await s.gql(CSD, {}, admin)).companyCsd;
    const fiel = await uploadCsd(admin, fakeFiel());
    expect(fieldsOf(fiel.r).cerFileId).toMatch(/^El certificado es de e\.firma \(FIEL\), no un Certificado de Sello Digital \(CSD\)/);
    const wrongPassword = await uploadCsd(admin, { ...testCsd(), password: 'otra-clave' });
    expect(fieldsOf(wrongPassword.r)).toEqual({ password: expect.stringMatching(/contraseña/i) });
    const otherKey = await uploadCsd(admin, { ...testCsd(), key: fakeFiel().key, password: '12345678a' });
    expect(Object.keys(fieldsOf(otherKey.r))).toEqual(['keyFileId']);
    const missing = await uploadCsd(admin, { ...testCsd(), password: '' });
    expect(fieldsOf(missing.r)).toEqual({ password: 'Escribe la contraseña de la llave privada (.key).' });
    expect(ok(await s.gql(CSD, {}, admin)).companyCsd).toEqual(before);
    for (const u of [fiel, wrongPassword, otherKey, missing]) expect((await s.download(admin, `/api/files/${u.keyFileId}`)).status).toBe(404);
  });

  it('Consulta may not upload one (FORBIDDEN), and an id that is not an upload is a field message', async () => {
    const cer = fs.readFileSync(path.join(CSD_DIR, 'EKU9003173C9.cer'));
    const cerFileId = await s.uploadId(viewer, cer, 'csd.cer');
    const r = await s.gql(UPLOAD, { i: { cerFileId, keyFileId: cerFileId, password: 'x' } }, viewer);
    expect(r.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(fieldsOf(await s.gql(UPLOAD, { i: { cerFileId: 'no-existe', keyFileId: 'tampoco', password: 'x' } }, admin))).toEqual({ cerFileId: 'El archivo no existe o expiró: vuelve a subirlo.' });
  });
});

describe('emission seals and stamps', () => {
  it('an emitted invoice is timbrada: its XML passes SAT’s XSD, the seal verifies with the certificate inside, the TFD is the sandbox’s', async () => {
    const inv = await draft(s, seller);
    const emitted = ok(await s.gql(EMIT, { id: inv.id, v: inv.version }, seller)).invoiceEmit;
    expect(emitted).toMatchObject({ status: 'emitida', stampStatus: 'timbrada', stampSandbox: true, total: '2864.18' });
    const xml = ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id: inv.id }, seller)).facturaXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: emitted.uuid });
    // 2 × 1,234.56 = 2,469.12; IVA 16 % = 395.0592 → 395.06; Total 2,864.18.
    expect(xml).toMatch(/SubTotal="2469\.12"[^>]*Total="2864\.18"/);
    expect(xml).toContain('TotalImpuestosTrasladados="395.06"');
    // «Timbrar» again is refused: it is not pendiente, and the UUID stays.
    const again = await s.gql(STAMP, { id: inv.id }, seller);
    expect(again.errors?.[0]).toMatchObject({ message: 'La factura no está pendiente de timbrar.', extensions: { code: 'CONFLICT' } });
    expect(ok(await s.gql(INVOICE, { id: inv.id }, seller)).invoice.uuid).toBe(emitted.uuid);
    // The printed form says it has no fiscal validity (sandbox PAC).
    const pdf = Buffer.from(ok(await s.gql('query($id:ID!){ facturaPdf(id:$id) }', { id: inv.id }, seller)).facturaPdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  it('the same invoice emitted twice in parallel: one stamp, one UUID, the other request a CONFLICT', async () => {
    const inv = await draft(s, seller, '100.00');
    const results = await Promise.all([0, 1, 2].map(() => s.gql(EMIT, { id: inv.id, v: inv.version }, seller)));
    const won = results.filter((r) => !r.errors);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expect(r.errors![0].extensions?.code).toBe('CONFLICT');
    const uuid = won[0].data!.invoiceEmit.uuid;
    const stamps = await Promise.all([0, 1].map(() => s.gql(STAMP, { id: inv.id }, seller)));
    for (const r of stamps) expect(r.errors?.[0].extensions?.code).toBe('CONFLICT');
    expect(ok(await s.gql(INVOICE, { id: inv.id }, seller)).invoice.uuid).toBe(uuid);
  });

  it('Consulta cannot emit nor stamp (FORBIDDEN) and nothing is written', async () => {
    const inv = await draft(s, seller, '50.00');
    expect((await s.gql(EMIT, { id: inv.id, v: inv.version }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(STAMP, { id: inv.id }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(ok(await s.gql(INVOICE, { id: inv.id }, seller)).invoice).toMatchObject({ status: 'borrador', stampStatus: null, uuid: null, version: inv.version });
  });
});

describe('payment complements (Pagos 2.0)', () => {
  const PAY = 'mutation($i: ClientPaymentInput!){ clientPaymentCreate(input:$i){ id folio stampStatus uuid needsComplement } }';
  const REP_XML = 'query($id:ID!){ complementoPagoXml(id:$id) }';
  let accountId: string;
  const ppd = async (unitPrice: string, quantity = '1') => {
    const inv = ok(
      await s.gql(CREATE, {
        i: { clientId, serie: 'A', date: '2026-01-15', formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', lines: [{ description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity, unitPrice }] },
      }, seller),
    ).invoiceCreate;
    return ok(await s.gql(EMIT, { id: inv.id, v: inv.version }, seller)).invoiceEmit;
  };
  const pay = (amount: string, applications: { invoiceId: string; amount: string }[]) =>
    s.gql(PAY, { i: { clientId, date: '2026-11-20', formaPago: '03', accountId, amount, reference: 'SPEI', applications } }, seller);
  const attrsOf = (xml: string, tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

  beforeAll(async () => {
    accountId = ok(await s.gql('mutation{ accountCreate(input:{name:"Cuenta REP",bank:"Banorte",openingBalance:"0",openingDate:"2019-01-01"}){ id } }', {}, admin)).accountCreate.id;
  });

  it('two partial payments of a PPD invoice: each its complement, parcialidades 1 and 2, taxes in proportion, checked apart', async () => {
    const inv = await ppd('1234.56', '2'); // 2,469.12 + IVA 395.06 = 2,864.18
    const first = ok(await pay('1000.00', [{ invoiceId: inv.id, amount: '1000.00' }])).clientPaymentCreate;
    expect(first).toMatchObject({ stampStatus: 'timbrada', needsComplement: true });
    const xml1 = ok(await s.gql(REP_XML, { id: first.id }, seller)).complementoPagoXml as string;
    expect(await checkStampedCfdi(xml1)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: first.uuid });
    // p = 1,000.00 / 2,864.18: BaseDR = 2,469.12 × p = 862.0687… → 862.07; ImporteDR = 395.06 × p = 137.9313… → 137.93.
    expect(attrsOf(xml1, 'pago20:DoctoRelacionado')).toEqual([
      { IdDocumento: inv.uuid, Serie: 'A', Folio: inv.label.slice(2), MonedaDR: 'MXN', EquivalenciaDR: '1', NumParcialidad: '1', ImpSaldoAnt: '2864.18', ImpPagado: '1000.00', ImpSaldoInsoluto: '1864.18', ObjetoImpDR: '02' },
    ]);
    expect(attrsOf(xml1, 'pago20:TrasladoDR')).toEqual([{ BaseDR: '862.07', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '137.93' }]);
    expect(attrsOf(xml1, 'pago20:Totales')).toEqual([{ TotalTrasladosBaseIVA16: '862.07', TotalTrasladosImpuestoIVA16: '137.93', MontoTotalPagos: '1000.00' }]);
    expect(attrsOf(xml1, 'pago20:Pago')[0]).toMatchObject({ FechaPago: '2026-11-20T12:00:00', FormaDePagoP: '03', MonedaP: 'MXN', TipoCambioP: '1', Monto: '1000.00' });
    expect(attrsOf(xml1, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'P', SubTotal: '0', Total: '0', Moneda: 'XXX', Serie: 'CP', Folio: String(first.folio) });
    expect(attrsOf(xml1, 'cfdi:Receptor')[0]).toMatchObject({ Rfc: 'URE180429TM6', UsoCFDI: 'CP01' });

    const second = ok(await pay('1864.18', [{ invoiceId: inv.id, amount: '1864.18' }])).clientPaymentCreate;
    const xml2 = ok(await s.gql(REP_XML, { id: second.id }, seller)).complementoPagoXml as string;
    expect(await checkStampedCfdi(xml2)).toMatchObject({ xsdValid: true, selloValid: true, selloSatValid: true, uuid: second.uuid });
    // p = 1,864.18 / 2,864.18: 2,469.12 × p = 1,607.0513… → 1,607.05; 395.06 × p = 257.1287… → 257.13 (862.07 + 1,607.05 = 2,469.12; 137.93 + 257.13 = 395.06).
    expect(attrsOf(xml2, 'pago20:DoctoRelacionado')[0]).toMatchObject({ NumParcialidad: '2', ImpSaldoAnt: '1864.18', ImpPagado: '1864.18', ImpSaldoInsoluto: '0.00' });
    expect(attrsOf(xml2, 'pago20:TrasladoDR')).toEqual([{ BaseDR: '1607.05', ImpuestoDR: '002', TipoFactorDR: 'Tasa', TasaOCuotaDR: '0.160000', ImporteDR: '257.13' }]);
    expect(second.uuid).not.toBe(first.uuid);
  }, 180_000);

  it('one payment settling two PPD invoices: one complement, two related documents', async () => {
    const a = await ppd('500.00'); // 500 + 80 = 580.00
    const b = await ppd('1000.00'); // 1,000 + 160 = 1,160.00
    const p = ok(await pay('1740.00', [{ invoiceId: a.id, amount: '580.00' }, { invoiceId: b.id, amount: '1160.00' }])).clientPaymentCreate;
    const xml = ok(await s.gql(REP_XML, { id: p.id }, seller)).complementoPagoXml as string;
    expect(attrsOf(xml, 'pago20:DoctoRelacionado').map((d) => [d.IdDocumento, d.ImpPagado, d.ImpSaldoInsoluto])).toEqual([[a.uuid, '580.00', '0.00'], [b.uuid, '1160.00', '0.00']]);
    expect(attrsOf(xml, 'pago20:TrasladoP')).toEqual([{ BaseP: '1500.00', ImpuestoP: '002', TipoFactorP: 'Tasa', TasaOCuotaP: '0.160000', ImporteP: '240.00' }]);
    expect(attrsOf(xml, 'pago20:Pago')[0].Monto).toBe('1740.00');
    // Issuing it again is refused; Consulta may not (FORBIDDEN).
    expect((await s.gql('mutation($id:ID!){ clientPaymentStamp(id:$id){ id } }', { id: p.id }, seller)).errors?.[0].message).toBe('El complemento de pago de este cobro ya está timbrado.');
    expect((await s.gql('mutation($id:ID!){ clientPaymentStamp(id:$id){ id } }', { id: p.id }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('the Tablero counts PPD collections still without complement after the 5th of the next month, and «Timbrar complemento» issues one', async () => {
    const DASH = '{ dashboard { sales { missingPaymentComplements } } }';
    const PAYMENTS = '{ clientPayments(list:{pageSize:200}){ items { id date status stampStatus needsComplement } } }';
    // SAT's deadline: the 5th of the month after the payment; counted from the day after it.
    const deadline = (date: string) => {
      const [y, m] = date.split('-').map(Number);
      return `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-05`;
    };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
    const missing = (items: any[]) => items.filter((p) => p.status === 'aplicado' && p.needsComplement && p.stampStatus !== 'timbrada' && deadline(p.date) < today);
    const before = missing(ok(await s.gql(PAYMENTS, {}, seller)).clientPayments.items);
    // The demo's payments (seeded weeks ago on stamped PPD invoices) have none yet.
    expect(before.length).toBeGreaterThan(0);
    expect(ok(await s.gql(DASH, {}, seller)).dashboard.sales.missingPaymentComplements).toBe(before.length);
    const issued = ok(await s.gql('mutation($id:ID!){ clientPaymentStamp(id:$id){ id stampStatus uuid } }', { id: before[0].id }, seller)).clientPaymentStamp;
    expect(issued).toMatchObject({ stampStatus: 'timbrada', uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });
    expect(ok(await s.gql(DASH, {}, seller)).dashboard.sales.missingPaymentComplements).toBe(before.length - 1);
    // Consulta may see Pagos: the same count.
    expect(ok(await s.gql(DASH, {}, viewer)).dashboard.sales.missingPaymentComplements).toBe(before.length - 1);
  });

  it('a payment of a PUE invoice carries no complement', async () => {
    const inv = await draft(s, seller, '10.00');
    const emitted = ok(await s.gql(EMIT, { id: inv.id, v: inv.version }, seller)).invoiceEmit;
    const p = ok(await pay(emitted.total, [{ invoiceId: inv.id, amount: emitted.total }])).clientPaymentCreate;
    expect(p).toMatchObject({ stampStatus: null, uuid: null, needsComplement: false });
    expect(ok(await s.gql(REP_XML, { id: p.id }, seller)).complementoPagoXml).toBeNull();
    expect((await s.gql('mutation($id:ID!){ clientPaymentStamp(id:$id){ id } }', { id: p.id }, seller)).errors?.[0].message).toBe('Este cobro no lleva complemento de pago: no se aplicó a facturas PPD timbradas.');
  });
});

describe('cancellation before SAT', () => {
  const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!,$m:String,$s:ID){ invoiceCancel(id:$id,version:$v,reason:$r,motivo:$m,substituteId:$s){ ${FIELDS} satCancelStatus satCancelMotivo satCancelSubstitute } }`;
  const STATUS = `mutation($id:ID!){ invoiceCancelStatus(id:$id){ ${FIELDS} satCancelStatus } }`;
  const emittedFor = async (unitPrice: string) => {
    const inv = await draft(s, seller, unitPrice);
    return ok(await s.gql(EMIT, { id: inv.id, v: inv.version }, seller)).invoiceEmit;
  };

  it('needs a motivo, and motivo 01 a stamped substitute of the same client; nothing changes when refused', async () => {
    const inv = await emittedFor('300.00'); // 2 × 300 + IVA = 696.00
    expect(fieldsOf(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Error en el precio' }, seller))).toEqual({ motivo: 'Elige el motivo de cancelación ante el SAT: 01, 02, 03 o 04.' });
    expect(fieldsOf(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Error', m: '01' }, seller))).toEqual({ substituteId: 'El motivo 01 requiere la factura que sustituye a esta: timbrada, del mismo cliente.' });
    expect(fieldsOf(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Error', m: '01', s: inv.id }, seller))).toEqual({ substituteId: 'El motivo 01 requiere la factura que sustituye a esta: timbrada, del mismo cliente.' });
    expect(fieldsOf(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Error', m: '02', s: inv.id }, seller))).toEqual({ substituteId: 'La factura sustituta solo se indica con el motivo 01.' });
    expect((await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'Error', m: '02' }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(ok(await s.gql(INVOICE, { id: inv.id }, seller)).invoice).toMatchObject({ status: 'emitida', version: inv.version });
  });

  it('an invoice of 696.00 (no acceptance needed) is cancelled at once with motivo 02', async () => {
    const inv = await emittedFor('300.00');
    const cancelled = ok(await s.gql(CANCEL, { id: inv.id, v: inv.version, r: 'No se llevó a cabo', m: '02' }, seller)).invoiceCancel;
    expect(cancelled).toMatchObject({ status: 'cancelada', balance: '0', satCancelStatus: 'cancelada', satCancelMotivo: '02', uuid: inv.uuid });
  });

  it('motivo 01 with its substitute: the receptor must accept (2,864.18 > 1,000), so it stays solicitada and vigente', async () => {
    const original = await emittedFor('1234.56');
    const substitute = await emittedFor('1234.50');
    const requested = ok(await s.gql(CANCEL, { id: original.id, v: original.version, r: 'Precio equivocado', m: '01', s: substitute.id }, seller)).invoiceCancel;
    expect(requested).toMatchObject({ status: 'emitida', satCancelStatus: 'solicitada', satCancelMotivo: '01', satCancelSubstitute: substitute.uuid, balance: original.balance });
    // Asking again is refused; consulting the status keeps it solicitada while the receptor has not answered.
    expect((await s.gql(CANCEL, { id: original.id, v: requested.version, r: 'Otra vez', m: '02' }, seller)).errors?.[0].message).toBe('Ya se solicitó la cancelación de esta factura ante el SAT: consulta su estado.');
    expect(ok(await s.gql(STATUS, { id: original.id }, seller)).invoiceCancelStatus).toMatchObject({ status: 'emitida', satCancelStatus: 'solicitada' });
    expect((await s.gql(STATUS, { id: substitute.id }, seller)).errors?.[0].message).toBe('Esta factura no tiene una solicitud de cancelación en proceso.');
  });
});

describe('Compras: the supplier’s CFDI', () => {
  const READ = 'query($f:ID!,$e:ID){ supplierCfdiRead(fileId:$f, expenseId:$e){ uuid emisorRfc receptorRfc serie folio subtotal iva ivaRate total satStatus registeredInExpense refusal differences } }';
  const ATTACH = 'mutation($e:ID!,$f:ID!){ expenseFileAttach(expenseId:$e, fileId:$f){ id } }';
  const EXPENSE = 'mutation($i:ExpenseInput!){ expenseCreate(input:$i){ id folio cfdiUuid version } }';
  let supplierId: string;
  let stamped: string;
  let uuid: string;
  const expense = async (subtotal: string) =>
    ok(await s.gql(EXPENSE, { i: { supplierId, date: '2026-11-20', category: 'Servicios', description: 'Vigilancia', subtotal, ivaRate: '0.16', isrRetentionRate: '0', ivaRetentionRate: '0' } }, admin)).expenseCreate;

  beforeAll(async () => {
    // A supplier's invoice to this company (the demo company is the test CSD's holder, so it is sealed with that CSD here), stamped by a sandbox of the test's own.
    supplierId = ok(await s.gql('mutation($i:SupplierInput!){ supplierCreate(input:$i){ id } }', { i: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', taxRegime: '601', postalCode: '42501', creditDays: 0, active: true } }, admin)).supplierCreate.id;
    ({ xml: stamped, uuid } = await stampedSupplierCfdi());
  });

  it('reads its figures to fill an expense: seal verified, stamped, SAT status pending', async () => {
    const fileId = await s.uploadId(admin, Buffer.from(stamped), 'proveedor.xml');
    const read = ok(await s.gql(READ, { f: fileId }, admin)).supplierCfdiRead;
    // The fixture: 2 × 1,234.56 = 2,469.12; IVA 395.06; Total 2,864.18.
    expect(read).toEqual({ uuid, emisorRfc: 'EKU9003173C9', receptorRfc: 'EKU9003173C9', serie: 'A', folio: '101', subtotal: '2469.12', iva: '395.06', ivaRate: '0.16', total: '2864.18', satStatus: 'pendiente de consultar', registeredInExpense: null, refusal: null, differences: [] });
  });

  it('attached to an expense it gives the expense its UUID; another expense cannot register it; figures that differ are listed', async () => {
    const first = await expense('2469.12');
    ok(await s.gql(ATTACH, { e: first.id, f: await s.uploadId(admin, Buffer.from(stamped), 'proveedor.xml') }, admin));
    expect(ok(await s.gql('query($id:ID!){ expense(id:$id){ cfdiUuid } }', { id: first.id }, admin)).expense.cfdiUuid).toBe(uuid);

    const second = await expense('2400.00'); // IVA 384.00, total 2,784.00
    const again = await s.uploadId(admin, Buffer.from(stamped), 'proveedor.xml');
    const read = ok(await s.gql(READ, { f: again, e: second.id }, admin)).supplierCfdiRead;
    expect(read.registeredInExpense).toBe(first.folio);
    // The words attaching it refuses with, for the form to say before anything is saved.
    expect(read.refusal).toBe(`El CFDI ${uuid} ya está registrado en el gasto ${first.folio}.`);
    expect(read.differences).toEqual(['Subtotal: el CFDI dice $2,469.12; el gasto, $2,400.00.', 'IVA: el CFDI dice $395.06; el gasto, $384.00.', 'Total: el CFDI dice $2,864.18; el gasto, $2,784.00.']);
    expect(fieldsOf(await s.gql(ATTACH, { e: second.id, f: again }, admin))).toEqual({ fileId: `El CFDI ${uuid} ya está registrado en el gasto ${first.folio}.` });
    expect(ok(await s.gql('query($id:ID!){ expense(id:$id){ cfdiUuid files { id } } }', { id: second.id }, admin)).expense).toEqual({ cfdiUuid: null, files: [] });
    // Consulta may read expenses but not attach (FORBIDDEN); Ventas may not even read a supplier's CFDI.
    expect((await s.gql(ATTACH, { e: second.id, f: again }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(READ, { f: again }, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a tampered amount (the seal no longer matches) and an unstamped CFDI, in Spanish', async () => {
    const tampered = stamped.replace('Total="2864.18"', 'Total="2964.18"');
    const r = await s.gql(READ, { f: await s.uploadId(admin, Buffer.from(tampered), 'alterado.xml') }, admin);
    expect(fieldsOf(r).fileId).toMatch(/^El sello del CFDI no es válido: /);
    const unstamped = stamped.replace(/<tfd:TimbreFiscalDigital\b[^>]*\/>/, '');
    const r2 = await s.gql(READ, { f: await s.uploadId(admin, Buffer.from(unstamped), 'sin-timbre.xml') }, admin);
    expect(fieldsOf(r2)).toEqual({ fileId: 'El CFDI no está timbrado: falta el TimbreFiscalDigital con su folio fiscal (UUID).' });
  });
});

describe('exactly once when the server dies between the PAC and the save', () => {
  it('a restart recovers the UUID the PAC issued; nothing is stamped twice', async () => {
    const crash = await startServer({ ERP_FAULT_AFTER_PAC: 'exit' });
    try {
      const token = await crash.login('ventas@demo.mx');
      const client = ok(await crash.gql('{ clientOptions { id } }', {}, token)).clientOptions[0].id as string;
      const inv = ok(
        await crash.gql(CREATE, {
          i: { clientId: client, serie: 'A', date: '2026-01-15', formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', lines: [{ description: 'Servicio', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '1000' }] },
        }, token),
      ).invoiceCreate;
      await expect(crash.gql(EMIT, { id: inv.id, v: inv.version }, token)).rejects.toThrow();
      expect(await crash.exited()).toBe(86);

      // The PAC stamped it (its store kept the answer); the invoice still waits, with the XML it sent.
      const [invoiceRow] = await crash.inspect<{ status: string; stamp_status: string; cfdi_uuid: string | null }>('select status, stamp_status, cfdi_uuid from invoices where id = $1', [Number(inv.id)]);
      expect(invoiceRow).toEqual({ status: 'emitida', stamp_status: 'pendiente', cfdi_uuid: null });
      const stamped = await crash.inspect<{ uuid: string }>('select uuid from cfdi_stamps where idempotency_key = $1', [`factura-${inv.id}`]);
      expect(stamped).toHaveLength(1);

      await crash.restart({ ERP_FAULT_AFTER_PAC: '' });
      const token2 = await crash.login('ventas@demo.mx');
      const after = ok(await crash.gql(INVOICE, { id: inv.id }, token2)).invoice;
      expect(after).toMatchObject({ status: 'emitida', stampStatus: 'timbrada', uuid: stamped[0].uuid });
      const xml = ok(await crash.gql('query($id:ID!){ facturaXml(id:$id) }', { id: inv.id }, token2)).facturaXml as string;
      expect(xml).toContain(`UUID="${stamped[0].uuid}"`);
    } finally {
      await crash.stop();
    }
  }, 240_000);
});
