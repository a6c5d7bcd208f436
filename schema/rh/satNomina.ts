// SAT catalogues of the CFDI nómina 1.2 complement that a payroll concept
// points at (MX_FISCAL.md): c_TipoPercepcion, c_TipoDeduccion and
// c_TipoOtroPago, with the Spanish names people read. Pure data shared by the
// server (a concept's SAT code must belong to its kind's catalogue) and the
// SPA (the selects offer exactly these codes). The deduction "ajuste" codes
// (024 onwards) are left out on purpose: they correct a previous payroll's
// figures and are never a concept captured here.
import type { CatalogEntry } from '../sat';

export type ConceptKind = 'percepcion' | 'deduccion' | 'otro_pago';
export type TaxableRule = 'gravado' | 'exento' | 'exento_uma';

export const CONCEPT_KIND_LABELS: Record<ConceptKind, string> = {
  percepcion: 'Percepción',
  deduccion: 'Deducción',
  otro_pago: 'Otro pago',
};

export const TAXABLE_RULE_LABELS: Record<TaxableRule, string> = {
  gravado: 'Gravado',
  exento: 'Exento',
  exento_uma: 'Exento hasta un tope en UMA',
};

/** c_TipoPercepcion. */
export const TIPOS_PERCEPCION: CatalogEntry[] = [
  { code: '001', name: 'Sueldos, Salarios, Rayas y Jornales' },
  { code: '002', name: 'Gratificación Anual (Aguinaldo)' },
  { code: '003', name: 'Participación de los Trabajadores en las Utilidades PTU' },
  { code: '004', name: 'Reembolso de Gastos Médicos Dentales y Hospitalarios' },
  { code: '005', name: 'Fondo de Ahorro' },
  { code: '006', name: 'Caja de ahorro' },
  { code: '009', name: 'Contribuciones a Cargo del Trabajador Pagadas por el Patrón' },
  { code: '010', name: 'Premios por puntualidad' },
  { code: '011', name: 'Prima de Seguro de vida' },
  { code: '012', name: 'Seguro de Gastos Médicos Mayores' },
  { code: '013', name: 'Cuotas Sindicales Pagadas por el Patrón' },
  { code: '014', name: 'Subsidios por incapacidad' },
  { code: '015', name: 'Becas para trabajadores y/o hijos' },
  { code: '019', name: 'Horas extra' },
  { code: '020', name: 'Prima dominical' },
  { code: '021', name: 'Prima vacacional' },
  { code: '022', name: 'Prima por antigüedad' },
  { code: '023', name: 'Pagos por separación' },
  { code: '024', name: 'Seguro de retiro' },
  { code: '025', name: 'Indemnizaciones' },
  { code: '026', name: 'Reembolso por funeral' },
  { code: '027', name: 'Cuotas de seguridad social pagadas por el patrón' },
  { code: '028', name: 'Comisiones' },
  { code: '029', name: 'Vales de despensa' },
  { code: '030', name: 'Vales de restaurante' },
  { code: '031', name: 'Vales de gasolina' },
  { code: '032', name: 'Vales de ropa' },
  { code: '033', name: 'Ayuda para renta' },
  { code: '034', name: 'Ayuda para artículos escolares' },
  { code: '035', name: 'Ayuda para anteojos' },
  { code: '036', name: 'Ayuda para transporte' },
  { code: '037', name: 'Ayuda para gastos de funeral' },
  { code: '038', name: 'Otros ingresos por salarios' },
  { code: '039', name: 'Jubilaciones, pensiones o haberes de retiro' },
  { code: '044', name: 'Jubilaciones, pensiones o haberes de retiro en parcialidades' },
  { code: '045', name: 'Ingresos en acciones o títulos valor que representan bienes' },
  { code: '046', name: 'Ingresos asimilados a salarios' },
  { code: '047', name: 'Alimentación diferente a la establecida en el Art. 94 último párrafo LISR' },
  { code: '048', name: 'Habitación' },
  { code: '049', name: 'Premios por asistencia' },
  { code: '050', name: 'Viáticos' },
  { code: '051', name: 'Pagos por gratificaciones, primas, compensaciones, recompensas u otros a extrabajadores derivados de jubilación en parcialidades' },
  { code: '052', name: 'Pagos a extrabajadores que obtengan una jubilación en parcialidades derivados de la ejecución de resoluciones judiciales o de un laudo' },
  { code: '053', name: 'Pagos a extrabajadores que obtengan una jubilación en una sola exhibición derivados de la ejecución de resoluciones judiciales o de un laudo' },
];

