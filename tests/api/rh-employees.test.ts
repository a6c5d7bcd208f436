// Empleados over HTTP: abilities, capture rules (identity formats and their
// birth date, minimum wage per zone, dates, organisation), one holder per
// plaza (also under two simultaneous saves), baja and reingreso with their
// history, photo and documents with their state, the all-or-nothing import.
// The catalogue rows this file needs (fiscal year, áreas, puestos, plazas,
// document types) are written with plain SQL after the first start, so the
// demo seed never takes these plazas. Figures are computed by hand here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestDatabase, startServer, testDbKind, type TestServer } from './harness';
import { fieldsOf as fields, okData } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let admin: string;
let rh: string; // Recursos Humanos
let seller: string; // no RH
let viewer: string; // Consulta
let cleanup: () => Promise<void> = async () => undefined;

// ---- dates and identities built here ------------------------------------------------------

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const yearsBefore = (iso: string, n: number) => `${Number(iso.slice(0, 4)) - n}${iso.slice(4)}`.replace(/-02-29$/, '-02-28');
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

const nssDigit = (ten: string) => {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(ten[i]) * (i % 2 === 0 ? 1 : 2);
    if (d > 9) d -= 9;
    total += d;
  }
  return String((10 - (total % 10)) % 10);
};
const clabeDigit = (seventeen: string) => {
  const w = [3, 7, 1];
  let total = 0;
  for (let i = 0; i < 17; i++) total += (Number(seventeen[i]) * w[i % 3]) % 10;
  return String((10 - (total % 10)) % 10);
};

let serial = 0;
/** A valid person: RFC and CURP carry the birth date, NSS and CLABE their check digits. */
function person(overrides: Record<string, unknown> = {}, birthDate = '1990-05-14') {
  serial += 1;
  const letters = `PE${String.fromCharCode(65 + (serial % 26))}${String.fromCharCode(65 + ((serial * 7) % 26))}`;
  const nss10 = `12${String(34_000_000 + serial).padStart(8, '0')}`;
  const clabe17 = `01218000${String(100_000_000 + serial).slice(-9)}`;
  return {
    number: `T-${String(serial).padStart(3, '0')}`,
    names: 'Juan Carlos',
    lastName: 'Pérez',
    secondLastName: 'Gómez',
    rfc: `${letters}${yymmdd(birthDate)}AB1`,
    curp: `${letters}${yymmdd(birthDate)}HQTRRN0${serial % 10}`,
    nss: nss10 + nssDigit(nss10),
    birthDate,
    hireDate: addDays(yearsBefore(today, 6), -10),
    areaId: ids.opsArea,
    positionId: ids.tech,
    workplaceId: null as string | null,
    payFrequency: 'quincenal',
    wageZone: 'general',
    dailySalary: '500.00',
    bank: 'BBVA México',
    clabe: clabe17 + clabeDigit(clabe17),
    email: 'juan.perez@correo.mx',
    phone: '442 123 4567',
    ...overrides,
  };
}

// ---- catalogue through SQL ---------------------------------------------------------------------

