// Seguridad rules and transactions. Inspections copy the type's checklist
// and score with schema/security/inspections.ts (the same function the
// screen uses); closing one that attends a recurring plan creates the next
// occurrence. A "no cumple" raises a failure report through Mantenimiento's
// service. Permits lock their workers' rows before the overlap check, so two
// simultaneous requests cannot both book a worker. A tool is assigned and
// PPE stock taken by conditional updates: the loser of a race changes nothing.
import { writeAudit } from '../../db/audit';
import { nextFolio } from '../../db/folios';
import { actorOf, type RequestContext } from '../../context';
import { claimUpload, detachUpload, removeUploadBytes, storageOf, toAttachment, type AttachmentRow } from '../../lib/attachments';
import { appError, badInput, conflict, forbidden, found, notFound } from '../../lib/errors';
import { runBulk } from '../../lib/bulk';
import { readDateRange, readList, type ListInput } from '../../lib/list';
import { parseInput, rules, z } from '../../lib/validation';
import { isIsoDate, todayMx } from '../../../schema/dates';
import { dec, money } from '../../../schema/money';
import { closeProblems, formatInspectionFolio, inspectionResult, inspectionScore, INSPECTION_ANSWERS, INSPECTION_RESULT_LABELS, INSPECTION_STATUS_LABELS } from '../../../schema/security/inspections';
import { labelGroups } from '../../lib/moneyGroups';
import { monthLabel } from '../../../schema/moneyGroups';
import { missingChecks, PERMIT_CHECKLISTS, PERMIT_EXPIRING_HOURS, PERMIT_KINDS, PERMIT_KIND_LABELS, PERMIT_STATUS_LABELS, windowExpired, type PermitKind } from '../../../schema/security/permits';
import { isOverdue, nextOccurrence, RECURRENCES, type Recurrence } from '../../../schema/security/schedule';
import { DELIVERY_LINES_MAX, DELIVERY_QUANTITY_MAX, EPP_STOCK_MAX, RETURN_CONDITIONS, statusAfterReturn, TOOL_CATEGORIES, TOOL_STATUS_LABELS } from '../../../schema/security/tools';
import { failureReportsBySource, failureReportsOfSource, formatFailureReportFolio, raiseFailureReport, SOURCE_REPORT_SORTS } from '../maintenance/service';
import type { Indicator } from '../../lib/indicators';
import * as data from './data';

const db = (ctx: RequestContext) => ctx.app.database.db;
const userId = (ctx: RequestContext) => ctx.auth?.id ?? null;
const SUBJECT_INSPECTIONS = 'Seguridad-Inspecciones';

export const MSG = {
  required: 'Este campo es obligatorio.',
  date: 'Fecha no válida.',
  employeeMissing: 'El empleado no existe.',
  employeeInactive: 'El empleado está dado de baja.',
  typeMissing: 'El tipo de inspección no existe.',
  typeInactive: 'El tipo de inspección está inactivo.',
  typeNameTaken: 'Ya existe un tipo de inspección con ese nombre.',
  itemsRequired: 'Agrega al menos un punto al checklist.',
  weight: 'El peso debe ser mayor a cero, con máximo 2 decimales.',
  passingScore: 'Indica una calificación de 0 a 100 con máximo 2 decimales.',
  recurrence: 'Elige la repetición.',
  scheduleNotPending: (s: string) => `La inspección programada está ${s}; ya no se modifica.`,
  scheduleMissing: 'La inspección programada no existe.',
  scheduleTaken: 'Esa programación ya tiene una inspección.',
  inspectionClosed: 'La inspección está cerrada: es de solo lectura.',
  answerUnknown: 'Ese punto no pertenece a la inspección.',
  answerValue: 'Respuesta no válida: cumple, no cumple o N/A.',
  noFailure: 'Solo un punto con «no cumple» guardado puede levantar un reporte de mantenimiento.',
  alreadyRaised: (folio: string) => `Este punto ya levantó el reporte ${folio}.`,
  permitKind: 'Elige el tipo de permiso.',
  workersRequired: 'Agrega al menos un trabajador.',
  workersRepeated: 'Un trabajador aparece dos veces.',
  windowOrder: 'El fin de la vigencia debe ser posterior al inicio.',
  checklistUnknown: 'El checklist tiene puntos que no son de este tipo de permiso.',
  overlap: (who: string, folio: number, kind: string) => `${who} ya tiene el permiso ${folio} de ${kind} en un horario que se traslapa.`,
  permitMove: (s: string) => `El permiso está ${s}; no se puede hacer eso.`,
  expired: 'La vigencia del permiso ya terminó: no se puede autorizar. Solicita uno nuevo o cambia la vigencia.',
  checklistIncomplete: (n: number) => `Falta${n === 1 ? '' : 'n'} ${n} punto${n === 1 ? '' : 's'} del checklist para autorizar.`,
  toolCodeTaken: 'Ya existe una herramienta con ese código.',
  category: 'Elige herramienta o EPP.',
  stockToolOnly: 'La existencia solo se captura en EPP.',
  stockNegative: (available: number) => `No hay existencia suficiente: hay ${available}.`,
  toolNotAvailable: (code: string, status: string) => `La herramienta ${code} está ${status}: no se puede entregar.`,
  toolQuantity: 'Una herramienta se entrega por unidad (cantidad 1).',
  toolRepeated: 'Un equipo aparece dos veces en la entrega.',
  toolMissing: 'El equipo no existe.',
  toolMove: (status: string) => `La herramienta está ${status}; no se puede hacer eso.`,
  linesRequired: 'Agrega al menos un equipo a la entrega.',
  quantity: 'Indica una cantidad entera mayor a cero.',
  returnTooMany: (n: number) => `Solo quedan ${n} por devolver.`,
  reasonRequired: 'Indica el motivo.',
  signature: 'La firma no es válida (PNG, máximo 200 KB).',
  eppBaja: 'El EPP está dado de baja.',
  answersTooMany: (n: number) => `Máximo ${n} respuestas por guardado.`,
  stockTooBig: `La existencia inicial no puede pasar de ${EPP_STOCK_MAX.toLocaleString('es-MX')}.`,
  quantityTooBig: `La cantidad no puede pasar de ${DELIVERY_QUANTITY_MAX.toLocaleString('es-MX')}.`,
  linesTooMany: `Una entrega lleva máximo ${DELIVERY_LINES_MAX} equipos; registra el resto en otra entrega.`,
};

