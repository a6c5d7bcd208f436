// SAT catalogues as Select options; the same data the server validates against.
import {
  CLAVES_PROD_SERV,
  CLAVES_UNIDAD,
  FORMAS_PAGO,
  METODOS_PAGO,
  OBJETOS_IMPUESTO,
  REGIMENES_FISCALES,
  USOS_CFDI,
  USOS_NOT_FOR_INVOICES,
  catalogLabel,
  catalogOptions as options,
} from '../../../../schema/sat';

export const REGIMEN_OPTIONS = options(REGIMENES_FISCALES);
export const USO_OPTIONS = options(USOS_CFDI);
export const INVOICE_USO_OPTIONS = options(USOS_CFDI.filter((u) => !USOS_NOT_FOR_INVOICES.includes(u.code)));
export const FORMA_OPTIONS = options(FORMAS_PAGO);
export const PAYMENT_FORMA_OPTIONS = options(FORMAS_PAGO.filter((f) => f.code !== '99'));
export const METODO_OPTIONS = options(METODOS_PAGO);
/** Short labels for the lines table (the SAT name is long): the code and what it means. */
const OBJETO_SHORT: Record<string, string> = { '01': 'No objeto', '02': 'Sí objeto', '03': 'Sin desglose', '04': 'No causa' };
export const OBJETO_OPTIONS = OBJETOS_IMPUESTO.map((e) => ({ value: e.code, label: `${e.code} · ${OBJETO_SHORT[e.code] ?? e.name}` }));
export const UNIT_KEYS = CLAVES_UNIDAD;
export const PROD_SERV_KEYS = CLAVES_PROD_SERV;

export const regimenLabel = (code: string) => catalogLabel(REGIMENES_FISCALES, code);
export const formaLabel = (code: string) => catalogLabel(FORMAS_PAGO, code);
export const usoLabel = (code: string) => catalogLabel(USOS_CFDI, code);
