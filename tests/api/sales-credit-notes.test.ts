// Notas de crédito (issue 26): CFDI 4.0 tipo E related (01) to a stamped invoice, sealed and
// stamped through the same pipeline as invoices, checked apart from the code that made them;
// they lower the invoice's single balance (list, payment complement ImpSaldoAnt, aging), a
// cancelled one gives it back, and parallel notes never take more than the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkStampedCfdi } from '../unit/cfdi/fixtures';

let s: TestServer;
let seller: string;
let viewer: string;
let other: string;
let clientId: string;
let accountId: string;
beforeAll(async () => {
  s = await startServer();
  let admin: string;
  [admin, seller, viewer, other] = await Promise.all([s.login('admin@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx'), s.login('almacen@demo.mx')]);
  clientId = ok(
    await s.gql('mutation($i: ClientInput!){ clientCreate(input:$i){ id } }', {
      i: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimenFiscal: '601', postalCode: '86991', usoCfdi: 'G03', creditDays: 0, creditLimit: '0', active: true },
    }, seller),
  ).clientCreate.id;
  accountId = ok(await s.gql('mutation{ accountCreate(input:{name:"Cuenta NC",bank:"Banorte",openingBalance:"0",openingDate:"2019-01-01"}){ id } }', {}, admin)).accountCreate.id;
});
afterAll(async () => s?.stop());

