// The CFDI de nómina of one payroll receipt (issue 27; MX_FISCAL.md «CFDI de nómina: CFDI 4.0
// wrapper + complemento Nómina 1.2 (revisión E)»): a CFDI 4.0 tipo N with exactly one Concepto
// and the nomina12:Nomina complement built from the receipt's payroll lines and their SAT codes.
// Pure: the caller reads the data, this file only writes the XML (unsealed: sealCfdi adds
// NoCertificado, Certificado and Sello) and names what a receipt lacks.
//
// Figures are the payroll's own, already rounded to centavos per line: the totals are their sums,
// so TotalPercepciones = Σ percepciones = TotalGravado + TotalExento, Total = SubTotal − Descuento
// = the receipt's net. The subsidio para el empleo (since May 2024 applied against the ISR, never
// paid in cash) goes as OtroPago 002 with Importe 0.00 and SubsidioCausado = the subsidy caused,
// so the CFDI's Total is what the worker is paid (MX_FISCAL leaves SAT's treatment unconfirmed).
import { cfdiLocalTime } from '../../../lib/cfdi/time';
import { daysBetween } from '../../../../schema/dates';
import { Decimal, dec, money, sum } from '../../../../schema/money';
import { isOrdinaryPayroll, type PayrollKind } from '../../../../schema/rh/payroll';
import { CFDI_NS, CFDI_SCHEMA_LOCATION, XSI_NS } from '../../../lib/cfdi/xml';

export const NOMINA_NS = 'http://www.sat.gob.mx/nomina12';
const NOMINA_SCHEMA_LOCATION = `${NOMINA_NS} http://www.sat.gob.mx/sitio_internet/cfd/nomina/nomina12.xsd`;

export type NominaLine = {
  kind: 'percepcion' | 'deduccion' | 'otro_pago';
  /** c_TipoPercepcion / c_TipoDeduccion / c_TipoOtroPago. */
  satCode: string;
  /** The concept's code (the complement's Clave). */
  code: string;
  name: string;
  /** The system concept the calculation posted (SUBSIDIO: informative, not paid in cash). */
  systemKey: string | null;
  amount: string;
  taxable: string;
  exempt: string;
  /**
   * A percepción 019 (horas extra): the days and hours it pays (nomina12:HorasExtra). The system's HE-DOBLES line is
   * TipoHoras 01, HE-TRIPLES 02; hours as captured (decimals allowed), days from the incidencias.
   */
  overtime?: { tipoHoras: '01' | '02'; days: number; hours: string } | null;
};

export type NominaReceipt = {
  /** Fecha of the CFDI: the instant it is sealed. */
  issuedAt: Date;
  folio: string;
  /** A correction's CFDI: the UUID it substitutes (CfdiRelacionados TipoRelacion 04); the old one is then cancelled with motivo 01. */
  substitutes?: string | null;
  emisor: { rfc: string; name: string; regimen: string; postalCode: string; registroPatronal: string; riesgoPuesto: string };
  receptor: {
    rfc: string;
    name: string;
    curp: string;
    nss: string;
    postalCode: string;
    /** FechaInicioRelLaboral. */
    startDate: string;
    contractType: string;
    workState: string;
    employeeNumber: string;
    department: string;
    position: string;
    sbcDaily: string;
    sdiDaily: string;
  };
  payroll: {
    /** O ordinaria, E extraordinaria. */
    tipoNomina: 'O' | 'E';
    /** c_PeriodicidadPago: 02 semanal, 04 quincenal, 99 otra (extraordinaria). */
    periodicidad: string;
    paymentDate: string;
    periodStart: string;
    periodEnd: string;
    paidDays: string;
    /**
     * A finiquito's separation payments (022, 023, 025): NumAñosServicio (a fraction of more than six months
     * counts as a year) and UltimoSueldoMensOrd (daily × 30.4) of nomina12:SeparacionIndemnizacion.
     */
    separation?: { years: number; lastMonthlySalary: string } | null;
    /** IMSS incapacity certificates inside the period (nomina12:Incapacidades): days and c_TipoIncapacidad. */
    incapacities?: readonly { type: string; days: number }[];
  };
  lines: readonly NominaLine[];
};

/**
 * nomina12:SeparacionIndemnizacion (MX_FISCAL «ISR on separation payments», 6): TotalPagado = the separation
 * percepciones; IngresoAcumulable = min(their taxable part, USMO); IngresoNoAcumulable = taxable − acumulable.
 */
