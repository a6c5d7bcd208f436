// Seguridad demo data, written with a handful of multi-row inserts (the API
// tests load it at every start): four inspection types with their
// checklists, twenty inspections (a quarter with findings, some of which
// raised failure reports in Mantenimiento through its service), planned
// inspections including overdue ones, permits in every state, 60 tools and
// 20 PPE items with stock, and deliveries (some returned) to RH's demo staff.
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../config';
import { queryRows, type Db, type Executor } from '../../db/database';
import { storageFor } from '../../lib/attachments';
import { addDays, todayMx } from '../../../schema/dates';
import { formatInspectionFolio, inspectionResult, inspectionScore, type InspectionAnswer } from '../../../schema/security/inspections';
import { PERMIT_CHECKLISTS, type PermitKind } from '../../../schema/security/permits';
import { raiseFailureReport } from '../maintenance/service';

type Item = [text: string, weight: number, critical?: boolean, evidence?: boolean];
const TYPES: { name: string; description: string; passing: string; items: Item[] }[] = [
  {
    name: 'Recorrido general de planta',
    description: 'Orden, limpieza, pasillos, señalización y condiciones generales (NOM-001-STPS).',
    passing: '80',
    items: [
      ['Pasillos y rutas de evacuación libres de obstáculos', 3, true, true],
      ['Señalización de seguridad visible y en buen estado', 2],
      ['Orden y limpieza en áreas de trabajo', 2],
      ['Iluminación suficiente en el área', 1],
      ['Derrames contenidos y materiales peligrosos etiquetados', 3, true, true],
      ['Botiquín de primeros auxilios completo', 1],
      ['Regaderas y lavaojos de emergencia operando', 2],
      ['Personal usando el EPP requerido', 3, true],
      ['Guardas de maquinaria colocadas', 3, true, true],
      ['Escaleras fijas y barandales en buen estado', 2],
      ['Tomas de agua y drenajes sin fugas', 1],
      ['Punto de reunión señalizado', 1],
    ],
  },
  {
    name: 'Extintores y equipo contra incendio',
    description: 'Revisión mensual de extintores, hidrantes y detectores (NOM-002-STPS).',
    passing: '90',
    items: [
      ['Extintor en su lugar y señalizado', 2],
      ['Manómetro en zona verde', 3, true, true],
      ['Sello y seguro sin violar', 2],
      ['Etiqueta de servicio vigente', 2, false, true],
      ['Manguera y boquilla sin daños', 1],
      ['Acceso al extintor libre', 2],
      ['Altura de colocación máxima 1.50 m', 1],
      ['Hidrantes con manguera completa', 2],
      ['Detectores de humo probados', 2],
      ['Alarma contra incendio audible', 3, true],
    ],
  },
  {
    name: 'Instalaciones eléctricas',
    description: 'Tableros, contactos y conexiones a tierra (NOM-029-STPS).',
    passing: '85',
    items: [
      ['Tableros cerrados y con directorio de circuitos', 2],
      ['Señal de riesgo eléctrico en tableros', 1],
      ['Sin cables expuestos ni empalmes', 3, true, true],
      ['Contactos con tapa y sin sobrecarga', 2],
      ['Conexión a tierra verificada', 3, true, true],
      ['Espacio libre de 1 m frente a tableros', 2],
      ['Extensiones en buen estado', 1],
      ['Candados y etiquetas LOTO disponibles', 2],
      ['Tapetes dieléctricos frente a tableros', 1],
    ],
  },
  {
    name: 'Andamios y trabajo en altura',
    description: 'Andamios, escaleras, líneas de vida y equipo contra caídas (NOM-009-STPS).',
    passing: '90',
    items: [
      ['Andamio sobre base firme y nivelada', 3, true, true],
      ['Barandales y rodapiés completos', 3, true],
      ['Plataformas completas y aseguradas', 2],
      ['Escaleras sin peldaños dañados', 2],
      ['Línea de vida anclada a punto certificado', 3, true, true],
      ['Arneses inspeccionados y con etiqueta', 2, false, true],
      ['Área inferior delimitada', 2],
      ['Personal con constancia DC-3 vigente', 1],
    ],
  },
];

