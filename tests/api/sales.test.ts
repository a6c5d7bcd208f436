// Ventas, first half of the chain over HTTP: company profile, clients (and
// their spreadsheet import), cotizaciones, contratos, órdenes de servicio
// with their delivery, and generadores (the contracted-quantity cap, also
// under concurrency). Figures are computed by hand in the comments.
import Decimal from 'decimal.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let admin: string;
let seller: string;
beforeAll(async () => {
  s = await startServer();
  [admin, seller] = await Promise.all([s.login(ADMIN_EMAIL), s.login('ventas@demo.mx')]);
});
afterAll(async () => s?.stop());

const m2 = (v: string) => new Decimal(v).toFixed(2);
/** The data of a successful call (fails the test with the errors otherwise). */
function ok<T = any>(r: GqlResult<T>): T {
  expect(r.errors).toBeUndefined();
  return r.data as T;
}
const codeOf = (r: GqlResult) => r.errors?.[0].extensions?.code;
const total = async (list: string) => (await s.gql(`{ ${list} { total } }`, {}, admin)).data![list].total as number;

const CLIENT_FIELDS = 'id rfc name regimenFiscal postalCode usoCfdi creditDays creditLimit active version openBalance contacts { name position email phone }';
const CLIENT_CREATE = `mutation($input: ClientInput!){ clientCreate(input:$input){ ${CLIENT_FIELDS} } }`;
const CLIENT_UPDATE = `mutation($id:ID!,$v:Int!,$input: ClientInput!){ clientUpdate(id:$id,version:$v,input:$input){ ${CLIENT_FIELDS} } }`;
const clientInput = (over: Record<string, unknown> = {}) => ({
  rfc: 'TMS101010AB1',
  name: 'TALLERES MECANICOS DEL SURESTE',
  regimenFiscal: '601',
  postalCode: '97000',
  usoCfdi: 'G03',
  address: 'Calle 60 No. 500',
  city: 'Mérida',
  state: 'Yuc.',
  email: 'compras@tms.mx',
  phone: '999 555 1234',
  creditDays: 30,
  creditLimit: '250000.00',
  active: true,
  contacts: [{ name: 'Ing. Paulina Cervera', position: 'Compras', email: 'paulina@tms.mx', phone: '999 555 0001' }],
  ...over,
});
async function newClient(rfc: string, over: Record<string, unknown> = {}) {
  return ok(await s.gql(CLIENT_CREATE, { input: clientInput({ rfc, name: `CLIENTE ${rfc}`, contacts: [], ...over }) }, seller)).clientCreate;
}

const QUOTE_FIELDS = 'id folio status version date validUntil subtotal discount iva isrRetained ivaRetained total isrRetentionRate ivaRetentionRate contractId sourceQuoteId client { id } lines { lineNo description quantity unitPrice discountPercent amount discount base iva }';
const QUOTE_CREATE = `mutation($input: QuoteInput!){ quoteCreate(input:$input){ ${QUOTE_FIELDS} } }`;
const line = (over: Record<string, unknown> = {}) => ({ description: 'Servicio de mantenimiento', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '1', unitPrice: '1000', ...over });
const quoteInput = (clientId: string, over: Record<string, unknown> = {}) => ({ clientId, date: '2026-01-10', validUntil: '2099-12-31', subject: 'Mantenimiento anual', lines: [line()], ...over });
const transition = (name: string, extra = '') => `mutation($id:ID!,$v:Int!${extra ? ',$r:String!' : ''}){ ${name}(id:$id,version:$v${extra}){ id status version } }`;

describe('company profile', () => {
  it('is seeded, readable by any user, and validated on update', async () => {
    const p = ok(await s.gql('{ companyProfile { rfc name regimenFiscal regimenName postalCode personType invoiceSeries defaultSeries version } }', {}, seller)).companyProfile;
    expect(p).toEqual({ rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regimenFiscal: '601', regimenName: 'General de Ley Personas Morales', postalCode: '42501', personType: 'moral', invoiceSeries: ['A', 'B'], defaultSeries: 'A', version: 1 });
    // Configuración › Empresa edits it (issue 26): the admin; the Vendedor is refused.
    const bad = await s.gql('mutation($i: CompanyProfileInput!){ companyProfileUpdate(version:1,input:$i){ rfc } }', { i: { rfc: 'XAXX010101000', name: ' ', regimenFiscal: '612', postalCode: '7612', invoiceSeries: ['A', 'a-1'], defaultSeries: 'C' } }, admin);
    expect(fieldsOf(bad)).toEqual({
      rfc: 'El RFC de la empresa no puede ser genérico.',
      name: 'Este campo es obligatorio.',
      postalCode: 'Código postal no válido: 5 dígitos.',
      'invoiceSeries.1': 'Serie no válida: de 1 a 10 letras o números.',
      regimenFiscal: 'El régimen fiscal no aplica a una persona moral.',
      defaultSeries: 'La serie predeterminada debe estar entre las series configuradas.',
    });
    const wrongRegimen = await s.gql('mutation($i: CompanyProfileInput!){ companyProfileUpdate(version:1,input:$i){ rfc } }', { i: { rfc: 'SIB150312QR5', name: 'X', regimenFiscal: '612', postalCode: '76120', invoiceSeries: ['A'], defaultSeries: 'C' } }, admin);
    expect(fieldsOf(wrongRegimen)).toEqual({ regimenFiscal: 'El régimen fiscal no aplica a una persona moral.', defaultSeries: 'La serie predeterminada debe estar entre las series configuradas.' });
    expect(ok(await s.gql('{ companyProfile { version } }', {}, admin)).companyProfile.version).toBe(1);
  });
});