const optionalText = (max: number) => rules.optionalText(max).nullish().transform((v) => v ?? '');
const isoDate = () => z.string({ error: MSG.required }).refine(isIsoDate, MSG.date);
const dateTime = () => z.string({ error: MSG.required }).refine((v) => !Number.isNaN(Date.parse(v)), 'Fecha y hora no válidas.').transform((v) => new Date(v));
const decimalField = (message: string, check: (d: ReturnType<typeof dec>) => boolean) =>
  z.string({ error: MSG.required }).trim().refine((v) => {
    try {
      const d = dec(v);
      return d.isFinite() && d.decimalPlaces() <= 2 && check(d);
    } catch {
      return false;
    }
  }, message);
const statusText = (labels: Record<string, string>, s: string) => (labels[s] ?? s).toLowerCase();

async function activeEmployee(tx: Parameters<typeof data.employeesByIds>[0], id: number, field: string) {
  const [e] = await data.employeesByIds(tx, [id]);
  if (!e) throw badInput({ [field]: MSG.employeeMissing });
  if (e.status !== 'activo') throw badInput({ [field]: MSG.employeeInactive });
  return e;
}

// ---- tipos ------------------------------------------------------------------------------------

const typeInput = z.object({
  name: rules.requiredText(120),
  description: optionalText(500),
  passingScore: decimalField(MSG.passingScore, (d) => d.gte(0) && d.lte(100)),
  active: z.boolean().nullish().transform((v) => v ?? true),
  items: z
    .array(
      z.object({
        text: rules.requiredText(300),
        weight: decimalField(MSG.weight, (d) => d.gt(0) && d.lte(1000)),
        critical: z.boolean().nullish().transform((v) => v ?? false),
        evidenceRequired: z.boolean().nullish().transform((v) => v ?? false),
      }),
    )
    .min(1, MSG.itemsRequired)
    .max(60, 'Máximo 60 puntos.'),
});

export function listTypes(ctx: RequestContext, list: ListInput | null | undefined, active: boolean | null | undefined) {
  return data.listTypes(db(ctx), readList(list, data.TYPE_SORTS, 'name'), active ?? null);
}
export const typeOptions = (ctx: RequestContext) => data.typeOptions(db(ctx));
export async function itemsOfType(ctx: RequestContext, typeId: number) {
  return (await data.itemsOfTypes(db(ctx), [typeId])).get(typeId) ?? [];
}

