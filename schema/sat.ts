// SAT catalogues (CFDI 4.0, MX_FISCAL.md) shared by every module, server and
// SPA alike: régimen fiscal, uso CFDI, forma de pago, método de pago, objeto
// de impuesto, unidad and producto/servicio, with the Spanish names people
// read. Pure data, so the server validates against exactly the codes the
// selects offer. (Ventas's tax rates live here too: they are SAT figures.)

export type CatalogEntry = { code: string; name: string };
export type PersonType = 'moral' | 'fisica';

export const REGIMENES_FISCALES: (CatalogEntry & { applies: PersonType[] })[] = [
  { code: '601', name: 'General de Ley Personas Morales', applies: ['moral'] },
  { code: '603', name: 'Personas Morales con Fines no Lucrativos', applies: ['moral'] },
  { code: '605', name: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', applies: ['fisica'] },
  { code: '606', name: 'Arrendamiento', applies: ['fisica'] },
  { code: '607', name: 'Régimen de Enajenación o Adquisición de Bienes', applies: ['fisica'] },
  { code: '608', name: 'Demás ingresos', applies: ['fisica'] },
  { code: '610', name: 'Residentes en el Extranjero sin Establecimiento Permanente en México', applies: ['moral', 'fisica'] },
  { code: '611', name: 'Ingresos por Dividendos (socios y accionistas)', applies: ['fisica'] },
  { code: '612', name: 'Personas Físicas con Actividades Empresariales y Profesionales', applies: ['fisica'] },
  { code: '614', name: 'Ingresos por intereses', applies: ['fisica'] },
  { code: '615', name: 'Régimen de los ingresos por obtención de premios', applies: ['fisica'] },
  { code: '616', name: 'Sin obligaciones fiscales', applies: ['fisica'] },
  { code: '620', name: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', applies: ['moral'] },
  { code: '621', name: 'Incorporación Fiscal', applies: ['fisica'] },
  { code: '622', name: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', applies: ['moral', 'fisica'] },
  { code: '623', name: 'Opcional para Grupos de Sociedades', applies: ['moral'] },
  { code: '624', name: 'Coordinados', applies: ['moral'] },
  { code: '625', name: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', applies: ['fisica'] },
  { code: '626', name: 'Régimen Simplificado de Confianza', applies: ['moral', 'fisica'] },
];

export const USOS_CFDI: (CatalogEntry & { applies: PersonType[] })[] = [
  { code: 'G01', name: 'Adquisición de mercancías', applies: ['moral', 'fisica'] },
  { code: 'G02', name: 'Devoluciones, descuentos o bonificaciones', applies: ['moral', 'fisica'] },
  { code: 'G03', name: 'Gastos en general', applies: ['moral', 'fisica'] },
  { code: 'I01', name: 'Construcciones', applies: ['moral', 'fisica'] },
  { code: 'I02', name: 'Mobiliario y equipo de oficina por inversiones', applies: ['moral', 'fisica'] },
  { code: 'I03', name: 'Equipo de transporte', applies: ['moral', 'fisica'] },
  { code: 'I04', name: 'Equipo de cómputo y accesorios', applies: ['moral', 'fisica'] },
  { code: 'I05', name: 'Dados, troqueles, moldes, matrices y herramental', applies: ['moral', 'fisica'] },
  { code: 'I06', name: 'Comunicaciones telefónicas', applies: ['moral', 'fisica'] },
  { code: 'I07', name: 'Comunicaciones satelitales', applies: ['moral', 'fisica'] },
  { code: 'I08', name: 'Otra maquinaria y equipo', applies: ['moral', 'fisica'] },
  { code: 'D01', name: 'Honorarios médicos, dentales y gastos hospitalarios', applies: ['fisica'] },
  { code: 'D02', name: 'Gastos médicos por incapacidad o discapacidad', applies: ['fisica'] },
  { code: 'D03', name: 'Gastos funerales', applies: ['fisica'] },
  { code: 'D04', name: 'Donativos', applies: ['fisica'] },
  { code: 'D05', name: 'Intereses reales pagados por créditos hipotecarios (casa habitación)', applies: ['fisica'] },
  { code: 'D06', name: 'Aportaciones voluntarias al SAR', applies: ['fisica'] },
  { code: 'D07', name: 'Primas por seguros de gastos médicos', applies: ['fisica'] },
  { code: 'D08', name: 'Gastos de transportación escolar obligatoria', applies: ['fisica'] },
  { code: 'D09', name: 'Depósitos en cuentas para el ahorro, primas con base en planes de pensiones', applies: ['fisica'] },
  { code: 'D10', name: 'Pagos por servicios educativos (colegiaturas)', applies: ['fisica'] },
  { code: 'S01', name: 'Sin efectos fiscales', applies: ['moral', 'fisica'] },
  { code: 'CP01', name: 'Pagos', applies: ['moral', 'fisica'] },
  { code: 'CN01', name: 'Nómina', applies: ['fisica'] },
];

/** Usos that an income invoice (tipo I) may not carry. */
export const USOS_NOT_FOR_INVOICES = ['CP01', 'CN01'];

export const FORMAS_PAGO: CatalogEntry[] = [
  { code: '01', name: 'Efectivo' },
  { code: '02', name: 'Cheque nominativo' },
  { code: '03', name: 'Transferencia electrónica de fondos' },
  { code: '04', name: 'Tarjeta de crédito' },
  { code: '05', name: 'Monedero electrónico' },
  { code: '06', name: 'Dinero electrónico' },
  { code: '08', name: 'Vales de despensa' },
  { code: '12', name: 'Dación en pago' },
  { code: '13', name: 'Pago por subrogación' },
  { code: '14', name: 'Pago por consignación' },
  { code: '15', name: 'Condonación' },
  { code: '17', name: 'Compensación' },
  { code: '23', name: 'Novación' },
  { code: '24', name: 'Confusión' },
  { code: '25', name: 'Remisión de deuda' },
  { code: '26', name: 'Prescripción o caducidad' },
  { code: '27', name: 'A satisfacción del acreedor' },
  { code: '28', name: 'Tarjeta de débito' },
  { code: '29', name: 'Tarjeta de servicios' },
  { code: '30', name: 'Aplicación de anticipos' },
  { code: '31', name: 'Intermediario pagos' },
  { code: '99', name: 'Por definir' },
];

export const METODOS_PAGO: CatalogEntry[] = [
  { code: 'PUE', name: 'Pago en una sola exhibición' },
  { code: 'PPD', name: 'Pago en parcialidades o diferido' },
];

export const OBJETOS_IMPUESTO: CatalogEntry[] = [
  { code: '01', name: 'No objeto de impuesto' },
  { code: '02', name: 'Sí objeto de impuesto' },
  { code: '03', name: 'Sí objeto del impuesto y no obligado al desglose' },
  { code: '04', name: 'Sí objeto del impuesto y no causa impuesto' },
];

/** The units a services company uses most; any 2–3 character SAT key is accepted. */
export const CLAVES_UNIDAD: CatalogEntry[] = [
  { code: 'E48', name: 'Unidad de servicio' },
  { code: 'ACT', name: 'Actividad' },
  { code: 'H87', name: 'Pieza' },
  { code: 'HUR', name: 'Hora' },
  { code: 'DAY', name: 'Día' },
  { code: 'MON', name: 'Mes' },
  { code: 'MTR', name: 'Metro' },
  { code: 'MTK', name: 'Metro cuadrado' },
  { code: 'MTQ', name: 'Metro cúbico' },
  { code: 'KGM', name: 'Kilogramo' },
  { code: 'LTR', name: 'Litro' },
  { code: 'XBX', name: 'Caja' },
  { code: 'KT', name: 'Kit' },
  { code: 'SET', name: 'Conjunto' },
  { code: 'E51', name: 'Trabajo' },
];

/** Common ClaveProdServ codes for industrial maintenance and field services. */
export const CLAVES_PROD_SERV: CatalogEntry[] = [
  { code: '72101500', name: 'Servicios de apoyo para la construcción' },
  { code: '72102900', name: 'Servicios de mantenimiento y reparación de instalaciones' },
  { code: '72154000', name: 'Servicios de edificios especializados y comercios' },
  { code: '73152100', name: 'Servicios de mantenimiento de equipo de manufactura' },
  { code: '81101500', name: 'Ingeniería civil' },
  { code: '81101700', name: 'Ingeniería eléctrica y electrónica' },
  { code: '81141500', name: 'Control de calidad' },
  { code: '80111600', name: 'Servicios de personal temporal' },
  { code: '76111500', name: 'Servicios de limpieza de edificios generales y de oficinas' },
  { code: '78101800', name: 'Transporte de carga por carretera' },
  { code: '84111506', name: 'Servicios de facturación' },
  { code: '01010101', name: 'No existe en el catálogo' },
];

export const IVA_RATE = '0.160000';
export const ISR_RETENTION_RATE = '0.100000';
/** Personas físicas en RESICO (626) billing a persona moral. */
export const ISR_RETENTION_RATE_RESICO = '0.012500';
/** Two thirds of the 16 % IVA, as SAT publishes it. */
export const IVA_RETENTION_RATE = '0.106667';

export const PROD_SERV_RE = /^\d{8}$/;
export const UNIT_KEY_RE = /^[A-Z0-9]{2,3}$/;

export const catalogName = (list: CatalogEntry[], code: string): string => list.find((e) => e.code === code)?.name ?? code;
export const catalogLabel = (list: CatalogEntry[], code: string): string => `${code} - ${catalogName(list, code)}`;
export const hasCode = (list: CatalogEntry[], code: string): boolean => list.some((e) => e.code === code);
/** Select options labelled "601 - General de Ley Personas Morales". */
export const catalogOptions = (list: CatalogEntry[]): { value: string; label: string }[] => list.map((e) => ({ value: e.code, label: `${e.code} - ${e.name}` }));

/** Whether a régimen fiscal may be held by a persona of that kind (unknown codes: false). */
export const regimenAppliesTo = (code: string, person: PersonType): boolean =>
  REGIMENES_FISCALES.some((r) => r.code === code && r.applies.includes(person));