const AREAS = ['Planta Querétaro · Nave 1', 'Almacén central', 'Subestación eléctrica', 'Taller mecánico', 'Oficinas corporativas', 'Patio de maniobras'];
const TOOL_NAMES = [
  'Taladro percutor', 'Esmeriladora angular', 'Multímetro digital', 'Pinza amperimétrica', 'Llave de torque', 'Detector de gases 4 en 1',
  'Escalera de tijera 3 m', 'Arnés de cuerpo completo', 'Línea de vida retráctil', 'Pistola de calor', 'Rotomartillo', 'Sierra circular',
  'Probador de tensión', 'Megóhmetro', 'Cámara termográfica',
];
const EPP: [name: string, stock: number][] = [
  ['Guantes de carnaza (par)', 120], ['Guantes dieléctricos clase 0 (par)', 24], ['Guantes de nitrilo (caja)', 40], ['Casco de seguridad tipo I', 60],
  ['Lentes de seguridad claros', 150], ['Tapones auditivos (par)', 500], ['Orejeras', 30], ['Botas dieléctricas (par)', 18],
  ['Chaleco reflejante', 80], ['Careta para soldar', 12], ['Respirador media cara', 25], ['Cartuchos para vapores (par)', 60],
  ['Overol ignífugo', 20], ['Mangas de carnaza (par)', 35], ['Mascarilla N95', 300], ['Barbiquejo', 70],
  ['Careta facial', 40], ['Faja lumbar', 15], ['Impermeable', 25], ['Peto de carnaza', 16],
];
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const values = (rows: unknown[][]) => sql.join(rows.map((r) => sql`(${sql.join(r.map((v) => sql`${v}`), sql`, `)})`), sql`, `);
const ids = async (ex: Executor, q: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(ex, q)).map((r) => r.id);