export async function saveType(ctx: RequestContext, id: string | null, version: number | null, input: unknown) {
  const v = parseInput(typeInput, input);
  const values = { ...v, passingScore: money(v.passingScore), items: v.items.map((i) => ({ ...i, weight: money(i.weight) })) };
  const typeId = await db(ctx).transaction(async (tx) => {
    if (await data.typeNameTaken(tx, v.name, id ? Number(id) : null)) throw badInput({ name: MSG.typeNameTaken });
    if (id === null) {
      const newId = await data.insertType(tx, values);
      await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection_type', entityId: newId, action: 'create', after: values });
      return newId;
    }
    const before = await data.findType(tx, Number(id), { lock: true });
    if (!before) throw notFound('El tipo de inspección');
    if (!(await data.updateType(tx, before.id, version ?? -1, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection_type', entityId: before.id, action: 'update', before, after: values });
    return before.id;
  });
  return found(await data.findType(db(ctx), typeId), 'El tipo de inspección');
}

// ---- programación -----------------------------------------------------------------------------

const scheduleInput = z.object({
  typeId: rules.id(),
  area: rules.requiredText(150),
  responsibleEmployeeId: rules.id(),
  dueOn: isoDate(),
  recurrence: z.enum(RECURRENCES, { error: MSG.recurrence }),
  notes: optionalText(500),
});

const withOverdue = <T extends data.ScheduleRow>(r: T, today = todayMx()) => ({ ...r, overdue: isOverdue(r.status, r.dueOn, today) });

export async function listSchedules(ctx: RequestContext, list: ListInput | null | undefined, f: { status?: string | null; overdue?: boolean | null; typeId?: string | null; from?: string | null; to?: string | null } | null | undefined) {
  const today = todayMx();
  const r = await data.listSchedules(db(ctx), readList(list, data.SCHEDULE_SORTS, 'dueOn'), {
    status: f?.status ?? null,
    overdueBefore: f?.overdue ? today : null,
    typeId: f?.typeId ? Number(f.typeId) : null,
    range: readDateRange(f),
  });
  return { items: r.items.map((x) => withOverdue(x, today)), total: r.total };
}

async function activeType(tx: Parameters<typeof data.findType>[0], id: number) {
  const type = await data.findType(tx, id);
  if (!type) throw badInput({ typeId: MSG.typeMissing });
  if (!type.active) throw badInput({ typeId: MSG.typeInactive });
  return type;
}

export async function saveSchedule(ctx: RequestContext, id: string | null, version: number | null, input: unknown) {
  const v = parseInput(scheduleInput, input);
  const values = { ...v, anchorDay: Number(v.dueOn.slice(8, 10)) };
  const scheduleId = await db(ctx).transaction(async (tx) => {
    await activeType(tx, v.typeId);
    await activeEmployee(tx, v.responsibleEmployeeId, 'responsibleEmployeeId');
    if (id === null) {
      const newId = await data.insertSchedule(tx, values);
      await writeAudit(tx, actorOf(ctx), { entity: 'sec_schedule', entityId: newId, action: 'create', after: values });
      return newId;
    }
    const before = await data.findSchedule(tx, Number(id), { lock: true });
    if (!before) throw notFound('La inspección programada');
    if (before.status !== 'pendiente') throw appError('CONFLICT', MSG.scheduleNotPending(before.status));
    if (!(await data.updateSchedule(tx, before.id, version ?? -1, values))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_schedule', entityId: before.id, action: 'update', before, after: values });
    return before.id;
  });
  return withOverdue(found(await data.findSchedule(db(ctx), scheduleId), 'La inspección programada'));
}

export async function cancelSchedule(ctx: RequestContext, id: string, version: number) {
  await db(ctx).transaction(async (tx) => {
    const before = await data.findSchedule(tx, Number(id), { lock: true });
    if (!before) throw notFound('La inspección programada');
    if (before.version !== version) throw conflict();
    if (before.status !== 'pendiente') throw appError('CONFLICT', MSG.scheduleNotPending(before.status));
    await data.setScheduleStatus(tx, before.id, 'cancelada', null);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_schedule', entityId: before.id, action: 'cancel', before: { status: before.status }, after: { status: 'cancelada' } });
  });
  return withOverdue(found(await data.findSchedule(db(ctx), Number(id)), 'La inspección programada'));
}

// ---- inspecciones -----------------------------------------------------------------------------

const inspectionCreateInput = z.object({
  typeId: rules.id(),
  area: rules.requiredText(150),
  inspectorEmployeeId: rules.id(),
  inspectedOn: isoDate(),
  scheduleId: rules.id().nullish(),
  notes: optionalText(1000),
});

const saveInput = z.object({
  notes: optionalText(1000),
  answers: z
    .array(z.object({ id: rules.id(), answer: z.enum(INSPECTION_ANSWERS, { error: MSG.answerValue }).nullish().transform((v) => v ?? null), note: optionalText(500) }))
    .max(200, MSG.answersTooMany(200)),
});

type InspectionFilterArg = { status?: string | null; result?: string | null; typeId?: string | null; withFindings?: boolean | null; from?: string | null; to?: string | null } | null | undefined;
const inspectionFilter = (f: InspectionFilterArg): data.InspectionFilter => ({
  status: f?.status ?? null,
  result: f?.result ?? null,
  typeId: f?.typeId ? Number(f.typeId) : null,
  withFindings: Boolean(f?.withFindings),
  range: readDateRange(f),
});

export function listInspections(ctx: RequestContext, list: ListInput | null | undefined, f: InspectionFilterArg) {
  return data.listInspections(db(ctx), readList(list, data.INSPECTION_SORTS, 'folio'), inspectionFilter(f));
}

const INSPECTION_GROUP_LABELS: Record<string, Record<string, string>> = { STATUS: INSPECTION_STATUS_LABELS, RESULT: { ...INSPECTION_RESULT_LABELS, '': 'Sin resultado (borrador)' } };

/** «Agrupar por» of the list: the same search and filter, counted per group. */
export async function inspectionGroups(ctx: RequestContext, groupBy: data.InspectionGroupBy, list: ListInput | null | undefined, f: InspectionFilterArg) {
  const groups = await data.inspectionGroups(db(ctx), groupBy, readList(list, data.INSPECTION_SORTS, 'folio'), inspectionFilter(f));
  if (groupBy === 'MONTH') return labelGroups(groups, monthLabel);
  const labels = INSPECTION_GROUP_LABELS[groupBy];
  return labels ? labelGroups(groups, (key) => labels[key] ?? key) : groups;
}

export const getInspection = (ctx: RequestContext, id: string) => (/^\d{1,12}$/.test(id) ? data.findInspection(db(ctx), Number(id)) : Promise.resolve(null));

export type ReportOutcome = Awaited<ReturnType<typeof failureReportsBySource>>[number];
const reportOf = (r: ReportOutcome) => ({ ...r, folio: formatFailureReportFolio(r.folio), inspectionId: null as string | null });

export async function answersOf(ctx: RequestContext, inspectionId: number) {
  const answers = await data.answersOf(db(ctx), inspectionId);
  const reports = await failureReportsBySource(db(ctx), 'seguridad', answers.filter((a) => a.failureReportId).map((a) => String(a.id)));
  const byAnswer = new Map(reports.map((r) => [r.sourceId, r]));
  return answers.map((a) => {
    const r = byAnswer.get(String(a.id));
    return { ...a, photo: a.photo ? toAttachment(a.photo as AttachmentRow) : null, failureReport: r ? reportOf(r) : null };
  });
}

export async function createInspection(ctx: RequestContext, input: unknown) {
  const v = parseInput(inspectionCreateInput, input);
  const id = await db(ctx).transaction(async (tx) => {
    const type = await activeType(tx, v.typeId);
    await activeEmployee(tx, v.inspectorEmployeeId, 'inspectorEmployeeId');
    if (v.scheduleId) {
      const schedule = await data.findSchedule(tx, v.scheduleId, { lock: true });
      if (!schedule) throw badInput({ scheduleId: MSG.scheduleMissing });
      if (schedule.status !== 'pendiente') throw badInput({ scheduleId: MSG.scheduleNotPending(schedule.status) });
      if (schedule.inspectionId) throw badInput({ scheduleId: MSG.scheduleTaken });
    }
    const folio = await nextFolio(tx, 'sec.inspection');
    const newId = await data.insertInspection(tx, {
      folio,
      typeId: type.id,
      typeName: type.name,
      passingScore: type.passingScore,
      scheduleId: v.scheduleId ?? null,
      area: v.area,
      inspectorEmployeeId: v.inspectorEmployeeId,
      inspectedOn: v.inspectedOn,
      notes: v.notes,
      createdBy: userId(ctx),
    });
    if (v.scheduleId) await data.linkScheduleInspection(tx, v.scheduleId, newId);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection', entityId: newId, action: 'create', after: { folio, ...v } });
    return newId;
  });
  return found(await data.findInspection(db(ctx), id), 'La inspección');
}

async function openInspection(tx: Parameters<typeof data.findInspection>[0], id: number) {
  const before = await data.findInspection(tx, id, { lock: true });
  if (!before) throw notFound('La inspección');
  if (before.status !== 'borrador') throw appError('CONFLICT', MSG.inspectionClosed);
  return before;
}

export async function saveInspection(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(saveInput, input);
  const inspectionId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await openInspection(tx, inspectionId);
    if (before.version !== version) throw conflict();
    const known = await data.answerIdsOf(tx, inspectionId);
    const unknown = v.answers.findIndex((a) => !known.has(a.id));
    if (unknown >= 0) throw badInput({ [`answers.${unknown}.id`]: MSG.answerUnknown });
    await data.saveAnswers(tx, inspectionId, v.answers);
    const score = inspectionScore(await data.answersOf(tx, inspectionId)).score;
    if (!(await data.updateInspectionHeader(tx, inspectionId, version, { notes: v.notes, score }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection', entityId: inspectionId, action: 'update', after: { ...v, score } });
  });
  return found(await data.findInspection(db(ctx), inspectionId), 'La inspección');
}

export async function setAnswerPhoto(ctx: RequestContext, answerIdRaw: string, fileId: string | null | undefined) {
  const answerId = Number(answerIdRaw);
  const answer = /^\d{1,12}$/.test(answerIdRaw) ? await data.findAnswer(db(ctx), answerId) : null;
  if (!answer) throw notFound('El punto de la inspección');
  const replaced = await db(ctx).transaction(async (tx) => {
    await openInspection(tx, answer.inspectionId);
    let uploadId: string | null = null;
    let fileName: string | null = null;
    if (fileId) {
      const upload = await claimUpload(tx, ctx, fileId, { allowed: ['png', 'jpg', 'webp'], subject: SUBJECT_INSPECTIONS, ownerEntity: 'secInspectionAnswer', ownerId: answerId, field: 'fileId' });
      uploadId = upload.id;
      fileName = upload.fileName;
    }
    await data.setAnswerPhoto(tx, answerId, uploadId);
    const old = await detachUpload(tx, answer.photoUploadId);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection', entityId: answer.inspectionId, action: 'photo', after: { point: answer.position, photo: fileName } });
    return old;
  });
  await removeUploadBytes(storageOf(ctx), replaced);
  return found(await data.findInspection(db(ctx), answer.inspectionId), 'La inspección');
}

/**
 * «Cerrar» on a selection of the list: each inspection goes through closeInspection with its current version (its own
 * transaction, the same rules, schedule step and audit); the ones that cannot close come back with the reason.
 */
export function closeInspections(ctx: RequestContext, ids: readonly string[]) {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      const current = /^\d{1,12}$/.test(id) ? await data.findInspection(db(ctx), Number(id)) : null;
      if (!current) throw notFound('La inspección');
      await closeInspection(ctx, id, current.version);
    },
    {
      references: async (failed) => {
        const out = new Map<string, string>();
        for (const id of failed.filter((x) => /^\d{1,12}$/.test(x))) {
          const row = await data.findInspection(db(ctx), Number(id));
          if (row) out.set(id, formatInspectionFolio(row.folio));
        }
        return out;
      },
    },
  );
}

export async function closeInspection(ctx: RequestContext, id: string, version: number) {
  const inspectionId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await openInspection(tx, inspectionId);
    if (before.version !== version) throw conflict();
    const answers = await data.answersOf(tx, inspectionId);
    const problems = closeProblems(answers.map((a) => ({ ...a, hasPhoto: Boolean(a.photoUploadId) })));
    if (problems.length) {
      const byId = new Map(answers.map((a) => [a.position, a.id]));
      throw badInput(Object.fromEntries(problems.map((p) => [`answers.${byId.get(p.position)}`, p.message])), problems[0].message);
    }
    const score = inspectionScore(answers);
    const result = inspectionResult(score, before.passingScore);
    if (!(await data.closeInspection(tx, inspectionId, version, { score: score.score, result }))) throw conflict();
    let next: string | null = null;
    if (before.scheduleId) {
      const schedule = await data.findSchedule(tx, before.scheduleId, { lock: true });
      if (schedule && schedule.status === 'pendiente') {
        await data.setScheduleStatus(tx, schedule.id, 'realizada', inspectionId);
        next = nextOccurrence(schedule.dueOn, schedule.recurrence as Recurrence, schedule.anchorDay);
        if (next) {
          const nextId = await data.insertSchedule(tx, { ...schedule, dueOn: next, notes: schedule.notes });
          await writeAudit(tx, actorOf(ctx), { entity: 'sec_schedule', entityId: nextId, action: 'create', after: { from: schedule.id, dueOn: next } });
        }
      }
    }
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection', entityId: inspectionId, action: 'close', after: { score: score.score, result, criticalFailure: score.criticalFailure, nextScheduled: next } });
  });
  return found(await data.findInspection(db(ctx), inspectionId), 'La inspección');
}

export async function raiseReport(ctx: RequestContext, answerIdRaw: string) {
  const answerId = Number(answerIdRaw);
  const answer = /^\d{1,12}$/.test(answerIdRaw) ? await data.findAnswer(db(ctx), answerId) : null;
  if (!answer) throw notFound('El punto de la inspección');
  await db(ctx).transaction(async (tx) => {
    await data.lockAnswer(tx, answerId);
    const current = await data.findAnswer(tx, answerId);
    const inspection = await data.findInspection(tx, answer.inspectionId);
    if (!current || !inspection) throw notFound('El punto de la inspección');
    if (current.answer !== 'no_cumple') throw badInput({ answerId: MSG.noFailure }, MSG.noFailure);
    if (current.failureReportId) {
      const [r] = await failureReportsBySource(tx, 'seguridad', [String(answerId)]);
      throw appError('CONFLICT', MSG.alreadyRaised(r ? formatFailureReportFolio(r.folio) : ''));
    }
    const folio = formatInspectionFolio(inspection.folio);
    const answers = await data.answersOf(tx, inspection.id);
    const note = answers.find((a) => a.id === answerId)?.note ?? '';
    const report = await raiseFailureReport(tx, actorOf(ctx), {
      source: 'seguridad',
      sourceId: String(answerId),
      sourceReference: `${folio} · ${current.text}`,
      location: inspection.area,
      title: `${inspection.typeName}: ${current.text}`.slice(0, 200),
      description: [`Inspección ${folio} del ${inspection.inspectedOn}, punto ${current.position}: «no cumple».`, note].filter(Boolean).join('\n'),
      reporterEmployeeId: inspection.inspectorEmployeeId,
    });
    if (!(await data.setAnswerReport(tx, answerId, report.id))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_inspection', entityId: inspection.id, action: 'raise_report', after: { point: current.position, report: formatFailureReportFolio(report.folio) } });
  });
  return found(await data.findInspection(db(ctx), answer.inspectionId), 'La inspección');
}

/** «Reportes de Mantenimiento»: the reports raised from inspections, read through Mantenimiento's service. */
export async function maintenanceReports(ctx: RequestContext, list: ListInput | null | undefined, status: string | null | undefined) {
  const q = readList(list, SOURCE_REPORT_SORTS, 'createdAt');
  if (!list?.sortBy) q.desc = true;
  const r = await failureReportsOfSource(db(ctx), 'seguridad', { limit: q.limit, offset: q.offset, status: status ?? null, search: q.search, sortBy: q.sortBy, desc: q.desc });
  const inspections = await data.inspectionsOfAnswers(db(ctx), r.items.map((x) => Number(x.sourceId)).filter((n) => Number.isInteger(n) && n > 0));
  return {
    total: r.total,
    items: r.items.map((x) => {
      const inspectionId = inspections.get(Number(x.sourceId));
      return { ...reportOf(x), inspectionId: inspectionId ? String(inspectionId) : null };
    }),
  };
}

// ---- permisos ---------------------------------------------------------------------------------

const permitInput = z
  .object({
    kind: z.enum(PERMIT_KINDS, { error: MSG.permitKind }),
    requesterEmployeeId: rules.id(),
    workerIds: z.array(rules.id()).min(1, MSG.workersRequired).max(30, 'Máximo 30 trabajadores.'),
    area: rules.requiredText(150),
    description: optionalText(1000),
    validFrom: dateTime(),
    validTo: dateTime(),
    checklist: z.array(z.string({ error: MSG.checklistUnknown }).max(40, MSG.checklistUnknown)).max(50, MSG.checklistUnknown).nullish().transform((v) => [...new Set(v ?? [])]),
  })
  .superRefine((v, ctx) => {
    if (v.validTo.getTime() <= v.validFrom.getTime()) ctx.addIssue({ code: 'custom', path: ['validTo'], message: MSG.windowOrder });
    if (new Set(v.workerIds).size !== v.workerIds.length) ctx.addIssue({ code: 'custom', path: ['workerIds'], message: MSG.workersRepeated });
    const keys = PERMIT_CHECKLISTS[v.kind].map((c) => c.key);
    if (v.checklist.some((k) => !keys.includes(k))) ctx.addIssue({ code: 'custom', path: ['checklist'], message: MSG.checklistUnknown });
  });

/** Whose abilities gate permits (the SDL names the same subject). */
const PERMIT_SUBJECT = 'Seguridad-Permisos';

const withExpired = (p: data.PermitRow, now = new Date()) => ({ ...p, expired: windowExpired({ from: p.validFrom, to: p.validTo }, now) });

export async function listPermits(ctx: RequestContext, list: ListInput | null | undefined, f: { kind?: string | null; status?: string | null; expiring?: boolean | null; from?: string | null; to?: string | null } | null | undefined) {
  const now = new Date();
  const r = await data.listPermits(db(ctx), readList(list, data.PERMIT_SORTS, 'folio'), {
    kind: f?.kind ?? null,
    status: f?.status ?? null,
    expiringBefore: f?.expiring ? new Date(now.getTime() + PERMIT_EXPIRING_HOURS * 3_600_000) : null,
    range: readDateRange(f),
  });
  return { items: r.items.map((p) => withExpired(p, now)), total: r.total };
}

export async function getPermit(ctx: RequestContext, id: string) {
  const p = /^\d{1,12}$/.test(id) ? await data.findPermit(db(ctx), Number(id)) : null;
  return p ? withExpired(p) : null;
}

export async function workersOf(ctx: RequestContext, permitId: number) {
  return (await data.workersOf(db(ctx), [permitId])).get(permitId) ?? [];
}

/** Writes a permit inside the caller's transaction (workers locked first, then the permit); returns its id. */
async function writePermit(tx: Parameters<typeof data.updatePermit>[0], ctx: RequestContext, id: string | null, version: number | null, v: z.output<typeof permitInput>): Promise<number> {
  await activeEmployee(tx, v.requesterEmployeeId, 'requesterEmployeeId');
  // Lock the workers first: a parallel request for any of them waits here and then sees this permit.
  const workers = await data.employeesByIds(tx, v.workerIds, { lock: true });
  const byId = new Map(workers.map((w) => [w.id, w]));
  for (const [i, w] of v.workerIds.entries()) {
    const e = byId.get(w);
    if (!e) throw badInput({ [`workerIds.${i}`]: MSG.employeeMissing, workerIds: MSG.employeeMissing });
    if (e.status !== 'activo') throw badInput({ [`workerIds.${i}`]: MSG.employeeInactive, workerIds: `${e.fullName}: ${MSG.employeeInactive}` });
  }
  const before = id === null ? null : await data.findPermit(tx, Number(id), { lock: true });
  if (id !== null) {
    if (!before) throw notFound('El permiso');
    if (before.version !== version) throw conflict();
    if (before.status !== 'solicitado') throw appError('CONFLICT', MSG.permitMove(statusText(PERMIT_STATUS_LABELS, before.status)));
  }
  const [clash] = await data.overlappingPermits(tx, v.kind, v.workerIds, v.validFrom, v.validTo, before?.id ?? null);
  if (clash) throw badInput({ workerIds: MSG.overlap(clash.fullName, clash.folio, PERMIT_KIND_LABELS[v.kind as PermitKind].toLowerCase()) });
  if (!before) {
    const folio = await nextFolio(tx, 'sec.permit');
    const newId = await data.insertPermit(tx, { ...v, folio, createdBy: userId(ctx) });
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_permit', entityId: newId, action: 'create', after: { folio, ...v } });
    return newId;
  }
  if (!(await data.updatePermit(tx, before.id, before.version, v))) throw conflict();
  await writeAudit(tx, actorOf(ctx), { entity: 'sec_permit', entityId: before.id, action: 'update', before, after: v });
  return before.id;
}

export async function savePermit(ctx: RequestContext, id: string | null, version: number | null, input: unknown) {
  const v = parseInput(permitInput, input);
  const permitId = await db(ctx).transaction((tx) => writePermit(tx, ctx, id, version, v));
  return withExpired(found(await data.findPermit(db(ctx), permitId), 'El permiso'));
}

/**
 * Authorize, close or cancel. Authorizing may carry the form as shown (`input`): it is saved and
 * authorized in one transaction, so the checklist ticked on screen is the one checked here, and a
 * refusal of either step writes nothing. Saving needs `editar` besides `autorizar`.
 */
async function movePermit(ctx: RequestContext, id: string, version: number, action: 'authorize' | 'close' | 'cancel', extra: { reason?: unknown; input?: unknown } = {}) {
  const reason = action === 'cancel' ? parseInput(z.object({ reason: rules.requiredText(300) }), { reason: extra.reason }).reason : undefined;
  const edits = action === 'authorize' && extra.input != null ? parseInput(permitInput, extra.input) : null;
  if (edits && !ctx.auth?.ability.can('editar', PERMIT_SUBJECT)) throw forbidden();
  const permitId = Number(id);
  await db(ctx).transaction(async (tx) => {
    let current = version;
    if (edits) {
      await writePermit(tx, ctx, id, version, edits);
      current = version + 1;
    }
    const before = await data.findPermit(tx, permitId, { lock: true });
    if (!before) throw notFound('El permiso');
    if (before.version !== current) throw conflict();
    const from = { authorize: ['solicitado'], close: ['autorizado'], cancel: ['solicitado', 'autorizado'] }[action];
    const to = { authorize: 'autorizado', close: 'cerrado', cancel: 'cancelado' }[action];
    if (!from.includes(before.status)) throw appError('CONFLICT', MSG.permitMove(statusText(PERMIT_STATUS_LABELS, before.status)));
    if (action === 'authorize') {
      if (windowExpired({ from: before.validFrom, to: before.validTo }, new Date())) throw appError('CONFLICT', MSG.expired);
      const missing = missingChecks(before.kind, before.checklist);
      if (missing.length) throw badInput({ checklist: `${MSG.checklistIncomplete(missing.length)} ${missing.map((m) => m.text).join('; ')}.` }, MSG.checklistIncomplete(missing.length));
    }
    if (!(await data.movePermit(tx, permitId, current, from, to, { authorizedBy: userId(ctx), cancelReason: reason }))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_permit', entityId: permitId, action, before: { status: before.status }, after: { status: to, ...(reason ? { reason } : {}) } });
  });
  return withExpired(found(await data.findPermit(db(ctx), permitId), 'El permiso'));
}

export const authorizePermit = (ctx: RequestContext, id: string, version: number, input?: unknown) => movePermit(ctx, id, version, 'authorize', { input });
export const closePermit = (ctx: RequestContext, id: string, version: number) => movePermit(ctx, id, version, 'close');
export const cancelPermit = (ctx: RequestContext, id: string, version: number, reason: unknown) => movePermit(ctx, id, version, 'cancel', { reason });

// ---- herramientas -----------------------------------------------------------------------------

const toolUpdateInput = z.object({ code: rules.requiredText(40), name: rules.requiredText(150), serial: optionalText(80), notes: optionalText(500) });
const toolCreateInput = toolUpdateInput.extend({
  category: z.enum(TOOL_CATEGORIES, { error: MSG.category }),
  stock: z.number({ error: MSG.quantity }).int(MSG.quantity).min(0, 'No puede ser negativa.').max(EPP_STOCK_MAX, MSG.stockTooBig).nullish().transform((v) => v ?? 0),
});

export function listTools(ctx: RequestContext, list: ListInput | null | undefined, f: { category?: string | null; status?: string | null; deliverable?: boolean | null } | null | undefined) {
  return data.listTools(db(ctx), readList(list, data.TOOL_SORTS, 'code'), { category: f?.category ?? null, status: f?.status ?? null, deliverable: Boolean(f?.deliverable) });
}
export async function deliverableTools(ctx: RequestContext, search: string | null | undefined, limit: number | null | undefined) {
  const r = await data.listTools(db(ctx), readList({ search, pageSize: Math.min(Math.max(limit ?? 30, 1), 100) }, data.TOOL_SORTS, 'code'), { category: null, status: null, deliverable: true });
  return r.items;
}
export const getTool = (ctx: RequestContext, id: string) => (/^\d{1,12}$/.test(id) ? data.findTool(db(ctx), Number(id)) : Promise.resolve(null));
export const eventsOf = (ctx: RequestContext, toolId: number) => data.eventsOf(db(ctx), toolId);

export async function createTool(ctx: RequestContext, input: unknown) {
  const v = parseInput(toolCreateInput, input);
  if (v.category === 'herramienta' && v.stock !== 0) throw badInput({ stock: MSG.stockToolOnly });
  const id = await db(ctx).transaction(async (tx) => {
    if (await data.toolCodeTaken(tx, v.code, null)) throw badInput({ code: MSG.toolCodeTaken });
    const newId = await data.insertTool(tx, v);
    await data.insertToolEvents(tx, [{ toolId: newId, kind: 'alta', quantity: v.category === 'epp' ? v.stock : 1, employeeId: null, deliveryId: null, condition: null, reason: '', stockAfter: v.category === 'epp' ? v.stock : null, statusAfter: 'disponible', createdBy: userId(ctx) }]);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_tool', entityId: newId, action: 'create', after: v });
    return newId;
  });
  return found(await data.findTool(db(ctx), id), 'La herramienta');
}

export async function updateTool(ctx: RequestContext, id: string, version: number, input: unknown) {
  const v = parseInput(toolUpdateInput, input);
  const toolId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findTool(tx, toolId, { lock: true });
    if (!before) throw notFound('La herramienta');
    if (await data.toolCodeTaken(tx, v.code, toolId)) throw badInput({ code: MSG.toolCodeTaken });
    if (!(await data.updateTool(tx, toolId, version, v))) throw conflict();
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_tool', entityId: toolId, action: 'update', before, after: v });
  });
  return found(await data.findTool(db(ctx), toolId), 'La herramienta');
}

export async function adjustStock(ctx: RequestContext, id: string, quantity: number, reasonRaw: unknown) {
  const { reason } = parseInput(z.object({ reason: rules.requiredText(300) }), { reason: reasonRaw });
  if (!Number.isInteger(quantity) || quantity === 0 || Math.abs(quantity) > 1_000_000) throw badInput({ quantity: 'Indica una cantidad entera distinta de cero.' });
  const toolId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findTool(tx, toolId);
    if (!before) throw notFound('La herramienta');
    if (before.category !== 'epp') throw badInput({ quantity: MSG.stockToolOnly });
    if (before.status === 'baja') throw badInput({ quantity: MSG.eppBaja });
    const after = await data.changeStock(tx, toolId, quantity);
    if (after === null) throw badInput({ quantity: MSG.stockNegative(before.stock) });
    await data.insertToolEvents(tx, [{ toolId, kind: 'ajuste', quantity, employeeId: null, deliveryId: null, condition: null, reason, stockAfter: after, statusAfter: before.status, createdBy: userId(ctx) }]);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_tool', entityId: toolId, action: 'stock_adjust', before: { stock: before.stock }, after: { stock: after, reason } });
  });
  return found(await data.findTool(db(ctx), toolId), 'La herramienta');
}

