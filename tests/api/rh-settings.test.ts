// Configuración RH over HTTP: áreas, puestos, plazas, document types and
// payroll concepts — who may read and write them, the field messages of bad
// input (nothing written when refused), optimistic versions, the demo
// organisation and the employee form's catalogues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type TestServer } from './harness';
import { conflictMessage, fieldsOf as fields, okData } from './answers';

let s: TestServer;
let rh: string; // Recursos Humanos
let admin: string;
let seller: string; // no Recursos Humanos
let viewer: string; // Consulta: only `ver`

beforeAll(async () => {
  s = await startServer();
  [rh, admin, seller, viewer] = await Promise.all([s.login('rh@demo.mx'), s.login(ADMIN_EMAIL), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const CONFLICT = 'Otro usuario modificó este registro. Recarga la página para ver los cambios.';

const gqlOk = async (query: string, variables: Record<string, unknown> = {}, token = rh) => okData(await s.gql(query, variables, token));
const total = async (query: string, variables: Record<string, unknown> = {}) => {
  const d = await gqlOk(query, variables);
  return (Object.values(d)[0] as { total: number }).total;
};

const AREA = 'id name active positionCount employeeCount version';
const POSITION = 'id areaId areaName name baseDailySalary active workplaceCount employeeCount version';
const WORKPLACE = 'id code positionId positionName areaId areaName authorizedDailySalary location notes status holderId holderName holderNumber active version';
const DOCTYPE = 'id name required expires warningDays active version';
const CONCEPT = 'id code name kind satCode taxableRule exemptUma systemKey active version';

const AREA_CREATE = `mutation($i:RhAreaInput!){ rhAreaCreate(input:$i){ ${AREA} } }`;
const AREA_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhAreaInput!){ rhAreaUpdate(id:$id,version:$v,input:$i){ ${AREA} } }`;
const POSITION_CREATE = `mutation($i:RhPositionInput!){ rhPositionCreate(input:$i){ ${POSITION} } }`;
const POSITION_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhPositionInput!){ rhPositionUpdate(id:$id,version:$v,input:$i){ ${POSITION} } }`;
const WORKPLACE_CREATE = `mutation($i:RhWorkplaceInput!){ rhWorkplaceCreate(input:$i){ ${WORKPLACE} } }`;
const WORKPLACE_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhWorkplaceInput!){ rhWorkplaceUpdate(id:$id,version:$v,input:$i){ ${WORKPLACE} } }`;
const DOCTYPE_CREATE = `mutation($i:RhDocumentTypeInput!){ rhDocumentTypeCreate(input:$i){ ${DOCTYPE} } }`;
const DOCTYPE_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhDocumentTypeInput!){ rhDocumentTypeUpdate(id:$id,version:$v,input:$i){ ${DOCTYPE} } }`;
const CONCEPT_CREATE = `mutation($i:RhConceptInput!){ rhConceptCreate(input:$i){ ${CONCEPT} } }`;
const CONCEPT_UPDATE = `mutation($id:ID!,$v:Int!,$i:RhConceptInput!){ rhConceptUpdate(id:$id,version:$v,input:$i){ ${CONCEPT} } }`;

describe('permissions: every Configuración RH operation', () => {
  const OPS: { name: string; query: string; needs: string }[] = [
    { name: 'rhAreas', query: '{ rhAreas { total } }', needs: 'ver' },
    { name: 'rhPositions', query: '{ rhPositions { total } }', needs: 'ver' },
    { name: 'rhWorkplaces', query: '{ rhWorkplaces { total } }', needs: 'ver' },
    { name: 'rhWorkplace', query: '{ rhWorkplace(id:"1"){ id } }', needs: 'ver' },
    { name: 'rhDocumentTypes', query: '{ rhDocumentTypes { total } }', needs: 'ver' },
    { name: 'rhConcepts', query: '{ rhConcepts { total } }', needs: 'ver' },
    { name: 'rhEmployeeFormOptions', query: '{ rhEmployeeFormOptions { minimumWageGeneral } }', needs: 'ver' },
    { name: 'rhCaptureConcepts', query: '{ rhCaptureConcepts { id } }', needs: 'ver' },
    { name: 'rhAreaCreate', query: 'mutation{ rhAreaCreate(input:{name:"Intruso",active:true}){ id } }', needs: 'crear' },
    { name: 'rhAreaUpdate', query: 'mutation{ rhAreaUpdate(id:"1",version:1,input:{name:"Intruso",active:true}){ id } }', needs: 'editar' },
    { name: 'rhPositionCreate', query: 'mutation{ rhPositionCreate(input:{areaId:"1",name:"Intruso",baseDailySalary:"400",active:true}){ id } }', needs: 'crear' },
    { name: 'rhPositionUpdate', query: 'mutation{ rhPositionUpdate(id:"1",version:1,input:{areaId:"1",name:"Intruso",baseDailySalary:"400",active:true}){ id } }', needs: 'editar' },
    { name: 'rhWorkplaceCreate', query: 'mutation{ rhWorkplaceCreate(input:{code:"INTRUSO-1",positionId:"1",authorizedDailySalary:"400",active:true}){ id } }', needs: 'crear' },
    { name: 'rhWorkplaceUpdate', query: 'mutation{ rhWorkplaceUpdate(id:"1",version:1,input:{code:"INTRUSO-1",positionId:"1",authorizedDailySalary:"400",active:true}){ id } }', needs: 'editar' },
    { name: 'rhDocumentTypeCreate', query: 'mutation{ rhDocumentTypeCreate(input:{name:"Intruso",required:true,expires:false,warningDays:0,active:true}){ id } }', needs: 'crear' },
    { name: 'rhDocumentTypeUpdate', query: 'mutation{ rhDocumentTypeUpdate(id:"1",version:1,input:{name:"Intruso",required:true,expires:false,warningDays:0,active:true}){ id } }', needs: 'editar' },
    { name: 'rhConceptCreate', query: 'mutation{ rhConceptCreate(input:{code:"INTRUSO",name:"Intruso",kind:percepcion,satCode:"038",taxableRule:gravado,active:true}){ id } }', needs: 'crear' },
    { name: 'rhConceptUpdate', query: 'mutation{ rhConceptUpdate(id:"1",version:1,input:{code:"INTRUSO",name:"Intruso",kind:percepcion,satCode:"038",taxableRule:gravado,active:true}){ id } }', needs: 'editar' },
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
  it('refused calls wrote nothing', async () => {
    expect(await total('{ rhAreas(list:{search:"Intruso"}){ total } }')).toBe(0);
    expect(await total('{ rhPositions(list:{search:"Intruso"}){ total } }')).toBe(0);
    expect(await total('{ rhWorkplaces(list:{search:"INTRUSO"}){ total } }')).toBe(0);
    expect(await total('{ rhDocumentTypes(list:{search:"Intruso"}){ total } }')).toBe(0);
    expect(await total('{ rhConcepts(list:{search:"Intruso"}){ total } }')).toBe(0);
  });
});

describe('the demo organisation and catalogues', () => {
  it('3 áreas, 10 puestos (the entry ones at the 2026 minimum wage), 64 plazas with área prefixes', async () => {
    const areas = (await gqlOk(`{ rhAreas { total items { ${AREA} } } }`)).rhAreas;
    expect(areas.items.map((a: { name: string }) => a.name).sort()).toEqual(['Administración', 'Mantenimiento Industrial', 'Operaciones']);
    const positions = (await gqlOk(`{ rhPositions(list:{pageSize:50}) { total items { ${POSITION} } } }`)).rhPositions;
    expect(positions.total).toBe(10);
    const atMinimum = positions.items.filter((p: { baseDailySalary: string }) => p.baseDailySalary === '315.04').map((p: { name: string }) => p.name).sort();
    expect(atMinimum).toEqual(['Auxiliar de mantenimiento', 'Ayudante general']);
    expect(positions.items.every((p: { baseDailySalary: string }) => Number(p.baseDailySalary) >= 315.04)).toBe(true);
    // 3 + 8 + 10 + 14 in Operaciones, 6 + 7 + 8 in Mantenimiento, 2 + 2 + 4 in Administración.
    expect(await total('{ rhWorkplaces(list:{search:"OPE-"}){ total } }')).toBe(35);
    expect(await total('{ rhWorkplaces(list:{search:"MAN-"}){ total } }')).toBe(21);
    expect(await total('{ rhWorkplaces(list:{search:"ADM-"}){ total } }')).toBe(8);
    const ayudante = positions.items.find((p: { name: string }) => p.name === 'Ayudante general');
    expect(ayudante.workplaceCount).toBe(14);
    const operaciones = areas.items.find((a: { name: string }) => a.name === 'Operaciones');
    expect(operaciones.positionCount).toBe(4);
  });

  it('document types and captured concepts; no system concept comes from this seed', async () => {
    const docs = (await gqlOk(`{ rhDocumentTypes(list:{pageSize:50}) { items { ${DOCTYPE} } } }`)).rhDocumentTypes.items;
    const ine = docs.find((d: { name: string }) => d.name === 'INE');
    expect(ine).toMatchObject({ required: true, expires: true, warningDays: 60 });
    expect(docs.find((d: { name: string }) => d.name === 'Acta de nacimiento')).toMatchObject({ required: true, expires: false });
    expect(docs.find((d: { name: string }) => d.name === 'Licencia de conducir')).toMatchObject({ required: false, expires: true, warningDays: 30 });
    const concepts = (await gqlOk(`{ rhConcepts(list:{pageSize:200}) { items { ${CONCEPT} } } }`)).rhConcepts.items;
    expect(concepts.find((c: { name: string }) => c.name === 'Vales de despensa')).toMatchObject({ kind: 'percepcion', satCode: '029', taxableRule: 'exento_uma', exemptUma: '1', systemKey: null });
    expect(concepts.find((c: { name: string }) => c.name === 'Anticipo de salario')).toMatchObject({ kind: 'deduccion', satCode: '012', systemKey: null });
    const capture = (await gqlOk('{ rhCaptureConcepts { name systemKey active } }')).rhCaptureConcepts;
    expect(capture.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Bono de puntualidad', 'Premio de asistencia', 'Vales de despensa', 'Descuento por daños', 'Anticipo de salario']));
    expect(capture.every((c: { systemKey: string | null; active: boolean }) => c.systemKey === null && c.active)).toBe(true);
  });

  it('the employee form gets active catalogues, vacant plazas and the minimum wages of the current year', async () => {
    const o = (await gqlOk(`{ rhEmployeeFormOptions { areas { name } positions { name active } workplaces { code status active } documentTypes { name } minimumWageGeneral minimumWageBorder } }`)).rhEmployeeFormOptions;
    expect(o.areas.length).toBeGreaterThanOrEqual(3);
    expect(o.positions.every((p: { active: boolean }) => p.active)).toBe(true);
    expect(o.workplaces.length).toBeGreaterThan(0);
    expect(o.workplaces.every((w: { status: string; active: boolean }) => w.status === 'vacante' && w.active)).toBe(true);
    expect(o.documentTypes.map((d: { name: string }) => d.name)).toContain('Contrato laboral');
    // The fiscal tables ship 2025 and 2026 (MX_FISCAL.md): general and frontera minimum wages of the year.
    const year = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric' }).format(new Date()));
    const expected: Record<number, [string, string]> = { 2025: ['278.8', '419.88'], 2026: ['315.04', '440.87'] };
    expect([o.minimumWageGeneral, o.minimumWageBorder]).toEqual(expected[year] ?? ['0', '0']);
  });
});

describe('áreas', () => {
  it('creates, refuses a repeated name in any case or an empty one, edits with its version', async () => {
    const a = (await gqlOk(AREA_CREATE, { i: { name: 'Seguridad Patrimonial', active: true } })).rhAreaCreate;
    expect(a).toMatchObject({ name: 'Seguridad Patrimonial', active: true, positionCount: 0, employeeCount: 0, version: 1 });
    expect(fields(await s.gql(AREA_CREATE, { i: { name: 'seguridad PATRIMONIAL', active: true } }, rh))).toEqual({ name: 'Ya existe un área con ese nombre.' });
    expect(fields(await s.gql(AREA_CREATE, { i: { name: '   ', active: true } }, rh))).toEqual({ name: 'Este campo es obligatorio.' });
    expect(fields(await s.gql(AREA_CREATE, { i: { name: 'x'.repeat(81), active: true } }, rh))).toEqual({ name: 'Máximo 80 caracteres.' });
    expect(await total('{ rhAreas(list:{search:"seguridad"}){ total } }')).toBe(1);

    const renamed = (await gqlOk(AREA_UPDATE, { id: a.id, v: 1, i: { name: 'Seguridad', active: true } })).rhAreaUpdate;
    expect(renamed).toMatchObject({ name: 'Seguridad', version: 2 });
    expect(conflictMessage(await s.gql(AREA_UPDATE, { id: a.id, v: 1, i: { name: 'Otra cosa', active: true } }, rh))).toBe(CONFLICT);
    expect(fields(await s.gql(AREA_UPDATE, { id: a.id, v: 2, i: { name: 'OPERACIONES', active: true } }, rh))).toEqual({ name: 'Ya existe un área con ese nombre.' });
    const after = (await gqlOk(`{ rhAreas(list:{search:"Seguridad"}){ items { ${AREA} } } }`)).rhAreas.items;
    expect(after).toEqual([expect.objectContaining({ name: 'Seguridad', version: 2 })]);
    expect((await gqlOk(AREA_UPDATE, { id: a.id, v: 2, i: { name: 'Seguridad', active: false } }, admin)).rhAreaUpdate).toMatchObject({ active: false, version: 3 });
    expect((await gqlOk('{ rhAreas(active:false){ items { name } } }')).rhAreas.items).toEqual([{ name: 'Seguridad' }]);
    expect((await s.gql(AREA_UPDATE, { id: '999999', v: 1, i: { name: 'x', active: true } }, rh)).errors?.[0]).toMatchObject({ message: 'El área no existe.', extensions: { code: 'NOT_FOUND' } });
  });
});

describe('puestos', () => {
  let areaId: string;
  let otherAreaId: string;
  beforeAll(async () => {
    areaId = (await gqlOk(AREA_CREATE, { i: { name: 'Proyectos', active: true } })).rhAreaCreate.id;
    otherAreaId = (await gqlOk(AREA_CREATE, { i: { name: 'Calidad', active: true } })).rhAreaCreate.id;
  });

  it('creates with a salary above zero; names repeat only across áreas; counts the área\'s puestos', async () => {
    const p = (await gqlOk(POSITION_CREATE, { i: { areaId, name: 'Residente de obra', baseDailySalary: '650.50', active: true } })).rhPositionCreate;
    expect(p).toMatchObject({ areaId, areaName: 'Proyectos', name: 'Residente de obra', baseDailySalary: '650.5', workplaceCount: 0, employeeCount: 0, version: 1 });
    const salary = { baseDailySalary: 'El salario diario debe ser mayor a cero.' };
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId, name: 'Dibujante', baseDailySalary: '0', active: true } }, rh))).toEqual(salary);
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId, name: 'Dibujante', baseDailySalary: '-100', active: true } }, rh))).toEqual(salary);
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId, name: 'Dibujante', baseDailySalary: '400.125', active: true } }, rh))).toEqual({ baseDailySalary: 'Máximo 2 decimales.' });
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId, name: '', baseDailySalary: '400', active: true } }, rh))).toEqual({ name: 'Este campo es obligatorio.' });
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId, name: 'RESIDENTE DE OBRA', baseDailySalary: '400', active: true } }, rh))).toEqual({ name: 'Ya existe un puesto con ese nombre en el área.' });
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId: '999999', name: 'Dibujante', baseDailySalary: '400', active: true } }, rh))).toEqual({ areaId: 'El área no existe.' });
    expect(await total('{ rhPositions(list:{search:"Dibujante"}){ total } }')).toBe(0);
    // The same name in another área is another puesto.
    expect((await gqlOk(POSITION_CREATE, { i: { areaId: otherAreaId, name: 'Residente de obra', baseDailySalary: '600', active: true } })).rhPositionCreate.areaName).toBe('Calidad');

    const inArea = (await gqlOk('query($a:ID!){ rhPositions(filter:{areaId:$a}){ total items { name } } }', { a: areaId })).rhPositions;
    expect(inArea).toEqual({ total: 1, items: [{ name: 'Residente de obra' }] });
    const area = (await gqlOk(`{ rhAreas(list:{search:"Proyectos"}){ items { ${AREA} } } }`)).rhAreas.items[0];
    expect(area.positionCount).toBe(1);
  });

  it('edits with its version; an inactive área takes no puestos; a puesto with plazas keeps its área', async () => {
    const p = (await gqlOk(POSITION_CREATE, { i: { areaId, name: 'Planeador', baseDailySalary: '500', active: true } })).rhPositionCreate;
    const raised = (await gqlOk(POSITION_UPDATE, { id: p.id, v: 1, i: { areaId, name: 'Planeador', baseDailySalary: '525.75', active: true } })).rhPositionUpdate;
    expect(raised).toMatchObject({ baseDailySalary: '525.75', version: 2 });
    expect(conflictMessage(await s.gql(POSITION_UPDATE, { id: p.id, v: 1, i: { areaId, name: 'Planeador', baseDailySalary: '1', active: true } }, rh))).toBe(CONFLICT);
    expect(fields(await s.gql(POSITION_UPDATE, { id: p.id, v: 2, i: { areaId, name: 'Planeador', baseDailySalary: '0', active: true } }, rh))).toEqual({ baseDailySalary: 'El salario diario debe ser mayor a cero.' });

    const closed = (await gqlOk(AREA_CREATE, { i: { name: 'Área cerrada', active: false } })).rhAreaCreate;
    expect(fields(await s.gql(POSITION_CREATE, { i: { areaId: closed.id, name: 'Vigía', baseDailySalary: '400', active: true } }, rh))).toEqual({ areaId: 'El área está inactiva; actívala o elige otra.' });

    await gqlOk(WORKPLACE_CREATE, { i: { code: 'PRY-001', positionId: p.id, authorizedDailySalary: '525.75', active: true } });
    const move = await s.gql(POSITION_UPDATE, { id: p.id, v: 2, i: { areaId: otherAreaId, name: 'Planeador', baseDailySalary: '525.75', active: true } }, rh);
    expect(fields(move)).toEqual({ areaId: 'El puesto ya tiene plazas o empleados; no se puede cambiar de área.' });
    const now = (await gqlOk('query($a:ID!){ rhPositions(filter:{areaId:$a}, list:{search:"Planeador"}){ items { baseDailySalary version workplaceCount } } }', { a: areaId })).rhPositions.items[0];
    expect(now).toEqual({ baseDailySalary: '525.75', version: 2, workplaceCount: 1 });
  });
});