describe('clients', () => {
  it('creates a client with contacts and an audit entry', async () => {
    const before = await total('clients');
    const c = ok(await s.gql(CLIENT_CREATE, { input: clientInput() }, seller)).clientCreate;
    expect(c).toMatchObject({ rfc: 'TMS101010AB1', regimenFiscal: '601', creditDays: 30, active: true, version: 1, contacts: [{ name: 'Ing. Paulina Cervera', position: 'Compras', email: 'paulina@tms.mx', phone: '999 555 0001' }] });
    expect(m2(c.creditLimit)).toBe('250000.00');
    expect(m2(c.openBalance)).toBe('0.00');
    expect(await total('clients')).toBe(before + 1);
    const audit = ok(await s.gql('query($i:String){ auditEntries(entity:"client", entityId:$i){ items { action userName } } }', { i: c.id }, admin)).auditEntries.items;
    expect(audit).toEqual([{ action: 'create', userName: 'Demo Vendedor' }]);
  });

  it('refuses bad input with Spanish per-field messages and writes nothing', async () => {
    const before = await total('clients');
    const r = await s.gql(CLIENT_CREATE, { input: clientInput({ rfc: 'ABC123', name: '', postalCode: '123', usoCfdi: 'Z99', creditDays: -1, creditLimit: '10.555', email: 'no-es-correo', contacts: [{ name: '' }] }) }, seller);
    expect(fieldsOf(r)).toEqual({
      rfc: 'RFC no válido: 12 caracteres (persona moral) o 13 (persona física) con fecha real.',
      name: 'Este campo es obligatorio.',
      postalCode: 'Código postal no válido: 5 dígitos.',
      usoCfdi: 'Uso de CFDI no válido.',
      creditDays: 'Los días de crédito deben estar entre 0 y 365.',
      creditLimit: 'Máximo 2 decimales.',
      email: 'Correo electrónico no válido.',
      'contacts.0.name': 'Este campo es obligatorio.',
    });
    const incoherent = await s.gql(CLIENT_CREATE, { input: clientInput({ rfc: 'HERA750823TU4', regimenFiscal: '601', usoCfdi: 'G03' }) }, seller);
    expect(fieldsOf(incoherent)).toEqual({ regimenFiscal: 'El régimen fiscal no aplica a una persona física.' });
    const moralD01 = await s.gql(CLIENT_CREATE, { input: clientInput({ rfc: 'QWE010101AB1', usoCfdi: 'D01' }) }, seller);
    expect(fieldsOf(moralD01)).toEqual({ usoCfdi: 'El uso de CFDI no aplica a una persona moral.' });
    const generic = await s.gql(CLIENT_CREATE, { input: clientInput({ rfc: 'XAXX010101000', regimenFiscal: '601', usoCfdi: 'G03' }) }, seller);
    expect(fieldsOf(generic)).toEqual({
      regimenFiscal: 'Para público en general o extranjero el régimen debe ser 616 - Sin obligaciones fiscales.',
      usoCfdi: 'Para público en general o extranjero el uso de CFDI debe ser S01 - Sin efectos fiscales.',
    });
    const dup = await s.gql(CLIENT_CREATE, { input: clientInput({ rfc: 'msx080415kj2' }) }, seller);
    expect(fieldsOf(dup)).toEqual({ rfc: 'Ya existe un cliente con ese RFC.' });
    expect(await total('clients')).toBe(before);
  });

  it('accepts the generic RFC XAXX010101000 more than once (público en general)', async () => {
    const c = await newClient('XAXX010101000', { regimenFiscal: '616', usoCfdi: 'S01', name: 'PUBLICO EN GENERAL MOSTRADOR' });
    expect(c.rfc).toBe('XAXX010101000');
  });

  it('updates with the version and refuses a stale one', async () => {
    const c = await newClient('UPD010101AB1');
    const updated = ok(await s.gql(CLIENT_UPDATE, { id: c.id, v: c.version, input: clientInput({ rfc: 'UPD010101AB1', name: 'CLIENTE EDITADO', creditDays: 45, contacts: [{ name: 'Uno' }, { name: 'Dos', email: 'DOS@Cliente.MX' }] }) }, seller)).clientUpdate;
    expect(updated).toMatchObject({ name: 'CLIENTE EDITADO', creditDays: 45, version: 2, contacts: [{ name: 'Uno', email: '' }, { name: 'Dos', email: 'dos@cliente.mx' }] });
    const stale = await s.gql(CLIENT_UPDATE, { id: c.id, v: c.version, input: clientInput({ rfc: 'UPD010101AB1', name: 'OTRO' }) }, seller);
    expect(codeOf(stale)).toBe('CONFLICT');
    const taken = await s.gql(CLIENT_UPDATE, { id: c.id, v: 2, input: clientInput({ rfc: 'MSX080415KJ2' }) }, seller);
    expect(fieldsOf(taken)).toEqual({ rfc: 'Ya existe un cliente con ese RFC.' });
    const bad = await s.gql(CLIENT_UPDATE, { id: c.id, v: 2, input: clientInput({ rfc: 'UPD010101AB1', regimenFiscal: '999' }) }, seller);
    expect(fieldsOf(bad)).toEqual({ regimenFiscal: 'Régimen fiscal no válido.' });
    expect(ok(await s.gql('query($id:ID!){ client(id:$id){ name version } }', { id: c.id }, admin)).client).toEqual({ name: 'CLIENTE EDITADO', version: 2 });
  });

  it('deactivates with eliminar (audit, off the options, documents kept); FORBIDDEN with only editar; stale version, missing or malformed id refused; nothing written', async () => {
    const DEACTIVATE = 'mutation($id:ID!,$v:Int!){ clientDeactivate(id:$id,version:$v){ id active version } }';
    const c = await newClient('BAJ010101AB1');
    const auditOf = async () => ok(await s.gql('query($i:String){ auditEntries(entity:"client", entityId:$i){ items { action before after } } }', { i: c.id }, admin)).auditEntries.items as { action: string; before: any; after: any }[];
    // A role with ver and editar on Clientes, without eliminar.
    const role = ok(await s.gql('mutation{ roleCreate(input:{name:"Clientes sin baja",description:"Prueba"}){ id version } }', {}, admin)).roleCreate;
    const catalog = ok(await s.gql('{ permissionCatalog { key submodules { id key } } }', {}, admin)).permissionCatalog;
    const clientsSub = catalog.find((m: { key: string }) => m.key === 'sales').submodules.find((x: { key: string }) => x.key === 'clients');
    ok(await s.gql('mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ id } }', {
      id: role.id, v: role.version, g: ['ver', 'editar'].map((permission) => ({ submoduleId: clientsSub.id, permission })),
    }, admin));
    ok(await s.gql('mutation($i:UserCreateInput!){ userCreate(input:$i){ user { id } } }', { i: { email: 'editor.clientes@demo.mx', name: 'Editor de clientes', roleId: role.id, password: 'Inicial-123' } }, admin));
    const first = await s.login('editor.clientes@demo.mx', 'Inicial-123');
    const editor = ok(await s.gql('mutation{ changePassword(currentPassword:"Inicial-123", newPassword:"Clientes-2026!"){ token } }', {}, first)).changePassword.token as string;
    // editar works for this role: the refusal below is only for the missing eliminar.
    expect(ok(await s.gql('query($id:ID!){ client(id:$id){ id } }', { id: c.id }, editor)).client.id).toBe(c.id);

    const forbidden = await s.gql(DEACTIVATE, { id: c.id, v: c.version }, editor);
    expect(codeOf(forbidden)).toBe('FORBIDDEN');
    expect(forbidden.errors![0].message).toBe('No tienes permiso para realizar esta acción.');
    expect(codeOf(await s.gql(DEACTIVATE, { id: c.id, v: c.version }, await s.login('consulta@demo.mx')))).toBe('FORBIDDEN');
    const missing = await s.gql(DEACTIVATE, { id: '999999', v: 1 }, seller);
    expect(codeOf(missing)).toBe('NOT_FOUND');
    expect(missing.errors![0].message).toBe('El cliente no existe.');
    expect(codeOf(await s.gql(DEACTIVATE, { id: 'abc', v: 1 }, seller))).toBe('NOT_FOUND');
    expect(codeOf(await s.gql(DEACTIVATE, { id: c.id, v: c.version + 1 }, seller))).toBe('CONFLICT');
    expect(ok(await s.gql('query($id:ID!){ client(id:$id){ active version } }', { id: c.id }, admin)).client).toEqual({ active: true, version: 1 });
    expect(await auditOf()).toHaveLength(1);

    const off = ok(await s.gql(DEACTIVATE, { id: c.id, v: c.version }, seller)).clientDeactivate;
    expect(off).toEqual({ id: c.id, active: false, version: 2 });
    const entries = await auditOf();
    expect(entries.map((e) => e.action)).toEqual(['deactivate', 'create']);
    expect(entries[0]).toMatchObject({ before: { active: true, rfc: 'BAJ010101AB1' }, after: { active: false } });
    const options = ok(await s.gql('query($q:String){ clientOptions(search:$q){ id } }', { q: 'BAJ010101AB1' }, seller)).clientOptions;
    expect(options).toEqual([]);
    expect(ok(await s.gql('query($q:String){ clients(list:{search:$q}, filter:{active:false}){ total } }', { q: 'BAJ010101AB1' }, seller)).clients.total).toBe(1);
    // Deactivating again with the old version is a conflict; nothing more is written.
    expect(codeOf(await s.gql(DEACTIVATE, { id: c.id, v: 1 }, seller))).toBe('CONFLICT');
    expect(await auditOf()).toHaveLength(2);
  });

  it('imports a spreadsheet all or nothing, with per-row Spanish errors', async () => {
    const IMPORT = 'mutation($rows:[ClientImportRow!]!){ clientImport(rows:$rows){ created } }';
    const before = await total('clients');
    const bad = await s.gql(IMPORT, {
      rows: [
        { rfc: 'IMP010101AB1', name: 'IMPORTADA UNO', regimenFiscal: '601 - General de Ley Personas Morales', postalCode: '76000', creditDays: '30', creditLimit: '$100,000.00' },
        { rfc: 'MALO', name: 'IMPORTADA DOS', regimenFiscal: '601', postalCode: '76000' },
        { rfc: 'IMP010101AB1', name: 'REPETIDA', regimenFiscal: '601', postalCode: '76000' },
        { rfc: 'MSX080415KJ2', name: 'YA EXISTE', regimenFiscal: '601', postalCode: '76000', creditDays: 'treinta' },
      ],
    }, seller);
    expect(bad.errors![0].message).toBe('Hay 3 filas con errores; no se importó ningún cliente.');
    expect(fieldsOf(bad)).toEqual({
      'rows.1.rfc': 'RFC no válido: 12 caracteres (persona moral) o 13 (persona física) con fecha real.',
      'rows.2.rfc': 'El RFC se repite en el archivo.',
      'rows.3.creditDays': 'Debe ser un número entero.',
    });
    const taken = await s.gql(IMPORT, { rows: [{ rfc: 'IMP010101AB1', name: 'IMPORTADA UNO', regimenFiscal: '601', postalCode: '76000' }, { rfc: 'MSX080415KJ2', name: 'YA EXISTE', regimenFiscal: '601', postalCode: '76000' }] }, seller);
    expect(fieldsOf(taken)).toEqual({ 'rows.1.rfc': 'Ya existe un cliente con ese RFC.' });
    expect(fieldsOf(await s.gql(IMPORT, { rows: [] }, seller))).toEqual({ rows: 'El archivo no tiene filas para importar.' });
    expect(await total('clients')).toBe(before);

    const good = await s.gql(IMPORT, {
      rows: [
        { rfc: 'IMP010101AB1', name: 'IMPORTADA UNO', regimenFiscal: '601 - General de Ley Personas Morales', postalCode: '76000', creditDays: '30', creditLimit: '$100,000.00', contactName: 'Lic. Ana Paz', contactEmail: 'ana@imp.mx' },
        { rfc: 'IMPA800101AB1', name: 'ANA IMPORTADA', regimenFiscal: '612', postalCode: '6000', usoCfdi: 'D01' },
        { rfc: 'IMP020202AB2', name: 'IMPORTADA TRES', regimenFiscal: '601', postalCode: '76000', usoCfdi: '' },
      ],
    }, seller);
    expect(ok(good).clientImport).toEqual({ created: 3 });
    expect(await total('clients')).toBe(before + 3);
    const rows = ok(await s.gql('{ clients(list:{search:"IMPORTADA", sortBy:"rfc"}){ items { rfc postalCode usoCfdi creditDays creditLimit contacts { name email } } } }', {}, admin)).clients.items;
    expect(rows.map((r: any) => [r.rfc, r.postalCode, r.usoCfdi, r.creditDays, m2(r.creditLimit), r.contacts])).toEqual([
      ['IMP010101AB1', '76000', 'G03', 30, '100000.00', [{ name: 'Lic. Ana Paz', email: 'ana@imp.mx' }]],
      ['IMP020202AB2', '76000', 'G03', 0, '0.00', []],
      ['IMPA800101AB1', '06000', 'D01', 0, '0.00', []],
    ]);
  });
});