export function separacionIndemnizacion(lines: readonly NominaLine[], s: { years: number; lastMonthlySalary: string }) {
  const parts = lines.filter((l) => l.kind === 'percepcion' && SEPARATION.has(l.satCode));
  const taxable = sum(parts.map((l) => l.taxable));
  const acumulable = Decimal.min(taxable, dec(s.lastMonthlySalary));
  return {
    TotalPagado: money(sum(parts.map((l) => l.amount))),
    NumAñosServicio: String(s.years),
    UltimoSueldoMensOrd: money(s.lastMonthlySalary),
    IngresoAcumulable: money(acumulable),
    IngresoNoAcumulable: money(taxable.minus(acumulable)),
  };
}

/** c_PeriodicidadPago of a payroll: an extraordinaria or aguinaldo is 99 (otra periodicidad), an ordinary one its frequency. */
export function periodicidadOf(kind: PayrollKind): string {
  return isOrdinaryPayroll(kind) ? (kind === 'semanal' ? '02' : '04') : '99';
}

/** TipoNomina: O for the ordinary payrolls, E (extraordinaria, with periodicidad 99) for the rest. */
export const tipoNominaOf = (kind: PayrollKind): 'O' | 'E' => (isOrdinaryPayroll(kind) ? 'O' : 'E');

/**
 * Antigüedad as completed weeks, "P<weeks>W": the days from FechaInicioRelLaboral to FechaFinalPago
 * counting both ends, divided by 7 and truncated.
 */
export function antiguedadWeeks(startDate: string, periodEnd: string): string {
  const days = daysBetween(startDate, periodEnd) + 1;
  return `P${Math.max(0, Math.floor(days / 7))}W`;
}

/** Percepciones whose TotalSeparacionIndemnizacion or TotalJubilacionPensionRetiro they belong to, not TotalSueldos. */
const SEPARATION = new Set(['022', '023', '025']);
const RETIREMENT = new Set(['039', '044']);

export type NominaTotals = {
  totalSueldos: string;
  totalSeparacion: string;
  totalJubilacion: string;
  totalGravado: string;
  totalExento: string;
  totalPercepciones: string;
  totalImpuestosRetenidos: string;
  totalOtrasDeducciones: string;
  totalDeducciones: string;
  /** Σ OtroPago Importe: cash only (the subsidio is 0.00 there). */
  totalOtrosPagos: string;
  subTotal: string;
  total: string;
};

/** Cash Importe of an otro pago: the subsidio para el empleo is applied to the ISR, not paid. */
const otroPagoImporte = (l: NominaLine): string => (l.systemKey === 'SUBSIDIO' ? '0.00' : money(l.amount));

export function nominaTotals(lines: readonly NominaLine[]): NominaTotals {
  const p = lines.filter((l) => l.kind === 'percepcion');
  const d = lines.filter((l) => l.kind === 'deduccion');
  const o = lines.filter((l) => l.kind === 'otro_pago');
  const totalSueldos = sum(p.filter((l) => !SEPARATION.has(l.satCode) && !RETIREMENT.has(l.satCode)).map((l) => l.amount));
  const totalSeparacion = sum(p.filter((l) => SEPARATION.has(l.satCode)).map((l) => l.amount));
  const totalJubilacion = sum(p.filter((l) => RETIREMENT.has(l.satCode)).map((l) => l.amount));
  const totalPercepciones = totalSueldos.plus(totalSeparacion).plus(totalJubilacion);
  const totalImpuestos = sum(d.filter((l) => l.satCode === '002').map((l) => l.amount));
  const totalOtras = sum(d.filter((l) => l.satCode !== '002').map((l) => l.amount));
  const totalDeducciones = totalImpuestos.plus(totalOtras);
  const totalOtrosPagos = sum(o.map(otroPagoImporte));
  const subTotal = totalPercepciones.plus(totalOtrosPagos);
  return {
    totalSueldos: money(totalSueldos),
    totalSeparacion: money(totalSeparacion),
    totalJubilacion: money(totalJubilacion),
    totalGravado: money(sum(p.map((l) => l.taxable))),
    totalExento: money(sum(p.map((l) => l.exempt))),
    totalPercepciones: money(totalPercepciones),
    totalImpuestosRetenidos: money(totalImpuestos),
    totalOtrasDeducciones: money(totalOtras),
    totalDeducciones: money(totalDeducciones),
    totalOtrosPagos: money(totalOtrosPagos),
    subTotal: money(subTotal),
    total: money(subTotal.minus(totalDeducciones)),
  };
}

// ---- what a receipt needs ---------------------------------------------------------------