async function moveToolStatus(ctx: RequestContext, id: string, version: number, action: 'repair' | 'repaired' | 'deactivate', reasonRaw?: unknown) {
  const reason = action === 'repaired' ? '' : parseInput(z.object({ reason: rules.requiredText(300) }), { reason: reasonRaw }).reason;
  const toolId = Number(id);
  await db(ctx).transaction(async (tx) => {
    const before = await data.findTool(tx, toolId, { lock: true });
    if (!before) throw notFound('La herramienta');
    if (before.version !== version) throw conflict();
    const status = statusText(TOOL_STATUS_LABELS, before.status);
    let to: string;
    if (before.category === 'epp') {
      if (action !== 'deactivate') throw appError('CONFLICT', 'El EPP no se envía a reparación: se devuelve o se da de baja.');
      if (!(await data.retireEpp(tx, toolId, version))) throw appError('CONFLICT', MSG.toolMove(status));
      to = 'baja';
    } else {
      const from = { repair: ['disponible'], repaired: ['en_reparacion'], deactivate: ['disponible', 'en_reparacion'] }[action];
      to = { repair: 'en_reparacion', repaired: 'disponible', deactivate: 'baja' }[action];
      if (!from.includes(before.status) || !(await data.moveTool(tx, toolId, before.status, to, null, version))) throw appError('CONFLICT', MSG.toolMove(status));
    }
    const kind = { repair: 'reparacion', repaired: 'reparada', deactivate: 'baja' }[action];
    await data.insertToolEvents(tx, [{ toolId, kind, quantity: before.category === 'epp' ? before.stock : 1, employeeId: null, deliveryId: null, condition: null, reason, stockAfter: before.category === 'epp' ? 0 : null, statusAfter: to, createdBy: userId(ctx) }]);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_tool', entityId: toolId, action, before: { status: before.status }, after: { status: to, reason } });
  });
  return found(await data.findTool(db(ctx), toolId), 'La herramienta');
}

