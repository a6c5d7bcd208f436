// Seguridad over HTTP: abilities (Ventas is refused every mutation, nothing
// written), bad input with Spanish field messages, the weighted score worked
// by hand, evidence photos, the critical failure that raises a Mantenimiento
// report, recurrence on close, permits (overlap, expired, checklist, two
// simultaneous requests), tools delivered twice at once and PPE stock exact
// after deliveries and returns, never below zero under parallel requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startServer, type GqlResult, type TestServer } from './harness';
import { fieldsOf, okData } from './answers';
import { checkDateRange } from './dateRange';

let s: TestServer;
let sec: string; // Seguridad: every ability
let seller: string; // Ventas: none of Seguridad
let viewer: string; // Consulta: only ver

beforeAll(async () => {
  s = await startServer();
  [sec, seller, viewer] = await Promise.all([s.login('seguridad@demo.mx'), s.login('ventas@demo.mx'), s.login('consulta@demo.mx')]);
});
afterAll(async () => s?.stop());

const ok = async (query: string, variables: Record<string, unknown> = {}, token = sec) => okData(await s.gql(query, variables, token));
const codeOf = (r: GqlResult) => r.errors?.[0].extensions?.code;
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const COUNTS = `{ secInspectionTypes(list:{pageSize:1}) { total } secSchedules(list:{pageSize:1}) { total } secInspections(list:{pageSize:1}) { total }
  secPermits(list:{pageSize:1}) { total } secTools(list:{pageSize:1}) { total } secDeliveries(list:{pageSize:1}) { total } secMaintenanceReports(list:{pageSize:1}) { total } }`;
const counts = async () => {
  const d = await ok(COUNTS);
  return Object.fromEntries(Object.entries(d).map(([k, v]) => [k, (v as { total: number }).total]));
};

let employees: string[] = [];
const employee = (i: number) => employees[i];

const TYPE_CREATE = 'mutation($i:SecInspectionTypeInput!){ secInspectionTypeCreate(input:$i){ id name passingScore itemCount version items { id position text weight critical evidenceRequired } } }';
const TYPE_UPDATE = 'mutation($id:ID!,$v:Int!,$i:SecInspectionTypeInput!){ secInspectionTypeUpdate(id:$id,version:$v,input:$i){ id version itemCount items { text } } }';
const SCHEDULE_CREATE = 'mutation($i:SecScheduleInput!){ secScheduleCreate(input:$i){ id dueOn recurrence status overdue version } }';
const INSPECTION_FIELDS = 'id folio status score result findings answeredCount itemCount version answers { id position text weight critical evidenceRequired answer note photo { id fileName } failureReport { id folio status sourceReference } }';
const INSPECTION_CREATE = `mutation($i:SecInspectionCreateInput!){ secInspectionCreate(input:$i){ ${INSPECTION_FIELDS} } }`;
const INSPECTION_SAVE = `mutation($id:ID!,$v:Int!,$i:SecInspectionSaveInput!){ secInspectionSave(id:$id,version:$v,input:$i){ ${INSPECTION_FIELDS} } }`;
const INSPECTION_PHOTO = `mutation($a:ID!,$f:ID){ secInspectionAnswerPhoto(answerId:$a,fileId:$f){ ${INSPECTION_FIELDS} } }`;
const INSPECTION_CLOSE = `mutation($id:ID!,$v:Int!){ secInspectionClose(id:$id,version:$v){ ${INSPECTION_FIELDS} } }`;
const BULK_CLOSE = 'mutation($ids:[ID!]!){ secInspectionBulkClose(ids:$ids){ applied failures { id reference message code } } }';
const RAISE = `mutation($a:ID!){ secInspectionRaiseReport(answerId:$a){ ${INSPECTION_FIELDS} } }`;
const PERMIT_FIELDS = 'id folio kind status expired checklist version workers { employeeId }';
const PERMIT_CREATE = `mutation($i:SecPermitInput!){ secPermitCreate(input:$i){ ${PERMIT_FIELDS} } }`;
const PERMIT_UPDATE = `mutation($id:ID!,$v:Int!,$i:SecPermitInput!){ secPermitUpdate(id:$id,version:$v,input:$i){ ${PERMIT_FIELDS} } }`;
const PERMIT_AUTHORIZE = `mutation($id:ID!,$v:Int!){ secPermitAuthorize(id:$id,version:$v){ ${PERMIT_FIELDS} } }`;
const PERMIT_SAVE_AUTHORIZE = `mutation($id:ID!,$v:Int!,$i:SecPermitInput){ secPermitAuthorize(id:$id,version:$v,input:$i){ ${PERMIT_FIELDS} } }`;
const PERMIT = `query($id:ID!){ secPermit(id:$id){ ${PERMIT_FIELDS} } }`;
const PERMIT_CLOSE = `mutation($id:ID!,$v:Int!){ secPermitClose(id:$id,version:$v){ ${PERMIT_FIELDS} } }`;
const PERMIT_CANCEL = `mutation($id:ID!,$v:Int!,$r:String!){ secPermitCancel(id:$id,version:$v,reason:$r){ ${PERMIT_FIELDS} } }`;
const TOOL_FIELDS = 'id code category status stock holderEmployeeId outstanding version';
const TOOL_CREATE = `mutation($i:SecToolCreateInput!){ secToolCreate(input:$i){ ${TOOL_FIELDS} } }`;
const TOOL_UPDATE = `mutation($id:ID!,$v:Int!,$i:SecToolUpdateInput!){ secToolUpdate(id:$id,version:$v,input:$i){ ${TOOL_FIELDS} } }`;
const TOOL_STOCK = `mutation($id:ID!,$q:Int!,$r:String!){ secToolStockAdjust(id:$id,quantity:$q,reason:$r){ ${TOOL_FIELDS} } }`;
const TOOL_REPAIR = `mutation($id:ID!,$v:Int!,$r:String!){ secToolRepair(id:$id,version:$v,reason:$r){ ${TOOL_FIELDS} } }`;
const TOOL_REPAIRED = `mutation($id:ID!,$v:Int!){ secToolRepaired(id:$id,version:$v){ ${TOOL_FIELDS} } }`;
const TOOL_RETIRE = `mutation($id:ID!,$v:Int!,$r:String!){ secToolRetire(id:$id,version:$v,reason:$r){ ${TOOL_FIELDS} } }`;
const TOOL = `query($id:ID!){ secTool(id:$id){ ${TOOL_FIELDS} events { kind quantity condition stockAfter statusAfter } } }`;
const DELIVERY_FIELDS = 'id folio outstanding lines { id toolId quantity returnedQuantity outstanding }';
const DELIVER = `mutation($i:SecDeliveryInput!){ secDeliveryCreate(input:$i){ ${DELIVERY_FIELDS} } }`;
const RETURN = `mutation($i:SecReturnInput!){ secDeliveryReturn(input:$i){ ${DELIVERY_FIELDS} } }`;

const items = [
  { text: 'Extintor cargado', weight: '3', critical: false, evidenceRequired: true },
  { text: 'Salida libre', weight: '2', critical: true },
  { text: 'Señalización', weight: '1.5' },
  { text: 'Botiquín', weight: '0.5' },
  { text: 'Lavaojos', weight: '4' },
];
let typeId = '';