describe('cotizaciones', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = (await newClient('COT010101AB1')).id;
  });

  it('computes a quote with discounts and IVA exactly', async () => {
    const q = ok(await s.gql(QUOTE_CREATE, {
      input: quoteInput(clientId, {
        lines: [
          // 10 × 1,250.00 = 12,500.00; −10 % = 1,250.00; base 11,250.00; IVA 1,800.00
          line({ quantity: '10', unitPrice: '1250', discountPercent: '10' }),
          // 3 × 845.50 = 2,536.50; IVA 405.84
          line({ description: 'Refacciones', unitKey: 'H87', unitName: 'Pieza', quantity: '3', unitPrice: '845.50' }),
          // 2.5 × 99.99 = 249.975; −5 % = 12.49875; base 237.47625; IVA 37.9962
          line({ description: 'Horas técnico', unitKey: 'HUR', unitName: 'Hora', quantity: '2.5', unitPrice: '99.99', discountPercent: '5' }),
        ],
      }),
    }, seller)).quoteCreate;
    // Subtotal 15,286.475 → 15,286.48; descuento 1,262.49875 → 1,262.50; IVA 2,243.8362 → 2,243.84
    // Total = 15,286.48 − 1,262.50 + 2,243.84 = 16,267.82
    expect([q.subtotal, q.discount, q.iva, q.isrRetained, q.ivaRetained, q.total].map(m2)).toEqual(['15286.48', '1262.50', '2243.84', '0.00', '0.00', '16267.82']);
    expect(q.status).toBe('borrador');
    expect(q.lines.map((l: any) => [l.lineNo, m2(l.amount), new Decimal(l.discount).toFixed(6), new Decimal(l.base).toFixed(6), new Decimal(l.iva).toFixed(6)])).toEqual([
      [1, '12500.00', '1250.000000', '11250.000000', '1800.000000'],
      [2, '2536.50', '0.000000', '2536.500000', '405.840000'],
      [3, '249.98', '12.498750', '237.476250', '37.996200'],
    ]);
  });

  it('applies retentions when the user marks them (the company is a persona moral)', async () => {
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { isrRetention: true, ivaRetention: true, lines: [line({ quantity: '3', unitPrice: '1234.56' })] }) }, seller)).quoteCreate;
    // 3,703.68; IVA 592.5888; ISR 370.368; IVA ret. 3,703.68 × 0.106667 = 395.0604…
    expect([q.subtotal, q.iva, q.isrRetained, q.ivaRetained, q.total].map(m2)).toEqual(['3703.68', '592.59', '370.37', '395.06', '3530.84']);
    expect([q.isrRetentionRate, q.ivaRetentionRate].map((r: string) => new Decimal(r).toFixed(6))).toEqual(['0.100000', '0.106667']);
  });

  it('refuses bad input per field and writes nothing', async () => {
    const before = await total('quotes');
    const r = await s.gql(QUOTE_CREATE, {
      input: quoteInput(clientId, {
        date: '2026-02-10',
        validUntil: '2026-02-01',
        lines: [line({ prodServKey: '123', unitKey: 'e-48', quantity: '0', unitPrice: '-1', discountPercent: '120' }), line({ quantity: '1.12345', description: '' })],
      }),
    }, seller);
    expect(fieldsOf(r)).toEqual({
      'lines.0.prodServKey': 'Clave de producto o servicio SAT no válida: 8 dígitos.',
      'lines.0.unitKey': 'Clave de unidad SAT no válida: 2 o 3 letras o números.',
      'lines.0.quantity': 'Debe ser mayor que cero.',
      'lines.0.unitPrice': 'Debe ser 0 o mayor.',
      'lines.0.discountPercent': 'Debe estar entre 0 y 100.',
      'lines.1.description': 'Este campo es obligatorio.',
      'lines.1.quantity': 'Máximo 4 decimales.',
      validUntil: 'La vigencia debe ser igual o posterior a la fecha de la cotización.',
    });
    expect(fieldsOf(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { date: '2026-02-10', validUntil: '2026-02-01' }) }, seller))).toEqual({
      validUntil: 'La vigencia debe ser igual o posterior a la fecha de la cotización.',
    });
    expect(fieldsOf(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { lines: [] }) }, seller))).toEqual({ lines: 'Agrega al menos un concepto.' });
    expect(fieldsOf(await s.gql(QUOTE_CREATE, { input: quoteInput('99999') }, seller))).toEqual({ clientId: 'El cliente no existe.' });
    expect(await total('quotes')).toBe(before);
  });

  it('goes borrador → enviada → aceptada; only legal moves, only drafts are edited', async () => {
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId) }, seller)).quoteCreate;
    const UPDATE = `mutation($id:ID!,$v:Int!,$input: QuoteInput!){ quoteUpdate(id:$id,version:$v,input:$input){ ${QUOTE_FIELDS} } }`;
    const edited = ok(await s.gql(UPDATE, { id: q.id, v: q.version, input: quoteInput(clientId, { lines: [line({ quantity: '2' })] }) }, seller)).quoteUpdate;
    expect([edited.version, m2(edited.total)]).toEqual([2, '2320.00']);
    expect(fieldsOf(await s.gql(UPDATE, { id: q.id, v: 2, input: quoteInput(clientId, { lines: [line({ quantity: '0' })] }) }, seller))).toEqual({ 'lines.0.quantity': 'Debe ser mayor que cero.' });
    expect(codeOf(await s.gql(transition('quoteAccept'), { id: q.id, v: 2 }, seller))).toBe('CONFLICT');
    const sent = ok(await s.gql(transition('quoteSend'), { id: q.id, v: 2 }, seller)).quoteSend;
    expect(sent).toMatchObject({ status: 'enviada', version: 3 });
    const notDraft = await s.gql(UPDATE, { id: q.id, v: 3, input: quoteInput(clientId) }, seller);
    expect(notDraft.errors![0]).toMatchObject({ message: 'Solo se puede modificar o eliminar una cotización en borrador.', extensions: { code: 'CONFLICT' } });
    expect(codeOf(await s.gql(transition('quoteSend'), { id: q.id, v: 2 }, seller))).toBe('CONFLICT');
    const accepted = ok(await s.gql(transition('quoteAccept'), { id: q.id, v: 3 }, seller)).quoteAccept;
    expect(accepted).toMatchObject({ status: 'aceptada', version: 4 });
    const again = await s.gql(transition('quoteReject', ',reason:$r'), { id: q.id, v: 4, r: 'Tarde' }, seller);
    expect(again.errors![0]).toMatchObject({ message: 'No se puede pasar de "Aceptada" a "Rechazada".', extensions: { code: 'CONFLICT' } });
  });

  it('rejects with a reason; refuses an empty one', async () => {
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId) }, seller)).quoteCreate;
    const sent = ok(await s.gql(transition('quoteSend'), { id: q.id, v: q.version }, seller)).quoteSend;
    expect(fieldsOf(await s.gql(transition('quoteReject', ',reason:$r'), { id: q.id, v: sent.version, r: '  ' }, seller))).toEqual({ reason: 'Este campo es obligatorio.' });
    const rejected = ok(await s.gql(`mutation($id:ID!,$v:Int!){ quoteReject(id:$id,version:$v,reason:"Precio alto"){ status rejectionReason } }`, { id: q.id, v: sent.version }, seller)).quoteReject;
    expect(rejected).toEqual({ status: 'rechazada', rejectionReason: 'Precio alto' });
  });

  it('an enviada quote past its validity reads as vencida and can no longer be accepted or sent', async () => {
    const expired = ok(await s.gql('{ quotes(filter:{status: vencida}, list:{pageSize:50}){ total items { id version status validUntil } } }', {}, seller)).quotes;
    expect(expired.total).toBeGreaterThanOrEqual(2); // two seeded enviada quotes outlived their validity
    const q = expired.items[0];
    const r = await s.gql(transition('quoteAccept'), { id: q.id, v: q.version }, seller);
    expect(r.errors![0]).toMatchObject({ message: 'No se puede pasar de "Vencida" a "Aceptada".', extensions: { code: 'CONFLICT' } });
    const old = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { date: '2020-01-01', validUntil: '2020-01-31' }) }, seller)).quoteCreate;
    const send = await s.gql(transition('quoteSend'), { id: old.id, v: old.version }, seller);
    expect(fieldsOf(send)).toEqual({ validUntil: 'La vigencia ya pasó; actualízala antes de enviar la cotización.' });
  });

  it('duplicates a quote as a new borrador dated today with the same lines and totals', async () => {
    const src = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { date: '2026-01-01', validUntil: '2026-01-31', lines: [line({ quantity: '4', unitPrice: '500', discountPercent: '2.5' })] }) }, seller)).quoteCreate;
    const dup = ok(await s.gql(`mutation($id:ID!){ quoteDuplicate(id:$id){ ${QUOTE_FIELDS} } }`, { id: src.id }, seller)).quoteDuplicate;
    expect(dup.folio).toBeGreaterThan(src.folio);
    expect(dup).toMatchObject({ status: 'borrador', sourceQuoteId: src.id, total: src.total, lines: src.lines });
    expect(Date.parse(dup.validUntil) - Date.parse(dup.date)).toBe(30 * 86_400_000);
    expect(codeOf(await s.gql('mutation{ quoteDuplicate(id:"999999"){ id } }', {}, seller))).toBe('NOT_FOUND');
  });

  it('deletes only drafts', async () => {
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId) }, seller)).quoteCreate;
    const before = await total('quotes');
    expect(codeOf(await s.gql('mutation($id:ID!,$v:Int!){ quoteDelete(id:$id,version:$v) }', { id: q.id, v: 99 }, seller))).toBe('CONFLICT');
    expect(ok(await s.gql('mutation($id:ID!,$v:Int!){ quoteDelete(id:$id,version:$v) }', { id: q.id, v: 1 }, seller)).quoteDelete).toBe(true);
    expect(await total('quotes')).toBe(before - 1);
    const sent = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId) }, seller)).quoteCreate;
    await s.gql(transition('quoteSend'), { id: sent.id, v: 1 }, seller);
    expect(codeOf(await s.gql('mutation($id:ID!,$v:Int!){ quoteDelete(id:$id,version:$v) }', { id: sent.id, v: 2 }, seller))).toBe('CONFLICT');
  });

  it('prints the quote as a PDF', async () => {
    const pdf = ok(await s.gql('{ quotePdf(id:"1") }', {}, seller)).quotePdf as string;
    const bytes = Buffer.from(pdf, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
  });
});

