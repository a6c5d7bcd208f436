// Anticipos and factura global (CFDI 4.0, issue 26): the fixed SAT values and the rules both
// sides apply. Pure: the invoice form validates with the same rules the server enforces.
//
// SAT's «Guía de llenado del CFDI 4.0», apéndice «Facturación de anticipos», procedure
// «aplicando el anticipo con CFDI de egreso»:
//   1. the factura de anticipo: tipo I, one concept ClaveProdServ 84111506, ClaveUnidad ACT,
//      Descripción «Anticipo del bien o servicio», ValorUnitario = the amount received, its
//      taxes, MetodoPago PUE, FormaPago of the payment received;
//   2. the final invoice for the full value, related with TipoRelacion 07 to the anticipos' UUIDs;
//   3. a CFDI de egreso (tipo E) related 07 to the final invoice, FormaPago 30 «Aplicación de
//      anticipos», MetodoPago PUE, one concept 84111506 ACT «Aplicación de anticipo» for the
//      anticipo's amount with the anticipo's taxes: it lowers what the final invoice still owes.
// Factura global (Anexo 20, nodo InformacionGlobal): to RFC XAXX010101000 «PUBLICO EN GENERAL»,
// régimen 616, UsoCFDI S01, DomicilioFiscalReceptor = LugarExpedicion, with Periodicidad (01–05),
// Meses (01–12; 13–18 bimestres for periodicidad 05) and Año.
import { dec } from '../money';

export const ANTICIPO_PROD_SERV = '84111506';
export const ANTICIPO_UNIT = { key: 'ACT', name: 'Actividad' } as const;
export const ANTICIPO_DESCRIPTION = 'Anticipo del bien o servicio';
export const ANTICIPO_APPLIED_DESCRIPTION = 'Aplicación de anticipo';
export const ANTICIPO_TIPO_RELACION = '07';
/** c_FormaPago 30: the egreso that applies an anticipo. */
export const ANTICIPO_FORMA_APLICACION = '30';

export type InvoiceKindCode = 'NORMAL' | 'ANTICIPO' | 'GLOBAL';
export const INVOICE_KINDS: { value: InvoiceKindCode; label: string }[] = [
  { value: 'NORMAL', label: 'Factura' },
  { value: 'ANTICIPO', label: 'Factura de anticipo' },
  { value: 'GLOBAL', label: 'Factura global (público en general)' },
];

/** The one line of a factura de anticipo (the price before taxes is the amount received). */
export const anticipoLine = (amount: string) => ({
  description: ANTICIPO_DESCRIPTION,
  prodServKey: ANTICIPO_PROD_SERV,
  unitKey: ANTICIPO_UNIT.key,
  unitName: ANTICIPO_UNIT.name,
  quantity: '1',
  unitPrice: amount,
  discountPercent: '0',
  objetoImp: '02' as const,
});

/** The one line of the egreso that applies `amount` (before taxes) of an anticipo. */
export const anticipoAppliedLine = (amount: string) => ({ ...anticipoLine(amount), description: ANTICIPO_APPLIED_DESCRIPTION });

/** What is left of an anticipo to apply, before taxes: its subtotal less the vigente egresos'. */
export const anticipoAvailable = (subtotal: string, applied: string): string => dec(subtotal).minus(applied).toFixed(2);

// ---- factura global ------------------------------------------------------------------------------

export const PUBLIC_RFC = 'XAXX010101000';
export const PUBLIC_NAME = 'PUBLICO EN GENERAL';
export const PUBLIC_REGIMEN = '616';
export const PUBLIC_USO = 'S01';

export const PERIODICIDADES = [
  { code: '01', name: 'Diario' },
  { code: '02', name: 'Semanal' },
  { code: '03', name: 'Quincenal' },
  { code: '04', name: 'Mensual' },
  { code: '05', name: 'Bimestral' },
] as const;

const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const BIMESTERS = ['Enero-Febrero', 'Marzo-Abril', 'Mayo-Junio', 'Julio-Agosto', 'Septiembre-Octubre', 'Noviembre-Diciembre'];

/** c_Meses valid for a periodicidad: 01–12 (the month) for 01–04, 13–18 (the bimester) for 05. */
export function mesesFor(periodicidad: string): { code: string; name: string }[] {
  if (periodicidad === '05') return BIMESTERS.map((name, i) => ({ code: String(13 + i), name }));
  return MONTHS.map((name, i) => ({ code: String(i + 1).padStart(2, '0'), name }));
}

/** Whether the receptor is «público en general», which needs InformacionGlobal (factura global). */
export const isPublicoEnGeneral = (rfc: string, name: string): boolean => rfc.toUpperCase() === PUBLIC_RFC && name.trim().toUpperCase() === PUBLIC_NAME;

export const GLOBAL_MSG = {
  periodicidad: 'Elige la periodicidad: 01 diario, 02 semanal, 03 quincenal, 04 mensual o 05 bimestral.',
  meses: (periodicidad: string) =>
    periodicidad === '05'
      ? 'Con periodicidad bimestral (05) el periodo es un bimestre: 13 (enero-febrero) a 18 (noviembre-diciembre).'
      : 'El mes debe ser de 01 (enero) a 12 (diciembre); los bimestres 13 a 18 son sólo para periodicidad 05.',
  anio: (max: number) => `El año debe ser de 2021 a ${max}.`,
  required: 'La factura global requiere periodicidad, mes y año.',
} as const;

export type GlobalInfo = { periodicidad: string; meses: string; anio: number };

/** Field messages for InformacionGlobal; `currentYear` is Mexico's (an invoice of next year's period cannot exist yet). */
export function globalInfoErrors(info: Partial<GlobalInfo> | null | undefined, currentYear: number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!info) return { globalPeriodicidad: GLOBAL_MSG.required };
  const periodicidad = info.periodicidad ?? '';
  if (!PERIODICIDADES.some((p) => p.code === periodicidad)) errors.globalPeriodicidad = GLOBAL_MSG.periodicidad;
  else if (!mesesFor(periodicidad).some((m) => m.code === info.meses)) errors.globalMeses = GLOBAL_MSG.meses(periodicidad);
  if (!Number.isInteger(info.anio) || (info.anio as number) < 2021 || (info.anio as number) > currentYear) errors.globalAnio = GLOBAL_MSG.anio(currentYear);
  return errors;
}