describe('plazas', () => {
  let positionId: string;
  let otherPositionId: string;
  beforeAll(async () => {
    const area = (await gqlOk(AREA_CREATE, { i: { name: 'Logística', active: true } })).rhAreaCreate;
    positionId = (await gqlOk(POSITION_CREATE, { i: { areaId: area.id, name: 'Chofer', baseDailySalary: '450', active: true } })).rhPositionCreate.id;
    otherPositionId = (await gqlOk(POSITION_CREATE, { i: { areaId: area.id, name: 'Almacenista', baseDailySalary: '420', active: true } })).rhPositionCreate.id;
  });

  it('creates vacant, upper-cases the code, refuses a repeated code, a bad code and a salary of zero', async () => {
    const w = (await gqlOk(WORKPLACE_CREATE, { i: { code: 'log-001', positionId, authorizedDailySalary: '475', location: 'Patio de maniobras', active: true } })).rhWorkplaceCreate;
    expect(w).toMatchObject({ code: 'LOG-001', positionName: 'Chofer', areaName: 'Logística', authorizedDailySalary: '475', location: 'Patio de maniobras', notes: '', status: 'vacante', holderId: null, holderName: null, holderNumber: null, active: true, version: 1 });
    expect(fields(await s.gql(WORKPLACE_CREATE, { i: { code: 'Log-001', positionId, authorizedDailySalary: '475', active: true } }, rh))).toEqual({ code: 'Ya existe una plaza con esa clave.' });
    expect(fields(await s.gql(WORKPLACE_CREATE, { i: { code: 'OPE-001', positionId, authorizedDailySalary: '475', active: true } }, rh))).toEqual({ code: 'Ya existe una plaza con esa clave.' });
    expect(fields(await s.gql(WORKPLACE_CREATE, { i: { code: 'LOG 002', positionId, authorizedDailySalary: '475', active: true } }, rh))).toEqual({ code: 'Usa letras, números, guion, punto o diagonal, sin espacios.' });
    expect(fields(await s.gql(WORKPLACE_CREATE, { i: { code: 'LOG-002', positionId, authorizedDailySalary: '0', active: true } }, rh))).toEqual({ authorizedDailySalary: 'El salario diario debe ser mayor a cero.' });
    expect(fields(await s.gql(WORKPLACE_CREATE, { i: { code: 'LOG-002', positionId: '999999', authorizedDailySalary: '475', active: true } }, rh))).toEqual({ positionId: 'El puesto no existe.' });
    expect(await total('{ rhWorkplaces(list:{search:"LOG-"}){ total } }')).toBe(1);
    expect((await gqlOk(`query($id:ID!){ rhWorkplace(id:$id){ ${WORKPLACE} } }`, { id: w.id })).rhWorkplace).toEqual(w);
    expect((await gqlOk('{ rhWorkplace(id:"999999"){ id } }')).rhWorkplace).toBeNull();
  });

  it('edits with its version, moves a vacant plaza to another puesto and filters by puesto and status', async () => {
    const w = (await gqlOk(WORKPLACE_CREATE, { i: { code: 'LOG-010', positionId, authorizedDailySalary: '450', active: true } })).rhWorkplaceCreate;
    const moved = (await gqlOk(WORKPLACE_UPDATE, { id: w.id, v: 1, i: { code: 'LOG-010', positionId: otherPositionId, authorizedDailySalary: '430.50', notes: 'Turno nocturno', active: true } })).rhWorkplaceUpdate;
    expect(moved).toMatchObject({ positionName: 'Almacenista', authorizedDailySalary: '430.5', notes: 'Turno nocturno', version: 2 });
    expect(conflictMessage(await s.gql(WORKPLACE_UPDATE, { id: w.id, v: 1, i: { code: 'LOG-011', positionId, authorizedDailySalary: '450', active: true } }, rh))).toBe(CONFLICT);
    expect(fields(await s.gql(WORKPLACE_UPDATE, { id: w.id, v: 2, i: { code: 'log-001', positionId: otherPositionId, authorizedDailySalary: '450', active: true } }, rh))).toEqual({ code: 'Ya existe una plaza con esa clave.' });
    expect(fields(await s.gql(WORKPLACE_UPDATE, { id: w.id, v: 2, i: { code: 'LOG-010', positionId: otherPositionId, authorizedDailySalary: '-1', active: true } }, rh))).toEqual({ authorizedDailySalary: 'El salario diario debe ser mayor a cero.' });
    expect((await gqlOk(`query($id:ID!){ rhWorkplace(id:$id){ code authorizedDailySalary version } }`, { id: w.id })).rhWorkplace).toEqual({ code: 'LOG-010', authorizedDailySalary: '430.5', version: 2 });

    const byPosition = (await gqlOk('query($p:ID!){ rhWorkplaces(filter:{positionId:$p}){ items { code } } }', { p: otherPositionId })).rhWorkplaces.items;
    expect(byPosition).toEqual([{ code: 'LOG-010' }]);
    expect(await total('{ rhWorkplaces(filter:{status:ocupada}, list:{search:"LOG-"}){ total } }')).toBe(0);
    expect(await total('{ rhWorkplaces(filter:{status:vacante}, list:{search:"LOG-"}){ total } }')).toBe(2);
    const off = (await gqlOk(WORKPLACE_UPDATE, { id: w.id, v: 2, i: { code: 'LOG-010', positionId: otherPositionId, authorizedDailySalary: '430.50', active: false } })).rhWorkplaceUpdate;
    expect(off).toMatchObject({ active: false, version: 3 });
    const options = (await gqlOk('{ rhEmployeeFormOptions { workplaces { code } } }')).rhEmployeeFormOptions.workplaces.map((x: { code: string }) => x.code);
    expect(options).toContain('LOG-001');
    expect(options).not.toContain('LOG-010');
  });
});