export async function seedSecurityDemo(db: Db, ctx: { adminUserId: number; config?: Config }): Promise<void> {
  if ((await queryRows<{ id: number }>(db, sql`select id from sec_inspection_types limit 1`)).length) return;
  const staff = (await queryRows<{ id: number }>(db, sql`select id from rh_employees where status = 'activo' order by number limit 30`)).map((r) => r.id);
  if (staff.length < 24) return; // the demo needs RH's demo staff
  const today = todayMx();
  const admin = ctx.adminUserId;
  const actor = { userId: admin, requestId: 'seed' };
  const photoFiles: { id: string; key: string; previewKey: string }[] = [];

  await db.transaction(async (tx) => {
    // Tipos y checklists
    const typeIds = await ids(tx, sql`insert into sec_inspection_types (name, description, passing_score) values ${values(TYPES.map((t) => [t.name, t.description, t.passing]))} returning id`);
    await tx.execute(
      sql`insert into sec_inspection_type_items (type_id, position, text, weight, critical, evidence_required) values ${values(
        TYPES.flatMap((t, ti) => t.items.map(([text, weight, critical, evidence], i) => [typeIds[ti], i + 1, text, String(weight), Boolean(critical), Boolean(evidence)])),
      )}`,
    );

    // Inspecciones: 20, the last three still in borrador; five (one of each type at least) with findings, two of them critical.
    const FINDINGS = [1, 6, 11, 13, 16];
    const CRITICAL_FINDINGS = [1, 11];
    type Planned = { folio: number; type: number; area: string; on: string; inspector: number; closed: boolean; answers: (InspectionAnswer | null)[] };
    const planned: Planned[] = [];
    for (let i = 0; i < 20; i++) {
      const t = i % 4;
      const items = TYPES[t].items;
      const closed = i < 17;
      const answers = items.map((it, k): InspectionAnswer | null => {
        if (!closed && k >= 3 + (i % 3)) return null;
        if (FINDINGS.includes(i)) {
          if (k === (CRITICAL_FINDINGS.includes(i) ? items.findIndex((x) => x[2]) : 3)) return 'no_cumple';
          if (k === 5 && i === 13) return 'no_cumple';
        }
        return (k + i) % 7 === 6 && !it[3] ? 'na' : 'cumple';
      });
      planned.push({ folio: i + 1, type: t, area: AREAS[i % AREAS.length], on: addDays(today, -(58 - i * 3)), inspector: staff[i % 6], closed, answers });
    }
    const inspectionIds = await ids(
      tx,
      sql`insert into sec_inspections (folio, type_id, type_name, passing_score, area, inspector_employee_id, inspected_on, status, score, result, closed_at, created_by) values ${values(
        planned.map((p) => {
          const s = inspectionScore(TYPES[p.type].items.map(([, weight, critical], k) => ({ weight: String(weight), critical: Boolean(critical), answer: p.answers[k] })));
          return [p.folio, typeIds[p.type], TYPES[p.type].name, TYPES[p.type].passing, p.area, p.inspector, p.on, p.closed ? 'cerrada' : 'borrador', s.score,
            p.closed ? inspectionResult(s, TYPES[p.type].passing) : null, p.closed ? new Date(`${p.on}T18:00:00Z`).toISOString() : null, admin];
        }),
      )} returning id`,
    );
    const answerRows: unknown[][] = [];
    planned.forEach((p, n) =>
      TYPES[p.type].items.forEach(([text, weight, critical, evidence], k) => {
        const answer = p.answers[k];
        let photo: string | null = null;
        if (evidence && answer && answer !== 'na' && ctx.config) {
          photo = randomUUID();
          photoFiles.push({ id: photo, key: `uploads/${today.slice(0, 7)}/${photo}-evidencia.png`, previewKey: `uploads/${today.slice(0, 7)}/${photo}-preview.webp` });
        }
        const note = answer === 'no_cumple' ? 'Se detectó durante el recorrido; se avisó al responsable del área.' : '';
        answerRows.push([inspectionIds[n], k + 1, text, String(weight), Boolean(critical), Boolean(evidence), answer, note, photo]);
      }),
    );
    if (photoFiles.length) {
      const sha = createHash('sha256').update(PNG_1PX).digest('hex');
      await tx.execute(
        sql`insert into uploads (id, storage_key, preview_key, file_name, content_type, file_type, size, sha256, uploaded_by, subject, owner_entity, owner_id, attached_at) values ${values(
          photoFiles.map((f) => [f.id, f.key, f.previewKey, 'evidencia.png', 'image/png', 'png', PNG_1PX.length, sha, admin, 'Seguridad-Inspecciones', 'secInspectionAnswer', 'demo', new Date().toISOString()]),
        )}`,
      );
    }
    const answerIds = await ids(tx, sql`insert into sec_inspection_answers (inspection_id, position, text, weight, critical, evidence_required, answer, note, photo_upload_id) values ${values(answerRows)} returning id`);

    // Three findings raised a failure report through Mantenimiento (its folio, its audit).
    const failures = answerRows.map((r, k) => ({ r, id: answerIds[k] })).filter((x) => x.r[6] === 'no_cumple').slice(0, 3);
    for (const f of failures) {
      const p = planned[inspectionIds.indexOf(f.r[0] as number)];
      const report = await raiseFailureReport(tx, actor, {
        source: 'seguridad',
        sourceId: String(f.id),
        sourceReference: `${formatInspectionFolio(p.folio)} · ${String(f.r[2])}`,
        location: p.area,
        title: `${TYPES[p.type].name}: ${String(f.r[2])}`,
        description: `Inspección ${formatInspectionFolio(p.folio)}, punto ${String(f.r[1])}: «no cumple».`,
        reporterEmployeeId: p.inspector,
      });
      await tx.execute(sql`update sec_inspection_answers set failure_report_id = ${report.id} where id = ${f.id}`);
    }

    // Programación: overdue, upcoming and done (linked to inspections).
    const anchor = (d: string) => Number(d.slice(8, 10));
    const schedules: unknown[][] = [];
    const recurrences = ['monthly', 'weekly', 'quarterly', 'none'];
    for (let i = 0; i < 14; i++) {
      const due = i < 4 ? addDays(today, -(2 + i * 3)) : i < 11 ? addDays(today, 3 + (i - 4) * 5) : planned[i].on;
      schedules.push([typeIds[i % 4], AREAS[(i + 1) % AREAS.length], staff[(i + 2) % 8], due, recurrences[i % 4], anchor(due), i < 11 ? 'pendiente' : 'realizada', i < 11 ? null : inspectionIds[i]]);
    }
    await tx.execute(sql`insert into sec_schedules (type_id, area, responsible_employee_id, due_on, recurrence, anchor_day, status, inspection_id) values ${values(schedules)}`);

    // Permisos: every state; each permit has its own workers, so none overlap.
    const hour = 3_600_000;
    const now = Date.now();
    const kinds: PermitKind[] = ['altura', 'caliente', 'confinado', 'electrico'];
    const permitPlan: { status: string; from: number; to: number; cancel?: string }[] = [
      { status: 'solicitado', from: now + 20 * hour, to: now + 28 * hour },
      { status: 'solicitado', from: now + 48 * hour, to: now + 56 * hour },
      { status: 'solicitado', from: now - 30 * hour, to: now - 22 * hour },
      { status: 'autorizado', from: now - 4 * hour, to: now + 5 * hour },
      { status: 'autorizado', from: now - 2 * hour, to: now + 30 * hour },
      { status: 'autorizado', from: now - 10 * hour, to: now - 1 * hour },
      { status: 'cerrado', from: now - 80 * hour, to: now - 70 * hour },
      { status: 'cerrado', from: now - 200 * hour, to: now - 190 * hour },
      { status: 'cancelado', from: now - 50 * hour, to: now - 40 * hour, cancel: 'Se reprogramó por lluvia.' },
      { status: 'cancelado', from: now + 70 * hour, to: now + 78 * hour, cancel: 'El proveedor no se presentó.' },
    ];
    const permitIds = await ids(
      tx,
      sql`insert into sec_permits (folio, kind, requester_employee_id, area, description, valid_from, valid_to, checklist, status, cancel_reason, authorized_by, authorized_at, closed_at, created_by) values ${values(
        permitPlan.map((p, i) => {
          const kind = kinds[i % 4];
          const full = p.status !== 'solicitado' || i === 1;
          const checklist = PERMIT_CHECKLISTS[kind].map((c) => c.key).slice(0, full ? undefined : 3);
          const authorized = p.status === 'autorizado' || p.status === 'cerrado';
          return [i + 1, kind, staff[10 + (i % 3)], AREAS[i % AREAS.length], `Trabajo de ${kind === 'electrico' ? 'mantenimiento eléctrico' : kind === 'altura' ? 'cambio de luminarias' : kind === 'caliente' ? 'soldadura de soporte' : 'limpieza de cisterna'}`,
            new Date(p.from).toISOString(), new Date(p.to).toISOString(), JSON.stringify(checklist), p.status, p.cancel ?? null, authorized ? admin : null,
            authorized ? new Date(p.from - hour).toISOString() : null, p.status === 'cerrado' || p.status === 'cancelado' ? new Date(p.to).toISOString() : null, admin];
        }),
      )} returning id`,
    );
    await tx.execute(sql`insert into sec_permit_workers (permit_id, employee_id) values ${values(permitIds.flatMap((id, i) => [[id, staff[13 + (i % 10)]], ...(i % 2 ? [[id, staff[13 + ((i + 5) % 10)]]] : [])]))}`);

    // Herramientas (60) y EPP (20).
    const toolRows: unknown[][] = [];
    for (let i = 0; i < 60; i++) {
      const status = i >= 56 ? 'baja' : i >= 52 ? 'en_reparacion' : 'disponible';
      toolRows.push([`HER-${String(i + 1).padStart(3, '0')}`, TOOL_NAMES[i % TOOL_NAMES.length], `SN-${(482_100 + i * 37).toString(36).toUpperCase()}`, 'herramienta', status, 0]);
    }
    EPP.forEach(([name, stock], i) => toolRows.push([`EPP-${String(i + 1).padStart(3, '0')}`, name, '', 'epp', 'disponible', stock]));
    const toolIds = await ids(tx, sql`insert into sec_tools (code, name, serial, category, status, stock) values ${values(toolRows)} returning id`);

    // Entregas: six, the first two already returned in good condition.
    type Line = { tool: number; qty: number; epp: boolean };
    const deliveryPlan: { employee: number; on: string; lines: Line[]; returned: boolean }[] = [];
    for (let d = 0; d < 6; d++) {
      deliveryPlan.push({
        employee: staff[d + 2],
        on: addDays(today, -(30 - d * 4)),
        returned: d < 2,
        lines: [{ tool: d * 2, qty: 1, epp: false }, { tool: d * 2 + 1, qty: 1, epp: false }, { tool: 60 + d, qty: 2 + d, epp: true }, { tool: 66 + d, qty: 1, epp: true }],
      });
    }
    const deliveryIds = await ids(
      tx,
      sql`insert into sec_deliveries (folio, employee_id, received_by, delivered_on, created_by) values ${values(deliveryPlan.map((d, i) => [i + 1, d.employee, 'Recibí de conformidad', d.on, admin]))} returning id`,
    );
    await tx.execute(
      sql`insert into sec_delivery_lines (delivery_id, tool_id, quantity, returned_quantity) values ${values(
        deliveryPlan.flatMap((d, i) => d.lines.map((l) => [deliveryIds[i], toolIds[l.tool], l.qty, d.returned && !l.epp ? l.qty : 0])),
      )}`,
    );
    const assigned = deliveryPlan.flatMap((d) => (d.returned ? [] : d.lines.filter((l) => !l.epp).map((l) => [toolIds[l.tool], d.employee])));
    await tx.execute(sql`update sec_tools t set status = 'asignada', holder_employee_id = v.holder::int from (values ${values(assigned)}) as v(id, holder) where t.id = v.id::int`);
    const taken = deliveryPlan.flatMap((d) => d.lines.filter((l) => l.epp).map((l) => [toolIds[l.tool], l.qty]));
    await tx.execute(sql`update sec_tools t set stock = t.stock - v.qty::int from (values ${values(taken)}) as v(id, qty) where t.id = v.id::int`);

    // Historial: alta of everything, then each delivery, return, repair and baja.
    const events: unknown[][] = toolRows.map((r, i) => [toolIds[i], 'alta', r[3] === 'epp' ? (r[5] as number) : 1, null, null, null, '', r[3] === 'epp' ? r[5] : null, 'disponible']);
    deliveryPlan.forEach((d, i) =>
      d.lines.forEach((l) => {
        const eppStock = l.epp ? (toolRows[l.tool][5] as number) - l.qty : null;
        events.push([toolIds[l.tool], 'entrega', l.qty, d.employee, deliveryIds[i], null, '', eppStock, l.epp ? 'disponible' : 'asignada']);
        if (d.returned && !l.epp) events.push([toolIds[l.tool], 'devolucion', 1, d.employee, deliveryIds[i], 'bueno', '', null, 'disponible']);
      }),
    );
    for (let i = 52; i < 60; i++) events.push([toolIds[i], i >= 56 ? 'baja' : 'reparacion', 1, null, null, null, i >= 56 ? 'Daño irreparable en carcasa' : 'No enciende; se envió al taller', null, i >= 56 ? 'baja' : 'en_reparacion']);
    await tx.execute(sql`insert into sec_tool_events (tool_id, kind, quantity, employee_id, delivery_id, condition, reason, stock_after, status_after) values ${values(events)}`);

    await tx.execute(sql`insert into folio_counters (key, last_value) values ('sec.inspection', ${planned.length}), ('sec.permit', ${permitIds.length}), ('sec.delivery', ${deliveryIds.length})
      on conflict (key) do update set last_value = excluded.last_value`);

    // The evidence photos' bytes go to storage before the rows commit: a failure rolls the rows back (orphan files are harmless).
    if (ctx.config && photoFiles.length) {
      const storage = storageFor(ctx.config);
      const preview = await sharp(PNG_1PX).resize(64, 64).webp({ quality: 70 }).toBuffer();
      await Promise.all(photoFiles.flatMap((f) => [storage.put(f.key, PNG_1PX, { contentType: 'image/png' }), storage.put(f.previewKey, preview, { contentType: 'image/webp' })]));
    }
  });

}