/** The data a CFDI de nómina needs that the product may not have captured, with the screen where it is captured. */
export const NOMINA_DATA_MSG = {
  registroPatronal: 'La empresa no tiene registro patronal del IMSS (Emisor RegistroPatronal del CFDI de nómina): captúralo en los datos de la empresa.',
  riesgoPuesto: 'La empresa no tiene la clase de riesgo de trabajo de su registro patronal (RiesgoPuesto del CFDI de nómina): captúrala en los datos de la empresa.',
  companyCurp: 'La empresa es persona física: el CFDI de nómina necesita la CURP del patrón (Emisor Curp), que el sistema aún no guarda.',
  companyPostalCode: 'La empresa no tiene código postal fiscal (LugarExpedicion del CFDI): captúralo en los datos de la empresa.',
  employee: (who: string, what: string) => `No se puede timbrar el recibo de ${who}: falta ${what} en su expediente.`,
  postalCode: 'el código postal de su domicilio fiscal (DomicilioFiscalReceptor)',
  workState: 'la entidad federativa donde trabaja (ClaveEntFed)',
  contractType: 'el tipo de contrato (TipoContrato)',
  nss: 'el número de seguridad social (NumSeguridadSocial)',
  curp: 'la CURP (Curp)',
  overtimeDays: (who: string, kind: 'dobles' | 'triples') =>
    `No se puede timbrar el recibo de ${who}: faltan los días en que trabajó las horas extra ${kind} (nodo HorasExtra del CFDI); captúralos en sus incidencias.`,
  overtimeConcept: (who: string, code: string) =>
    `No se puede timbrar el recibo de ${who}: el concepto ${code} tiene la clave SAT 019 (horas extra), que el CFDI acompaña de los días y las horas trabajadas; captura las horas extra en sus incidencias o cambia la clave SAT del concepto.`,
} as const;

export type MissingDatum = { field: string; message: string };

/** What keeps the company from issuing any CFDI de nómina (empty when nothing). */
export function companyNominaGaps(c: { personType: 'fisica' | 'moral'; postalCode: string; registroPatronal: string | null; riesgoPuesto: string | null }): MissingDatum[] {
  const gaps: MissingDatum[] = [];
  if (!/^\d{5}$/.test(c.postalCode) || c.postalCode === '00000') gaps.push({ field: 'postalCode', message: NOMINA_DATA_MSG.companyPostalCode });
  if (!c.registroPatronal?.trim()) gaps.push({ field: 'registroPatronal', message: NOMINA_DATA_MSG.registroPatronal });
  if (!c.riesgoPuesto?.trim()) gaps.push({ field: 'riesgoPuesto', message: NOMINA_DATA_MSG.riesgoPuesto });
  if (c.personType === 'fisica') gaps.push({ field: 'curp', message: NOMINA_DATA_MSG.companyCurp });
  return gaps;
}

/** What an employee's file lacks for their receipt's CFDI (empty when nothing). */
export function employeeNominaGaps(who: string, e: { curp: string; nss: string; postalCode: string | null; workState: string | null; contractType: string | null }): MissingDatum[] {
  const gaps: MissingDatum[] = [];
  const add = (field: keyof typeof NOMINA_DATA_MSG & string, what: string) => gaps.push({ field, message: NOMINA_DATA_MSG.employee(who, what) });
  if (!e.curp?.trim()) add('curp', NOMINA_DATA_MSG.curp);
  if (!e.nss?.trim()) add('nss', NOMINA_DATA_MSG.nss);
  if (!e.postalCode || !/^\d{5}$/.test(e.postalCode)) add('postalCode', NOMINA_DATA_MSG.postalCode);
  if (!e.workState?.trim()) add('workState', NOMINA_DATA_MSG.workState);
  if (!e.contractType?.trim()) add('contractType', NOMINA_DATA_MSG.contractType);
  return gaps;
}

// ---- horas extra (TipoPercepcion 019) ----------------------------------------------------

/** c_TipoHoras of the system's overtime concepts: 01 dobles, 02 triples. */
export const TIPO_HORAS: Readonly<Record<string, '01' | '02'>> = { HORAS_EXTRA_DOBLES: '01', HORAS_EXTRA_TRIPLES: '02' };

/**
 * nomina12:HorasExtra of a percepción 019 (nomina12.xsd: Dias and HorasExtra are integers ≥ 1, TipoHoras c_TipoHoras,
 * ImportePagado t_ImporteMXN). MX_FISCAL.md names 019 but states no rule for this node, so this follows the XSD:
 * one node per line (the payroll posts double and triple hours as separate 019 lines), Dias = the days captured for that
 * kind of hours, HorasExtra = the hours paid rounded UP to a whole hour (the XSD takes no fractions; 2.5 h worked are
 * reported as 3 hours in which overtime was worked — a reading, not confirmed against SAT's guía de llenado), and
 * ImportePagado = the line's amount (gravado + exento), so the nodes add up to the percepción.
 */