describe('document types', () => {
  it('creates, keeps warning days only when the document expires, refuses negative days and repeated names', async () => {
    const d = (await gqlOk(DOCTYPE_CREATE, { i: { name: 'Constancia DC-3', required: false, expires: true, warningDays: 45, active: true } })).rhDocumentTypeCreate;
    expect(d).toMatchObject({ name: 'Constancia DC-3', required: false, expires: true, warningDays: 45, version: 1 });
    const noExpiry = (await gqlOk(DOCTYPE_CREATE, { i: { name: 'Curriculum', required: false, expires: false, warningDays: 20, active: true } })).rhDocumentTypeCreate;
    expect(noExpiry.warningDays).toBe(0);
    const days = { warningDays: 'Los días de aviso deben ser un entero entre 0 y 365.' };
    expect(fields(await s.gql(DOCTYPE_CREATE, { i: { name: 'Antidoping', required: false, expires: true, warningDays: -1, active: true } }, rh))).toEqual(days);
    expect(fields(await s.gql(DOCTYPE_CREATE, { i: { name: 'Antidoping', required: false, expires: true, warningDays: 400, active: true } }, rh))).toEqual(days);
    expect(fields(await s.gql(DOCTYPE_CREATE, { i: { name: 'ine', required: true, expires: true, warningDays: 10, active: true } }, rh))).toEqual({ name: 'Ya existe un tipo de documento con ese nombre.' });
    expect(await total('{ rhDocumentTypes(list:{search:"Antidoping"}){ total } }')).toBe(0);

    const edited = (await gqlOk(DOCTYPE_UPDATE, { id: d.id, v: 1, i: { name: 'Constancia DC-3', required: true, expires: true, warningDays: 0, active: true } })).rhDocumentTypeUpdate;
    expect(edited).toMatchObject({ required: true, warningDays: 0, version: 2 });
    expect(conflictMessage(await s.gql(DOCTYPE_UPDATE, { id: d.id, v: 1, i: { name: 'Otro', required: true, expires: false, warningDays: 0, active: true } }, rh))).toBe(CONFLICT);
    expect(fields(await s.gql(DOCTYPE_UPDATE, { id: d.id, v: 2, i: { name: 'Curriculum', required: true, expires: false, warningDays: 0, active: true } }, rh))).toEqual({ name: 'Ya existe un tipo de documento con ese nombre.' });
    expect((await gqlOk(`{ rhDocumentTypes(list:{search:"DC-3"}){ items { name version } } }`)).rhDocumentTypes.items).toEqual([{ name: 'Constancia DC-3', version: 2 }]);
  });
});