const fiscal = (year: number) => JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../server/modules/rh/fiscal-tables/${year}.json`), 'utf8'));

function catalogueSql(): string[] {
  const years = [2025, 2026].map(fiscal);
  return [
    ...years.map(
      (f) => `insert into rh_fiscal_years (year, minimum_wage_valid_from, minimum_wage_general, minimum_wage_border, sbc_cap_uma, excess_threshold_uma, aguinaldo_days, vacation_premium_percent, vacation_days)
        values (${f.year}, '${f.minimumWage.validFrom}', ${f.minimumWage.general}, ${f.minimumWage.borderZone}, ${f.sbcCapUma}, ${f.excessThresholdUma}, ${f.aguinaldoDays}, ${f.vacationPremiumPercent}, '${JSON.stringify(f.vacationDays)}'::jsonb)
        on conflict (year) do nothing`,
    ),
    `insert into rh_areas (name) values ('Operaciones de prueba'), ('Administración de prueba'), ('Área retirada de prueba')`,
    `update rh_areas set active = false where name = 'Área retirada de prueba'`,
    `insert into rh_positions (area_id, name, base_daily_salary) select id, 'Técnico de prueba', 450 from rh_areas where name = 'Operaciones de prueba'`,
    `insert into rh_positions (area_id, name, base_daily_salary) select id, 'Auxiliar de prueba', 350 from rh_areas where name = 'Administración de prueba'`,
    `insert into rh_workplaces (code, position_id, authorized_daily_salary, location)
      select c, p.id, 500, 'Querétaro' from rh_positions p, unnest(array['TP-01', 'TP-02', 'TP-03', 'TP-04', 'TP-05', 'TP-06', 'TP-07', 'TP-08']) c where p.name = 'Técnico de prueba'`,
    `insert into rh_workplaces (code, position_id, authorized_daily_salary, active) select 'TP-OFF', id, 500, false from rh_positions where name = 'Técnico de prueba'`,
    `insert into rh_workplaces (code, position_id, authorized_daily_salary) select 'AP-01', id, 400 from rh_positions where name = 'Auxiliar de prueba'`,
    // Only these three types are active, so the alerts counted here are theirs whatever the demo catalogue holds.
    `update rh_document_types set active = false`,
    `insert into rh_document_types (name, required, expires, warning_days) values ('INE de prueba', true, true, 30), ('Acta de prueba', true, false, 0), ('Licencia de prueba', false, true, 15)`,
    `select id::text as id from rh_workplaces where code = 'TP-OFF'`,
  ];
}

/** Runs the statements in order; returns the rows of the last one. */
async function runSql(statements: string[], target: { dataDir?: string; url?: string }): Promise<Record<string, string>[]> {
  let rows: Record<string, string>[] = [];
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    for (const q of statements) rows = (await client.query(q)).rows;
    await client.end();
    return rows;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(target.dataDir as string, 'pglite'));
  for (const q of statements) rows = (await db.query<Record<string, string>>(q)).rows;
  await db.close();
  return rows;
}

let offId = '';
const ids = { opsArea: '', adminArea: '', retiredArea: '', tech: '', aux: '', ine: '', acta: '', licencia: '', wp: {} as Record<string, string> };

beforeAll(async () => {
  if (testDbKind() === 'postgres') {
    const database = await createTestDatabase();
    s = await startServer({}, { databaseUrl: database.url });
    offId = (await runSql(catalogueSql(), { url: database.url }))[0].id;
    cleanup = async () => {
      await s?.stop();
      await database.drop();
    };
  } else {
    // PGlite admits one process: start once (migrations, demo seed), stop, write the catalogue, start again.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-rh-employees-'));
    const first = await startServer({ ERP_DATA_DIR: dataDir });
    await first.stop();
    offId = (await runSql(catalogueSql(), { dataDir }))[0].id;
    s = await startServer({ ERP_DATA_DIR: dataDir });
    cleanup = async () => {
      await s?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  [admin, rh, seller, viewer] = await Promise.all([s.login(ADMIN_EMAIL), s.login('rh@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
  const o = (await gqlOk(`{ rhEmployeeFormOptions { areas { id name } positions { id name } workplaces { id code } documentTypes { id name } } }`)).rhEmployeeFormOptions;
  const byName = (list: { id: string; name: string }[], name: string) => list.find((x) => x.name === name)?.id ?? '';
  ids.opsArea = byName(o.areas, 'Operaciones de prueba');
  ids.adminArea = byName(o.areas, 'Administración de prueba');
  ids.tech = byName(o.positions, 'Técnico de prueba');
  ids.aux = byName(o.positions, 'Auxiliar de prueba');
  ids.ine = byName(o.documentTypes, 'INE de prueba');
  ids.acta = byName(o.documentTypes, 'Acta de prueba');
  ids.licencia = byName(o.documentTypes, 'Licencia de prueba');
  for (const w of o.workplaces as { id: string; code: string }[]) ids.wp[w.code] = w.id;
  // The inactive plaza is not offered; its id comes from the SQL that wrote it.
  ids.wp['TP-OFF'] = offId;
}, 180_000);
afterAll(async () => cleanup());

// ---- helpers -----------------------------------------------------------------------------

const EMPLOYEE = `id number fullName rfc curp nss birthDate hireDate firstHireDate yearsOfService areaId areaName positionId positionName workplaceId workplaceCode
  payFrequency wageZone dailySalary integrationFactor sdi sdiFormula clabe trustWorker status terminationDate terminationReason documentAlerts version
  photo { id fileName fileType url previewUrl }
  documents { id documentTypeId documentTypeName required expires state expiresOn file { id fileName url } }
  history { event eventLabel date reason dailySalary workplaceCode recordedByName }`;
const CREATE = `mutation($i:RhEmployeeInput!){ rhEmployeeCreate(input:$i){ ${EMPLOYEE} } }`;
const UPDATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeInput!){ rhEmployeeUpdate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const TERMINATE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeTerminateInput!){ rhEmployeeTerminate(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const REHIRE = `mutation($id:ID!,$v:Int!,$i:RhEmployeeRehireInput!){ rhEmployeeRehire(id:$id,version:$v,input:$i){ ${EMPLOYEE} } }`;
const DOC_ADD = `mutation($e:ID!,$i:RhEmployeeDocumentInput!){ rhEmployeeDocumentAdd(employeeId:$e,input:$i){ ${EMPLOYEE} } }`;
const DOC_REMOVE = `mutation($id:ID!){ rhEmployeeDocumentRemove(id:$id){ ${EMPLOYEE} } }`;
const PHOTO = `mutation($e:ID!,$f:ID!){ rhEmployeePhotoSet(employeeId:$e,fileId:$f){ ${EMPLOYEE} } }`;
const IMPORT = `mutation($r:[RhEmployeeImportRow!]!){ rhEmployeeImport(rows:$r){ created } }`;

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = rh) => okData(await s.gql(query, variables, token));
const countEmployees = async (search: string) => (await gqlOk('query($s:String){ rhEmployees(list:{search:$s}){ total } }', { s: search })).rhEmployees.total as number;
const vacant = async () => ((await gqlOk('{ rhEmployeeFormOptions { workplaces { code } } }')).rhEmployeeFormOptions.workplaces as { code: string }[]).map((w) => w.code);
const create = async (input: Record<string, unknown>) => (await gqlOk(CREATE, { i: input })).rhEmployeeCreate;
const inputOf = (e: Record<string, any>, overrides: Record<string, unknown> = {}) => ({
  ...person(),
  number: e.number,
  rfc: e.rfc,
  curp: e.curp,
  nss: e.nss,
  birthDate: e.birthDate,
  hireDate: e.hireDate,
  areaId: e.areaId,
  positionId: e.positionId,
  workplaceId: e.workplaceId,
  payFrequency: e.payFrequency,
  wageZone: e.wageZone,
  dailySalary: e.dailySalary,
  clabe: e.clabe,
  trustWorker: e.trustWorker,
  ...overrides,
});
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

// ---- abilities ---------------------------------------------------------------------------------

describe('abilities: every Empleados operation', () => {
  const FILE = '00000000-0000-4000-8000-000000000000';
  const INPUT = `{number:"INTRUSO-1",names:"Intruso",lastName:"X",rfc:"PEGJ900514AB1",curp:"PEGJ900514HQTRRN09",nss:"12345678903",birthDate:"1990-05-14",hireDate:"2024-01-02",areaId:"1",positionId:"1",payFrequency:quincenal,wageZone:general,dailySalary:"500"}`;
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'rhEmployees', query: '{ rhEmployees { total } }', needs: 'ver' },
    { name: 'rhEmployeeGroups', query: '{ rhEmployeeGroups(groupBy: AREA) { totalGroups } }', needs: 'ver' },
    { name: 'rhEmployee', query: '{ rhEmployee(id:"1"){ id } }', needs: 'ver' },
    { name: 'rhEmployeeFormOptions', query: '{ rhEmployeeFormOptions { minimumWageGeneral } }', needs: 'ver' },
    { name: 'rhEmployeeCreate', query: `mutation{ rhEmployeeCreate(input:${INPUT}){ id } }`, needs: 'crear' },
    { name: 'rhEmployeeUpdate', query: `mutation{ rhEmployeeUpdate(id:"1",version:1,input:${INPUT}){ id } }`, needs: 'editar' },
    { name: 'rhEmployeeTerminate', query: 'mutation{ rhEmployeeTerminate(id:"1",version:1,input:{date:"2026-01-01",reason:"Intruso"}){ id } }', needs: 'eliminar' },
    { name: 'rhEmployeeRehire', query: 'mutation{ rhEmployeeRehire(id:"1",version:1,input:{hireDate:"2026-01-01"}){ id } }', needs: 'editar' },
    { name: 'rhEmployeePhotoSet', query: `mutation{ rhEmployeePhotoSet(employeeId:"1",fileId:"${FILE}"){ id } }`, needs: 'editar' },
    { name: 'rhEmployeeDocumentAdd', query: `mutation{ rhEmployeeDocumentAdd(employeeId:"1",input:{documentTypeId:"1",fileId:"${FILE}"}){ id } }`, needs: 'editar' },
    { name: 'rhEmployeeDocumentRemove', query: 'mutation{ rhEmployeeDocumentRemove(id:"1"){ id } }', needs: 'editar' },
    { name: 'rhEmployeeImport', query: `mutation{ rhEmployeeImport(rows:[{number:"INTRUSO-2",names:"Intruso"}]){ created } }`, needs: 'crear' },
  ];

  it.each(OPS)('$name: FORBIDDEN for a user without Recursos Humanos', async ({ query }) => {
    expect((await s.gql(query, {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs !== 'ver'))('$name: FORBIDDEN for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
  it.each(OPS.filter((o) => o.needs === 'ver'))('$name: allowed for Consulta', async ({ query }) => {
    expect((await s.gql(query, {}, viewer)).errors).toBeUndefined();
  });
  it('the pickers of other modules (rhEmployeeOptions) answer any signed-in user, not an anonymous one', async () => {
    expect((await s.gql('{ rhEmployeeOptions { id } }', {}, seller)).errors).toBeUndefined();
    expect((await s.gql('{ rhEmployeeOptions { id } }', {}, null)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
  it('refused calls wrote nothing', async () => {
    expect(await countEmployees('INTRUSO')).toBe(0);
    expect(await countEmployees('Intruso')).toBe(0);
  });
});

// ---- capture -------------------------------------------------------------------------------------

describe('create: rules with a Spanish message per field, nothing written on refusal', () => {
  it('an allowed user (rh and admin) creates; the plaza is occupied; alta in the history; SDI with the formula', async () => {
    const p = person({ workplaceId: ids.wp['TP-01'] });
    const e = await create(p);
    // Six completed years: 22 vacation days; factor = 1 + (15 + 22 × 25 %) / 365 = 1 + 20.5 / 365 = 1.05616… → 1.0562; SDI = 500 × 1.0562 = 528.10.
    expect(e).toMatchObject({
      number: p.number,
      fullName: 'Pérez Gómez Juan Carlos',
      status: 'activo',
      workplaceCode: 'TP-01',
      areaName: 'Operaciones de prueba',
      positionName: 'Técnico de prueba',
      dailySalary: '500',
      yearsOfService: 6,
      integrationFactor: '1.0562',
      sdi: '528.1',
      firstHireDate: p.hireDate,
      version: 1,
    });
    expect(e.sdiFormula).toContain('500.00 × 1.0562 = 528.10');
    expect(e.history).toEqual([expect.objectContaining({ event: 'alta', eventLabel: 'Alta', date: p.hireDate, dailySalary: '500', workplaceCode: 'TP-01' })]);
    expect(await vacant()).not.toContain('TP-01');
    const byAdmin = await gqlOk(CREATE, { i: person() }, admin);
    expect(byAdmin.rhEmployeeCreate.status).toBe('activo');
  });

  it('malformed RFC, CURP, NSS and CLABE', async () => {
    const p = person({ rfc: 'PEG900514AB1', curp: 'PEGJ900514HQTRRN0', nss: '12345678901', clabe: '012180000000000001' });
    expect(fields(await s.gql(CREATE, { i: p }, rh))).toEqual({
      rfc: 'RFC no válido: 13 caracteres de persona física (4 letras, fecha AAMMDD y homoclave).',
      curp: 'CURP no válida: 18 caracteres con fecha de nacimiento real.',
      nss: 'NSS no válido: 11 dígitos con dígito verificador.',
      clabe: 'CLABE no válida: 18 dígitos con dígito verificador.',
    });
    // A persona moral RFC (12) is not an employee's.
    expect(fields(await s.gql(CREATE, { i: person({ rfc: 'ABC900514AB1' }) }, rh))).toEqual({ rfc: 'RFC no válido: 13 caracteres de persona física (4 letras, fecha AAMMDD y homoclave).' });
    expect(await countEmployees(p.number)).toBe(0);
  });

  it('RFC and CURP must carry the birth date (YYMMDD)', async () => {
    const p = person({}, '1988-11-02');
    const r = await s.gql(CREATE, { i: { ...p, birthDate: '1988-11-03' } }, rh);
    expect(fields(r)).toEqual({
      rfc: 'La fecha del RFC (AAMMDD) no coincide con la fecha de nacimiento.',
      curp: 'La fecha de la CURP (AAMMDD) no coincide con la fecha de nacimiento.',
    });
    expect(await countEmployees(p.number)).toBe(0);
  });

  it('daily salary never below the minimum wage of the zone (general 315.04, frontera 440.87 in 2026)', async () => {
    const general = person({ dailySalary: '315.03' });
    expect(fields(await s.gql(CREATE, { i: general }, rh))).toEqual({ dailySalary: 'El salario diario no puede ser menor al salario mínimo general ($315.04).' });
    const border = person({ wageZone: 'frontera', dailySalary: '440.86' });
    expect(fields(await s.gql(CREATE, { i: border }, rh))).toEqual({ dailySalary: 'El salario diario no puede ser menor al salario mínimo de la Zona Libre de la Frontera Norte ($440.87).' });
    // 315.04 is above the general minimum but below the border one.
    expect(fields(await s.gql(CREATE, { i: person({ wageZone: 'frontera', dailySalary: '315.04' }) }, rh))).toEqual({
      dailySalary: 'El salario diario no puede ser menor al salario mínimo de la Zona Libre de la Frontera Norte ($440.87).',
    });
    expect(await countEmployees(general.number)).toBe(0);
    expect(await countEmployees(border.number)).toBe(0);
    expect((await create(person({ dailySalary: '315.04' }))).dailySalary).toBe('315.04');
    expect((await create(person({ wageZone: 'frontera', dailySalary: '440.87' }))).wageZone).toBe('frontera');
    expect(fields(await s.gql(CREATE, { i: person({ dailySalary: '0' }) }, rh))).toEqual({ dailySalary: 'Debe ser mayor a cero.' });
    expect(fields(await s.gql(CREATE, { i: person({ dailySalary: '500.123' }) }, rh))).toEqual({ dailySalary: 'Máximo 2 decimales.' });
  });

  it('dates out of order: hire before birth, more than 30 days ahead, younger than 15 at hire', async () => {
    expect(fields(await s.gql(CREATE, { i: person({ hireDate: '1990-05-01' }) }, rh))).toEqual({ hireDate: 'La fecha de ingreso debe ser posterior a la de nacimiento.' });
    expect(fields(await s.gql(CREATE, { i: person({ hireDate: addDays(today, 31) }) }, rh))).toEqual({ hireDate: 'La fecha de ingreso no puede ser más de 30 días en el futuro.' });
    // Born 1990-05-14: 15 on 2005-05-14; hired the day before.
    expect(fields(await s.gql(CREATE, { i: person({ hireDate: '2005-05-13' }) }, rh))).toEqual({ hireDate: 'El trabajador debe tener al menos 15 años cumplidos a la fecha de ingreso.' });
    expect((await create(person({ hireDate: '2005-05-14', workplaceId: null }))).hireDate).toBe('2005-05-14');
    expect((await create(person({ hireDate: addDays(today, 30) }))).yearsOfService).toBe(0);
    // The Date scalar itself refuses an impossible day.
    expect(fields(await s.gql(CREATE, { i: person({ birthDate: '1990-02-30' }) }, rh))).toEqual({ 'i.birthDate': 'Fecha: fecha no válida.' });
  });

  it('organisation: puesto of another área, plaza of another puesto, inactive plaza or área, unknown ids', async () => {
    expect(fields(await s.gql(CREATE, { i: person({ positionId: ids.aux }) }, rh))).toEqual({ positionId: 'El puesto no pertenece al área elegida.' });
    expect(fields(await s.gql(CREATE, { i: person({ areaId: ids.adminArea, positionId: ids.aux, workplaceId: ids.wp['TP-02'] }) }, rh))).toEqual({ workplaceId: 'La plaza es de otro puesto.' });
    expect(fields(await s.gql(CREATE, { i: person({ workplaceId: ids.wp['TP-OFF'] }) }, rh))).toEqual({ workplaceId: 'La plaza está inactiva.' });
    expect(fields(await s.gql(CREATE, { i: person({ areaId: '999999', positionId: '999998', workplaceId: '999997' }) }, rh))).toEqual({
      areaId: 'El área no existe.',
      positionId: 'El puesto no existe.',
      workplaceId: 'La plaza no existe.',
    });
    expect(await vacant()).toContain('TP-02');
  });

  it('number and CURP are unique', async () => {
    const first = await create(person());
    const again = person({ number: first.number.toLowerCase(), curp: first.curp });
    expect(fields(await s.gql(CREATE, { i: again }, rh))).toEqual({ number: 'Ya existe un empleado con ese número.', curp: 'Ya existe un empleado con esa CURP.' });
  });

  it('a plaza has one holder: a second one is refused on workplaceId', async () => {
    const p = person({ workplaceId: ids.wp['TP-01'] });
    expect(fields(await s.gql(CREATE, { i: p }, rh))).toEqual({ workplaceId: 'La plaza TP-01 ya está ocupada por otro empleado.' });
    expect(await countEmployees(p.number)).toBe(0);
  });

  it('two simultaneous creates claiming the same plaza: exactly one wins', async () => {
    const a = person({ workplaceId: ids.wp['TP-03'] });
    const b = person({ workplaceId: ids.wp['TP-03'] });
    const results = await Promise.all([s.gql(CREATE, { i: a }, rh), s.gql(CREATE, { i: b }, admin)]);
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(fields(lost[0])).toEqual({ workplaceId: 'La plaza TP-03 ya está ocupada por otro empleado.' });
    expect((await countEmployees(a.number)) + (await countEmployees(b.number))).toBe(1);
    const holders = (await gqlOk('{ rhEmployees(list:{search:"Pérez", pageSize:200}){ items { workplaceCode } } }')).rhEmployees.items.filter((e: { workplaceCode: string | null }) => e.workplaceCode === 'TP-03');
    expect(holders).toHaveLength(1);
  });
});

describe('update, baja and reingreso', () => {
  it('update: stale version is CONFLICT; salary and plaza changes go to the history; leaving a plaza frees it', async () => {
    const e = await create(person({ workplaceId: ids.wp['TP-04'] }));
    const moved = (await gqlOk(UPDATE, { id: e.id, v: e.version, i: inputOf(e, { workplaceId: ids.wp['TP-05'], dailySalary: '550.00' }) })).rhEmployeeUpdate;
    expect(moved).toMatchObject({ workplaceCode: 'TP-05', dailySalary: '550', version: 2 });
    expect(moved.history.map((h: { event: string }) => h.event).sort()).toEqual(['alta', 'plaza', 'salario']);
    expect(moved.history.find((h: { event: string }) => h.event === 'plaza')).toMatchObject({ eventLabel: 'Cambio de plaza', date: today, reason: 'De la plaza TP-04 a la TP-05', workplaceCode: 'TP-05' });
    expect(moved.history.find((h: { event: string }) => h.event === 'salario')).toMatchObject({ eventLabel: 'Cambio de salario', dailySalary: '550', reason: 'De 500.00 a 550.00' });
    expect(await vacant()).toEqual(expect.arrayContaining(['TP-04']));
    const stale = await s.gql(UPDATE, { id: e.id, v: 1, i: inputOf(e, { names: 'Otro' }) }, rh);
    expect(stale.errors?.[0].extensions?.code).toBe('CONFLICT');
    const out = (await gqlOk(UPDATE, { id: e.id, v: 2, i: inputOf(moved, { workplaceId: null }) })).rhEmployeeUpdate;
    expect(out.workplaceCode).toBeNull();
    expect(await vacant()).toEqual(expect.arrayContaining(['TP-04', 'TP-05']));
    // Puesto of another área on update too, nothing changed.
    expect(fields(await s.gql(UPDATE, { id: e.id, v: out.version, i: inputOf(out, { positionId: ids.aux }) }, rh))).toEqual({ positionId: 'El puesto no pertenece al área elegida.' });
    expect(fields(await s.gql(UPDATE, { id: e.id, v: out.version, i: inputOf(out, { workplaceId: ids.wp['TP-01'] }) }, rh))).toEqual({ workplaceId: 'La plaza TP-01 ya está ocupada por otro empleado.' });
    expect((await gqlOk('query($id:ID!){ rhEmployee(id:$id){ version names: fullName } }', { id: e.id })).rhEmployee.version).toBe(out.version);
  });

  it('baja: date not before the hire date and a reason; frees the plaza; a second baja is CONFLICT', async () => {
    const e = await create(person({ workplaceId: ids.wp['TP-06'] }));
    expect(fields(await s.gql(TERMINATE, { id: e.id, v: e.version, i: { date: addDays(e.hireDate, -1), reason: 'Renuncia' } }, rh))).toEqual({
      date: `La fecha de baja no puede ser anterior a la fecha de ingreso (${e.hireDate}).`,
    });
    expect(fields(await s.gql(TERMINATE, { id: e.id, v: e.version, i: { date: today, reason: '  ' } }, rh))).toEqual({ reason: 'Indica el motivo.' });
    expect(await vacant()).not.toContain('TP-06');
    const baja = (await gqlOk(TERMINATE, { id: e.id, v: e.version, i: { date: addDays(today, -3), reason: 'Renuncia voluntaria' } })).rhEmployeeTerminate;
    expect(baja).toMatchObject({ status: 'baja', terminationDate: addDays(today, -3), terminationReason: 'Renuncia voluntaria', workplaceCode: null });
    expect(baja.history[0]).toMatchObject({ event: 'baja', eventLabel: 'Baja', date: addDays(today, -3), reason: 'Renuncia voluntaria', workplaceCode: 'TP-06' });
    expect(await vacant()).toContain('TP-06');
    const twice = await s.gql(TERMINATE, { id: e.id, v: baja.version, i: { date: today, reason: 'Otra' } }, rh);
    expect(twice.errors?.[0]).toMatchObject({ message: 'El empleado ya está dado de baja.', extensions: { code: 'CONFLICT' } });
    // Out of the pickers of other modules and of the active filter.
    const options = (await gqlOk('query($s:String){ rhEmployeeOptions(search:$s){ id } }', { s: e.number })).rhEmployeeOptions;
    expect(options).toEqual([]);
    const inBaja = (await gqlOk('query($s:String){ rhEmployees(list:{search:$s}, filter:{status:baja}){ total } }', { s: e.number })).rhEmployees.total;
    expect(inBaja).toBe(1);
  });

  it('reingreso: only from baja, after the baja date; hire date moves, first hire date and history stay', async () => {
    const e = await create(person({ hireDate: '2019-03-01' }));
    const notBaja = await s.gql(REHIRE, { id: e.id, v: e.version, i: { hireDate: today } }, rh);
    expect(notBaja.errors?.[0]).toMatchObject({ message: 'Solo se puede registrar el reingreso de un empleado dado de baja.', extensions: { code: 'CONFLICT' } });
    const baja = (await gqlOk(TERMINATE, { id: e.id, v: e.version, i: { date: addDays(today, -60), reason: 'Fin de obra' } })).rhEmployeeTerminate;
    expect(fields(await s.gql(REHIRE, { id: e.id, v: baja.version, i: { hireDate: addDays(today, -60) } }, rh))).toEqual({
      hireDate: `La fecha de reingreso debe ser posterior a la fecha de baja (${addDays(today, -60)}).`,
    });
    expect(fields(await s.gql(REHIRE, { id: e.id, v: baja.version, i: { hireDate: today, dailySalary: '300' } }, rh))).toEqual({
      dailySalary: 'El salario diario no puede ser menor al salario mínimo general ($315.04).',
    });
    expect(fields(await s.gql(REHIRE, { id: e.id, v: baja.version, i: { hireDate: today, workplaceId: ids.wp['AP-01'] } }, rh))).toEqual({ workplaceId: 'La plaza es de otro puesto.' });
    const back = (await gqlOk(REHIRE, { id: e.id, v: baja.version, i: { hireDate: addDays(today, -1), workplaceId: ids.wp['TP-07'], dailySalary: '610.50', reason: 'Nuevo proyecto' } })).rhEmployeeRehire;
    expect(back).toMatchObject({ status: 'activo', hireDate: addDays(today, -1), firstHireDate: '2019-03-01', terminationDate: null, dailySalary: '610.5', workplaceCode: 'TP-07', yearsOfService: 0 });
    expect(back.history.map((h: { event: string }) => h.event)).toEqual(['reingreso', 'baja', 'alta']);
    expect(back.history[0]).toMatchObject({ eventLabel: 'Reingreso', reason: 'Nuevo proyecto', dailySalary: '610.5', workplaceCode: 'TP-07' });
    // Less than a year since the reingreso: 12 vacation days, factor 1 + (15 + 3) / 365 = 1.04931… → 1.0493; 610.50 × 1.0493 = 640.60 (640.59865).
    expect(back).toMatchObject({ integrationFactor: '1.0493', sdi: '640.6' });
  });
});

describe('trabajador de confianza (art. 127 fr. II LFT: the PTU salary cap)', () => {
  it('no by default; RH marks it on create and update (audited); Consulta is FORBIDDEN; a non-boolean is refused; still editable after the baja', async () => {
    const plain = await create(person());
    expect(plain.trustWorker).toBe(false);
    const e = await create(person({ trustWorker: true }));
    expect(e.trustWorker).toBe(true);
    const off = (await gqlOk(UPDATE, { id: e.id, v: e.version, i: inputOf(e, { trustWorker: false }) })).rhEmployeeUpdate;
    expect(off).toMatchObject({ trustWorker: false, version: e.version + 1 });
    const audit = (await gqlOk('query($i:String){ auditEntries(entity:"rh_employee", entityId:$i){ items { action before after } } }', { i: e.id }, admin)).auditEntries.items as { action: string; before: any; after: any }[];
    expect(audit.find((a) => a.action === 'create')?.after.trustWorker).toBe(true);
    expect(audit.find((a) => a.action === 'update')).toMatchObject({ before: { trustWorker: true }, after: { trustWorker: false } });
    // Consulta sees it but cannot change it; nothing written.
    expect((await s.gql(UPDATE, { id: e.id, v: off.version, i: inputOf(off, { trustWorker: true }) }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await s.gql(CREATE, { i: person({ number: 'CONF-NO', trustWorker: true }) }, viewer)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Not a yes/no: refused before the service runs.
    const bad = await s.gql(UPDATE, { id: e.id, v: off.version, i: inputOf(off, { trustWorker: 'sí' }) }, rh);
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(await countEmployees('CONF-NO')).toBe(0);
    expect((await gqlOk('query($id:ID!){ rhEmployee(id:$id){ trustWorker version } }', { id: e.id }, viewer)).rhEmployee).toEqual({ trustWorker: false, version: off.version });
    // After the baja the PTU of the ejercicio is still to be paid: «de confianza» stays editable, the name does not.
    const baja = (await gqlOk(TERMINATE, { id: e.id, v: off.version, i: { date: today, reason: 'Renuncia voluntaria' } })).rhEmployeeTerminate;
    expect(fields(await s.gql(UPDATE, { id: e.id, v: baja.version, i: inputOf(baja, { trustWorker: true, names: 'Otro' }) }, rh))).toEqual({
      names: 'El empleado está dado de baja: registra su reingreso para cambiar este dato.',
    });
    const marked = (await gqlOk(UPDATE, { id: e.id, v: baja.version, i: inputOf(baja, { trustWorker: true }) })).rhEmployeeUpdate;
    expect(marked).toMatchObject({ status: 'baja', trustWorker: true });
  });
});

describe('photo and documents', () => {
  it('photo: images only; replacing it keeps one; the file is guarded by Empleados', async () => {
    const e = await create(person());
    const pdf = await s.uploadId(rh, PDF, 'foto.pdf');
    expect(fields(await s.gql(PHOTO, { e: e.id, f: pdf }, rh))).toEqual({ fileId: 'Tipo de archivo no permitido aquí. Sube PNG, JPG, WEBP.' });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const photo = (await gqlOk(PHOTO, { e: e.id, f: await s.uploadId(rh, png, 'foto.png') })).rhEmployeePhotoSet.photo;
    expect(photo).toMatchObject({ fileName: 'foto.png', fileType: 'png' });
    expect(photo.previewUrl).toBe(`/api/files/${photo.id}/preview`);
    expect((await s.download(viewer, photo.url)).status).toBe(200);
    expect((await s.download(seller, photo.url)).status).toBe(403);
    const second = (await gqlOk(PHOTO, { e: e.id, f: await s.uploadId(rh, png, 'foto2.png') })).rhEmployeePhotoSet.photo;
    expect(second.fileName).toBe('foto2.png');
    expect((await s.download(rh, photo.url)).status).toBe(404);
  });

  it('one entry per document type; state faltante / vigente / por vencer / vencido; expiry required when the type expires; alerts and the filter', async () => {
    const e = await create(person());
    const byType = (emp: { documents: { documentTypeId: string }[] }, id: string) => emp.documents.find((d) => d.documentTypeId === id) as Record<string, any>;
    expect(byType(e, ids.ine)).toMatchObject({ id: null, state: 'faltante', required: true, expires: true, file: null });
    expect(byType(e, ids.acta)).toMatchObject({ id: null, state: 'faltante', required: true });
    expect(byType(e, ids.licencia)).toMatchObject({ id: null, required: false });
    // INE and acta missing.
    expect(e.documentAlerts).toBe(2);

    const noDate = await s.gql(DOC_ADD, { e: e.id, i: { documentTypeId: ids.ine, fileId: await s.uploadId(rh, PDF, 'ine.pdf') } }, rh);
    expect(fields(noDate)).toEqual({ expiresOn: 'Este documento vence: indica la fecha de vencimiento.' });
    expect(byType((await gqlOk(`query($id:ID!){ rhEmployee(id:$id){ ${EMPLOYEE} } }`, { id: e.id })).rhEmployee, ids.ine).state).toBe('faltante');

    // Expired yesterday → vencido (still an alert).
    let after = (await gqlOk(DOC_ADD, { e: e.id, i: { documentTypeId: ids.ine, fileId: await s.uploadId(rh, PDF, 'ine.pdf'), expiresOn: addDays(today, -1) } })).rhEmployeeDocumentAdd;
    expect(byType(after, ids.ine)).toMatchObject({ state: 'vencido', expiresOn: addDays(today, -1) });
    expect(after.documentAlerts).toBe(2);
    // The acta does not expire: a date given is ignored.
    after = (await gqlOk(DOC_ADD, { e: e.id, i: { documentTypeId: ids.acta, fileId: await s.uploadId(rh, PDF, 'acta.pdf'), expiresOn: '2030-01-01' } })).rhEmployeeDocumentAdd;
    expect(byType(after, ids.acta)).toMatchObject({ state: 'vigente', expiresOn: null });
    expect(after.documentAlerts).toBe(1);
    // A newer INE due in 30 days (the warning window, inclusive) → por vencer; no longer an alert, but listed by the filter.
    after = (await gqlOk(DOC_ADD, { e: e.id, i: { documentTypeId: ids.ine, fileId: await s.uploadId(rh, PDF, 'ine2.pdf'), expiresOn: addDays(today, 30) } })).rhEmployeeDocumentAdd;
    expect(byType(after, ids.ine)).toMatchObject({ state: 'por_vencer', expiresOn: addDays(today, 30) });
    expect(after.documentAlerts).toBe(0);
    const filtered = async (flag: boolean) =>
      (await gqlOk('query($s:String,$f:Boolean){ rhEmployees(list:{search:$s}, filter:{documentAlerts:$f}){ total } }', { s: e.number, f: flag })).rhEmployees.total;
    expect(await filtered(true)).toBe(1);
    // The licence is optional and due in 31 days with 15 days of warning → vigente.
    after = (await gqlOk(DOC_ADD, { e: e.id, i: { documentTypeId: ids.licencia, fileId: await s.uploadId(rh, PDF, 'lic.pdf'), expiresOn: addDays(today, 31) } })).rhEmployeeDocumentAdd;
    expect(byType(after, ids.licencia)).toMatchObject({ state: 'vigente' });
    // INE due in 31 days → vigente: no alerts left.
    after = (await gqlOk(DOC_ADD, { e: e.id, i: { documentTypeId: ids.ine, fileId: await s.uploadId(rh, PDF, 'ine3.pdf'), expiresOn: addDays(today, 31) } })).rhEmployeeDocumentAdd;
    expect(byType(after, ids.ine).state).toBe('vigente');
    expect(await filtered(true)).toBe(0);
    expect(await filtered(false)).toBe(1);

    const file = byType(after, ids.ine).file;
    expect((await s.download(viewer, file.url)).status).toBe(200);
    expect((await s.download(seller, file.url)).status).toBe(403);
    // Removing the latest INE shows the previous one again (por vencer).
    const removed = (await gqlOk(DOC_REMOVE, { id: byType(after, ids.ine).id })).rhEmployeeDocumentRemove;
    expect(byType(removed, ids.ine)).toMatchObject({ state: 'por_vencer', expiresOn: addDays(today, 30) });
    expect((await s.download(rh, file.url)).status).toBe(404);
    expect((await s.gql(DOC_REMOVE, { id: '999999' }, rh)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    // Unknown type and a file that is not there.
    expect(fields(await s.gql(DOC_ADD, { e: e.id, i: { documentTypeId: '999999', fileId: await s.uploadId(rh, PDF, 'x.pdf') } }, rh))).toEqual({ documentTypeId: 'El tipo de documento no existe.' });
    expect(fields(await s.gql(DOC_ADD, { e: e.id, i: { documentTypeId: ids.acta, fileId: '00000000-0000-4000-8000-000000000000' } }, rh))).toEqual({ fileId: 'El archivo no existe o expiró: vuelve a subirlo.' });
  });
});

describe('list, options and import', () => {
  it('searches number, name, RFC and CURP; filters área, puesto, frequency; sorts; refuses a bad sort', async () => {
    const e = await create(person({ names: 'Zacarías', lastName: 'Quintero', payFrequency: 'semanal', areaId: ids.adminArea, positionId: ids.aux, dailySalary: '400.00' }));
    for (const term of [e.number, 'zacarías quintero', 'Quintero Gómez', e.rfc.toLowerCase(), e.curp]) expect(await countEmployees(term)).toBe(1);
    const list = async (filter: Record<string, unknown>) => (await gqlOk('query($f:RhEmployeeFilter){ rhEmployees(filter:$f, list:{pageSize:200}){ total items { id payFrequency areaId } } }', { f: filter })).rhEmployees;
    const aux = await list({ positionId: ids.aux });
    expect(aux.items.map((x: { id: string }) => x.id)).toContain(e.id);
    expect((await list({ areaId: ids.adminArea, payFrequency: 'semanal' })).items.every((x: { payFrequency: string; areaId: string }) => x.payFrequency === 'semanal' && x.areaId === ids.adminArea)).toBe(true);
    const sorted = (await gqlOk('{ rhEmployees(list:{sortBy:"dailySalary", sortDirection:DESC, pageSize:200}){ items { dailySalary } } }')).rhEmployees.items.map((x: { dailySalary: string }) => Number(x.dailySalary));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expect(fields(await s.gql('{ rhEmployees(list:{sortBy:"rfc"}){ total } }', {}, rh))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
    const options = (await gqlOk('query($s:String){ rhEmployeeOptions(search:$s, limit:5){ id number fullName positionName areaName } }', { s: 'zacarías' }, seller)).rhEmployeeOptions;
    expect(options).toEqual([{ id: e.id, number: e.number, fullName: 'Quintero Gómez Zacarías', positionName: 'Auxiliar de prueba', areaName: 'Administración de prueba' }]);
    expect(fields(await s.gql('{ rhEmployeeOptions(limit:51){ id } }', {}, seller))).toEqual({ limit: 'El límite debe estar entre 1 y 50.' });
  });

  it('«Agrupar por» counts the list\'s own employees (search and filter) by área, puesto, estado and frecuencia, paged; a bad sort is refused', async () => {
    // Three employees only this search finds: two semanales in Operaciones/Técnico, one quincenal in Administración/Auxiliar.
    await create(person({ names: 'Ana', lastName: 'Agrupadoz', payFrequency: 'semanal', areaId: ids.opsArea, positionId: ids.tech }));
    await create(person({ names: 'Beto', lastName: 'Agrupadoz', payFrequency: 'semanal', areaId: ids.opsArea, positionId: ids.tech }));
    await create(person({ names: 'Carla', lastName: 'Agrupadoz', payFrequency: 'quincenal', areaId: ids.adminArea, positionId: ids.aux }));
    const GROUPS = `query($g:RhEmployeeGroupBy!,$f:RhEmployeeFilter,$l:ListInput){ rhEmployeeGroups(groupBy:$g, filter:$f, list:$l){
      totalGroups groups { key label count subtotal tax total balance } grandTotal { label count total } } }`;
    const groups = async (g: string, f: Record<string, unknown> | null = null, l: Record<string, unknown> = { search: 'agrupadoz' }, token = viewer) =>
      (await gqlOk(GROUPS, { g, f, l }, token)).rhEmployeeGroups;
    const zero = { subtotal: '0', tax: '0', total: '0', balance: '0' };
    expect(await groups('AREA')).toEqual({
      totalGroups: 2,
      groups: [
        { key: ids.opsArea, label: 'Operaciones de prueba', count: 2, ...zero },
        { key: ids.adminArea, label: 'Administración de prueba', count: 1, ...zero },
      ],
      grandTotal: { label: 'Total general', count: 3, total: '0' },
    });
    expect((await groups('POSITION')).groups.map((x: { label: string; count: number }) => [x.label, x.count])).toEqual([['Técnico de prueba', 2], ['Auxiliar de prueba', 1]]);
    expect((await groups('FREQUENCY')).groups.map((x: { key: string; label: string; count: number }) => [x.key, x.label, x.count])).toEqual([['quincenal', 'Quincenal', 1], ['semanal', 'Semanal', 2]]);
    expect((await groups('STATUS')).groups.map((x: { key: string; label: string; count: number }) => [x.key, x.label, x.count])).toEqual([['activo', 'Activo', 3]]);
    // The list's filter applies (only Administración), and a page of one group at a time.
    expect((await groups('FREQUENCY', { areaId: ids.adminArea })).groups.map((x: { key: string }) => x.key)).toEqual(['quincenal']);
    const second = await groups('AREA', null, { search: 'agrupadoz', page: 2, pageSize: 1 });
    expect([second.totalGroups, second.groups.map((x: { key: string }) => x.key), second.grandTotal.count]).toEqual([2, [ids.adminArea], 3]);
    // Same rows as the list.
    expect((await gqlOk('{ rhEmployees(list:{search:"agrupadoz"}){ total } }')).rhEmployees.total).toBe(3);
    expect(fields(await s.gql('{ rhEmployeeGroups(groupBy: AREA, list:{sortBy:"rfc"}){ totalGroups } }', {}, rh))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
    expect((await s.gql('{ rhEmployeeGroups(groupBy: AREA){ totalGroups } }', {}, seller)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('import: all or nothing, messages per row (rows.<n>.<field>); área, puesto and plaza by name and code', async () => {
    const row = (p: ReturnType<typeof person>, extra: Record<string, string> = {}) => ({
      number: p.number, names: p.names, lastName: p.lastName, secondLastName: p.secondLastName, rfc: p.rfc, curp: p.curp, nss: p.nss,
      birthDate: `${p.birthDate.slice(8, 10)}/${p.birthDate.slice(5, 7)}/${p.birthDate.slice(0, 4)}`, hireDate: p.hireDate,
      area: 'operaciones de prueba', position: 'TÉCNICO DE PRUEBA', payFrequency: 'Quincenal', dailySalary: '$1,250.50', clabe: p.clabe, ...extra,
    });
    const good1 = person();
    const good2 = person();
    const bad = person({}, '1985-01-20');
    const rows = [
      row(good1, { workplace: 'tp-08' }),
      row(good2, { position: 'Auxiliar de prueba' }),
      row(bad, { rfc: 'XXXX', dailySalary: '100', area: 'Bodega' }),
      row(good2, { curp: good1.curp }),
      row(person(), { workplace: 'TP-01' }),
    ];
    const r = await s.gql(IMPORT, { r: rows }, rh);
    expect(r.errors?.[0].message).toBe('Hay 4 filas con errores; no se importó ningún empleado.');
    expect(fields(r)).toEqual({
      'rows.1.position': 'No existe un puesto activo «Auxiliar de prueba» en el área.',
      'rows.2.area': 'No existe un área activa llamada «Bodega».',
      'rows.2.rfc': 'RFC no válido: 13 caracteres de persona física (4 letras, fecha AAMMDD y homoclave).',
      'rows.3.number': 'El número de empleado se repite en el archivo.',
      'rows.3.curp': 'La CURP se repite en el archivo.',
      'rows.4.workplace': 'La plaza TP-01 ya está ocupada por otro empleado.',
    });
    expect(await countEmployees(good1.number)).toBe(0);
    expect(await vacant()).toContain('TP-08');

    const minimum = await s.gql(IMPORT, { r: [row(good1, { dailySalary: '300' })] }, rh);
    expect(fields(minimum)).toEqual({ 'rows.0.dailySalary': 'El salario diario no puede ser menor al salario mínimo general ($315.04).' });
    expect(fields(await s.gql(IMPORT, { r: [] }, rh))).toEqual({ rows: 'El archivo no tiene filas para importar.' });

    const ok = await gqlOk(IMPORT, { r: [row(good1, { workplace: 'tp-08' }), row(good2)] });
    expect(ok.rhEmployeeImport.created).toBe(2);
    const imported = (await gqlOk(`query($s:String){ rhEmployees(list:{search:$s}){ items { ${EMPLOYEE} } } }`, { s: good1.number })).rhEmployees.items[0];
    expect(imported).toMatchObject({ birthDate: good1.birthDate, dailySalary: '1250.5', payFrequency: 'quincenal', workplaceCode: 'TP-08', wageZone: 'general' });
    expect(imported.history).toEqual([expect.objectContaining({ event: 'alta', workplaceCode: 'TP-08' })]);
    // The same file again: both numbers and CURPs are taken now.
    expect(fields(await s.gql(IMPORT, { r: [row(good1), row(good2)] }, rh))).toEqual({
      'rows.0.number': 'Ya existe un empleado con ese número.',
      'rows.0.curp': 'Ya existe un empleado con esa CURP.',
      'rows.1.number': 'Ya existe un empleado con ese número.',
      'rows.1.curp': 'Ya existe un empleado con esa CURP.',
    });
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Empleados by hire date (alta)', async () => {
    await checkDateRange(s, rh, { field: 'rhEmployees', filterType: 'RhEmployeeFilter', dateField: 'hireDate' });
  });
});