export const repairTool = (ctx: RequestContext, id: string, version: number, reason: unknown) => moveToolStatus(ctx, id, version, 'repair', reason);
export const repairedTool = (ctx: RequestContext, id: string, version: number) => moveToolStatus(ctx, id, version, 'repaired');
export const retireTool = (ctx: RequestContext, id: string, version: number, reason: unknown) => moveToolStatus(ctx, id, version, 'deactivate', reason);

// ---- entregas ---------------------------------------------------------------------------------

const deliveryInput = z.object({
  employeeId: rules.id(),
  receivedBy: rules.requiredText(150),
  signature: z
    .string()
    .max(270_000, MSG.signature)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, MSG.signature)
    .nullish()
    .transform((v) => v || null),
  deliveredOn: isoDate(),
  notes: optionalText(500),
  lines: z
    .array(z.object({ toolId: rules.id(), quantity: z.number({ error: MSG.quantity }).int(MSG.quantity).positive(MSG.quantity).max(DELIVERY_QUANTITY_MAX, MSG.quantityTooBig) }))
    .min(1, MSG.linesRequired)
    .max(DELIVERY_LINES_MAX, MSG.linesTooMany),
});

const returnInput = z
  .object({
    lineId: rules.id(),
    quantity: z.number({ error: MSG.quantity }).int(MSG.quantity).positive(MSG.quantity),
    condition: z.enum(RETURN_CONDITIONS, { error: 'Elige la condición.' }),
    reason: optionalText(300),
  })
  .superRefine((v, ctx) => {
    if (v.condition !== 'bueno' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MSG.reasonRequired });
  });