describe('payroll concepts', () => {
  const concept = (i: Record<string, unknown>) => ({ code: 'P201', name: 'Bono de productividad', kind: 'percepcion', satCode: '038', taxableRule: 'gravado', active: true, ...i });

  it('creates with a SAT code of its kind\'s catalogue; exento_uma needs a cap; codes and names are unique', async () => {
    const c = (await gqlOk(CONCEPT_CREATE, { i: concept({ code: 'p201', exemptUma: '3' }) })).rhConceptCreate;
    // The cap only belongs to exento_uma concepts: a gravado one keeps none.
    expect(c).toMatchObject({ code: 'P201', kind: 'percepcion', satCode: '038', taxableRule: 'gravado', exemptUma: null, systemKey: null, version: 1 });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ name: 'Otro bono' }) }, rh))).toEqual({ code: 'Ya existe un concepto con esa clave.' });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P202', name: 'BONO DE PRODUCTIVIDAD' }) }, rh))).toEqual({ name: 'Ya existe un concepto con ese nombre.' });
    // 038 is a percepción code; c_TipoDeduccion has no 038.
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'D201', name: 'Descuento de uniforme', kind: 'deduccion', satCode: '038' }) }, rh))).toEqual({
      satCode: 'La clave SAT no pertenece al catálogo c_TipoDeduccion (deducción).',
    });
    // 999 exists only in c_TipoOtroPago.
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P203', name: 'Pago raro', satCode: '999' }) }, rh))).toEqual({
      satCode: 'La clave SAT no pertenece al catálogo c_TipoPercepcion (percepción).',
    });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P204', name: 'Clave mala', satCode: '38' }) }, rh))).toEqual({ satCode: 'La clave SAT son 3 dígitos.' });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P205', name: 'Despensa extra', satCode: '029', taxableRule: 'exento_uma' }) }, rh))).toEqual({
      exemptUma: 'Indica cuántas UMA por periodo están exentas (mayor a cero).',
    });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P205', name: 'Despensa extra', satCode: '029', taxableRule: 'exento_uma', exemptUma: '0' }) }, rh))).toEqual({
      exemptUma: 'Indica cuántas UMA por periodo están exentas (mayor a cero).',
    });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'D205', name: 'Cuota', kind: 'deduccion', satCode: '019', taxableRule: 'exento_uma', exemptUma: '1' }) }, rh))).toEqual({
      taxableRule: 'Solo una percepción puede estar exenta hasta un tope en UMA.',
    });
    expect(fields(await s.gql(CONCEPT_CREATE, { i: concept({ code: 'P2 06', name: 'Espacio' }) }, rh))).toEqual({ code: 'Usa letras, números, guion, punto o diagonal, sin espacios.' });
    for (const search of ['Descuento de uniforme', 'Pago raro', 'Clave mala', 'Despensa extra', 'Cuota', 'Espacio']) expect(await total('query($q:String){ rhConcepts(list:{search:$q}){ total } }', { q: search })).toBe(0);

    const uma = (await gqlOk(CONCEPT_CREATE, { i: concept({ code: 'P205', name: 'Despensa extra', satCode: '029', taxableRule: 'exento_uma', exemptUma: '0.5' }) })).rhConceptCreate;
    expect(uma).toMatchObject({ taxableRule: 'exento_uma', exemptUma: '0.5' });
    const other = (await gqlOk(CONCEPT_CREATE, { i: concept({ code: 'O201', name: 'Viáticos entregados', kind: 'otro_pago', satCode: '003', taxableRule: 'exento' }) })).rhConceptCreate;
    expect(other).toMatchObject({ kind: 'otro_pago', satCode: '003' });
    expect((await gqlOk('{ rhConcepts(filter:{kind:otro_pago}, list:{search:"Viáticos"}){ items { code } } }')).rhConcepts.items).toEqual([{ code: 'O201' }]);
  });

  it('edits with its version; an inactive concept leaves the capture list', async () => {
    const c = (await gqlOk(CONCEPT_CREATE, { i: concept({ code: 'P301', name: 'Bono de seguridad', satCode: '038' }) })).rhConceptCreate;
    expect((await gqlOk('{ rhCaptureConcepts { code } }')).rhCaptureConcepts.map((x: { code: string }) => x.code)).toContain('P301');
    const edited = (await gqlOk(CONCEPT_UPDATE, { id: c.id, v: 1, i: concept({ code: 'P301', name: 'Bono de seguridad', satCode: '010', active: false }) })).rhConceptUpdate;
    expect(edited).toMatchObject({ satCode: '010', active: false, version: 2 });
    expect(conflictMessage(await s.gql(CONCEPT_UPDATE, { id: c.id, v: 1, i: concept({ code: 'P301', name: 'Bono de seguridad' }) }, rh))).toBe(CONFLICT);
    expect(fields(await s.gql(CONCEPT_UPDATE, { id: c.id, v: 2, i: concept({ code: 'P301', name: 'Bono de seguridad', kind: 'otro_pago', satCode: '010' }) }, rh))).toEqual({
      satCode: 'La clave SAT no pertenece al catálogo c_TipoOtroPago (otro pago).',
    });
    expect(fields(await s.gql(CONCEPT_UPDATE, { id: c.id, v: 2, i: concept({ code: 'P101', name: 'Bono de seguridad' }) }, rh))).toEqual({ code: 'Ya existe un concepto con esa clave.' });
    expect((await gqlOk('{ rhCaptureConcepts { code } }')).rhCaptureConcepts.map((x: { code: string }) => x.code)).not.toContain('P301');
    expect((await gqlOk(`{ rhConcepts(list:{search:"P301"}){ items { satCode version } } }`)).rhConcepts.items).toEqual([{ satCode: '010', version: 2 }]);
  });
});

