// Reportes de Seguridad printed through the one PDF builder (server/lib/pdf.ts):
// the same rows as on screen.
import type { RequestContext } from '../../context';
import { getCompanyProfile } from '../../lib/company';
import { formatDateMx, renderPdfBase64, type PdfBlock } from '../../lib/pdf';
import { badInput } from '../../lib/errors';
import { todayMx } from '../../../schema/dates';
import { PERMIT_KIND_LABELS, PERMIT_STATUS_LABELS, type PermitKind, type PermitStatus } from '../../../schema/security/permits';
import { SECURITY_REPORT_TITLES, type SecurityReportKind } from '../../../schema/security/reports';
import { TOOL_CATEGORY_LABELS } from '../../../schema/security/tools';
import * as service from './service';

const BY_LABELS = { tipo: 'Tipo', area: 'Área', mes: 'Mes' } as const;

export async function reportPdf(
  ctx: RequestContext,
  kind: SecurityReportKind,
  args: { from?: string | null; to?: string | null; by?: 'tipo' | 'area' | 'mes' | null },
): Promise<string> {
  const company = await getCompanyProfile(ctx.app.database.db);
  const doc = (subtitle: string, blocks: PdfBlock[]) =>
    renderPdfBase64({ company, title: SECURITY_REPORT_TITLES[kind], subtitle, headerNotes: [`Fecha: ${formatDateMx(todayMx())}`], blocks });
  const period = () => {
    const r = service.checkRange(args.from, args.to);
    return { ...r, label: `Del ${formatDateMx(r.from)} al ${formatDateMx(r.to)}` };
  };

  if (kind === 'cumplimiento') {
    if (!args.by) throw badInput({ by: 'Elige la agrupación.' });
    const p = period();
    const rows = await service.compliance(ctx, p.from, p.to, args.by);
    return doc(`${p.label} · por ${BY_LABELS[args.by].toLowerCase()}`, [
      {
        kind: 'table',
        columns: [
          { header: BY_LABELS[args.by], key: 'label', width: 2.5 },
          { header: 'Inspecciones', key: 'inspections', format: 'quantity' },
          { header: 'Aprobadas', key: 'approved', format: 'quantity' },
          { header: 'Reprobadas', key: 'failed', format: 'quantity' },
          { header: 'Cumplimiento', key: 'compliance', format: 'percent' },
          { header: 'Calificación promedio', key: 'averageScore', format: 'percent' },
        ],
        rows,
        emptyText: 'Sin inspecciones cerradas en el periodo.',
      },
    ]);
  }
  if (kind === 'hallazgos') {
    const rows = (await service.openFindings(ctx)).map((r) => ({ ...r, critical: r.critical ? 'Sí' : '', report: r.reportFolio ? `${r.reportFolio} (${r.reportStatus})` : 'Sin reporte' }));
    return doc(`${rows.length} hallazgos abiertos`, [
      {
        kind: 'table',
        columns: [
          { header: 'Folio', key: 'folio', width: 0.6 },
          { header: 'Fecha', key: 'inspectedOn', format: 'date', width: 0.8 },
          { header: 'Tipo', key: 'typeName', width: 1.4 },
          { header: 'Área', key: 'area', width: 1.2 },
          { header: 'Punto', key: 'text', width: 2.5 },
          { header: 'Crítico', key: 'critical', width: 0.6 },
          { header: 'Reporte', key: 'report', width: 1.4 },
        ],
        rows,
        emptyText: 'Sin hallazgos abiertos.',
      },
    ]);
  }
  if (kind === 'equipo') {
    const rows = (await service.equipmentHeld(ctx)).map((r) => ({ ...r, employee: `${r.employeeNumber} ${r.employeeName}`, category: TOOL_CATEGORY_LABELS[r.category] }));
    return doc('Entregado y no devuelto', [
      {
        kind: 'table',
        columns: [
          { header: 'Empleado', key: 'employee', width: 2.2 },
          { header: 'Código', key: 'toolCode', width: 0.9 },
          { header: 'Equipo', key: 'toolName', width: 2 },
          { header: 'Categoría', key: 'category', width: 0.9 },
          { header: 'Cantidad', key: 'quantity', format: 'quantity', width: 0.7 },
          { header: 'Entregado', key: 'deliveredOn', format: 'date', width: 0.8 },
        ],
        rows,
        emptyText: 'Nadie tiene equipo pendiente de devolver.',
      },
    ]);
  }
  const p = period();
  const rows = (await service.permitSummary(ctx, p.from, p.to)).map((r) => ({
    ...r,
    kind: PERMIT_KIND_LABELS[r.kind as PermitKind] ?? r.kind,
    status: PERMIT_STATUS_LABELS[r.status as PermitStatus] ?? r.status,
  }));
  return doc(p.label, [
    {
      kind: 'table',
      columns: [
        { header: 'Tipo', key: 'kind', width: 2 },
        { header: 'Estado', key: 'status', width: 1.2 },
        { header: 'Permisos', key: 'count', format: 'quantity', width: 0.8 },
      ],
      rows,
      footer: { kind: 'Total', status: '', count: rows.reduce((a, r) => a + r.count, 0) },
      emptyText: 'Sin permisos en el periodo.',
    },
  ]);
}