/** c_TipoDeduccion (without the 024+ "ajuste" codes). */
export const TIPOS_DEDUCCION: CatalogEntry[] = [
  { code: '001', name: 'Seguridad social' },
  { code: '002', name: 'ISR' },
  { code: '003', name: 'Aportaciones a retiro, cesantía en edad avanzada y vejez' },
  { code: '004', name: 'Otros' },
  { code: '005', name: 'Aportaciones a Fondo de vivienda' },
  { code: '006', name: 'Descuento por incapacidad' },
  { code: '007', name: 'Pensión alimenticia' },
  { code: '008', name: 'Renta' },
  { code: '009', name: 'Préstamos provenientes del Fondo Nacional de la Vivienda para los Trabajadores' },
  { code: '010', name: 'Pago por crédito de vivienda' },
  { code: '011', name: 'Pago de abonos INFONACOT' },
  { code: '012', name: 'Anticipo de salarios' },
  { code: '013', name: 'Pagos hechos con exceso al trabajador' },
  { code: '014', name: 'Errores' },
  { code: '015', name: 'Pérdidas' },
  { code: '016', name: 'Averías' },
  { code: '017', name: 'Adquisición de artículos producidos por la empresa o establecimiento' },
  { code: '018', name: 'Cuotas para la constitución y fomento de sociedades cooperativas y de cajas de ahorro' },
  { code: '019', name: 'Cuotas sindicales' },
  { code: '020', name: 'Ausencia (Ausentismo)' },
  { code: '021', name: 'Cuotas obrero patronales' },
  { code: '022', name: 'Impuestos locales' },
  { code: '023', name: 'Aportaciones voluntarias' },
];

/** c_TipoOtroPago. */
export const TIPOS_OTRO_PAGO: CatalogEntry[] = [
  { code: '001', name: 'Reintegro de ISR pagado en exceso (siempre que no haya sido enterado al SAT)' },
  { code: '002', name: 'Subsidio para el empleo (efectivamente entregado al trabajador)' },
  { code: '003', name: 'Viáticos (entregados al trabajador)' },
  { code: '004', name: 'Aplicación de saldo a favor por compensación anual' },
  { code: '005', name: 'Reintegro de ISR retenido en exceso de ejercicio anterior (siempre que no haya sido enterado al SAT)' },
  { code: '006', name: 'Alimentos en bienes (servicios de comedor y comida)' },
  { code: '007', name: 'ISR ajustado por subsidio' },
  { code: '008', name: 'Subsidio efectivamente entregado que no correspondía' },
  { code: '009', name: 'Reembolso de descuentos efectuados para el crédito de vivienda' },
  { code: '999', name: 'Pagos distintos a los listados que no deben considerarse como ingreso por sueldos, salarios o ingresos asimilados' },
];

/** c_TipoContrato (Receptor TipoContrato of the CFDI de nómina). */
export const TIPOS_CONTRATO: CatalogEntry[] = [
  { code: '01', name: 'Contrato de trabajo por tiempo indeterminado' },
  { code: '02', name: 'Contrato de trabajo para obra determinada' },
  { code: '03', name: 'Contrato de trabajo por tiempo determinado' },
  { code: '04', name: 'Contrato de trabajo por temporada' },
  { code: '05', name: 'Contrato de trabajo sujeto a prueba' },
  { code: '06', name: 'Contrato de trabajo con capacitación inicial' },
  { code: '07', name: 'Modalidad de contratación por pago de hora laborada' },
  { code: '08', name: 'Modalidad de trabajo por comisión laboral' },
  { code: '09', name: 'Modalidades de contratación donde no existe relación de trabajo' },
  { code: '10', name: 'Jubilación, pensión, retiro' },
  { code: '99', name: 'Otro contrato' },
];