describe('the organisation the demo employees use', () => {
  it('counts active employees per área and puesto, and shows each occupied plaza\'s holder', async () => {
    const active = (await gqlOk('{ rhEmployees(filter:{status:activo}, list:{pageSize:1}){ total } }')).rhEmployees.total as number;
    expect(active).toBeGreaterThan(0);
    const areas = (await gqlOk(`{ rhAreas(list:{pageSize:200}){ items { ${AREA} } } }`)).rhAreas.items as { employeeCount: number }[];
    const positions = (await gqlOk(`{ rhPositions(list:{pageSize:200}){ items { ${POSITION} } } }`)).rhPositions.items as { employeeCount: number }[];
    expect(areas.reduce((n, a) => n + a.employeeCount, 0)).toBe(active);
    expect(positions.reduce((n, p) => n + p.employeeCount, 0)).toBe(active);
    const occupied = (await gqlOk(`{ rhWorkplaces(filter:{status:ocupada}, list:{pageSize:200}){ total items { ${WORKPLACE} } } }`)).rhWorkplaces;
    expect(occupied.total).toBeGreaterThan(0);
    expect(occupied.items.every((w: { holderId: string | null; holderName: string | null; holderNumber: string | null }) => w.holderId && w.holderName && w.holderNumber)).toBe(true);
    const vacant = (await gqlOk('{ rhEmployeeFormOptions { workplaces { id } } }')).rhEmployeeFormOptions.workplaces.map((w: { id: string }) => w.id);
    for (const w of occupied.items) expect(vacant).not.toContain(w.id);
  });

  it('an occupied plaza keeps its puesto and stays active; an área or puesto with active employees stays active', async () => {
    const w = (await gqlOk(`{ rhWorkplaces(filter:{status:ocupada}, list:{pageSize:1}){ items { ${WORKPLACE} } } }`)).rhWorkplaces.items[0];
    const input = { code: w.code, positionId: w.positionId, authorizedDailySalary: w.authorizedDailySalary, location: w.location, notes: w.notes, active: true };
    expect(fields(await s.gql(WORKPLACE_UPDATE, { id: w.id, v: w.version, i: { ...input, active: false } }, rh))).toEqual({
      active: `La plaza está ocupada por ${w.holderNumber} · ${w.holderName}; dale de baja o cámbialo de plaza antes de desactivarla.`,
    });
    const other = (await gqlOk(`{ rhPositions(list:{pageSize:200}){ items { id active } } }`)).rhPositions.items.find((p: { id: string; active: boolean }) => p.id !== w.positionId && p.active);
    expect(fields(await s.gql(WORKPLACE_UPDATE, { id: w.id, v: w.version, i: { ...input, positionId: other.id } }, rh))).toEqual({ positionId: 'La plaza está ocupada; no se puede cambiar su puesto.' });
    // Its authorised salary and notes may still change.
    const edited = (await gqlOk(WORKPLACE_UPDATE, { id: w.id, v: w.version, i: { ...input, notes: 'Revisada' } })).rhWorkplaceUpdate;
    expect(edited).toMatchObject({ notes: 'Revisada', status: 'ocupada', holderId: w.holderId, active: true, version: w.version + 1 });

    const area = (await gqlOk(`{ rhAreas(list:{pageSize:200, sortBy:"employeeCount", sortDirection:DESC}){ items { ${AREA} } } }`)).rhAreas.items[0];
    expect(area.employeeCount).toBeGreaterThan(1);
    expect(fields(await s.gql(AREA_UPDATE, { id: area.id, v: area.version, i: { name: area.name, active: false } }, rh))).toEqual({
      active: `El área tiene ${area.employeeCount} empleados activos; cámbialos de área antes de desactivarla.`,
    });
    const position = (await gqlOk(`{ rhPositions(list:{pageSize:200, sortBy:"employeeCount", sortDirection:DESC}){ items { ${POSITION} } } }`)).rhPositions.items[0];
    expect(position.employeeCount).toBeGreaterThan(1);
    const positionInput = { areaId: position.areaId, name: position.name, baseDailySalary: position.baseDailySalary, active: false };
    expect(fields(await s.gql(POSITION_UPDATE, { id: position.id, v: position.version, i: positionInput }, rh))).toEqual({
      active: `El puesto tiene ${position.employeeCount} empleados activos; cámbialos de puesto antes de desactivarlo.`,
    });
    // Nothing changed.
    expect((await gqlOk('query($id:ID!){ rhWorkplace(id:$id){ active positionId version } }', { id: w.id })).rhWorkplace).toEqual({ active: true, positionId: w.positionId, version: w.version + 1 });
    expect((await gqlOk('{ rhAreas(active:false){ items { id } } }')).rhAreas.items.map((a: { id: string }) => a.id)).not.toContain(area.id);
  });
});