export function listDeliveries(ctx: RequestContext, list: ListInput | null | undefined, f: { employeeId?: string | null; open?: boolean | null; from?: string | null; to?: string | null } | null | undefined) {
  return data.listDeliveries(db(ctx), readList(list, data.DELIVERY_SORTS, 'folio'), { employeeId: f?.employeeId ? Number(f.employeeId) : null, open: Boolean(f?.open), range: readDateRange(f) });
}
export async function getDelivery(ctx: RequestContext, id: string) {
  return /^\d{1,12}$/.test(id) ? ((await data.findDelivery(db(ctx), Number(id))) ?? null) : null;
}

export async function linesOf(ctx: RequestContext, deliveryId: number) {
  return (await data.linesOf(db(ctx), [deliveryId])).get(deliveryId) ?? [];
}

export async function createDelivery(ctx: RequestContext, input: unknown) {
  const v = parseInput(deliveryInput, input);
  const repeated = v.lines.findIndex((l, i) => v.lines.findIndex((x) => x.toolId === l.toolId) !== i);
  if (repeated >= 0) throw badInput({ [`lines.${repeated}.toolId`]: MSG.toolRepeated });
  const id = await db(ctx).transaction(async (tx) => {
    await activeEmployee(tx, v.employeeId, 'employeeId');
    const tools = new Map((await data.toolsByIds(tx, v.lines.map((l) => l.toolId))).map((t) => [t.id, t]));
    for (const [i, l] of v.lines.entries()) {
      const t = tools.get(l.toolId);
      if (!t) throw badInput({ [`lines.${i}.toolId`]: MSG.toolMissing });
      if (t.category === 'herramienta' && l.quantity !== 1) throw badInput({ [`lines.${i}.quantity`]: MSG.toolQuantity });
    }
    const folio = await nextFolio(tx, 'sec.delivery');
    const deliveryId = await data.insertDelivery(tx, { ...v, folio, createdBy: userId(ctx) });
    const events: data.ToolEventValues[] = [];
    for (const [i, l] of v.lines.entries()) {
      const t = tools.get(l.toolId) as data.ToolRow;
      if (t.category === 'herramienta') {
        // Conditional update: of two simultaneous deliveries only one finds it disponible.
        if (!(await data.moveTool(tx, t.id, 'disponible', 'asignada', v.employeeId))) {
          const now = await data.findTool(tx, t.id);
          throw badInput({ [`lines.${i}.toolId`]: MSG.toolNotAvailable(t.code, statusText(TOOL_STATUS_LABELS, now?.status ?? t.status)) });
        }
        events.push({ toolId: t.id, kind: 'entrega', quantity: 1, employeeId: v.employeeId, deliveryId, condition: null, reason: '', stockAfter: null, statusAfter: 'asignada', createdBy: userId(ctx) });
      } else {
        if (t.status === 'baja') throw badInput({ [`lines.${i}.toolId`]: MSG.eppBaja });
        const after = await data.changeStock(tx, t.id, -l.quantity);
        if (after === null) {
          const now = await data.findTool(tx, t.id);
          throw badInput({ [`lines.${i}.quantity`]: MSG.stockNegative(now?.stock ?? 0) });
        }
        events.push({ toolId: t.id, kind: 'entrega', quantity: l.quantity, employeeId: v.employeeId, deliveryId, condition: null, reason: '', stockAfter: after, statusAfter: t.status, createdBy: userId(ctx) });
      }
    }
    await data.insertToolEvents(tx, events);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_delivery', entityId: deliveryId, action: 'create', after: { folio, ...v, signature: v.signature ? 'firmada' : null } });
    return deliveryId;
  });
  return found(await data.findDelivery(db(ctx), id), 'La entrega');
}