describe('Seguridad', () => {
  it('loads the demo: 4 types, 20 inspections, 80 tools, failure reports raised from inspections', async () => {
    const d = await ok(`{ secInspectionTypes(list:{pageSize:10}) { total items { itemCount } } secInspections(list:{pageSize:1}) { total } secTools(list:{pageSize:1}) { total }
      secSchedules(list:{pageSize:1}, filter:{overdue:true}) { total } secMaintenanceReports { total items { folio inspectionId sourceReference } }
      rhEmployeeOptions(limit: 40) { id } }`);
    expect(d.secInspectionTypes.total).toBe(4);
    for (const t of d.secInspectionTypes.items) expect(t.itemCount).toBeGreaterThanOrEqual(8);
    expect(d.secInspections.total).toBe(20);
    expect(d.secTools.total).toBe(80);
    expect(d.secSchedules.total).toBe(4);
    expect(d.secMaintenanceReports.total).toBe(3);
    expect(d.secMaintenanceReports.items[0].folio).toMatch(/^REP-\d{6}$/);
    expect(d.secMaintenanceReports.items[0].inspectionId).not.toBeNull();
    employees = d.rhEmployeeOptions.map((e: { id: string }) => e.id);
    expect(employees.length).toBeGreaterThanOrEqual(30);
  });

  it('Reportes de mantenimiento sort by folio, date, origin, location, status and priority (urgente first), both ways; another column is refused', async () => {
    const page = async (sortBy: string | null, sortDirection: 'ASC' | 'DESC' = 'ASC') =>
      (await ok('query($l:ListInput){ secMaintenanceReports(list:$l){ items { folio sourceReference location status priority createdAt } } }', { l: { pageSize: 50, ...(sortBy ? { sortBy, sortDirection } : {}) } })).secMaintenanceReports.items as Record<string, string | null>[];
    const folios = (rows: Record<string, string | null>[]) => rows.map((r) => r.folio);
    const all = await page('folio');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(folios(all)).toEqual([...folios(all)].sort());
    expect(folios(await page('folio', 'DESC'))).toEqual([...folios(all)].reverse());
    // Without a sort: the newest first, as before.
    expect(folios(await page(null))).toEqual([...folios(all)].reverse());
    const byText = (key: string) => [...all].sort((a, b) => (a[key]! < b[key]! ? -1 : a[key]! > b[key]! ? 1 : a.folio! < b.folio! ? -1 : 1));
    for (const key of ['sourceReference', 'location', 'status']) expect(folios(await page(key)), key).toEqual(folios(byText(key)));
    const rank = (p: string | null) => (p === null ? -1 : ['urgente', 'alta', 'media', 'baja'].indexOf(p));
    const byPriority = [...all].sort((a, b) => rank(a.priority) - rank(b.priority) || (a.folio! < b.folio! ? -1 : 1));
    expect(folios(await page('priority'))).toEqual(folios(byPriority));
    const r = await s.gql('{ secMaintenanceReports(list:{sortBy:"title"}){ total } }', {}, sec);
    expect(fieldsOf(r)).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
  });

  it('every mutation is FORBIDDEN for Ventas and for Consulta, and nothing is written', async () => {
    const before = await counts();
    const calls: [string, Record<string, unknown>][] = [
      [TYPE_CREATE, { i: { name: 'X', passingScore: '80', items } }],
      [TYPE_UPDATE, { id: '1', v: 1, i: { name: 'X', passingScore: '80', items } }],
      [SCHEDULE_CREATE, { i: { typeId: '1', area: 'A', responsibleEmployeeId: employee(0), dueOn: today, recurrence: 'none' } }],
      ['mutation { secScheduleUpdate(id:"1", version:1, input:{typeId:"1", area:"A", responsibleEmployeeId:"1", dueOn:"2026-01-01", recurrence:none}) { id } }', {}],
      ['mutation { secScheduleCancel(id:"1", version:1) { id } }', {}],
      [INSPECTION_CREATE, { i: { typeId: '1', area: 'A', inspectorEmployeeId: employee(0), inspectedOn: today } }],
      [INSPECTION_SAVE, { id: '1', v: 1, i: { answers: [] } }],
      [INSPECTION_PHOTO, { a: '1', f: null }],
      [INSPECTION_CLOSE, { id: '1', v: 1 }],
      [BULK_CLOSE, { ids: ['1'] }],
      [RAISE, { a: '1' }],
      [PERMIT_CREATE, { i: { kind: 'altura', requesterEmployeeId: employee(0), workerIds: [employee(1)], area: 'A', validFrom: hoursFromNow(1), validTo: hoursFromNow(2) } }],
      [PERMIT_UPDATE, { id: '1', v: 1, i: { kind: 'altura', requesterEmployeeId: employee(0), workerIds: [employee(1)], area: 'A', validFrom: hoursFromNow(1), validTo: hoursFromNow(2) } }],
      [PERMIT_AUTHORIZE, { id: '1', v: 1 }],
      [PERMIT_CLOSE, { id: '4', v: 1 }],
      [PERMIT_CANCEL, { id: '1', v: 1, r: 'x' }],
      [TOOL_CREATE, { i: { code: 'X-1', name: 'X', category: 'herramienta' } }],
      [TOOL_UPDATE, { id: '1', v: 1, i: { code: 'X-1', name: 'X' } }],
      [TOOL_STOCK, { id: '61', q: 5, r: 'compra' }],
      [TOOL_REPAIR, { id: '20', v: 1, r: 'x' }],
      [TOOL_REPAIRED, { id: '53', v: 1 }],
      [TOOL_RETIRE, { id: '20', v: 1, r: 'x' }],
      [DELIVER, { i: { employeeId: employee(0), receivedBy: 'X', deliveredOn: today, lines: [{ toolId: '20', quantity: 1 }] } }],
      [RETURN, { i: { lineId: '9', quantity: 1, condition: 'bueno' } }],
    ];
    expect(calls.length).toBe(24); // every Seguridad mutation
    for (const [query, variables] of calls) {
      expect(codeOf(await s.gql(query, variables, seller)), query).toBe('FORBIDDEN');
      expect(codeOf(await s.gql(query, variables, viewer)), query).toBe('FORBIDDEN');
    }
    expect(codeOf(await s.gql(COUNTS, {}, seller))).toBe('FORBIDDEN');
    expect(await counts()).toEqual(before);
  });

  it('tipos: bad input refused in Spanish; editing a type keeps the checklist of inspections already made', async () => {
    const before = await counts();
    expect(fieldsOf(await s.gql(TYPE_CREATE, { i: { name: ' ', passingScore: '101', items: [] } }, sec))).toEqual({
      name: 'Este campo es obligatorio.',
      passingScore: 'Indica una calificación de 0 a 100 con máximo 2 decimales.',
      items: 'Agrega al menos un punto al checklist.',
    });
    expect(fieldsOf(await s.gql(TYPE_CREATE, { i: { name: 'Recorrido general de planta', passingScore: '80', items } }, sec))).toEqual({ name: 'Ya existe un tipo de inspección con ese nombre.' });
    expect(fieldsOf(await s.gql(TYPE_CREATE, { i: { name: 'Otro', passingScore: '80', items: [{ text: 'A', weight: '0' }, { text: '', weight: '1.234' }] } }, sec))).toEqual({
      'items.0.weight': 'El peso debe ser mayor a cero, con máximo 2 decimales.',
      'items.1.text': 'Este campo es obligatorio.',
      'items.1.weight': 'El peso debe ser mayor a cero, con máximo 2 decimales.',
    });
    expect(await counts()).toEqual(before);
    const t = (await ok(TYPE_CREATE, { i: { name: 'Prueba API', passingScore: '80', items } })).secInspectionTypeCreate;
    expect(t.itemCount).toBe(5);
    expect(t.items.map((i: { weight: string }) => i.weight)).toEqual(['3', '2', '1.5', '0.5', '4']);
    typeId = t.id;
  });

  it('inspección: weighted score with N/A out, live and on close; photo required; a critical "no cumple" fails at 80 % and raises one report', async () => {
    const i0 = (await ok(INSPECTION_CREATE, { i: { typeId, area: 'Nave 2', inspectorEmployeeId: employee(0), inspectedOn: today } })).secInspectionCreate;
    expect(i0).toMatchObject({ status: 'borrador', score: null, itemCount: 5, answeredCount: 0 });
    // The type changes afterwards: this inspection keeps its five points.
    await ok(TYPE_UPDATE, { id: typeId, v: 1, i: { name: 'Prueba API', passingScore: '80', items: items.slice(0, 2) } });
    const [a1, a2, a3, a4, a5] = i0.answers.map((a: { id: string }) => a.id);
    const save = (v: number, answers: unknown[]) => s.gql(INSPECTION_SAVE, { id: i0.id, v, i: { notes: 'Recorrido', answers } }, sec);
    expect(fieldsOf(await save(i0.version, [{ id: '999999', answer: 'cumple' }]))).toEqual({ 'answers.0.id': 'Ese punto no pertenece a la inspección.' });
    // cumple 3 + 1.5 + 4 = 8.5 of applicable 3 + 2 + 1.5 + 4 = 10.5 (botiquín N/A) → 80.952… → 80.95; the failed point is critical.
    let i1 = (await ok(INSPECTION_SAVE, { id: i0.id, v: i0.version, i: { notes: 'Recorrido', answers: [
      { id: a1, answer: 'cumple' }, { id: a2, answer: 'no_cumple', note: 'Tarimas en la salida' }, { id: a3, answer: 'cumple' }, { id: a4, answer: 'na' }, { id: a5, answer: 'cumple' },
    ] } })).secInspectionSave;
    expect(i1).toMatchObject({ score: '80.95', findings: 1, answeredCount: 5, itemCount: 5, result: null });
    // Point 1 requires a photo: closing is refused and nothing changes.
    const refused = await s.gql(INSPECTION_CLOSE, { id: i0.id, v: i1.version }, sec);
    expect(fieldsOf(refused)).toEqual({ [`answers.${a1}`]: 'El punto 1 requiere foto de evidencia.' });
    expect((await ok(`query($id:ID!){ secInspection(id:$id){ status } }`, { id: i0.id })).secInspection.status).toBe('borrador');
    // A PDF is not a photo; then a PNG is attached.
    const pdf = await s.uploadId(sec, Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'), 'x.pdf');
    expect(fieldsOf(await s.gql(INSPECTION_PHOTO, { a: a1, f: pdf }, sec))).toEqual({ fileId: 'Tipo de archivo no permitido aquí. Sube PNG, JPG, WEBP.' });
    i1 = (await ok(INSPECTION_PHOTO, { a: a1, f: await s.uploadId(sec, PNG, 'evidencia.png') })).secInspectionAnswerPhoto;
    expect(i1.answers[0].photo.fileName).toBe('evidencia.png');
    // Raise the report from the failed point (only once; only from a "no cumple").
    expect(fieldsOf(await s.gql(RAISE, { a: a1 }, sec))).toEqual({ answerId: 'Solo un punto con «no cumple» guardado puede levantar un reporte de mantenimiento.' });
    const raised = await Promise.all([s.gql(RAISE, { a: a2 }, sec), s.gql(RAISE, { a: a2 }, sec)]);
    expect(raised.filter((r) => !r.errors)).toHaveLength(1);
    expect(codeOf(raised.find((r) => r.errors)!)).toBe('CONFLICT');
    const withReport = (raised.find((r) => !r.errors)!.data as any).secInspectionRaiseReport;
    const report = withReport.answers[1].failureReport;
    expect(report).toMatchObject({ status: 'nuevo', sourceReference: `INS-${String(withReport.folio).padStart(5, '0')} · Salida libre` });
    const closed = (await ok(INSPECTION_CLOSE, { id: i0.id, v: i1.version })).secInspectionClose;
    expect(closed).toMatchObject({ status: 'cerrada', score: '80.95', result: 'reprobada' });
    expect(closed.answers.map((a: { text: string }) => a.text)).toEqual(['Extintor cargado', 'Salida libre', 'Señalización', 'Botiquín', 'Lavaojos']);
    // Closed is read-only.
    expect(codeOf(await save(closed.version, [{ id: a3, answer: 'no_cumple' }]))).toBe('CONFLICT');
    expect(codeOf(await s.gql(INSPECTION_PHOTO, { a: a1, f: null }, sec))).toBe('CONFLICT');
    // The report is in mt_failure_reports and listed for Seguridad's «Reportes de Mantenimiento».
    const list = (await ok('{ secMaintenanceReports(list:{pageSize:50}) { total items { id folio status inspectionId sourceReference } } }')).secMaintenanceReports;
    expect(list.total).toBe(4);
    expect(list.items[0]).toMatchObject({ id: report.id, folio: report.folio, status: 'nuevo', inspectionId: i0.id });
    // …and it reaches Mantenimiento's Gestión de reportes, for the maintenance role.
    const mechanic = await s.login('mantenimiento@demo.mx');
    const inbox = (await ok('{ maintenanceFailureReports(list:{pageSize:50}, filter:{status:nuevo}) { items { id source sourceReference status } } }', {}, mechanic)).maintenanceFailureReports.items;
    expect(inbox).toContainEqual({ id: report.id, source: 'seguridad', sourceReference: report.sourceReference, status: 'nuevo' });
    const findings = (await ok('{ secOpenFindings { folio text critical reportFolio reportStatus } }')).secOpenFindings;
    expect(findings).toContainEqual({ folio: closed.folio, text: 'Salida libre', critical: true, reportFolio: report.folio, reportStatus: 'nuevo' });
  });

  it('programación: closing the inspection of a monthly plan on the 31st creates the next one clamped to the month end', async () => {
    const before = await counts();
    expect(fieldsOf(await s.gql(SCHEDULE_CREATE, { i: { typeId, area: ' ', responsibleEmployeeId: employee(1), dueOn: '2027-01-31', recurrence: 'monthly', notes: 'x'.repeat(501) } }, sec))).toEqual({
      area: 'Este campo es obligatorio.',
      notes: 'Máximo 500 caracteres.',
    });
    expect(fieldsOf(await s.gql(SCHEDULE_CREATE, { i: { typeId: '999999', area: 'Nave', responsibleEmployeeId: employee(1), dueOn: '2027-01-31', recurrence: 'monthly' } }, sec))).toEqual({ typeId: 'El tipo de inspección no existe.' });
    expect(fieldsOf(await s.gql(SCHEDULE_CREATE, { i: { typeId, area: 'Nave', responsibleEmployeeId: '999999', dueOn: '2027-01-31', recurrence: 'monthly' } }, sec))).toEqual({ responsibleEmployeeId: 'El empleado no existe.' });
    expect(await counts()).toEqual(before);
    const plan = (await ok(SCHEDULE_CREATE, { i: { typeId, area: 'Nave 3', responsibleEmployeeId: employee(1), dueOn: '2027-01-31', recurrence: 'monthly' } })).secScheduleCreate;
    expect(plan).toMatchObject({ dueOn: '2027-01-31', status: 'pendiente', overdue: false });
    const insp = (await ok(INSPECTION_CREATE, { i: { typeId, area: 'Nave 3', inspectorEmployeeId: employee(1), inspectedOn: today, scheduleId: plan.id } })).secInspectionCreate;
    expect(insp.itemCount).toBe(2); // the type now has two points
    const saved = (await ok(INSPECTION_SAVE, { id: insp.id, v: insp.version, i: { answers: insp.answers.map((a: { id: string }) => ({ id: a.id, answer: 'cumple' })) } })).secInspectionSave;
    expect(saved.score).toBe('100'); // Decimal travels normalised
    await ok(INSPECTION_PHOTO, { a: saved.answers[0].id, f: await s.uploadId(sec, PNG, 'extintor.png') }); // point 1 requires evidence
    const closed = (await ok(INSPECTION_CLOSE, { id: insp.id, v: saved.version })).secInspectionClose;
    expect(closed.result).toBe('aprobada');
    const rows = (await ok(`query($t:ID){ secSchedules(list:{pageSize:10, sortBy:"dueOn"}, filter:{typeId:$t}) { items { dueOn status recurrence inspectionId } } }`, { t: typeId })).secSchedules.items;
    expect(rows).toEqual([
      { dueOn: '2027-01-31', status: 'realizada', recurrence: 'monthly', inspectionId: insp.id },
      { dueOn: '2027-02-28', status: 'pendiente', recurrence: 'monthly', inspectionId: null },
    ]);
    const overdue = (await ok('{ secSchedules(filter:{overdue:true}) { total items { overdue } } dashboard { security { overdueInspections expiringPermits } } }'));
    expect(overdue.secSchedules.items.every((r: { overdue: boolean }) => r.overdue)).toBe(true);
    expect(overdue.dashboard.security.overdueInspections).toBe(overdue.secSchedules.total);
    expect(overdue.dashboard.security.expiringPermits).toBe(2); // demo: one ends in 5 h, one ended an hour ago and is still open
    expect((await ok('{ dashboard { security { overdueInspections } } }', {}, seller)).dashboard.security).toBeNull();
  });

  it('«Agrupar por» counts the list\'s own inspections (search and filter) by estado, resultado, tipo and mes; Consulta reads, Ventas is FORBIDDEN', async () => {
    const GROUPS = `query($g:SecInspectionGroupBy!,$f:SecInspectionFilter,$l:ListInput){ secInspectionGroups(groupBy:$g, filter:$f, list:$l){
      totalGroups groups { key label count total } grandTotal { count total } } }`;
    const groups = async (g: string, f: Record<string, unknown> | null = null, l: Record<string, unknown> = {}) => (await ok(GROUPS, { g, f, l }, viewer)).secInspectionGroups;
    const rows = (page: { groups: { key: string; label: string; count: number }[] }) => page.groups.map((x) => [x.key, x.label, x.count]);
    // «Prueba API» has the two inspections of today worked above: Nave 2 reprobada (80.95) and Nave 3 aprobada (100), both cerradas.
    const mine = { typeId };
    expect(await groups('STATUS', mine)).toEqual({ totalGroups: 1, groups: [{ key: 'cerrada', label: 'Cerrada', count: 2, total: '0' }], grandTotal: { count: 2, total: '0' } });
    expect(rows(await groups('RESULT', mine))).toEqual([['aprobada', 'Aprobada', 1], ['reprobada', 'Reprobada', 1]]);
    expect(rows(await groups('TYPE', mine))).toEqual([[typeId, 'Prueba API', 2]]);
    const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
    expect(rows(await groups('MONTH', mine))).toEqual([[today.slice(0, 7), `${months[Number(today.slice(5, 7)) - 1]} de ${today.slice(0, 4)}`, 2]]);
    // The search applies too: only Nave 3.
    expect(rows(await groups('RESULT', mine, { search: 'Nave 3' }))).toEqual([['aprobada', 'Aprobada', 1]]);
    // Every inspection (the demo's 20 and these 2): each status group holds what the list holds with that filter; borradores have no result (key "").
    const total = async (f: Record<string, unknown>) => (await ok('query($f:SecInspectionFilter){ secInspections(filter:$f, list:{pageSize:1}){ total } }', { f })).secInspections.total;
    const all = await groups('STATUS');
    expect(all.grandTotal.count).toBe(22);
    for (const g of all.groups) expect(g.count).toBe(await total({ status: g.key }));
    const byResult = await groups('RESULT');
    const drafts = all.groups.find((g: { key: string }) => g.key === 'borrador')?.count ?? 0;
    expect(byResult.groups.find((g: { key: string }) => g.key === '')?.count ?? 0).toBe(drafts);
    expect(fieldsOf(await s.gql('{ secInspectionGroups(groupBy: STATUS, list:{sortBy:"notes"}){ totalGroups } }', {}, sec))).toEqual({ 'list.sortBy': 'No se puede ordenar por ese campo.' });
    expect(codeOf(await s.gql('{ secInspectionGroups(groupBy: STATUS){ totalGroups } }', {}, seller))).toBe('FORBIDDEN');
  });

  it('«Cerrar» a selection: each inspection closes on its own (score and result as one by one), the others report why; editar only; bad input refused', async () => {
    // A past day, so today's compliance report keeps its two inspections. The type has two points now: 1 (photo required) and 2 (critical).
    const day = '2025-03-10';
    const start = async (area: string) => (await ok(INSPECTION_CREATE, { i: { typeId, area, inspectorEmployeeId: employee(2), inspectedOn: day } })).secInspectionCreate;
    const answer = async (insp: any, answers: string[]) => (await ok(INSPECTION_SAVE, { id: insp.id, v: insp.version, i: { answers: insp.answers.map((a: { id: string }, k: number) => ({ id: a.id, answer: answers[k] })) } })).secInspectionSave;
    const ready = await answer(await start('Lote masivo A'), ['cumple', 'cumple']);
    await ok(INSPECTION_PHOTO, { a: ready.answers[0].id, f: await s.uploadId(sec, PNG, 'a.png') });
    const failing = await answer(await start('Lote masivo B'), ['na', 'no_cumple']); // point 1 N/A needs no photo; the critical point fails
    const noPhoto = await answer(await start('Lote masivo C'), ['cumple', 'cumple']);
    const blank = await start('Lote masivo D');
    const closedBefore = (await ok('query($t:ID){ secInspections(filter:{typeId:$t, status:cerrada}, list:{pageSize:1, sortBy:"folio"}){ items { id folio } } }', { t: typeId })).secInspections.items[0];
    const folio = (f: number) => `INS-${String(f).padStart(5, '0')}`;
    const status = async (id: string) => (await ok('query($id:ID!){ secInspection(id:$id){ status score result } }', { id })).secInspection;

    // Without editar (Consulta) or without Seguridad (Ventas): FORBIDDEN, nothing closes.
    for (const token of [viewer, seller]) expect(codeOf(await s.gql(BULK_CLOSE, { ids: [ready.id] }, token))).toBe('FORBIDDEN');
    expect((await status(ready.id)).status).toBe('borrador');
    // Bad input: no ids, or more than 500.
    expect(fieldsOf(await s.gql(BULK_CLOSE, { ids: [] }, sec))).toEqual({ ids: 'Selecciona al menos un registro.' });
    expect(fieldsOf(await s.gql(BULK_CLOSE, { ids: Array.from({ length: 501 }, (_, k) => String(k + 1)) }, sec))).toEqual({ ids: 'Se pueden procesar hasta 500 registros por operación; divide la selección.' });
    expect((await status(ready.id)).status).toBe('borrador');

    const r = (await ok(BULK_CLOSE, { ids: [ready.id, failing.id, noPhoto.id, blank.id, closedBefore.id, '999999', ready.id] })).secInspectionBulkClose;
    // The repeated id runs once. A: 3 + 2 of 5 → 100 aprobada. B: only the critical point applies and fails → 0 reprobada.
    expect(r.applied).toEqual([ready.id, failing.id]);
    expect(r.failures).toEqual([
      { id: noPhoto.id, reference: folio(noPhoto.folio), code: 'BAD_USER_INPUT', message: 'El punto 1 requiere foto de evidencia.' },
      { id: blank.id, reference: folio(blank.folio), code: 'BAD_USER_INPUT', message: 'Responde el punto 1: Extintor cargado. Responde el punto 2: Salida libre.' },
      { id: closedBefore.id, reference: folio(closedBefore.folio), code: 'CONFLICT', message: 'La inspección está cerrada: es de solo lectura.' },
      { id: '999999', reference: null, code: 'NOT_FOUND', message: 'La inspección no existe.' },
    ]);
    expect(await status(ready.id)).toEqual({ status: 'cerrada', score: '100', result: 'aprobada' });
    expect(await status(failing.id)).toEqual({ status: 'cerrada', score: '0', result: 'reprobada' });
    expect((await status(noPhoto.id)).status).toBe('borrador');
    expect((await status(blank.id)).status).toBe('borrador');
  });

  it('permisos: checklist, window, overlap (also in parallel), expired cannot be authorised, lifecycle', async () => {
    const w = [employee(25), employee(26), employee(27)];
    const base = { kind: 'altura', requesterEmployeeId: employee(24), workerIds: [w[0], w[1]], area: 'Techumbre nave 1', validFrom: hoursFromNow(1), validTo: hoursFromNow(9) };
    const before = await counts();
    expect(fieldsOf(await s.gql(PERMIT_CREATE, { i: { ...base, workerIds: [], validTo: base.validFrom, checklist: ['soldadura'] } }, sec))).toEqual({
      workerIds: 'Agrega al menos un trabajador.',
      validTo: 'El fin de la vigencia debe ser posterior al inicio.',
      checklist: 'El checklist tiene puntos que no son de este tipo de permiso.',
    });
    expect(fieldsOf(await s.gql(PERMIT_CREATE, { i: { ...base, workerIds: [w[0], w[0]] } }, sec))).toEqual({ workerIds: 'Un trabajador aparece dos veces.' });
    expect(await counts()).toEqual(before);
    const p1 = (await ok(PERMIT_CREATE, { i: { ...base, checklist: ['arnes', 'linea_vida'] } })).secPermitCreate;
    expect(p1).toMatchObject({ status: 'solicitado', expired: false });
    // Overlapping window for a worker of the same kind: refused; another kind, or touching windows: fine.
    const clash = fieldsOf(await s.gql(PERMIT_CREATE, { i: { ...base, workerIds: [w[1], w[2]], validFrom: hoursFromNow(8), validTo: hoursFromNow(12) } }, sec));
    expect(clash.workerIds).toMatch(new RegExp(`ya tiene el permiso ${p1.folio} de trabajo en altura`));
    const other = (await ok(PERMIT_CREATE, { i: { ...base, kind: 'electrico', workerIds: [w[1]] } })).secPermitCreate;
    await ok(PERMIT_CANCEL, { id: other.id, v: other.version, r: 'Duplicado' });
    // Two simultaneous requests for the same worker and window: one wins.
    const race = await Promise.all([0, 1].map(() => s.gql(PERMIT_CREATE, { i: { ...base, kind: 'confinado', workerIds: [w[2]] } }, sec)));
    expect(race.filter((r) => !r.errors)).toHaveLength(1);
    expect(fieldsOf(race.find((r) => r.errors)!).workerIds).toMatch(/ya tiene el permiso \d+ de espacio confinado/);
    // Authorise: checklist incomplete refused; complete it; authorise; close.
    const incomplete = await s.gql(PERMIT_AUTHORIZE, { id: p1.id, v: p1.version }, sec);
    expect(fieldsOf(incomplete).checklist).toMatch(/^Faltan 3 puntos del checklist para autorizar\./);
    const full = (await ok(PERMIT_UPDATE, { id: p1.id, v: p1.version, i: { ...base, checklist: ['arnes', 'linea_vida', 'andamio', 'delimitacion', 'capacitacion'] } })).secPermitUpdate;
    expect(codeOf(await s.gql(PERMIT_AUTHORIZE, { id: p1.id, v: full.version }, seller))).toBe('FORBIDDEN');
    const authorised = (await ok(PERMIT_AUTHORIZE, { id: p1.id, v: full.version })).secPermitAuthorize;
    expect(authorised.status).toBe('autorizado');
    expect(codeOf(await s.gql(PERMIT_UPDATE, { id: p1.id, v: authorised.version, i: base }, sec))).toBe('CONFLICT');
    expect((await ok(PERMIT_CLOSE, { id: p1.id, v: authorised.version })).secPermitClose.status).toBe('cerrado');
    // Expired: the demo's solicitado permit whose window ended yesterday cannot be authorised.
    const demo = (await ok('{ secPermits(filter:{status:solicitado}, list:{pageSize:50}) { items { id version expired checklist kind } } }')).secPermits.items;
    const expired = demo.find((p: { expired: boolean }) => p.expired);
    const refused = await s.gql(PERMIT_AUTHORIZE, { id: expired.id, v: expired.version }, sec);
    expect(codeOf(refused)).toBe('CONFLICT');
    expect(refused.errors![0].message).toBe('La vigencia del permiso ya terminó: no se puede autorizar. Solicita uno nuevo o cambia la vigencia.');
    expect((await ok('query($id:ID!){ secPermit(id:$id){ status } }', { id: expired.id })).secPermit.status).toBe('solicitado');
    expect(fieldsOf(await s.gql(PERMIT_CANCEL, { id: expired.id, v: expired.version, r: ' ' }, sec))).toEqual({ reason: 'Este campo es obligatorio.' });
    expect((await ok(PERMIT_CANCEL, { id: expired.id, v: expired.version, r: 'Venció sin autorizarse' })).secPermitCancel.status).toBe('cancelado');
  });

  it('permisos: «Autorizar» carries the checklist as shown, saved and authorised in one request; without editar, or with bad input, nothing is written', async () => {
    const base = { kind: 'altura', requesterEmployeeId: employee(20), workerIds: [employee(21)], area: 'Cubierta almacén', validFrom: hoursFromNow(30), validTo: hoursFromNow(34) };
    const all = ['arnes', 'linea_vida', 'andamio', 'delimitacion', 'capacitacion'];
    const p = (await ok(PERMIT_CREATE, { i: { ...base, checklist: all.slice(0, 3) } })).secPermitCreate;
    const unchanged = async () => expect((await ok(PERMIT, { id: p.id })).secPermit).toMatchObject({ status: 'solicitado', version: p.version, checklist: all.slice(0, 3) });
    // The two boxes just ticked travel with «Autorizar»: without them the server still sees 3 of 5.
    expect(fieldsOf(await s.gql(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: null }, sec)).checklist).toMatch(/^Faltan 2 puntos del checklist para autorizar\./);
    // Bad input: Spanish field messages, neither the save nor the authorisation written.
    expect(fieldsOf(await s.gql(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: { ...base, validTo: base.validFrom, checklist: [...all, 'soldadura'] } }, sec))).toEqual({
      validTo: 'El fin de la vigencia debe ser posterior al inicio.',
      checklist: 'El checklist tiene puntos que no son de este tipo de permiso.',
    });
    await unchanged();
    // A box still missing in the form as sent: refused after the save inside the same transaction, so the save is undone too.
    expect(fieldsOf(await s.gql(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: { ...base, area: 'Otra área', checklist: all.slice(0, 4) } }, sec)).checklist).toMatch(/^Falta 1 punto del checklist para autorizar\./);
    await unchanged();
    // Without the ability: Ventas and Consulta refused by the field; a role with autorizar but not editar may authorise as saved, not change it.
    for (const token of [seller, viewer]) expect(codeOf(await s.gql(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: { ...base, checklist: all } }, token))).toBe('FORBIDDEN');
    const admin = await s.login(ADMIN_EMAIL);
    const role = (await ok('mutation{ roleCreate(input:{name:"Autoriza permisos",description:"Prueba"}){ id version } }', {}, admin)).roleCreate;
    const catalog = (await ok('{ permissionCatalog { key submodules { id key } } }', {}, admin)).permissionCatalog;
    const permitsSub = catalog.find((m: { key: string }) => m.key === 'security').submodules.find((x: { key: string }) => x.key === 'work-permits');
    await ok('mutation($id:ID!,$v:Int!,$g:[RoleGrantInput!]!){ roleSetPermissions(id:$id,version:$v,grants:$g){ id } }', { id: role.id, v: role.version, g: ['ver', 'autorizar'].map((permission) => ({ submoduleId: permitsSub.id, permission })) }, admin);
    await ok('mutation($i:UserCreateInput!){ userCreate(input:$i){ user { id } } }', { i: { email: 'autoriza.permisos@demo.mx', name: 'Autoriza permisos', roleId: role.id, password: 'Inicial-123' } }, admin);
    const first = await s.login('autoriza.permisos@demo.mx', 'Inicial-123');
    const authorizer = (await ok('mutation{ changePassword(currentPassword:"Inicial-123", newPassword:"Permisos-2026!"){ token } }', {}, first)).changePassword.token as string;
    const refused = await s.gql(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: { ...base, checklist: all } }, authorizer);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors![0].message).toBe('No tienes permiso para realizar esta acción.');
    await unchanged();
    // Allowed: the form as shown is saved and authorised at once (one version for the save, one for the move).
    const authorised = (await ok(PERMIT_SAVE_AUTHORIZE, { id: p.id, v: p.version, i: { ...base, checklist: all } })).secPermitAuthorize;
    expect(authorised).toMatchObject({ status: 'autorizado', checklist: all, version: p.version + 2 });
    const history = (await ok('query($e:String!,$i:ID!){ recordHistory(entity:$e, entityId:$i){ entries { action } } }', { e: 'sec_permit', i: p.id })).recordHistory.entries.map((e: { action: string }) => e.action);
    expect(history).toEqual(expect.arrayContaining(['create', 'update', 'authorize']));
  });

  it('entrega: one delivery is read by id for its detail, null when missing, NOT_FOUND for a malformed id, refused without the ability', async () => {
    const epp = (await ok('{ secDeliverableTools(search: null, limit: 30) { id category } }')).secDeliverableTools.find((x: { category: string }) => x.category === 'epp');
    const d = (await ok(DELIVER, { i: { employeeId: employee(22), receivedBy: 'Quien recibe', deliveredOn: today, lines: [{ toolId: epp.id, quantity: 1 }] } })).secDeliveryCreate;
    const DETAIL = 'query($id:ID!){ secDelivery(id:$id){ id folio receivedBy signature outstanding lines { toolId quantity } } }';
    expect((await ok(DETAIL, { id: d.id })).secDelivery).toMatchObject({ id: d.id, folio: d.folio, receivedBy: 'Quien recibe', signature: null, outstanding: 1 });
    expect((await ok(DETAIL, { id: '999999' })).secDelivery).toBeNull();
    expect(codeOf(await s.gql(DETAIL, { id: 'abc' }, sec))).toBe('NOT_FOUND');
    expect(codeOf(await s.gql(DETAIL, { id: d.id }, seller))).toBe('FORBIDDEN');
  });

  it('herramientas: a tool delivered twice at once goes to one employee; returns by condition; history', async () => {
    const before = await counts();
    expect(fieldsOf(await s.gql(TOOL_CREATE, { i: { code: 'HER-001', name: 'Otro', category: 'herramienta' } }, sec))).toEqual({ code: 'Ya existe una herramienta con ese código.' });
    expect(fieldsOf(await s.gql(TOOL_CREATE, { i: { code: 'T-X', name: 'Taladro', category: 'herramienta', stock: 3 } }, sec))).toEqual({ stock: 'La existencia solo se captura en EPP.' });
    expect(fieldsOf(await s.gql(DELIVER, { i: { employeeId: employee(3), receivedBy: '', deliveredOn: today, lines: [] } }, sec))).toEqual({
      receivedBy: 'Este campo es obligatorio.',
      lines: 'Agrega al menos un equipo a la entrega.',
    });
    expect(await counts()).toEqual(before);
    const tool = (await ok(TOOL_CREATE, { i: { code: 'HER-900', name: 'Taladro inalámbrico', serial: 'DW-1', category: 'herramienta' } })).secToolCreate;
    const deliver = (employeeId: string) => s.gql(DELIVER, { i: { employeeId, receivedBy: 'Juan', deliveredOn: today, lines: [{ toolId: tool.id, quantity: 1 }] } }, sec);
    expect(fieldsOf(await s.gql(DELIVER, { i: { employeeId: employee(3), receivedBy: 'Juan', deliveredOn: today, lines: [{ toolId: tool.id, quantity: 2 }] } }, sec))).toEqual({ 'lines.0.quantity': 'Una herramienta se entrega por unidad (cantidad 1).' });
    const race = await Promise.all([deliver(employee(3)), deliver(employee(4))]);
    expect(race.filter((r) => !r.errors)).toHaveLength(1);
    expect(fieldsOf(race.find((r) => r.errors)!)).toEqual({ 'lines.0.toolId': 'La herramienta HER-900 está asignada: no se puede entregar.' });
    const delivery = (race.find((r) => !r.errors)!.data as any).secDeliveryCreate;
    let t = (await ok(TOOL, { id: tool.id })).secTool;
    expect(t).toMatchObject({ status: 'asignada', outstanding: 1 });
    expect(codeOf(await s.gql(TOOL_REPAIR, { id: tool.id, v: t.version, r: 'x' }, sec))).toBe('CONFLICT');
    const line = delivery.lines[0].id;
    expect(fieldsOf(await s.gql(RETURN, { i: { lineId: line, quantity: 1, condition: 'danado' } }, sec))).toEqual({ reason: 'Indica el motivo.' });
    const back = (await ok(RETURN, { i: { lineId: line, quantity: 1, condition: 'danado', reason: 'Broca rota' } })).secDeliveryReturn;
    expect(back.outstanding).toBe(0);
    expect(fieldsOf(await s.gql(RETURN, { i: { lineId: line, quantity: 1, condition: 'bueno' } }, sec))).toEqual({ quantity: 'Solo quedan 0 por devolver.' });
    t = (await ok(TOOL, { id: tool.id })).secTool;
    expect(t).toMatchObject({ status: 'en_reparacion', holderEmployeeId: null });
    t = (await ok(TOOL_REPAIRED, { id: tool.id, v: t.version })).secToolRepaired;
    expect(t.status).toBe('disponible');
    t = (await ok(TOOL_REPAIR, { id: tool.id, v: t.version, r: 'Mantenimiento preventivo' })).secToolRepair;
    t = (await ok(TOOL_RETIRE, { id: tool.id, v: t.version, r: 'Obsoleta' })).secToolRetire;
    expect(t.status).toBe('baja');
    const u = (await ok(TOOL_UPDATE, { id: tool.id, v: t.version, i: { code: 'HER-900', name: 'Taladro viejo' } })).secToolUpdate;
    expect(u.version).toBe(t.version + 1);
    const events = (await ok(TOOL, { id: tool.id })).secTool.events.map((e: { kind: string; condition: string | null; statusAfter: string }) => [e.kind, e.condition, e.statusAfter]);
    expect(events).toEqual([
      ['baja', null, 'baja'],
      ['reparacion', null, 'en_reparacion'],
      ['reparada', null, 'disponible'],
      ['devolucion', 'danado', 'en_reparacion'],
      ['entrega', null, 'asignada'],
      ['alta', null, 'disponible'],
    ]);
  });

  it('EPP: stock exact after deliveries and returns, never below zero under parallel deliveries', async () => {
    const epp = (await ok(TOOL_CREATE, { i: { code: 'EPP-900', name: 'Guantes de prueba (par)', category: 'epp', stock: 10 } })).secToolCreate;
    expect(fieldsOf(await s.gql(TOOL_STOCK, { id: epp.id, q: -11, r: 'Merma' }, sec))).toEqual({ quantity: 'No hay existencia suficiente: hay 10.' });
    expect((await ok(TOOL_STOCK, { id: epp.id, q: 5, r: 'Compra' })).secToolStockAdjust.stock).toBe(15);
    // Five parallel deliveries of 4 pairs from 15: three fit (12), two are refused; 3 left.
    const give = (i: number) => s.gql(DELIVER, { i: { employeeId: employee(5 + i), receivedBy: 'Recibí', deliveredOn: today, lines: [{ toolId: epp.id, quantity: 4 }] } }, sec);
    const results = await Promise.all([0, 1, 2, 3, 4].map(give));
    const won = results.filter((r) => !r.errors);
    expect(won).toHaveLength(3);
    for (const r of results.filter((x) => x.errors)) expect(fieldsOf(r)['lines.0.quantity']).toMatch(/^No hay existencia suficiente: hay [0-3]\.$/);
    let t = (await ok(TOOL, { id: epp.id })).secTool;
    expect(t).toMatchObject({ stock: 3, outstanding: 12 });
    // Returns: 2 good back to stock (5), 1 damaged and 1 lost do not (still 5); 8 still out.
    const lineOf = (r: GqlResult) => (r.data as any).secDeliveryCreate.lines[0].id;
    await ok(RETURN, { i: { lineId: lineOf(won[0]), quantity: 2, condition: 'bueno' } });
    await ok(RETURN, { i: { lineId: lineOf(won[0]), quantity: 1, condition: 'danado', reason: 'Rotos' } });
    await ok(RETURN, { i: { lineId: lineOf(won[1]), quantity: 1, condition: 'perdido', reason: 'Extraviados' } });
    expect(fieldsOf(await s.gql(RETURN, { i: { lineId: lineOf(won[0]), quantity: 2, condition: 'bueno' } }, sec))).toEqual({ quantity: 'Solo quedan 1 por devolver.' });
    t = (await ok(TOOL, { id: epp.id })).secTool;
    expect(t).toMatchObject({ stock: 5, outstanding: 8, status: 'disponible' });
    // Two parallel returns of the last pair of one line: only one counts.
    const last = await Promise.all([0, 1].map(() => s.gql(RETURN, { i: { lineId: lineOf(won[0]), quantity: 1, condition: 'bueno' } }, sec)));
    expect(last.filter((r) => !r.errors)).toHaveLength(1);
    t = (await ok(TOOL, { id: epp.id })).secTool;
    expect(t).toMatchObject({ stock: 6, outstanding: 7 });
    const held = (await ok('{ secEquipmentHeld { toolCode quantity } }')).secEquipmentHeld.filter((r: { toolCode: string }) => r.toolCode === 'EPP-900');
    expect(held.map((r: { quantity: number }) => r.quantity).sort()).toEqual([3, 4]);
  });

  it('the remaining mutations refuse bad input or a wrong state in Spanish, and nothing is written', async () => {
    const before = await counts();
    const types = (await ok('{ secInspectionTypes(list:{pageSize:1, sortBy:"name"}) { items { id version } } }')).secInspectionTypes.items;
    expect(fieldsOf(await s.gql(TYPE_UPDATE, { id: types[0].id, v: types[0].version, i: { name: '', passingScore: '-1', items } }, sec))).toEqual({
      name: 'Este campo es obligatorio.',
      passingScore: 'Indica una calificación de 0 a 100 con máximo 2 decimales.',
    });
    const plan = (await ok('{ secSchedules(filter:{status:pendiente}, list:{pageSize:1}) { items { id version typeId responsibleEmployeeId dueOn } } }')).secSchedules.items[0];
    const planInput = { typeId: plan.typeId, area: 'Nave', responsibleEmployeeId: plan.responsibleEmployeeId, dueOn: plan.dueOn, recurrence: 'weekly' };
    expect(fieldsOf(await s.gql('mutation($id:ID!,$v:Int!,$i:SecScheduleInput!){ secScheduleUpdate(id:$id,version:$v,input:$i){ id } }', { id: plan.id, v: plan.version, i: { ...planInput, area: '' } }, sec))).toEqual({ area: 'Este campo es obligatorio.' });
    const done = (await ok('{ secSchedules(filter:{status:realizada}, list:{pageSize:1}) { items { id version } } }')).secSchedules.items[0];
    const cancelDone = await s.gql('mutation($id:ID!,$v:Int!){ secScheduleCancel(id:$id,version:$v){ id } }', { id: done.id, v: done.version }, sec);
    expect(codeOf(cancelDone)).toBe('CONFLICT');
    expect(fieldsOf(await s.gql(INSPECTION_CREATE, { i: { typeId, area: ' ', inspectorEmployeeId: '999999', inspectedOn: today } }, sec))).toEqual({ area: 'Este campo es obligatorio.' });
    expect(fieldsOf(await s.gql(INSPECTION_CREATE, { i: { typeId, area: 'Nave', inspectorEmployeeId: '999999', inspectedOn: today } }, sec))).toEqual({ inspectorEmployeeId: 'El empleado no existe.' });
    const requested = (await ok('{ secPermits(filter:{status:solicitado}, list:{pageSize:1, sortBy:"folio"}) { items { id version kind requesterEmployeeId workers { employeeId } } } }')).secPermits.items[0];
    const permitInput = { kind: requested.kind, requesterEmployeeId: requested.requesterEmployeeId, workerIds: requested.workers.map((w: { employeeId: string }) => w.employeeId), area: 'Azotea', validFrom: hoursFromNow(5), validTo: hoursFromNow(4) };
    expect(fieldsOf(await s.gql(PERMIT_UPDATE, { id: requested.id, v: requested.version, i: permitInput }, sec))).toEqual({ validTo: 'El fin de la vigencia debe ser posterior al inicio.' });
    const closeRequested = await s.gql(PERMIT_CLOSE, { id: requested.id, v: requested.version }, sec);
    expect(codeOf(closeRequested)).toBe('CONFLICT');
    expect(closeRequested.errors![0].message).toBe('El permiso está solicitado; no se puede hacer eso.');
    const tool = (await ok('{ secTools(filter:{category:herramienta, status:disponible}, list:{pageSize:1}) { items { id version code } } }')).secTools.items[0];
    expect(fieldsOf(await s.gql(TOOL_UPDATE, { id: tool.id, v: tool.version, i: { code: 'HER-002', name: 'X' } }, sec))).toEqual({ code: 'Ya existe una herramienta con ese código.' });
    expect(fieldsOf(await s.gql(TOOL_REPAIR, { id: tool.id, v: tool.version, r: '  ' }, sec))).toEqual({ reason: 'Este campo es obligatorio.' });
    expect(fieldsOf(await s.gql(TOOL_RETIRE, { id: tool.id, v: tool.version, r: '' }, sec))).toEqual({ reason: 'Este campo es obligatorio.' });
    const repairedAvailable = await s.gql(TOOL_REPAIRED, { id: tool.id, v: tool.version }, sec);
    expect(codeOf(repairedAvailable)).toBe('CONFLICT');
    expect((await ok(TOOL, { id: tool.id })).secTool).toMatchObject({ status: 'disponible', version: tool.version, code: tool.code });
    expect(await counts()).toEqual(before);
  });

  it('limits: too-large initial PPE stock, a delivery of more than 50 lines and a quantity over 100,000 are refused in Spanish naming the limit, nothing written', async () => {
    const before = await counts();
    expect(fieldsOf(await s.gql(TOOL_CREATE, { i: { code: 'EPP-990', name: 'Tapones auditivos', category: 'epp', stock: 1_000_001 } }, sec))).toEqual({
      stock: 'La existencia inicial no puede pasar de 1,000,000.',
    });
    // The limit itself is accepted (then the code exists), one over is not.
    const tools = (await ok('{ secTools(filter:{deliverable:true}, list:{pageSize:51, sortBy:"code"}) { items { id } } }')).secTools.items as { id: string }[];
    expect(tools).toHaveLength(51);
    const lines = tools.map((t) => ({ toolId: t.id, quantity: 1 }));
    const delivery = { employeeId: employee(0), receivedBy: 'Recibí', deliveredOn: today };
    expect(fieldsOf(await s.gql(DELIVER, { i: { ...delivery, lines } }, sec))).toEqual({ lines: 'Una entrega lleva máximo 50 equipos; registra el resto en otra entrega.' });
    expect(fieldsOf(await s.gql(DELIVER, { i: { ...delivery, lines: [{ toolId: tools[0].id, quantity: 100_001 }] } }, sec))).toEqual({ 'lines.0.quantity': 'La cantidad no puede pasar de 100,000.' });
    expect(await counts()).toEqual(before);
    const held = (await ok('{ secTools(list:{pageSize:1, search:"EPP-990"}) { total } }')).secTools.total;
    expect(held).toBe(0);
    const top = (await ok(TOOL_CREATE, { i: { code: 'EPP-990', name: 'Tapones auditivos', category: 'epp', stock: 1_000_000 } })).secToolCreate;
    expect(top).toMatchObject({ category: 'epp', stock: 1_000_000 });
  });

  it('reportes: compliance by type worked by hand; PDF for Seguridad only; dates checked', async () => {
    const rows = (await ok('query($f:Date!,$t:Date!){ secCompliance(from:$f,to:$t,by:tipo){ label inspections approved failed compliance averageScore } }', { f: today, t: today })).secCompliance;
    // Today: the two inspections of «Prueba API»: 80.95 reprobada and 100.00 aprobada → 50.00 % compliance, average 90.475 → 90.48.
    expect(rows).toContainEqual({ label: 'Prueba API', inspections: 2, approved: 1, failed: 1, compliance: '50', averageScore: '90.48' });
    expect(fieldsOf(await s.gql('{ secCompliance(from:"2026-02-01", to:"2026-01-01", by:mes){ label } }', {}, sec))).toEqual({ to: 'La fecha final es anterior a la inicial.' });
    const pdf = (await ok('query($f:Date,$t:Date){ secReportPdf(kind:cumplimiento, from:$f, to:$t, by:area) }', { f: '2026-01-01', t: today })).secReportPdf;
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(codeOf(await s.gql('{ secReportPdf(kind:equipo) }', {}, viewer))).toBe('FORBIDDEN');
    const summary = (await ok('query($f:Date!,$t:Date!){ secPermitSummary(from:$f,to:$t){ kind status count } }', { f: '2020-01-01', t: '2030-12-31' })).secPermitSummary;
    expect(summary.reduce((a: number, r: { count: number }) => a + r.count, 0)).toBe((await counts()).secPermits);
  });
});

describe('date range on the lists: both boundary days in, the days outside out, an inverted range refused', () => {
  it('Inspecciones by inspection day', async () => {
    await checkDateRange(s, sec, { field: 'secInspections', filterType: 'SecInspectionFilter', dateField: 'inspectedOn' });
  });
  it('Programación by due day', async () => {
    await checkDateRange(s, sec, { field: 'secSchedules', filterType: 'SecScheduleFilter', dateField: 'dueOn' });
  });
});