describe('audit', () => {
  it('every write is audited and the activity list names the record', async () => {
    const area = (await gqlOk(AREA_CREATE, { i: { name: 'Auditoría interna', active: true } })).rhAreaCreate;
    const position = (await gqlOk(POSITION_CREATE, { i: { areaId: area.id, name: 'Auditor', baseDailySalary: '700', active: true } })).rhPositionCreate;
    await gqlOk(WORKPLACE_CREATE, { i: { code: 'AUD-001', positionId: position.id, authorizedDailySalary: '700', active: true } });
    await gqlOk(DOCTYPE_CREATE, { i: { name: 'Carta de no antecedentes', required: false, expires: true, warningDays: 30, active: true } });
    const concept = (await gqlOk(CONCEPT_CREATE, { i: { code: 'P401', name: 'Bono de auditoría', kind: 'percepcion', satCode: '038', taxableRule: 'gravado', active: true } })).rhConceptCreate;
    await gqlOk(CONCEPT_UPDATE, { id: concept.id, v: 1, i: { code: 'P401', name: 'Bono de auditoría anual', kind: 'percepcion', satCode: '038', taxableRule: 'gravado', active: true } });
    const mine = (await gqlOk('{ myAuditEntries(limit: 50){ entity action reference } }')).myAuditEntries as { entity: string; action: string; reference: string | null }[];
    const ref = (entity: string, action: string) => mine.find((e) => e.entity === entity && e.action === action)?.reference;
    expect(ref('rh_area', 'create')).toBe('Auditoría interna');
    expect(ref('rh_position', 'create')).toBe('Auditor');
    expect(ref('rh_workplace', 'create')).toBe('Plaza AUD-001');
    expect(ref('rh_document_type', 'create')).toBe('Carta de no antecedentes');
    // The reference is the record as it is now.
    expect(ref('rh_concept', 'update')).toBe('P401 Bono de auditoría anual');
    expect(ref('rh_concept', 'create')).toBe('P401 Bono de auditoría anual');
  });
});
