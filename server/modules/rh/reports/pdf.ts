// Informes de RH printed through the one PDF builder (server/lib/pdf.ts):
// the same rows and parameters as on screen, totals where they add up.
import type { RequestContext } from '../../../context';
import { getCompanyProfile } from '../../../lib/company';
import { formatDateMx, renderPdfBase64, type PdfBlock, type PdfDocumentSpec } from '../../../lib/pdf';
import { todayMx } from '../../../../schema/dates';
import { DOCUMENT_STATE_LABELS } from '../../../../schema/rh/employees';
import { CONCEPT_KIND_LABELS } from '../../../../schema/rh/payroll';
import { ANNIVERSARY_KIND_LABELS, RH_REPORT_TITLES, headcountTotals, payrollCostTotals, type RhReportKind } from '../../../../schema/rh/reports';
import * as service from './service';

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);

export async function reportPdf(
  ctx: RequestContext,
  kind: RhReportKind,
  args: { withinDays?: number | null; from?: string | null; to?: string | null },
): Promise<string> {
  const company = await getCompanyProfile(ctx.app.database.db);
  const today = todayMx();
  const doc = (subtitle: string, blocks: PdfBlock[], orientation: PdfDocumentSpec['orientation'] = 'portrait') =>
    renderPdfBase64({ company, title: RH_REPORT_TITLES[kind], subtitle, headerNotes: [`Fecha: ${formatDateMx(today)}`], orientation, blocks });

  if (kind === 'plantilla') {
    const rows = await service.headcount(ctx);
    return doc('Empleados activos', [
      {
        kind: 'table',
        columns: [
          { header: 'Área', key: 'areaName', width: 2 },
          { header: 'Puesto', key: 'positionName', width: 2.5 },
          { header: 'Activos', key: 'active', format: 'quantity', width: 0.8 },
          { header: 'Costo mensual', key: 'monthlyCost', format: 'money', width: 1.3 },
        ],
        rows,
        footer: { areaName: 'Total', ...headcountTotals(rows) },
        emptyText: 'Sin empleados activos.',
      },
      { kind: 'text', text: 'Costo mensual = suma del salario diario de los empleados activos × 30.4 días.', size: 7.5 },
    ]);
  }

  if (kind === 'documentos') {
    const within = service.checkWithinDays(args.withinDays);
    const rows = await service.documentAlerts(ctx, within);
    const count = (s: keyof typeof DOCUMENT_STATE_LABELS) => rows.filter((r) => r.state === s).length;
    return doc(`Vencidos, faltantes y por vencer en ${days(within)}`, [
      {
        kind: 'fields',
        columns: 3,
        fields: [
          { label: 'Faltantes', value: count('faltante') },
          { label: 'Vencidos', value: count('vencido') },
          { label: 'Por vencer', value: count('por_vencer') },
        ],
      },
      {
        kind: 'table',
        columns: [
          { header: 'Número', key: 'employeeNumber', width: 0.9 },
          { header: 'Empleado', key: 'employeeName', width: 3 },
          { header: 'Documento', key: 'documentTypeName', width: 2.2 },
          { header: 'Estado', key: 'stateLabel', width: 1 },
          { header: 'Vence', key: 'expiresOn', format: 'date', width: 1 },
        ],
        rows: rows.map((r) => ({ ...r, stateLabel: DOCUMENT_STATE_LABELS[r.state] })),
        emptyText: 'Sin documentos faltantes, vencidos ni por vencer.',
      },
    ]);
  }

  if (kind === 'aniversarios') {
    const within = service.checkWithinDays(args.withinDays);
    const rows = await service.anniversaries(ctx, within);
    return doc(`Del ${formatDateMx(today)} a ${days(within)}`, [
      {
        kind: 'table',
        columns: [
          { header: 'Fecha', key: 'date', format: 'date', width: 1 },
          { header: 'Motivo', key: 'kindLabel', width: 1.5 },
          { header: 'Número', key: 'employeeNumber', width: 0.9 },
          { header: 'Empleado', key: 'employeeName', width: 3 },
          { header: 'Años', key: 'years', format: 'quantity', width: 0.7 },
        ],
        rows: rows.map((r) => ({ ...r, kindLabel: ANNIVERSARY_KIND_LABELS[r.kind] })),
        emptyText: 'Sin aniversarios ni cumpleaños en esos días.',
      },
    ]);
  }

  const range = service.checkRange(args.from, args.to);
  const rows = await service.payrollCosts(ctx, range.from, range.to);
  const totals = payrollCostTotals(rows);
  return doc(
    `Nóminas cerradas pagadas del ${formatDateMx(range.from)} al ${formatDateMx(range.to)}`,
    [
      {
        kind: 'table',
        title: 'Por nómina y concepto',
        columns: [
          { header: 'Folio', key: 'folio', width: 0.6 },
          { header: 'Periodo', key: 'period', width: 1.8 },
          { header: 'Pago', key: 'paymentDate', format: 'date', width: 0.9 },
          { header: 'Clave', key: 'conceptCode', width: 1.1 },
          { header: 'Concepto', key: 'conceptName', width: 2.4 },
          { header: 'Tipo', key: 'kindLabel', width: 0.9 },
          { header: 'Importe', key: 'amount', format: 'money', width: 1.2 },
        ],
        rows: rows.map((r) => ({ ...r, period: `${formatDateMx(r.periodStart)} – ${formatDateMx(r.periodEnd)}`, kindLabel: CONCEPT_KIND_LABELS[r.kind] })),
        emptyText: 'Sin nóminas cerradas pagadas en el periodo.',
      },
      {
        kind: 'table',
        title: 'Totales por concepto',
        columns: [
          { header: 'Clave', key: 'conceptCode', width: 1.1 },
          { header: 'Concepto', key: 'conceptName', width: 3 },
          { header: 'Tipo', key: 'kindLabel', width: 1 },
          { header: 'Importe', key: 'amount', format: 'money', width: 1.2 },
        ],
        rows: totals.byConcept.map((r) => ({ ...r, kindLabel: CONCEPT_KIND_LABELS[r.kind] })),
        emptyText: 'Sin importes.',
      },
      {
        kind: 'totals',
        rows: [
          { label: 'Percepciones', value: totals.perceptions },
          { label: 'Deducciones', value: totals.deductions },
          { label: 'Otros pagos', value: totals.otherPayments },
        ],
      },
    ],
    'landscape',
  );
}
