// Payroll receipts (recibos de nómina) through the one PDF builder: one page
// per employee with perceptions (gravado/exento), deductions and other
// payments by concept, days, SBC, overtime hours with the days they were
// worked, net, and its CFDI de nómina's timbre (UUID, seals, SAT's
// verification address) or why it is not stamped; all of a payroll in one file.
import type { RequestContext } from '../../../context';
import { appError, found } from '../../../lib/errors';
import { getCompanyProfile } from '../../../lib/company';
import { formatDateMx, renderPdfBase64, type PdfBlock, type PdfColumn } from '../../../lib/pdf';
import { timbreOf } from '../../../lib/cfdi/xml';
import { SANDBOX_LEGEND, timbrePdfBlocks } from '../../../lib/cfdiPdf';
import { dec, money, sum } from '../../../../schema/money';
import { PAYROLL_KIND_LABELS, PAYROLL_STATUS_LABELS } from '../../../../schema/rh/payroll';
import * as data from './data';
import { employeesOf, type PayrollEmployeeWithLines } from './service';

const PERCEPTION_COLUMNS: PdfColumn[] = [
  { header: 'Clave SAT', key: 'sat', width: 1 },
  { header: 'Concepto', key: 'name', width: 4 },
  { header: 'Gravado', key: 'taxable', format: 'money', width: 1.6 },
  { header: 'Exento', key: 'exempt', format: 'money', width: 1.6 },
  { header: 'Importe', key: 'amount', format: 'money', width: 1.6 },
];
const OTHER_COLUMNS: PdfColumn[] = [
  { header: 'Clave SAT', key: 'sat', width: 1 },
  { header: 'Concepto', key: 'name', width: 7.2 },
  { header: 'Importe', key: 'amount', format: 'money', width: 1.6 },
];

/**
 * The overtime of a receipt with the days it was worked in (the CFDI's HorasExtra Dias): «4 h en 2 días»;
 * «0» without hours; hours whose days were not captured say so (such a receipt cannot be stamped).
 */
export function overtimeValue(hours: string, days: number): string {
  const h = dec(hours);
  if (h.isZero()) return '0';
  return `${h.toString()} h ${days > 0 ? `en ${days} ${days === 1 ? 'día' : 'días'}` : 'sin días capturados'}`;
}

export const overtimeFields = (e: Pick<PayrollEmployeeWithLines, 'overtimeDoubleHours' | 'overtimeDoubleDays' | 'overtimeTripleHours' | 'overtimeTripleDays'>) => [
  { label: 'Horas extra dobles', value: overtimeValue(e.overtimeDoubleHours, e.overtimeDoubleDays) },
  { label: 'Horas extra triples', value: overtimeValue(e.overtimeTripleHours, e.overtimeTripleDays) },
];

const nameOf = (l: data.LineRow) => (l.description ? `${l.conceptName} — ${l.description}` : l.conceptName);

/** The receipt's CFDI de nómina: its timbre once stamped, or why it is not. */
function cfdiBlocks(payroll: data.PayrollRow, e: PayrollEmployeeWithLines, stamped: { xml: string; sandbox: boolean } | undefined): PdfBlock[] {
  const timbre = stamped ? timbreOf(stamped.xml) : null;
  if (timbre && e.stampStatus === 'cancelada') {
    return [{ kind: 'text', size: 9, text: 'CFDI CANCELADO ante el SAT sin sustitución: este recibo ya no ampara el pago.' }, ...timbrePdfBlocks(timbre, stamped!.sandbox ? SANDBOX_LEGEND : 'Representación impresa de un CFDI de nómina cancelado.')];
  }
  if (timbre) return timbrePdfBlocks(timbre, stamped!.sandbox ? SANDBOX_LEGEND : 'Este documento es una representación impresa de un CFDI de nómina (CFDI 4.0 con complemento Nómina 1.2).');
  if (payroll.status !== 'cerrada') return [];
  const reason = e.stampStatus === 'pendiente' ? 'pendiente de la respuesta del PAC.' : (e.stampError ?? 'la nómina se cerró antes del timbrado.');
  return [{ kind: 'text', size: 7.5, text: `Recibo sin timbrar (sin folio fiscal ni validez como CFDI): ${reason}` }];
}