export function horasExtraNode(l: NominaLine): { Dias: string; TipoHoras: string; HorasExtra: string; ImportePagado: string } | null {
  if (!l.overtime) return null;
  return { Dias: String(l.overtime.days), TipoHoras: l.overtime.tipoHoras, HorasExtra: dec(l.overtime.hours).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed(0), ImportePagado: two(l.amount) };
}

/** A receipt's percepciones 019 that cannot carry their HorasExtra node (empty when none): why, in Spanish. */
export function overtimeGaps(who: string, lines: readonly NominaLine[]): MissingDatum[] {
  const gaps: MissingDatum[] = [];
  for (const l of lines) {
    if (l.kind !== 'percepcion' || l.satCode !== '019') continue;
    if (!l.overtime) gaps.push({ field: 'overtime', message: NOMINA_DATA_MSG.overtimeConcept(who, l.code) });
    else if (l.overtime.days < 1 || !dec(l.overtime.hours).gt(0)) gaps.push({ field: 'overtimeDays', message: NOMINA_DATA_MSG.overtimeDays(who, l.overtime.tipoHoras === '01' ? 'dobles' : 'triples') });
  }
  return gaps;
}

// ---- the XML ----------------------------------------------------------------------------

const two = (v: string): string => money(v);

export async function buildNominaXml(r: NominaReceipt): Promise<string> {
  const { create } = await import('xmlbuilder2');
  const t = nominaTotals(r.lines);
  const perceptions = r.lines.filter((l) => l.kind === 'percepcion');
  const deductions = r.lines.filter((l) => l.kind === 'deduccion');
  const others = r.lines.filter((l) => l.kind === 'otro_pago');
  const descuento = dec(t.totalDeducciones);

  const attrs: Record<string, string> = {
    'xmlns:xsi': XSI_NS,
    'xmlns:nomina12': NOMINA_NS,
    'xsi:schemaLocation': `${CFDI_SCHEMA_LOCATION} ${NOMINA_SCHEMA_LOCATION}`,
    Version: '4.0',
    Folio: r.folio,
    Fecha: cfdiLocalTime(r.issuedAt),
    SubTotal: t.subTotal,
  };
  if (descuento.gt(0)) attrs.Descuento = t.totalDeducciones;
  Object.assign(attrs, { Moneda: 'MXN', Total: t.total, TipoDeComprobante: 'N', Exportacion: '01', MetodoPago: 'PUE', LugarExpedicion: r.emisor.postalCode });

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(CFDI_NS, 'cfdi:Comprobante', attrs);
  // The XSD's order: CfdiRelacionados before Emisor.
  if (r.substitutes) root.ele(CFDI_NS, 'cfdi:CfdiRelacionados', { TipoRelacion: '04' }).ele(CFDI_NS, 'cfdi:CfdiRelacionado', { UUID: r.substitutes });
  root.ele(CFDI_NS, 'cfdi:Emisor', { Rfc: r.emisor.rfc, Nombre: r.emisor.name, RegimenFiscal: r.emisor.regimen });
  root.ele(CFDI_NS, 'cfdi:Receptor', { Rfc: r.receptor.rfc, Nombre: r.receptor.name, DomicilioFiscalReceptor: r.receptor.postalCode, RegimenFiscalReceptor: '605', UsoCFDI: 'CN01' });
  const concepto: Record<string, string> = { ClaveProdServ: '84111505', Cantidad: '1', ClaveUnidad: 'ACT', Descripcion: 'Pago de nómina', ValorUnitario: t.subTotal, Importe: t.subTotal };
  if (descuento.gt(0)) concepto.Descuento = t.totalDeducciones;
  concepto.ObjetoImp = '01';
  root.ele(CFDI_NS, 'cfdi:Conceptos').ele(CFDI_NS, 'cfdi:Concepto', concepto);

  const nomina: Record<string, string> = {
    Version: '1.2',
    TipoNomina: r.payroll.tipoNomina,
    FechaPago: r.payroll.paymentDate,
    FechaInicialPago: r.payroll.periodStart,
    FechaFinalPago: r.payroll.periodEnd,
    // Up to 3 decimals; an extraordinary payment without salary days is reported as 1 day (SAT's guía de llenado; unconfirmed in MX_FISCAL).
    NumDiasPagados: dec(r.payroll.paidDays).gt(0) ? dec(r.payroll.paidDays).toDecimalPlaces(3).toFixed(3) : '1.000',
  };
  if (perceptions.length) nomina.TotalPercepciones = t.totalPercepciones;
  if (deductions.length) nomina.TotalDeducciones = t.totalDeducciones;
  if (others.length) nomina.TotalOtrosPagos = t.totalOtrosPagos;
  const n = root.ele(CFDI_NS, 'cfdi:Complemento').ele(NOMINA_NS, 'nomina12:Nomina', nomina);
  n.ele(NOMINA_NS, 'nomina12:Emisor', { RegistroPatronal: r.emisor.registroPatronal });
  const receptor: Record<string, string> = {
    Curp: r.receptor.curp,
    NumSeguridadSocial: r.receptor.nss,
    FechaInicioRelLaboral: r.receptor.startDate,
    Antigüedad: antiguedadWeeks(r.receptor.startDate, r.payroll.periodEnd),
    TipoContrato: r.receptor.contractType,
    // Every worker paid here earns sueldos y salarios (c_TipoRegimen 02).
    TipoRegimen: '02',
    NumEmpleado: r.receptor.employeeNumber,
  };
  if (r.receptor.department) receptor.Departamento = r.receptor.department;
  if (r.receptor.position) receptor.Puesto = r.receptor.position;
  Object.assign(receptor, {
    RiesgoPuesto: r.emisor.riesgoPuesto,
    PeriodicidadPago: r.payroll.periodicidad,
    SalarioBaseCotApor: two(r.receptor.sbcDaily),
    SalarioDiarioIntegrado: two(r.receptor.sdiDaily),
    ClaveEntFed: r.receptor.workState,
  });
  n.ele(NOMINA_NS, 'nomina12:Receptor', receptor);

  if (perceptions.length) {
    const pa: Record<string, string> = {};
    if (dec(t.totalSueldos).gt(0) || (dec(t.totalSeparacion).isZero() && dec(t.totalJubilacion).isZero())) pa.TotalSueldos = t.totalSueldos;
    if (dec(t.totalSeparacion).gt(0)) pa.TotalSeparacionIndemnizacion = t.totalSeparacion;
    if (dec(t.totalJubilacion).gt(0)) pa.TotalJubilacionPensionRetiro = t.totalJubilacion;
    Object.assign(pa, { TotalGravado: t.totalGravado, TotalExento: t.totalExento });
    const node = n.ele(NOMINA_NS, 'nomina12:Percepciones', pa);
    for (const l of perceptions) {
      const p = node.ele(NOMINA_NS, 'nomina12:Percepcion', { TipoPercepcion: l.satCode, Clave: l.code, Concepto: l.name, ImporteGravado: two(l.taxable), ImporteExento: two(l.exempt) });
      const horas = l.satCode === '019' ? horasExtraNode(l) : null;
      if (horas) p.ele(NOMINA_NS, 'nomina12:HorasExtra', horas);
    }
    if (dec(t.totalSeparacion).gt(0) && r.payroll.separation) node.ele(NOMINA_NS, 'nomina12:SeparacionIndemnizacion', separacionIndemnizacion(r.lines, r.payroll.separation));
  }
  if (deductions.length) {
    const da: Record<string, string> = {};
    if (deductions.some((l) => l.satCode !== '002')) da.TotalOtrasDeducciones = t.totalOtrasDeducciones;
    if (deductions.some((l) => l.satCode === '002')) da.TotalImpuestosRetenidos = t.totalImpuestosRetenidos;
    const node = n.ele(NOMINA_NS, 'nomina12:Deducciones', da);
    for (const l of deductions) node.ele(NOMINA_NS, 'nomina12:Deduccion', { TipoDeduccion: l.satCode, Clave: l.code, Concepto: l.name, Importe: two(l.amount) });
  }
  if (others.length) {
    const node = n.ele(NOMINA_NS, 'nomina12:OtrosPagos');
    for (const l of others) {
      const op = node.ele(NOMINA_NS, 'nomina12:OtroPago', { TipoOtroPago: l.satCode, Clave: l.code, Concepto: l.name, Importe: otroPagoImporte(l) });
      if (l.satCode === '002') op.ele(NOMINA_NS, 'nomina12:SubsidioAlEmpleo', { SubsidioCausado: two(l.amount) });
    }
  }
  if (r.payroll.incapacities?.length) {
    // The employer pays nothing for the incapacity days (LFT art. 42), so no ImporteMonetario.
    const node = n.ele(NOMINA_NS, 'nomina12:Incapacidades');
    for (const i of r.payroll.incapacities) node.ele(NOMINA_NS, 'nomina12:Incapacidad', { DiasIncapacidad: String(i.days), TipoIncapacidad: i.type });
  }
  return doc.end({ prettyPrint: true });
}

