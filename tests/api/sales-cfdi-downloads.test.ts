// Facturación (issue 26), what the screens show of a CFDI and download: the payment complement's
// state on the payment (timbrado, rechazado with the PAC's code and reason, no requerido), its PDF,
// and «Descargar XML y PDF» — one ZIP named by serie-folio and UUID for a payment's complement and
// for stamped invoices — each allowed, refused (FORBIDDEN) and refused for a bad request in Spanish.
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let seller: string;
let viewer: string;
let other: string;
let clientId: string;
let accountId: string;
beforeAll(async () => {
  s = await startServer();
  [admin, seller, viewer, other] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx'), s.login('almacen@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
  accountId = ok(await s.gql('mutation{ accountCreate(input:{name:"Cuenta descargas",bank:"Banorte",openingBalance:"0",openingDate:"2019-01-01"}){ id } }', {}, admin)).accountCreate.id;
}, 120_000);
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}

const INV = 'id label serie status version stampStatus uuid total';
const CREATE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${INV} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${INV} } }`;
const PAYMENT = 'id folio status needsComplement stampStatus uuid stampSandbox complementStatus complementRefusal { code message at } version';
const PAY = `mutation($i: ClientPaymentInput!){ clientPaymentCreate(input:$i){ ${PAYMENT} } }`;
const GET_PAYMENT = `query($id:ID!){ clientPayment(id:$id){ ${PAYMENT} } }`;
const STAMP = `mutation($id:ID!){ clientPaymentStamp(id:$id){ ${PAYMENT} } }`;
const REP_XML = 'query($id:ID!){ complementoPagoXml(id:$id) }';
const REP_PDF = 'query($id:ID!){ complementoPagoPdf(id:$id) }';
const REP_ZIP = 'query($id:ID!){ complementoPagoArchivos(id:$id){ fileName base64 } }';
const INV_ZIP = 'query($ids:[ID!]!){ facturasArchivos(ids:$ids){ fileName base64 } }';
const COMPANY = '{ companyProfile { rfc name regimenFiscal postalCode address phone email invoiceSeries defaultSeries registroPatronal riesgoPuesto version } }';
const UPDATE_COMPANY = 'mutation($v:Int!,$i:CompanyProfileInput!){ companyProfileUpdate(version:$v,input:$i){ rfc version } }';

const draft = async (metodoPago: 'PUE' | 'PPD', unitPrice: string) =>
  ok(
    await s.gql(CREATE, {
      i: { clientId, serie: 'A', date: '2026-01-15', formaPago: metodoPago === 'PPD' ? '99' : '03', metodoPago, usoCfdi: 'G03', lines: [{ description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice }] },
    }, seller),
  ).invoiceCreate;
const emitted = async (metodoPago: 'PUE' | 'PPD', unitPrice: string) => {
  const d = await draft(metodoPago, unitPrice);
  return ok(await s.gql(EMIT, { id: d.id, v: d.version }, seller)).invoiceEmit;
};
const pay = (amount: string, invoiceId: string) =>
  s.gql(PAY, { i: { clientId, date: '2026-11-20', formaPago: '03', accountId, amount, reference: 'SPEI', applications: [{ invoiceId, amount }] } }, seller);
const unzip = (base64: string) => {
  const files = unzipSync(new Uint8Array(Buffer.from(base64, 'base64')));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes)]));
};
const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString() === '%PDF-';
const setCompanyRfc = async (rfc: string) => {
  const { version, ...input } = ok(await s.gql(COMPANY, {}, admin)).companyProfile;
  return ok(await s.gql(UPDATE_COMPANY, { v: version, i: { ...input, rfc } }, admin)).companyProfileUpdate;
};

describe('the payment complement on the payment', () => {
  it('stamped: timbrado with its UUID; its PDF, XML and one ZIP named CP-folio-UUID holding exactly that XML and a PDF', async () => {
    const inv = await emitted('PPD', '1000.00'); // 1,000.00 + IVA 160.00 = 1,160.00
    const p = ok(await pay('1160.00', inv.id)).clientPaymentCreate;
    expect(p).toMatchObject({ complementStatus: 'timbrado', stampStatus: 'timbrada', complementRefusal: null, stampSandbox: true, uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });

    const pdf = Buffer.from(ok(await s.gql(REP_PDF, { id: p.id }, viewer)).complementoPagoPdf, 'base64');
    expect(isPdf(pdf)).toBe(true);
    const xml = ok(await s.gql(REP_XML, { id: p.id }, seller)).complementoPagoXml as string;
    const archive = ok(await s.gql(REP_ZIP, { id: p.id }, viewer)).complementoPagoArchivos;
    const base = `ComplementoPago-CP-${p.folio}-${p.uuid}`;
    expect(archive.fileName).toBe(`${base}.zip`);
    const files = unzip(archive.base64);
    expect(Object.keys(files)).toEqual([`${base}.xml`, `${base}.pdf`]);
    expect(files[`${base}.xml`].toString('utf8')).toBe(xml);
    expect(isPdf(files[`${base}.pdf`])).toBe(true);
    // The PDF prints what the XML says: its text streams are compressed, so only its size is checked here (unit test: documents).
    expect(files[`${base}.pdf`].length).toBeGreaterThan(5_000);

    // A user of another module may not read it; the list shows the same state.
    for (const q of [REP_PDF, REP_ZIP]) expect((await s.gql(q, { id: p.id }, other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const list = ok(await s.gql('{ clientPayments(list:{pageSize:200}){ items { id complementStatus uuid } } }', {}, viewer)).clientPayments.items;
    expect(list.find((r: { id: string }) => r.id === p.id)).toEqual({ id: p.id, complementStatus: 'timbrado', uuid: p.uuid });
  }, 120_000);

  it('a PUE payment: no requerido, no PDF, and the ZIP refused in Spanish', async () => {
    const inv = await emitted('PUE', '10.00'); // 11.60
    const p = ok(await pay('11.60', inv.id)).clientPaymentCreate;
    expect(p).toMatchObject({ complementStatus: 'no_requerido', complementRefusal: null, needsComplement: false });
    expect(ok(await s.gql(REP_PDF, { id: p.id }, seller)).complementoPagoPdf).toBeNull();
    const r = await s.gql(REP_ZIP, { id: p.id }, seller);
    expect(r.errors?.[0]).toMatchObject({ message: 'Este cobro no tiene un complemento de pago timbrado: no hay XML ni PDF que descargar.', extensions: { code: 'CONFLICT' } });
    expect((await s.gql(REP_ZIP, { id: '999999' }, seller)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('refused by the PAC: rechazado with its code and Spanish reason, nothing stamped; «Timbrar complemento» issues it once the cause is fixed', async () => {
    const inv = await emitted('PPD', '500.00'); // 580.00
    // The emisor's RFC no longer matches the CSD's: the PAC refuses the seal (303).
    const original = ok(await s.gql(COMPANY, {}, admin)).companyProfile.rfc;
    await setCompanyRfc('AAA010101AAA');
    let p;
    try {
      p = ok(await pay('580.00', inv.id)).clientPaymentCreate;
      // The payment stands (the money was received), without a complement.
      expect(p).toMatchObject({ status: 'aplicado', needsComplement: true, stampStatus: null, uuid: null, complementStatus: 'rechazado' });
      expect(p.complementRefusal).toMatchObject({ code: '303', message: expect.stringMatching(/^303 - Sello no corresponde al emisor: .*AAA010101AAA/) });
      expect(ok(await s.gql(REP_XML, { id: p.id }, seller)).complementoPagoXml).toBeNull();
      expect(ok(await s.gql(REP_PDF, { id: p.id }, seller)).complementoPagoPdf).toBeNull();
      // Retrying while the cause stands: refused again, with the PAC's code; still rechazado, nothing written.
      const again = await s.gql(STAMP, { id: p.id }, seller);
      expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', pacCode: '303' } });
      expect(again.errors?.[0].message).toMatch(/^El PAC rechazó el comprobante: 303 - /);
      expect(ok(await s.gql(GET_PAYMENT, { id: p.id }, viewer)).clientPayment).toMatchObject({ complementStatus: 'rechazado', stampStatus: null, version: p.version });
      // Consulta may see it but not issue it.
      expect((await s.gql(STAMP, { id: p.id }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      // The refusal is the payment's own state, not the audit log's: kept on the row, it stands without the log.
      process.kill(s.pid, 'SIGTERM');
      await s.exited();
      const [row] = await s.inspect<{ refusal_code: string; refusal_message: string; refused_at: Date | null }>(
        'select refusal_code, refusal_message, refused_at from client_payments where id = $1', [Number(p.id)]);
      expect(row).toMatchObject({ refusal_code: '303', refusal_message: p.complementRefusal.message, refused_at: expect.any(Date) });
      await s.inspect("delete from audit_log where entity = 'client_payment' and entity_id = $1", [String(p.id)]);
      await s.restart();
      [admin, seller, viewer, other] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx'), s.login('almacen@demo.mx')]);
      expect(ok(await s.gql(GET_PAYMENT, { id: p.id }, viewer)).clientPayment).toMatchObject({ complementStatus: 'rechazado', complementRefusal: { code: '303', message: p.complementRefusal.message } });
    } finally {
      await setCompanyRfc(original);
    }
    const stamped = ok(await s.gql(STAMP, { id: p.id }, seller)).clientPaymentStamp;
    expect(stamped).toMatchObject({ complementStatus: 'timbrado', stampStatus: 'timbrada', complementRefusal: null, uuid: expect.stringMatching(/^[0-9A-F-]{36}$/) });
  }, 120_000);
});

describe('cancelling a payment whose complement is stamped', () => {
  const CANCEL = 'mutation($id:ID!,$v:Int!,$r:String!){ clientPaymentCancel(id:$id,version:$v,reason:$r){ status cancelReason complementStatus stampStatus uuid version } }';
  const INVOICE = 'query($id:ID!){ invoice(id:$id){ status balance } }';

  it('SAT cancels the complement (motivo 02) before the payment is cancelled; FORBIDDEN, a stale version and an empty reason ask SAT nothing', async () => {
    const inv = await emitted('PPD', '2000.00'); // 2,000.00 + IVA 320.00 = 2,320.00
    const p = ok(await pay('2320.00', inv.id)).clientPaymentCreate;
    expect(p).toMatchObject({ complementStatus: 'timbrado', stampStatus: 'timbrada' });
    expect(ok(await s.gql(INVOICE, { id: inv.id }, viewer)).invoice).toEqual({ status: 'pagada', balance: '0' });

    // Refused before SAT is asked: no ability, a stale version, no reason.
    expect((await s.gql(CANCEL, { id: p.id, v: p.version, r: 'Cobro duplicado' }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(CANCEL, { id: p.id, v: p.version + 7, r: 'Cobro duplicado' }, seller)).errors?.[0].extensions?.code).toBe('CONFLICT');
    const empty = await s.gql(CANCEL, { id: p.id, v: p.version, r: '  ' }, seller);
    expect(empty.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(empty.errors?.[0].extensions?.fields).toEqual({ reason: expect.stringMatching(/^[A-ZÁÉÍÓÚÑ¿]/) });
    expect(ok(await s.gql(GET_PAYMENT, { id: p.id }, viewer)).clientPayment).toMatchObject({ status: 'aplicado', complementStatus: 'timbrado', version: p.version });

    const cancelled = ok(await s.gql(CANCEL, { id: p.id, v: p.version, r: 'Cobro duplicado' }, seller)).clientPaymentCancel;
    expect(cancelled).toMatchObject({ status: 'cancelado', cancelReason: 'Cobro duplicado', complementStatus: 'cancelado', stampStatus: 'timbrada', uuid: p.uuid });
    // The invoice owes the whole amount again.
    expect(ok(await s.gql(INVOICE, { id: inv.id }, viewer)).invoice).toEqual({ status: 'emitida', balance: '2320' });
    // Its XML can still be downloaded (a cancelled CFDI stays in the company's records).
    expect(ok(await s.gql(REP_XML, { id: p.id }, seller)).complementoPagoXml).toContain(`UUID="${p.uuid}"`);
    // Cancelling again: the payment is already cancelled (nothing asked of SAT).
    expect((await s.gql(CANCEL, { id: p.id, v: cancelled.version, r: 'Otra vez' }, seller)).errors?.[0].extensions?.code).toBe('CONFLICT');

    // What the PAC recorded: this UUID cancelled with motivo 02, at once (a tipo P needs no acceptance).
    process.kill(s.pid, 'SIGTERM');
    await s.exited();
    const rows = await s.inspect<{ status: string; cancellation: { motivo: string; estatus: string } | null }>('select status, cancellation from cfdi_stamps where uuid = $1', [p.uuid]);
    expect(rows).toEqual([{ status: 'cancelado', cancellation: expect.objectContaining({ motivo: '02', estatus: 'cancelado' }) }]);
    await s.restart();
    [admin, seller, viewer, other] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx'), s.login('almacen@demo.mx')]);
  }, 120_000);
});

describe('«Descargar XML y PDF» of invoices', () => {
  it('stamped invoices in one ZIP, two files each named Factura-serie-folio-UUID, in the order asked; one alone names the ZIP after it', async () => {
    const a = await emitted('PUE', '100.00');
    const b = await emitted('PUE', '200.00');
    const name = (i: { label: string; uuid: string }) => `Factura-${i.label}-${i.uuid}`;
    const both = ok(await s.gql(INV_ZIP, { ids: [b.id, a.id] }, viewer)).facturasArchivos;
    expect(both.fileName).toBe('Facturas-XML-PDF-2.zip');
    const files = unzip(both.base64);
    expect(Object.keys(files)).toEqual([`${name(b)}.xml`, `${name(b)}.pdf`, `${name(a)}.xml`, `${name(a)}.pdf`]);
    expect(files[`${name(a)}.xml`].toString('utf8')).toBe(ok(await s.gql('query($id:ID!){ facturaXml(id:$id) }', { id: a.id }, viewer)).facturaXml);
    expect(strFromU8(new Uint8Array(files[`${name(b)}.xml`]))).toContain(`UUID="${b.uuid}"`);
    expect(isPdf(files[`${name(a)}.pdf`]) && isPdf(files[`${name(b)}.pdf`])).toBe(true);

    const one = ok(await s.gql(INV_ZIP, { ids: [a.id, a.id] }, seller)).facturasArchivos;
    expect(one.fileName).toBe(`${name(a)}.zip`);
    expect(Object.keys(unzip(one.base64))).toEqual([`${name(a)}.xml`, `${name(a)}.pdf`]);
  }, 120_000);

  it('refuses the whole file in Spanish naming each invoice without a stamp, an empty selection, an unknown id; FORBIDDEN outside Ventas', async () => {
    const stamped = await emitted('PUE', '300.00');
    const d = await draft('PUE', '400.00');
    const r = await s.gql(INV_ZIP, { ids: [stamped.id, d.id] }, seller);
    expect(r.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { ids: `La factura borrador ${d.id} no está timbrada: solo se descargan el XML y el PDF de facturas timbradas.` } });
    expect(r.data).toBeNull();
    expect((await s.gql(INV_ZIP, { ids: [] }, seller)).errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { ids: 'Selecciona al menos un registro.' } });
    expect((await s.gql(INV_ZIP, { ids: ['999999'] }, seller)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await s.gql(INV_ZIP, { ids: [stamped.id] }, other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(INV_ZIP, { ids: [stamped.id] })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // Nothing changed: the draft is still a draft.
    expect(ok(await s.gql('query($id:ID!){ invoice(id:$id){ status version } }', { id: d.id }, seller)).invoice).toEqual({ status: 'borrador', version: d.version });
  }, 120_000);
});