function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const attrsOf = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag} ([^>]*?)/?>`, 'g'))].map((m) => Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));

const INV_FIELDS = 'id label status version stampStatus uuid total balance';
const NOTE_FIELDS = 'id serie folio label status version stampStatus uuid stampSandbox formaPago metodoPago usoCfdi subtotal iva total previousBalance remainingBalance invoiceId invoiceUuid satCancelStatus';
const CREATE_INVOICE = `mutation($i: InvoiceInput!){ invoiceCreate(input:$i){ ${INV_FIELDS} } }`;
const EMIT = `mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ ${INV_FIELDS} } }`;
const INVOICE = `query($id:ID!){ invoice(id:$id){ ${INV_FIELDS} creditNotes { ${NOTE_FIELDS} } } }`;
const CREATE = `mutation($i: CreditNoteInput!){ creditNoteCreate(input:$i){ ${NOTE_FIELDS} lines { prodServKey unitKey quantity unitPrice iva } } }`;
const CANCEL = `mutation($id:ID!,$v:Int!,$r:String!,$m:String!){ creditNoteCancel(id:$id,version:$v,reason:$r,motivo:$m){ ${NOTE_FIELDS} } }`;
const XML = 'query($id:ID!){ creditNoteXml(id:$id) }';
const PAY = 'mutation($i: ClientPaymentInput!){ clientPaymentCreate(input:$i){ id uuid } }';

const SERVICE = { description: 'Servicio de vigilancia', prodServKey: '80111600', unitKey: 'E48', unitName: 'Servicio', quantity: '1' };
/** A bonificación line (SAT: 84111506 Servicios de facturación, unidad ACT) of `unitPrice` before IVA. */
const bonus = (unitPrice: string) => ({ description: 'Bonificación por servicio incompleto', prodServKey: '84111506', unitKey: 'ACT', unitName: 'Actividad', quantity: '1', unitPrice });

async function invoice(unitPrice: string, metodo: 'PUE' | 'PPD' = 'PUE', emit = true) {
  const draft = ok(
    await s.gql(CREATE_INVOICE, { i: { clientId, serie: 'A', date: '2026-01-15', formaPago: metodo === 'PPD' ? '99' : '03', metodoPago: metodo, usoCfdi: 'G03', lines: [{ ...SERVICE, unitPrice }] } }, seller),
  ).invoiceCreate;
  return emit ? ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit : draft;
}
const note = (invoiceId: string, unitPrice: string, formaPago = '03', token = seller) => s.gql(CREATE, { i: { invoiceId, formaPago, lines: [bonus(unitPrice)] } }, token);
const readInvoice = async (id: string) => ok(await s.gql(INVOICE, { id }, seller)).invoice;
const pay = (invoiceId: string, amount: string) => s.gql(PAY, { i: { clientId, date: '2026-11-20', formaPago: '03', accountId, amount, reference: 'SPEI', applications: [{ invoiceId, amount }] } }, seller);
const yesterdayMx = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date(Date.now() - 86_400_000));
const todayMx = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(new Date());
const agingOf = async (asOf: string) =>
  (ok(await s.gql('query($d:Date!){ receivablesAging(asOf:$d){ rows { clientId total } } }', { d: asOf }, seller)).receivablesAging.rows as { clientId: string; total: string }[]).find((r) => r.clientId === clientId)?.total;

describe('a credit note of a stamped invoice', () => {
  it('1,160.00 invoice, credit note of 116.00: balance 1,044.00; the XML is a tipo E related 01 to the invoice and passes the checks', async () => {
    const inv = await invoice('1000.00'); // 1,000.00 + IVA 160.00 = 1,160.00
    expect(inv).toMatchObject({ total: '1160', balance: '1160', stampStatus: 'timbrada' });
    const agingBefore = await agingOf(todayMx());

    const created = ok(await note(inv.id, '100.00')).creditNoteCreate;
    // 100.00 + IVA 16 % 16.00 = 116.00; the invoice's balance 1,160.00 − 116.00 = 1,044.00.
    expect(created).toMatchObject({
      serie: 'NC', label: `NC-${created.folio}`, status: 'vigente', stampStatus: 'timbrada', stampSandbox: true, formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G02',
      subtotal: '100', iva: '16', total: '116', previousBalance: '1160', remainingBalance: '1044', invoiceId: inv.id, invoiceUuid: inv.uuid, satCancelStatus: null,
    });
    expect(created.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(created.lines).toEqual([{ prodServKey: '84111506', unitKey: 'ACT', quantity: '1', unitPrice: '100', iva: '16' }]);

    const after = await readInvoice(inv.id);
    expect(after).toMatchObject({ balance: '1044', status: 'pagada_parcial' });
    expect(after.creditNotes.map((n: any) => [n.label, n.total, n.uuid, n.status])).toEqual([[created.label, '116', created.uuid, 'vigente']]);
    // The list reads the same balance.
    const listed = ok(await s.gql('query($c:ID){ invoices(filter:{clientId:$c, openOnly:true}, list:{pageSize:100}){ items { id balance } } }', { c: clientId }, seller)).invoices.items;
    expect(listed.find((i: any) => i.id === inv.id).balance).toBe('1044');
    // Aging: today 116.00 less; as of yesterday (before the note's date) the note adds back.
    expect(Number(await agingOf(todayMx()))).toBeCloseTo(Number(agingBefore) - 116, 2);
    expect(await agingOf(yesterdayMx())).toBe(agingBefore);

    const xml = ok(await s.gql(XML, { id: created.id }, seller)).creditNoteXml as string;
    const check = await checkStampedCfdi(xml);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: created.uuid });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({
      Version: '4.0', Serie: 'NC', Folio: String(created.folio), TipoDeComprobante: 'E', FormaPago: '03', MetodoPago: 'PUE', Moneda: 'MXN', SubTotal: '100.00', Total: '116.00', Exportacion: '01',
    });
    expect(attrsOf(xml, 'cfdi:CfdiRelacionados')).toEqual([{ TipoRelacion: '01' }]);
    expect(attrsOf(xml, 'cfdi:CfdiRelacionado')).toEqual([{ UUID: inv.uuid }]);
    expect(attrsOf(xml, 'cfdi:Receptor')[0]).toMatchObject({ Rfc: 'URE180429TM6', UsoCFDI: 'G02', RegimenFiscalReceptor: '601', DomicilioFiscalReceptor: '86991' });
    expect(attrsOf(xml, 'cfdi:Concepto')[0]).toMatchObject({ ClaveProdServ: '84111506', ClaveUnidad: 'ACT', ValorUnitario: '100.00', Importe: '100.00', ObjetoImp: '02' });
    expect(xml).toContain('TotalImpuestosTrasladados="16.00"');
    // CfdiRelacionados sits before the Emisor, as the XSD orders it.
    expect(xml.indexOf('<cfdi:CfdiRelacionados')).toBeLessThan(xml.indexOf('<cfdi:Emisor'));

    const pdf = Buffer.from(ok(await s.gql('query($id:ID!){ creditNotePdf(id:$id) }', { id: created.id }, seller)).creditNotePdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // «Timbrar» again is refused: it is not pendiente.
    expect((await s.gql('mutation($id:ID!){ creditNoteStamp(id:$id){ id } }', { id: created.id }, seller)).errors?.[0].message).toBe('La nota de crédito no está pendiente de timbrar.');
  }, 180_000);

  it('with a partial payment (PPD): 1,160.00 − 500.00 − 116.00 = 544.00; the next complement’s ImpSaldoAnt is 544.00; cancelling the note gives 116.00 back', async () => {
    const inv = await invoice('1000.00', 'PPD');
    ok(await pay(inv.id, '500.00'));
    expect((await readInvoice(inv.id)).balance).toBe('660');
    // PPD (forma 99): the egreso carries 15 Condonación.
    const created = ok(await note(inv.id, '100.00', '15')).creditNoteCreate;
    expect(created).toMatchObject({ formaPago: '15', previousBalance: '660', remainingBalance: '544', total: '116' });
    const xml = ok(await s.gql(XML, { id: created.id }, seller)).creditNoteXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloSatValid: true });
    expect(attrsOf(xml, 'cfdi:Comprobante')[0]).toMatchObject({ TipoDeComprobante: 'E', FormaPago: '15', MetodoPago: 'PUE' });
    expect((await readInvoice(inv.id)).balance).toBe('544');

    // Paying the rest: the payment complement starts from the balance the note left.
    const payment = ok(await pay(inv.id, '544.00')).clientPaymentCreate;
    const rep = ok(await s.gql('query($id:ID!){ complementoPagoXml(id:$id) }', { id: payment.id }, seller)).complementoPagoXml as string;
    expect(attrsOf(rep, 'pago20:DoctoRelacionado')[0]).toMatchObject({ IdDocumento: inv.uuid, NumParcialidad: '2', ImpSaldoAnt: '544.00', ImpPagado: '544.00', ImpSaldoInsoluto: '0.00' });
    expect(await readInvoice(inv.id)).toMatchObject({ balance: '0', status: 'pagada' });

    // A paid invoice admits no more notes (nothing to credit).
    expect(fieldsOf(await note(inv.id, '1.00'))).toEqual({ invoiceId: 'La factura no tiene saldo: no admite notas de crédito.' });

    // Cancelling the note (motivo 02, before SAT; an egreso needs no acceptance) gives its 116.00 back.
    expect(fieldsOf(await s.gql(CANCEL, { id: created.id, v: created.version, r: 'Error', m: '01' }, seller))).toEqual({
      motivo: 'Elige el motivo de cancelación ante el SAT: 02 (con errores, sin relación) o 03 (no se llevó a cabo la operación).',
    });
    expect((await s.gql(CANCEL, { id: created.id, v: created.version, r: 'Error', m: '02' }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const cancelled = ok(await s.gql(CANCEL, { id: created.id, v: created.version, r: 'Bonificación mal calculada', m: '02' }, seller)).creditNoteCancel;
    expect(cancelled).toMatchObject({ status: 'cancelada', satCancelStatus: 'cancelada' });
    expect(await readInvoice(inv.id)).toMatchObject({ balance: '116', status: 'pagada_parcial' });
    expect((await s.gql(CANCEL, { id: created.id, v: cancelled.version, r: 'Otra vez', m: '02' }, seller)).errors?.[0].message).toBe('La nota de crédito no está vigente.');
  }, 180_000);

  it('retentions follow the invoice: 953.33 invoice, note of 100.00 − 10.00 ISR − 10.67 IVA ret. + 16.00 IVA = 95.33; balance 858.00', async () => {
    // The invoice forces both withholdings: 1,000.00 + 160.00 − 100.00 − 106.67 (1,000 × 0.106667) = 953.33.
    const draft = ok(
      await s.gql(CREATE_INVOICE, { i: { clientId, serie: 'A', date: '2026-01-15', formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', isrRetention: true, ivaRetention: true, lines: [{ ...SERVICE, unitPrice: '1000.00' }] } }, seller),
    ).invoiceCreate;
    const inv = ok(await s.gql(EMIT, { id: draft.id, v: draft.version }, seller)).invoiceEmit;
    expect(inv.total).toBe('953.33');
    const created = ok(await note(inv.id, '100.00')).creditNoteCreate;
    // 100 × 0.106667 = 10.6667 → 10.67: 100.00 + 16.00 − 10.00 − 10.67 = 95.33.
    expect(created).toMatchObject({ subtotal: '100', iva: '16', total: '95.33', remainingBalance: '858' });
    const xml = ok(await s.gql(XML, { id: created.id }, seller)).creditNoteXml as string;
    expect(await checkStampedCfdi(xml)).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: created.uuid });
    expect(attrsOf(xml, 'cfdi:Impuestos').at(-1)).toEqual({ TotalImpuestosRetenidos: '20.67', TotalImpuestosTrasladados: '16.00' });
    expect((await readInvoice(inv.id)).balance).toBe('858');
  }, 120_000);

  it('an invoice with a vigente note cannot be cancelled; once the note is cancelled it can', async () => {
    const inv = await invoice('300.00'); // 348.00
    const created = ok(await note(inv.id, '50.00')).creditNoteCreate; // 58.00
    const current = await readInvoice(inv.id);
    const r = await s.gql('mutation($id:ID!,$v:Int!){ invoiceCancel(id:$id,version:$v,reason:"x",motivo:"02"){ id } }', { id: inv.id, v: current.version }, seller);
    expect(r.errors?.[0]).toMatchObject({ message: 'La factura tiene notas de crédito vigentes; cancélalas primero.', extensions: { code: 'CONFLICT' } });
    ok(await s.gql(CANCEL, { id: created.id, v: created.version, r: 'No aplica', m: '03' }, seller));
    const restored = await readInvoice(inv.id);
    expect(restored).toMatchObject({ balance: '348', status: 'emitida' });
    const c = ok(await s.gql('mutation($id:ID!,$v:Int!){ invoiceCancel(id:$id,version:$v,reason:"x",motivo:"02"){ status balance } }', { id: inv.id, v: restored.version }, seller)).invoiceCancel;
    expect(c).toEqual({ status: 'cancelada', balance: '0' });
  }, 120_000);
});

describe('refusals write nothing', () => {
  it('over the balance, a draft or cancelled invoice, forma 99, no lines: Spanish field messages; balance, notes and folios untouched', async () => {
    const inv = await invoice('1000.00');
    const first = ok(await note(inv.id, '100.00')).creditNoteCreate; // balance 1,044.00
    const before = await readInvoice(inv.id);

    // 1,000.00 + IVA = 1,160.00 > 1,044.00.
    expect(fieldsOf(await note(inv.id, '1000.00'))).toEqual({ lines: `El total de la nota de crédito ($1,160.00) excede el saldo de la factura ${inv.label} ($1,044.00).` });
    // 900.01 + 144.0016 IVA = 1,044.01: one cent over.
    expect(fieldsOf(await note(inv.id, '900.01'))).toEqual({ lines: `El total de la nota de crédito ($1,044.01) excede el saldo de la factura ${inv.label} ($1,044.00).` });
    expect(fieldsOf(await note(inv.id, '10.00', '99'))).toEqual({ formaPago: 'La forma de pago de una nota de crédito no puede ser 99 - Por definir: usa la de la factura o 15 - Condonación.' });
    expect(Object.keys(fieldsOf(await s.gql(CREATE, { i: { invoiceId: inv.id, formaPago: '03', lines: [] } }, seller)))).toEqual(['lines']);
    expect(fieldsOf(await note(inv.id, '0'))).toEqual({ lines: 'El total de la nota de crédito debe ser mayor que cero.' });

    const draft = await invoice('100.00', 'PUE', false);
    expect(fieldsOf(await note(draft.id, '10.00'))).toEqual({ invoiceId: 'Solo se emiten notas de crédito de facturas timbradas.' });
    const toCancel = await invoice('200.00');
    ok(await s.gql('mutation($id:ID!,$v:Int!){ invoiceCancel(id:$id,version:$v,reason:"x",motivo:"02"){ id } }', { id: toCancel.id, v: toCancel.version }, seller));
    expect(fieldsOf(await note(toCancel.id, '10.00'))).toEqual({ invoiceId: 'La factura está cancelada (o su cancelación está en proceso): no admite notas de crédito.' });
    expect(fieldsOf(await note('999999', '10.00'))).toEqual({ invoiceId: 'La factura no existe.' });

    // Not allowed: Consulta (only ver) and another module's user.
    expect((await note(inv.id, '10.00', '03', viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await note(inv.id, '10.00', '03', other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(XML, { id: first.id }, other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql('query($id:ID!){ creditNotePdf(id:$id) }', { id: first.id }, other)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(ok(await s.gql(XML, { id: first.id }, viewer)).creditNoteXml).toContain('TipoDeComprobante="E"');

    const after = await readInvoice(inv.id);
    expect(after).toEqual(before);
    // The serie stays gapless: the next note takes the folio right after the first.
    const next = ok(await note(inv.id, '10.00')).creditNoteCreate;
    expect(next.folio).toBe(first.folio + 1);
  }, 180_000);
});

describe('parallel credit notes', () => {
  it('two notes of 696.00 against a 1,160.00 invoice in parallel: one is issued, the other refused; the balance is 464.00', async () => {
    const inv = await invoice('1000.00');
    const results = await Promise.all([note(inv.id, '600.00'), note(inv.id, '600.00')]); // 600 + 96 = 696.00 each
    const won = results.filter((r) => !r.errors);
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.errors)!;
    expect(fieldsOf(lost)).toEqual({ lines: `El total de la nota de crédito ($696.00) excede el saldo de la factura ${inv.label} ($464.00).` });
    const after = await readInvoice(inv.id);
    expect(after.balance).toBe('464');
    expect(after.creditNotes).toHaveLength(1);
  }, 180_000);

  it('three notes in parallel that fit: all issued with consecutive folios, each stamped once', async () => {
    const inv = await invoice('1000.00');
    const results = await Promise.all([0, 1, 2].map(() => note(inv.id, '100.00')));
    const notes = results.map((r) => ok(r).creditNoteCreate);
    const folios = notes.map((n) => n.folio).sort((a, b) => a - b);
    expect(folios).toEqual([folios[0], folios[0] + 1, folios[0] + 2]);
    expect(new Set(notes.map((n) => n.uuid)).size).toBe(3);
    // 1,160.00 − 3 × 116.00 = 812.00; each note saw the balance the one before left.
    expect((await readInvoice(inv.id)).balance).toBe('812');
    expect(notes.map((n) => n.previousBalance).sort()).toEqual(['1044', '1160', '928']);
  }, 180_000);
});

describe('exactly once when the server dies between the PAC and the save', () => {
  it('the note stays pendiente (its amount off the balance); a restart saves the UUID the PAC issued, stamped once', async () => {
    const crash = await startServer({ ERP_FAULT_AFTER_PAC: 'exit' });
    try {
      const token = await crash.login('ventas@demo.mx');
      // A demo invoice stamped at seeding, with a balance.
      const open = ok(await crash.gql('{ invoices(filter:{openOnly:true}, list:{pageSize:100}){ items { id balance stampStatus } } }', {}, token)).invoices.items as any[];
      const inv = open.find((i) => i.stampStatus === 'timbrada' && Number(i.balance) > 116);
      await expect(crash.gql(CREATE, { i: { invoiceId: inv.id, formaPago: '03', lines: [bonus('100.00')] } }, token)).rejects.toThrow();
      expect(await crash.exited()).toBe(86);

      const [row] = await crash.inspect<{ id: number; status: string; stamp_status: string; cfdi_uuid: string | null }>(
        'select id, status, stamp_status, cfdi_uuid from credit_notes where invoice_id = $1', [Number(inv.id)]);
      expect(row).toMatchObject({ status: 'vigente', stamp_status: 'pendiente', cfdi_uuid: null });
      const [balance] = await crash.inspect<{ balance: string }>('select balance::text as balance from invoices where id = $1', [Number(inv.id)]);
      expect(Number(balance.balance)).toBeCloseTo(Number(inv.balance) - 116, 2);
      const stamped = await crash.inspect<{ uuid: string }>('select uuid from cfdi_stamps where idempotency_key = $1', [`nota-credito-${row.id}`]);
      expect(stamped).toHaveLength(1);

      await crash.restart({ ERP_FAULT_AFTER_PAC: '' });
      const token2 = await crash.login('ventas@demo.mx');
      const after = ok(await crash.gql(`query($id:ID!){ creditNote(id:$id){ ${NOTE_FIELDS} } }`, { id: String(row.id) }, token2)).creditNote;
      expect(after).toMatchObject({ status: 'vigente', stampStatus: 'timbrada', uuid: stamped[0].uuid });
      const xml = ok(await crash.gql(XML, { id: String(row.id) }, token2)).creditNoteXml as string;
      expect(xml).toContain(`UUID="${stamped[0].uuid}"`);
      expect((await crash.inspect('select uuid from cfdi_stamps where idempotency_key = $1', [`nota-credito-${row.id}`])).length).toBe(1);
    } finally {
      await crash.stop();
    }
  }, 240_000);
});