/** c_RiesgoPuesto: the class of the registro patronal's work-risk premium (Receptor RiesgoPuesto). */
export const RIESGOS_PUESTO: CatalogEntry[] = [
  { code: '1', name: 'Clase I' },
  { code: '2', name: 'Clase II' },
  { code: '3', name: 'Clase III' },
  { code: '4', name: 'Clase IV' },
  { code: '5', name: 'Clase V' },
  { code: '99', name: 'No aplica' },
];

/** The registro patronal as the IMSS writes it: 11 letters or digits (e.g. Y5012345105). */
export const REGISTRO_PATRONAL_RE = /^[A-Z0-9]{11}$/;

/** c_Estado of Mexico (Receptor ClaveEntFed: the state where the work is done). */
export const ESTADOS: CatalogEntry[] = [
  { code: 'AGU', name: 'Aguascalientes' },
  { code: 'BCN', name: 'Baja California' },
  { code: 'BCS', name: 'Baja California Sur' },
  { code: 'CAM', name: 'Campeche' },
  { code: 'CHP', name: 'Chiapas' },
  { code: 'CHH', name: 'Chihuahua' },
  { code: 'CMX', name: 'Ciudad de México' },
  { code: 'COA', name: 'Coahuila' },
  { code: 'COL', name: 'Colima' },
  { code: 'DUR', name: 'Durango' },
  { code: 'GUA', name: 'Guanajuato' },
  { code: 'GRO', name: 'Guerrero' },
  { code: 'HID', name: 'Hidalgo' },
  { code: 'JAL', name: 'Jalisco' },
  { code: 'MEX', name: 'Estado de México' },
  { code: 'MIC', name: 'Michoacán' },
  { code: 'MOR', name: 'Morelos' },
  { code: 'NAY', name: 'Nayarit' },
  { code: 'NLE', name: 'Nuevo León' },
  { code: 'OAX', name: 'Oaxaca' },
  { code: 'PUE', name: 'Puebla' },
  { code: 'QUE', name: 'Querétaro' },
  { code: 'ROO', name: 'Quintana Roo' },
  { code: 'SLP', name: 'San Luis Potosí' },
  { code: 'SIN', name: 'Sinaloa' },
  { code: 'SON', name: 'Sonora' },
  { code: 'TAB', name: 'Tabasco' },
  { code: 'TAM', name: 'Tamaulipas' },
  { code: 'TLA', name: 'Tlaxcala' },
  { code: 'VER', name: 'Veracruz' },
  { code: 'YUC', name: 'Yucatán' },
  { code: 'ZAC', name: 'Zacatecas' },
];

/** The catalogue a concept of this kind takes its SAT code from. */
export const SAT_CATALOGUE_BY_KIND: Record<ConceptKind, CatalogEntry[]> = {
  percepcion: TIPOS_PERCEPCION,
  deduccion: TIPOS_DEDUCCION,
  otro_pago: TIPOS_OTRO_PAGO,
};

export const SAT_CATALOGUE_NAMES: Record<ConceptKind, string> = {
  percepcion: 'c_TipoPercepcion',
  deduccion: 'c_TipoDeduccion',
  otro_pago: 'c_TipoOtroPago',
};

export const satEntry = (kind: ConceptKind, code: string): CatalogEntry | undefined => SAT_CATALOGUE_BY_KIND[kind].find((e) => e.code === code);

export const isSatCodeOfKind = (kind: ConceptKind, code: string): boolean => satEntry(kind, code) !== undefined;

/** "029 - Vales de despensa", as the other SAT selects read (catalogOptions). */
export const satLabel = (kind: ConceptKind, code: string): string => {
  const entry = satEntry(kind, code);
  return entry ? `${entry.code} - ${entry.name}` : code;
};