const CONTRACT_FIELDS = 'id folio status version amount quoteId client { id } concepts { id lineNo quantity unitPrice amount generatedQuantity authorizedQuantity authorizedAmount billedQuantity billedAmount remainingQuantity progressPercent } progress { contractedAmount authorizedAmount billedAmount authorizedPercent billedPercent anticipoAmount guaranteeAmount }';
const CONTRACT_CREATE = `mutation($input: ContractInput!){ contractCreate(input:$input){ ${CONTRACT_FIELDS} } }`;
const concept = (over: Record<string, unknown> = {}) => ({ description: 'Servicio', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio', quantity: '10', unitPrice: '1000', ...over });
const ORDER_FIELDS = 'id folio status version contract { id } client { id } responsibles delivery { id receivedBy files { id fileName contentType size } }';
const ORDER_CREATE = `mutation($input: ServiceOrderInput!){ serviceOrderCreate(input:$input){ ${ORDER_FIELDS} } }`;
const GEN_FIELDS = 'id folio status version amount contract { id } client { id } authorizedByName lines { conceptId quantity amount contractedQuantity }';
const GEN_CREATE = `mutation($input: GeneratorInput!){ generatorCreate(input:$input){ ${GEN_FIELDS} } }`;

describe('contratos, órdenes de servicio y generadores', () => {
  let clientId: string;
  let acceptedQuote: any;
  beforeAll(async () => {
    clientId = (await newClient('CTR010101AB1')).id;
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { lines: [line({ quantity: '10', unitPrice: '1000' }), line({ quantity: '5', unitPrice: '2632.1053', discountPercent: '5' })] }) }, seller)).quoteCreate;
    await s.gql(transition('quoteSend'), { id: q.id, v: 1 }, seller);
    acceptedQuote = ok(await s.gql(transition('quoteAccept'), { id: q.id, v: 2 }, seller)).quoteAccept;
  });

  it('converts an accepted quote into a contract once', async () => {
    const input = {
      clientId,
      quoteId: acceptedQuote.id,
      name: 'Mantenimiento 2026',
      startDate: '2026-01-15',
      endDate: '2026-12-31',
      anticipoPercent: '10',
      guaranteePercent: '5',
      // Net prices from the quote: 2,632.1053 × 0.95 = 2,500.499 → 2,500.50 (rounded by the form)
      concepts: [concept({ quantity: '10', unitPrice: '1000' }), concept({ description: 'Supervisión', quantity: '5', unitPrice: '2500.50' })],
    };
    const c = ok(await s.gql(CONTRACT_CREATE, { input }, seller)).contractCreate;
    // 10 × 1,000 + 5 × 2,500.50 = 22,502.50
    expect(m2(c.amount)).toBe('22502.50');
    expect(c).toMatchObject({ status: 'vigente', quoteId: acceptedQuote.id });
    expect(m2(c.progress.anticipoAmount)).toBe('2250.25');
    expect(ok(await s.gql('query($id:ID!){ quote(id:$id){ contractId } }', { id: acceptedQuote.id }, seller)).quote.contractId).toBe(c.id);
    const twice = await s.gql(CONTRACT_CREATE, { input }, seller);
    expect(fieldsOf(twice).quoteId).toMatch(/^La cotización ya se convirtió en el contrato CTO-\d{5}\.$/);
  });

  it('refuses converting a quote that is not accepted or is of another client, and bad input', async () => {
    const before = await total('contracts');
    const draft = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId) }, seller)).quoteCreate;
    const base = { clientId, name: 'X', startDate: '2026-01-01', endDate: '2026-06-30', concepts: [concept()] };
    expect(fieldsOf(await s.gql(CONTRACT_CREATE, { input: { ...base, quoteId: draft.id } }, seller))).toEqual({ quoteId: 'Solo una cotización aceptada se puede convertir en contrato.' });
    const other = (await newClient('OTR010101AB1')).id;
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(other) }, seller)).quoteCreate;
    await s.gql(transition('quoteSend'), { id: q.id, v: 1 }, seller);
    await s.gql(transition('quoteAccept'), { id: q.id, v: 2 }, seller);
    expect(fieldsOf(await s.gql(CONTRACT_CREATE, { input: { ...base, quoteId: q.id } }, seller))).toEqual({ quoteId: 'La cotización es de otro cliente.' });
    const bad = await s.gql(CONTRACT_CREATE, { input: { ...base, name: '', endDate: '2025-12-31', anticipoPercent: '101', concepts: [concept({ quantity: '-2', unitKey: '' })] } }, seller);
    expect(fieldsOf(bad)).toEqual({
      name: 'Este campo es obligatorio.',
      anticipoPercent: 'Debe estar entre 0 y 100.',
      'concepts.0.quantity': 'Debe ser mayor que cero.',
      'concepts.0.unitKey': 'Clave de unidad SAT no válida: 2 o 3 letras o números.',
      endDate: 'La fecha final debe ser igual o posterior a la inicial.',
    });
    expect(fieldsOf(await s.gql(CONTRACT_CREATE, { input: { ...base, endDate: '2025-12-31' } }, seller))).toEqual({ endDate: 'La fecha final debe ser igual o posterior a la inicial.' });
    expect(await total('contracts')).toBe(before);
  });

  it('caps generadores at the contracted quantity, tracks progress and billing rules', async () => {
    const c = ok(await s.gql(CONTRACT_CREATE, { input: { clientId, name: 'Avance', startDate: '2026-01-01', endDate: '2026-12-31', concepts: [concept({ unitName: 'Pieza', unitKey: 'H87' }), concept({ description: 'Supervisión', quantity: '5', unitPrice: '2500.50' })] } }, seller)).contractCreate;
    const [a, b] = c.concepts;
    const order = ok(await s.gql(ORDER_CREATE, { input: { contractId: c.id, description: 'Trabajos etapa 1', site: 'Nave 3', scheduledStart: '2026-02-01', scheduledEnd: '2026-02-28', responsibles: ['Carlos Medina', 'Ana Jiménez'] } }, seller)).serviceOrderCreate;
    expect(order).toMatchObject({ status: 'abierta', contract: { id: c.id }, client: { id: clientId }, responsibles: ['Carlos Medina', 'Ana Jiménez'] });

    const g1 = ok(await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-02-01', periodEnd: '2026-02-15', lines: [{ conceptId: a.id, quantity: '4' }, { conceptId: b.id, quantity: '1' }] } }, seller)).generatorCreate;
    expect([g1.status, m2(g1.amount)]).toEqual(['borrador', '6500.50']);
    const g2 = ok(await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-02-16', periodEnd: '2026-02-28', lines: [{ conceptId: a.id, quantity: '3' }] } }, seller)).generatorCreate;

    // 4 + 3 = 7 of 10 captured: 4 more is refused with the figures.
    const over = await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-03-01', periodEnd: '2026-03-15', lines: [{ conceptId: a.id, quantity: '4' }] } }, seller);
    expect(fieldsOf(over)).toEqual({ 'lines.0.quantity': 'El concepto 1 excede lo contratado: contratado 10 Pieza, acumulado en otros generadores 7, capturado 4; disponible 3.' });
    const badGen = await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-03-15', periodEnd: '2026-03-01', lines: [{ conceptId: a.id, quantity: '1' }, { conceptId: a.id, quantity: '0' }] } }, seller);
    expect(fieldsOf(badGen)).toEqual({
      periodEnd: 'La fecha final debe ser igual o posterior a la inicial.',
      'lines.1.conceptId': 'El concepto está repetido.',
      'lines.1.quantity': 'Debe ser mayor que cero.',
    });
    const foreign = await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-03-01', periodEnd: '2026-03-15', lines: [{ conceptId: '1', quantity: '1' }] } }, seller); // a concept of a seeded contract
    expect(fieldsOf(foreign)).toEqual({ 'lines.0.conceptId': 'El concepto no pertenece al contrato de la orden.' });

    // Editing a borrador re-checks the cap excluding itself: g2 may grow to 6, not to 7.
    const GEN_UPDATE = `mutation($id:ID!,$v:Int!,$input: GeneratorInput!){ generatorUpdate(id:$id,version:$v,input:$input){ ${GEN_FIELDS} } }`;
    const tooMuch = await s.gql(GEN_UPDATE, { id: g2.id, v: g2.version, input: { orderId: order.id, periodStart: '2026-02-16', periodEnd: '2026-02-28', lines: [{ conceptId: a.id, quantity: '7' }] } }, seller);
    expect(fieldsOf(tooMuch)).toEqual({ 'lines.0.quantity': 'El concepto 1 excede lo contratado: contratado 10 Pieza, acumulado en otros generadores 4, capturado 7; disponible 6.' });
    const grown = ok(await s.gql(GEN_UPDATE, { id: g2.id, v: g2.version, input: { orderId: order.id, periodStart: '2026-02-16', periodEnd: '2026-02-28', lines: [{ conceptId: a.id, quantity: '6' }] } }, seller)).generatorUpdate;
    expect([grown.version, m2(grown.amount)]).toEqual([2, '6000.00']);

    const AUTH = `mutation($id:ID!,$v:Int!){ generatorAuthorize(id:$id,version:$v){ ${GEN_FIELDS} } }`;
    const auth = ok(await s.gql(AUTH, { id: g1.id, v: g1.version }, seller)).generatorAuthorize;
    expect(auth).toMatchObject({ status: 'autorizado', authorizedByName: 'Demo Vendedor' });
    expect(codeOf(await s.gql(AUTH, { id: g1.id, v: auth.version }, seller))).toBe('CONFLICT');
    const notDraft = await s.gql(GEN_UPDATE, { id: g1.id, v: auth.version, input: { orderId: order.id, periodStart: '2026-02-01', periodEnd: '2026-02-15', lines: [{ conceptId: a.id, quantity: '1' }] } }, seller);
    expect(notDraft.errors![0]).toMatchObject({ message: 'Solo se puede modificar o eliminar un generador en borrador.', extensions: { code: 'CONFLICT' } });
    const DELETE = 'mutation($id:ID!,$v:Int!){ generatorDelete(id:$id,version:$v) }';
    expect(codeOf(await s.gql(DELETE, { id: g1.id, v: auth.version }, seller))).toBe('CONFLICT');
    const g3 = ok(await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-03-01', periodEnd: '2026-03-15', lines: [{ conceptId: b.id, quantity: '2' }] } }, seller)).generatorCreate;
    expect(ok(await s.gql(DELETE, { id: g3.id, v: g3.version }, seller)).generatorDelete).toBe(true);

    // Progress: authorised A 4 of 10 (40 %), B 1 of 5 (20 %); captured A 4 + 6 = 10 (remaining 0).
    // Authorised amount 4 × 1,000 + 1 × 2,500.50 = 6,500.50 of 22,502.50 = 28.888…% → 28.89
    let detail = ok(await s.gql(`query($id:ID!){ contract(id:$id){ ${CONTRACT_FIELDS} } }`, { id: c.id }, seller)).contract;
    expect(detail.concepts.map((x: any) => [x.generatedQuantity, x.authorizedQuantity, m2(x.authorizedAmount), x.remainingQuantity, m2(x.progressPercent)])).toEqual([
      ['10', '4', '4000.00', '0', '40.00'],
      ['1', '1', '2500.50', '4', '20.00'],
    ]);
    expect([detail.progress.authorizedAmount, detail.progress.authorizedPercent, detail.progress.billedAmount, detail.progress.billedPercent].map(m2)).toEqual(['6500.50', '28.89', '0.00', '0.00']);

    // Billing g1 (emitted invoice) moves the billed figures; g1 becomes facturado.
    const inv = ok(await s.gql(`mutation($input: InvoiceInput!){ invoiceCreate(input:$input){ id version subtotal lines { conceptId generatorId quantity unitPrice } } }`, {
      input: { clientId, serie: 'A', date: '2026-02-20', formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', generatorIds: [g1.id] },
    }, seller)).invoiceCreate;
    expect(inv.lines.map((l: any) => [l.conceptId, l.generatorId, l.quantity])).toEqual([[a.id, g1.id, '4'], [b.id, g1.id, '1']]);
    expect(m2(inv.subtotal)).toBe('6500.50');
    ok(await s.gql('mutation($id:ID!,$v:Int!){ invoiceEmit(id:$id,version:$v){ id } }', { id: inv.id, v: inv.version }, seller));
    expect(ok(await s.gql('query($id:ID!){ generator(id:$id){ status invoiceLabel } }', { id: g1.id }, seller)).generator).toMatchObject({ status: 'facturado' });
    detail = ok(await s.gql(`query($id:ID!){ contract(id:$id){ ${CONTRACT_FIELDS} } }`, { id: c.id }, seller)).contract;
    expect(detail.concepts.map((x: any) => [x.billedQuantity, m2(x.billedAmount)])).toEqual([['4', '4000.00'], ['1', '2500.50']]);
    // Fondo de garantía 0 % here; billed 6,500.50 = 28.89 %
    expect([detail.progress.billedAmount, detail.progress.billedPercent].map(m2)).toEqual(['6500.50', '28.89']);
    const report = ok(await s.gql('{ contractProgressReport(status: vigente) { contractId authorizedAmount billedAmount authorizedPercent billedPercent } }', {}, seller)).contractProgressReport;
    expect(report.find((r: any) => r.contractId === c.id)).toEqual({ contractId: c.id, authorizedAmount: '6500.5', billedAmount: '6500.5', authorizedPercent: '28.89', billedPercent: '28.89' });

    // A contract with authorised work cannot be cancelled; concepts in use keep their price and cannot drop below what was captured.
    const cancel = await s.gql('mutation($id:ID!,$v:Int!){ contractCancel(id:$id,version:$v,reason:"Ya no"){ id } }', { id: c.id, v: detail.version }, seller);
    expect(cancel.errors![0]).toMatchObject({ message: 'El contrato tiene generadores autorizados o facturas; termínalo en lugar de cancelarlo.', extensions: { code: 'CONFLICT' } });
    const UPDATE = `mutation($id:ID!,$v:Int!,$input: ContractInput!){ contractUpdate(id:$id,version:$v,input:$input){ ${CONTRACT_FIELDS} } }`;
    const base = { clientId, name: 'Avance', startDate: '2026-01-01', endDate: '2026-12-31' };
    const shrink = await s.gql(UPDATE, { id: c.id, v: detail.version, input: { ...base, concepts: [{ ...concept({ unitName: 'Pieza', unitKey: 'H87', quantity: '9', unitPrice: '1100' }), id: a.id }, { ...concept({ description: 'Supervisión', quantity: '5', unitPrice: '2500.50' }), id: b.id }] } }, seller);
    expect(fieldsOf(shrink)).toEqual({ 'concepts.0.unitPrice': 'El concepto ya tiene generadores o facturas; solo puedes cambiar su cantidad.', 'concepts.0.quantity': 'La cantidad no puede ser menor que la ya capturada en generadores (10).' });
    const grow = ok(await s.gql(UPDATE, { id: c.id, v: detail.version, input: { ...base, name: 'Avance ampliado', concepts: [{ ...concept({ unitName: 'Pieza', unitKey: 'H87', quantity: '12' }), id: a.id }, { ...concept({ description: 'Supervisión', quantity: '5', unitPrice: '2500.50' }), id: b.id }, concept({ description: 'Nuevo', quantity: '1', unitPrice: '99.99' })] } }, seller)).contractUpdate;
    // 12 × 1,000 + 5 × 2,500.50 + 99.99 = 24,602.49
    expect([m2(grow.amount), grow.concepts.length, grow.concepts[0].remainingQuantity]).toEqual(['24602.49', 3, '2']);
    const finished = ok(await s.gql('mutation($id:ID!,$v:Int!){ contractFinish(id:$id,version:$v){ status version } }', { id: c.id, v: grow.version }, seller)).contractFinish;
    expect(finished.status).toBe('terminado');
    const late = await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-04-01', periodEnd: '2026-04-15', lines: [{ conceptId: a.id, quantity: '1' }] } }, seller);
    expect(fieldsOf(late)).toEqual({ orderId: 'El contrato no está vigente.' });
  });

  it('an invoice from a generador keeps the retentions its contract\'s quote chose (issue 25 item 12)', async () => {
    // The company is a persona moral: by rule it withholds nothing; this quote chose ISR and IVA retention anyway.
    const q = ok(await s.gql(QUOTE_CREATE, { input: quoteInput(clientId, { isrRetention: true, ivaRetention: true, lines: [line({ quantity: '10', unitPrice: '1000' })] }) }, seller)).quoteCreate;
    await s.gql(transition('quoteSend'), { id: q.id, v: 1 }, seller);
    ok(await s.gql(transition('quoteAccept'), { id: q.id, v: 2 }, seller));
    const c = ok(await s.gql(CONTRACT_CREATE, { input: { clientId, quoteId: q.id, name: 'Con retenciones', startDate: '2026-01-01', endDate: '2026-12-31', concepts: [concept()] } }, seller)).contractCreate;
    const order = ok(await s.gql(ORDER_CREATE, { input: { contractId: c.id, description: 'Etapa única', site: 'Nave 1', scheduledStart: '2026-02-01', scheduledEnd: '2026-02-28', responsibles: ['Ana Jiménez'] } }, seller)).serviceOrderCreate;
    const g = ok(await s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-02-01', periodEnd: '2026-02-15', lines: [{ conceptId: c.concepts[0].id, quantity: '4' }] } }, seller)).generatorCreate;
    ok(await s.gql(`mutation($id:ID!,$v:Int!){ generatorAuthorize(id:$id,version:$v){ id } }`, { id: g.id, v: g.version }, seller));
    const inv = ok(await s.gql('mutation($input: InvoiceInput!){ invoiceCreate(input:$input){ isrRetentionRate ivaRetentionRate subtotal iva isrRetained ivaRetained total } }', {
      input: { clientId, serie: 'A', date: '2026-02-16', formaPago: '99', metodoPago: 'PPD', usoCfdi: 'G03', generatorIds: [g.id], lines: [] },
    }, seller)).invoiceCreate;
    // 4 × 1,000 = 4,000; IVA 640.00; ISR 10 % 400.00; IVA retained 4,000 × 0.106667 = 426.668 → 426.67; total 4,000 + 640 − 400 − 426.67 = 3,813.33.
    expect([inv.isrRetentionRate, inv.ivaRetentionRate].map((r: string) => new Decimal(r).toFixed(6))).toEqual(['0.100000', '0.106667']);
    expect([inv.subtotal, inv.iva, inv.isrRetained, inv.ivaRetained, inv.total].map(m2)).toEqual(['4000.00', '640.00', '400.00', '426.67', '3813.33']);
  });

  it('cancels an empty contract with a reason', async () => {
    const c = ok(await s.gql(CONTRACT_CREATE, { input: { clientId, name: 'Cancelable', startDate: '2026-01-01', endDate: '2026-03-31', concepts: [concept()] } }, seller)).contractCreate;
    const CANCEL = 'mutation($id:ID!,$v:Int!,$r:String!){ contractCancel(id:$id,version:$v,reason:$r){ status version } }';
    expect(fieldsOf(await s.gql(CANCEL, { id: c.id, v: c.version, r: '' }, seller))).toEqual({ reason: 'Este campo es obligatorio.' });
    expect(ok(await s.gql(CANCEL, { id: c.id, v: c.version, r: 'El cliente pospuso la obra' }, seller)).contractCancel.status).toBe('cancelado');
    expect(codeOf(await s.gql('mutation($id:ID!,$v:Int!){ contractFinish(id:$id,version:$v){ id } }', { id: c.id, v: c.version + 1 }, seller))).toBe('CONFLICT');
  });

  it('two generadores racing past the contracted quantity: exactly one is accepted', async () => {
    const c = ok(await s.gql(CONTRACT_CREATE, { input: { clientId, name: 'Carrera', startDate: '2026-01-01', endDate: '2026-12-31', concepts: [concept({ quantity: '10' })] } }, seller)).contractCreate;
    const order = ok(await s.gql(ORDER_CREATE, { input: { contractId: c.id, description: 'Carrera', scheduledStart: '2026-01-01', scheduledEnd: '2026-01-31' } }, seller)).serviceOrderCreate;
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        s.gql(GEN_CREATE, { input: { orderId: order.id, periodStart: '2026-01-01', periodEnd: `2026-01-1${i}`, lines: [{ conceptId: c.concepts[0].id, quantity: '6' }] } }, i % 2 ? seller : admin),
      ),
    );
    expect(results.filter((r) => r.data?.generatorCreate).length).toBe(1);
    const refused = results.filter((r) => r.errors);
    expect(refused.length).toBe(3);
    for (const r of refused) expect(r.errors![0].extensions!.fields!['lines.0.quantity']).toBe('El concepto 1 excede lo contratado: contratado 10 Servicio, acumulado en otros generadores 6, capturado 6; disponible 4.');
    const after = ok(await s.gql(`query($id:ID!){ contract(id:$id){ concepts { generatedQuantity } } }`, { id: c.id }, seller)).contract;
    expect(after.concepts[0].generatedQuantity).toBe('6');
  });

  it('runs an order abierta → en proceso → terminada → entregada with delivery evidence', async () => {
    const one = ok(await s.gql(ORDER_CREATE, { input: { clientId, description: 'Trabajo por única vez', site: 'Oficinas', scheduledStart: '2026-03-01', scheduledEnd: '2026-03-02' } }, seller)).serviceOrderCreate;
    expect(one.contract).toBeNull();
    const bad = await s.gql(ORDER_CREATE, { input: { description: '', scheduledStart: '2026-03-02', scheduledEnd: '2026-03-01', responsibles: [' '] } }, seller);
    expect(fieldsOf(bad)).toEqual({
      description: 'Este campo es obligatorio.',
      'responsibles.0': 'Escribe el nombre del responsable.',
      scheduledEnd: 'La fecha final debe ser igual o posterior a la inicial.',
      clientId: 'Indica el contrato o el cliente de la orden.',
    });
    expect(fieldsOf(await s.gql(ORDER_CREATE, { input: { description: 'X', scheduledStart: '2026-03-01', scheduledEnd: '2026-03-02' } }, seller))).toEqual({ clientId: 'Indica el contrato o el cliente de la orden.' });
    const UPDATE = `mutation($id:ID!,$v:Int!,$input: ServiceOrderInput!){ serviceOrderUpdate(id:$id,version:$v,input:$input){ ${ORDER_FIELDS} site } }`;
    const edited = ok(await s.gql(UPDATE, { id: one.id, v: one.version, input: { clientId, description: 'Trabajo por única vez', site: 'Planta 2', scheduledStart: '2026-03-01', scheduledEnd: '2026-03-03', responsibles: ['Luis Ortega'] } }, seller)).serviceOrderUpdate;
    expect([edited.site, edited.responsibles, edited.version]).toEqual(['Planta 2', ['Luis Ortega'], 2]);
    expect(fieldsOf(await s.gql(UPDATE, { id: one.id, v: 2, input: { clientId, description: 'X', scheduledStart: '2026-03-05', scheduledEnd: '2026-03-01' } }, seller))).toEqual({ scheduledEnd: 'La fecha final debe ser igual o posterior a la inicial.' });

    const DELIVER = 'mutation($input: OrderDeliveryInput!){ orderDeliveryCreate(input:$input){ id orderFolio receivedBy files { id fileName contentType size url previewUrl } } }';
    const early = await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-04', receivedBy: 'Ing. Paz' } }, seller);
    expect(fieldsOf(early)).toEqual({ orderId: 'Solo una orden terminada se puede entregar.' });
    expect(codeOf(await s.gql(transition('serviceOrderFinish'), { id: one.id, v: 2 }, seller))).toBe('CONFLICT');
    const started = ok(await s.gql(transition('serviceOrderStart'), { id: one.id, v: 2 }, seller)).serviceOrderStart;
    const finished = ok(await s.gql(transition('serviceOrderFinish'), { id: one.id, v: started.version }, seller)).serviceOrderFinish;
    expect(finished.status).toBe('terminada');
    const locked = await s.gql(UPDATE, { id: one.id, v: finished.version, input: { clientId, description: 'X', scheduledStart: '2026-03-01', scheduledEnd: '2026-03-02' } }, seller);
    expect(locked.errors![0].message).toBe('Una orden terminada o entregada ya no se puede modificar.');

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0e918c' } }).png().toBuffer();
    const pngId = await s.uploadId(seller, png, 'Acta de entrega.png');
    const csvId = await s.uploadId(seller, Buffer.from('folio,total\n1,10\n'), 'x.csv');
    const refused = await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-04', receivedBy: 'Ing. Paz', fileIds: [pngId, csvId] } }, seller);
    expect(fieldsOf(refused)).toEqual({ 'fileIds.1': 'Tipo de archivo no permitido aquí. Sube PDF, PNG, JPG, WEBP.' });
    expect(fieldsOf(await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-04', receivedBy: 'Ing. Paz', fileIds: [pngId, pngId] } }, seller))).toEqual({ fileIds: 'El mismo archivo aparece dos veces.' });
    expect(fieldsOf(await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-04', receivedBy: '' } }, seller))).toEqual({ receivedBy: 'Este campo es obligatorio.' });
    // The refused delivery rolled back, so the picture is still free to attach.
    const delivered = ok(await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-04', receivedBy: 'Ing. Paz', notes: 'Sin observaciones', fileIds: [pngId] } }, seller)).orderDeliveryCreate;
    expect(delivered).toMatchObject({ receivedBy: 'Ing. Paz', files: [{ id: pngId, fileName: 'Acta de entrega.png', contentType: 'image/png', size: png.length, url: `/api/files/${pngId}`, previewUrl: `/api/files/${pngId}/preview` }] });
    const order = ok(await s.gql(`query($id:ID!){ serviceOrder(id:$id){ ${ORDER_FIELDS} } }`, { id: one.id }, seller)).serviceOrder;
    expect(order).toMatchObject({ status: 'entregada', delivery: { id: delivered.id, receivedBy: 'Ing. Paz' } });
    const file = await s.download(seller, delivered.files[0].url);
    expect(file.bytes.equals(png)).toBe(true);
    // The preview is a small WEBP: 640×480 scaled to fit 320×320 → 320×240.
    const preview = await s.download(seller, delivered.files[0].previewUrl);
    expect(preview.contentType).toBe('image/webp');
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const again = await s.gql(DELIVER, { input: { orderId: one.id, date: '2026-03-05', receivedBy: 'Otra vez' } }, seller);
    expect(fieldsOf(again)).toEqual({ orderId: 'Solo una orden terminada se puede entregar.' });
    expect(ok(await s.gql('{ orderDeliveries(list:{search:"Ing. Paz"}){ total } }', {}, seller)).orderDeliveries.total).toBe(1);
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Cotizaciones by date (dateFrom/dateTo)', async () => {
    await checkDateRange(s, seller, { field: 'quotes', filterType: 'QuoteFilter', dateField: 'date', keys: { from: 'dateFrom', to: 'dateTo' } });
  });
  it('Contratos by start date', async () => {
    await checkDateRange(s, seller, { field: 'contracts', filterType: 'ContractFilter', dateField: 'startDate', keys: { from: 'dateFrom', to: 'dateTo' } });
  });
});
