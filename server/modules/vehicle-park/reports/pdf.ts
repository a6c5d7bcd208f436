// Reportes de Parque Vehicular printed through the one PDF builder
// (server/lib/pdf.ts): the same rows and parameters as on screen.
import type { RequestContext } from '../../../context';
import { getCompanyProfile } from '../../../lib/company';
import { formatDateMx, renderPdfBase64, type PdfBlock, type PdfDocumentSpec } from '../../../lib/pdf';
import { todayMx } from '../../../../schema/dates';
import { VEHICLE_DOCUMENT_STATE_LABELS } from '../../../../schema/vehicle-park/vehicles';
import { kmPivot, monthsBetween, VP_GROUPING_LABELS, VP_REPORT_TITLES, vehicleCountTotals, type VpReportKind, type VpVehicleGrouping } from '../../../../schema/vehicle-park/reports';
import * as service from './service';

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);
const COST_NOTE =
  'Órdenes de mantenimiento cerradas y cargas de combustible del periodo. Km recorridos = lectura más alta hasta el último día − la más alta antes del primero (o la primera del periodo, si la bitácora empieza en él). Mantto. por km = total de mantenimiento ÷ km; costo total por km = (mantenimiento + combustible del periodo) ÷ km.';
const monthLabel = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

export async function reportPdf(
  ctx: RequestContext,
  kind: VpReportKind,
  args: { days?: number | null; by?: VpVehicleGrouping | null; fromMonth?: string | null; toMonth?: string | null; fromDate?: string | null; toDate?: string | null },
): Promise<string> {
  const company = await getCompanyProfile(ctx.app.database.db);
  const today = todayMx();
  const doc = (subtitle: string, blocks: PdfBlock[], orientation: PdfDocumentSpec['orientation'] = 'portrait') =>
    renderPdfBase64({ company, title: VP_REPORT_TITLES[kind], subtitle, headerNotes: [`Fecha: ${formatDateMx(today)}`], orientation, blocks });

  if (kind === 'documentos') {
    const within = service.checkDays(args.days);
    const rows = await service.expiringDocuments(ctx, within);
    return doc(`Vencidos y por vencer en ${days(within)}`, [
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: 'Vencidos', value: rows.filter((r) => r.state === 'vencido').length },
          { label: 'Por vencer', value: rows.filter((r) => r.state === 'por_vencer').length },
        ],
      },
      {
        kind: 'table',
        columns: [
          { header: 'Núm. económico', key: 'economicNumber', width: 1.1 },
          { header: 'Placas', key: 'plate', width: 1 },
          { header: 'Documento', key: 'documentTypeName', width: 2.2 },
          { header: 'Estado', key: 'stateLabel', width: 1 },
          { header: 'Vence', key: 'expiresOn', format: 'date', width: 1 },
          { header: 'Días', key: 'daysLeft', format: 'quantity', width: 0.7 },
        ],
        rows: rows.map((r) => ({ ...r, stateLabel: VEHICLE_DOCUMENT_STATE_LABELS[r.state] })),
        emptyText: 'Sin documentos vencidos ni por vencer.',
      },
    ]);
  }

  if (kind === 'vehiculos') {
    const by = args.by ?? 'status';
    const rows = await service.vehicleCounts(ctx, by);
    return doc(`Por ${VP_GROUPING_LABELS[by].toLowerCase()}`, [
      {
        kind: 'table',
        columns: [
          { header: VP_GROUPING_LABELS[by], key: 'label', width: 2.5 },
          { header: 'Activos', key: 'activo', format: 'quantity', width: 1 },
          { header: 'En taller', key: 'enTaller', format: 'quantity', width: 1 },
          { header: 'Baja', key: 'baja', format: 'quantity', width: 1 },
          { header: 'Total', key: 'total', format: 'quantity', width: 1 },
        ],
        rows,
        footer: { label: 'Total', ...vehicleCountTotals(rows) },
        emptyText: 'Sin vehículos.',
      },
    ]);
  }

  if (kind === 'costo_mtto') {
    const r = await service.maintenanceCost(ctx, args.fromDate, args.toDate);
    return doc(
      `Del ${formatDateMx(r.fromDate)} al ${formatDateMx(r.toDate)}`,
      [
        {
          kind: 'table',
          columns: [
            { header: 'Núm. económico', key: 'economicNumber', width: 1.2 },
            { header: 'Marca / modelo', key: 'vehicle', width: 2 },
            { header: 'Órdenes', key: 'orders', format: 'quantity', width: 0.8 },
            { header: 'Refacciones', key: 'partsCost', format: 'money', width: 1.2 },
            { header: 'Mano de obra', key: 'labourCost', format: 'money', width: 1.2 },
            { header: 'Taller externo', key: 'externalCost', format: 'money', width: 1.2 },
            { header: 'Total', key: 'total', format: 'money', width: 1.3 },
            { header: 'Km', key: 'km', format: 'quantity', width: 1 },
            { header: 'Mantto. por km', key: 'costPerKm', format: 'money', width: 1.1 },
            { header: 'Litros', key: 'fuelLitres', format: 'quantity', width: 1 },
            { header: 'Combustible', key: 'fuelCost', format: 'money', width: 1.2 },
            { header: 'Costo total', key: 'totalCost', format: 'money', width: 1.3 },
            { header: 'Costo total por km', key: 'totalCostPerKm', format: 'money', width: 1.1 },
          ],
          rows: r.rows.map((row) => ({ ...row, vehicle: `${row.brand} ${row.model}` })),
          footer: { economicNumber: 'Total', ...r.totals },
          emptyText: 'Sin órdenes cerradas, cargas de combustible ni km recorridos en el periodo.',
        },
        { kind: 'text', text: COST_NOTE, size: 7.5 },
      ],
      'landscape',
    );
  }

  const m = service.checkMonths(args.fromMonth, args.toMonth);
  const rows = kmPivot(await service.kmPerMonth(ctx, m.from, m.to));
  const months = monthsBetween(m.from, m.to);
  const flat = rows.map((r) => ({ economicNumber: r.economicNumber, total: r.total, closingKm: r.closingKm, ...Object.fromEntries(months.map((mo) => [mo, r.months[mo] ?? null])) }));
  const footer = { economicNumber: 'Total', total: rows.reduce((t, r) => t + r.total, 0), ...Object.fromEntries(months.map((mo) => [mo, rows.reduce((t, r) => t + (r.months[mo] ?? 0), 0)])) };
  return doc(
    `De ${monthLabel(m.from)} a ${monthLabel(m.to)}`,
    [
      {
        kind: 'table',
        columns: [
          { header: 'Núm. económico', key: 'economicNumber', width: 1.4 },
          ...months.map((mo) => ({ header: monthLabel(mo), key: mo, format: 'quantity' as const, width: 1 })),
          { header: 'Total', key: 'total', format: 'quantity', width: 1.1 },
          { header: 'Odómetro', key: 'closingKm', format: 'quantity', width: 1.2 },
        ],
        rows: flat,
        footer,
        emptyText: 'Sin lecturas de odómetro en esos meses.',
      },
      { kind: 'text', text: 'Km recorridos en el mes = lectura más alta al cierre del mes − la más alta antes del mes (o la primera del mes, si la bitácora empieza en él). Odómetro: la lectura más alta al cierre del periodo.', size: 7.5 },
    ],
    'landscape',
  );
}