export async function returnDelivery(ctx: RequestContext, input: unknown) {
  const v = parseInput(returnInput, input);
  const deliveryId = await db(ctx).transaction(async (tx) => {
    const line = await data.findLine(tx, v.lineId);
    if (!line) throw badInput({ lineId: 'El renglón de la entrega no existe.' });
    if (line.category === 'herramienta' && v.quantity !== 1) throw badInput({ quantity: MSG.toolQuantity });
    // Conditional: two returns of the same line cannot add up past what was delivered.
    if (!(await data.addReturned(tx, line.id, v.quantity))) {
      const now = await data.findLine(tx, line.id);
      throw badInput({ quantity: MSG.returnTooMany(now?.outstanding ?? 0) });
    }
    let statusAfter: string;
    let stockAfter: number | null = null;
    if (line.category === 'herramienta') {
      statusAfter = statusAfterReturn(v.condition);
      if (!(await data.moveTool(tx, line.toolId, 'asignada', statusAfter, null))) throw conflict();
    } else {
      const tool = await data.findTool(tx, line.toolId);
      statusAfter = tool?.status ?? 'disponible';
      // PPE returned in good condition goes back to stock; damaged or lost does not.
      stockAfter = v.condition === 'bueno' && statusAfter !== 'baja' ? await data.changeStock(tx, line.toolId, v.quantity) : (tool?.stock ?? 0);
    }
    await data.insertToolEvents(tx, [{ toolId: line.toolId, kind: 'devolucion', quantity: v.quantity, employeeId: line.employeeId, deliveryId: line.deliveryId, condition: v.condition, reason: v.reason, stockAfter, statusAfter, createdBy: userId(ctx) }]);
    await writeAudit(tx, actorOf(ctx), { entity: 'sec_delivery', entityId: line.deliveryId, action: 'return', after: { tool: line.toolCode, quantity: v.quantity, condition: v.condition, reason: v.reason } });
    return line.deliveryId;
  });
  return found(await data.findDelivery(db(ctx), deliveryId), 'La entrega');
}