function receiptBlocks(payroll: data.PayrollRow, e: PayrollEmployeeWithLines, stamped: { xml: string; sandbox: boolean } | undefined): PdfBlock[] {
  const perceptions = e.lines.filter((l) => l.kind === 'percepcion');
  const deductions = e.lines.filter((l) => l.kind === 'deduccion');
  const others = e.lines.filter((l) => l.kind === 'otro_pago');
  const paidDays = dec(e.daysWorked).minus(e.absences);
  const subsidy = others.find((l) => l.systemKey === 'SUBSIDIO');
  return [
    {
      kind: 'fields',
      columns: 2,
      fields: [
        { label: 'Empleado', value: `${e.employeeNumber} ${e.employeeName}` },
        { label: 'Nómina', value: `Folio ${payroll.folio} · ${PAYROLL_KIND_LABELS[payroll.kind]}` },
        { label: 'Periodo', value: `${formatDateMx(payroll.periodStart)} al ${formatDateMx(payroll.periodEnd)}` },
        { label: 'Fecha de pago', value: payroll.paymentDate, format: 'date' },
        { label: 'Días pagados', value: paidDays.toString() },
        { label: 'Faltas', value: dec(e.absences).toString() },
        { label: 'Salario diario', value: e.dailySalary, format: 'money' },
        { label: 'SBC diario', value: e.sbcDaily, format: 'money' },
        ...overtimeFields(e),
      ],
    },
    {
      kind: 'table',
      title: 'Percepciones',
      columns: PERCEPTION_COLUMNS,
      rows: perceptions.map((l) => ({ sat: l.satCode, name: nameOf(l), taxable: l.taxable, exempt: l.exempt, amount: l.amount })),
      footer: { name: 'Total percepciones', taxable: e.taxable, exempt: e.exempt, amount: e.perceptions },
      emptyText: 'Sin percepciones',
    },
    {
      kind: 'table',
      title: 'Deducciones',
      columns: OTHER_COLUMNS,
      rows: deductions.map((l) => ({ sat: l.satCode, name: nameOf(l), amount: l.amount })),
      footer: { name: 'Total deducciones', amount: e.deductions },
      emptyText: 'Sin deducciones',
    },
    ...(others.length
      ? [
          {
            kind: 'table' as const,
            title: 'Otros pagos',
            columns: OTHER_COLUMNS,
            rows: others.map((l) => ({ sat: l.satCode, name: nameOf(l), amount: l.amount })),
            footer: { name: 'Otros pagos en efectivo', amount: e.otherPayments },
          },
        ]
      : []),
    {
      kind: 'totals',
      rows: [
        { label: 'Percepciones', value: e.perceptions },
        ...(dec(e.otherPayments).gt(0) ? [{ label: 'Otros pagos', value: e.otherPayments }] : []),
        { label: 'Deducciones', value: money(dec(e.deductions).negated()) },
        { label: 'Neto a pagar', value: e.net, bold: true },
      ],
    },
    {
      kind: 'text',
      size: 7.5,
      text:
        `ISR según tarifa (${payroll.tableYear ?? '—'}): ${money(e.isr)}; subsidio para el empleo causado: ${money(e.subsidy)}; ISR retenido: ${money(e.isrWithheld)}. ` +
        (subsidy ? 'El subsidio para el empleo se aplica contra el ISR y no se paga en efectivo. ' : '') +
        'Recibí la cantidad neta indicada por los conceptos y el periodo señalados, sin que se me adeude cantidad alguna por otro concepto.\n\n\n' +
        '______________________________________\nFirma del empleado',
    },
    ...cfdiBlocks(payroll, e, stamped),
  ];
}

/** One receipt (employeeId) or every receipt of the payroll, as base64 PDF. */
export async function receiptsPdf(ctx: RequestContext, id: string, employeeId: string | null | undefined): Promise<string> {
  const ex = ctx.app.database.db;
  const payroll = found(await data.findPayroll(ex, Number(id)), 'La nómina');
  if (payroll.status === 'borrador') throw appError('CONFLICT', 'Calcula la nómina antes de imprimir los recibos.');
  const employees = await employeesOf(ex, payroll.id, employeeId ? Number(employeeId) : null);
  if (employeeId && !employees.length) throw appError('NOT_FOUND', 'El empleado no está en esta nómina.');
  const company = await getCompanyProfile(ex);
  const stamped = await data.stampedReceiptXmls(ex, payroll.id, employeeId ? Number(employeeId) : null);
  const blocks: PdfBlock[] = [];
  employees.forEach((e, i) => {
    if (i > 0) blocks.push({ kind: 'pageBreak', subtitle: `${e.employeeNumber} ${e.employeeName}` });
    blocks.push(...receiptBlocks(payroll, e, stamped.get(e.id)));
  });
  const sandbox = [...stamped.values()].some((x) => x.sandbox);
  const first = employees[0];
  return renderPdfBase64({
    company,
    title: 'Recibo de nómina',
    subtitle: first ? `${first.employeeNumber} ${first.employeeName}` : `Nómina ${payroll.folio}`,
    headerNotes: [`Nómina ${payroll.folio} · ${PAYROLL_STATUS_LABELS[payroll.status]}`, `Pago ${formatDateMx(payroll.paymentDate)}`],
    footerNote: `${company.name} · Recibos de la nómina ${payroll.folio} (${formatDateMx(payroll.periodStart)} al ${formatDateMx(payroll.periodEnd)}) · neto total ${money(sum(employees.map((e) => e.net)))}`,
    watermark: payroll.status === 'calculada' ? 'PRELIMINAR' : sandbox ? 'SIN VALIDEZ FISCAL' : undefined,
    blocks,
  });
}