// ---- reportes ---------------------------------------------------------------------------------

export function checkRange(from: string | null | undefined, to: string | null | undefined) {
  const fields: Record<string, string> = {};
  if (!from || !isIsoDate(from)) fields.from = MSG.date;
  if (!to || !isIsoDate(to)) fields.to = MSG.date;
  if (!Object.keys(fields).length && (to as string) < (from as string)) fields.to = 'La fecha final es anterior a la inicial.';
  if (Object.keys(fields).length) throw badInput(fields);
  return { from: from as string, to: to as string };
}

export async function compliance(ctx: RequestContext, fromRaw: string, toRaw: string, by: 'tipo' | 'area' | 'mes') {
  const { from, to } = checkRange(fromRaw, toRaw);
  const rows = await data.compliance(db(ctx), from, to, by);
  return rows.map((r) => ({
    ...r,
    compliance: money(dec(r.approved).dividedBy(r.inspections).times(100)),
    averageScore: r.averageScore === null ? null : money(r.averageScore),
  }));
}

export async function openFindings(ctx: RequestContext) {
  return (await data.openFindings(db(ctx))).map((r) => ({ ...r, reportFolio: r.reportFolio === null ? null : formatFailureReportFolio(r.reportFolio) }));
}
export const equipmentHeld = (ctx: RequestContext) => data.equipmentHeld(db(ctx));
export async function permitSummary(ctx: RequestContext, fromRaw: string, toRaw: string) {
  const { from, to } = checkRange(fromRaw, toRaw);
  return data.permitSummary(db(ctx), from, to);
}

// ---- tablero ----------------------------------------------------------------------------------

/** Tablero cards (run inside the Tablero's one statement): inspections overdue as of `today`, and permits ending within PERMIT_EXPIRING_HOURS. */
export const overdueInspectionsIndicator = (today: string): Indicator<number> => ({ sql: data.overdueSchedulesSql(today), read: Number });
export const permitsToAuthorizeIndicator = (): Indicator<number> => ({ sql: data.requestedPermitsSql(), read: Number });
export const expiringPermitsIndicator = (now = Date.now()): Indicator<number> => ({
  sql: data.expiringPermitsSql(new Date(now + PERMIT_EXPIRING_HOURS * 3_600_000)),
  read: Number,
});
