// A supplier's CFDI as Compras receives it (issue 26): read from the XML the supplier sent, its
// seal verified with the certificate it carries (as SAT's and a PAC's checks do), its stamp
// required (a CFDI without TimbreFiscalDigital has no fiscal existence), and the figures an
// expense carries. SAT's own status (vigente / cancelado) is asked apart (satStatus.ts): reading
// stays offline, and says «pendiente de consultar» until the caller asks.
import { dec, type Decimal } from '../../../schema/money';
import type { SatEstado, SatStatusQuery } from './satStatus';
import { verifySeal } from './seal';
import { parseCfdi, timbreOf, type ParsedNode } from './xml';

export type SupplierCfdi = {
  uuid: string;
  version: string;
  tipo: string;
  emisorRfc: string;
  emisorName: string;
  receptorRfc: string;
  serie: string;
  folio: string;
  fecha: string;
  subtotal: string;
  descuento: string;
  /** IVA trasladado (Impuesto 002) and its rate when there is a single one. */
  iva: string;
  ivaRate: string | null;
  isrRetention: string;
  ivaRetention: string;
  total: string;
  satStatus: SatEstado;
  /** What SAT's status service needs to find it (the QR's expression). */
  satQuery: SatStatusQuery;
};

export class CfdiIntakeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CfdiIntakeError';
  }
}

const asList = (v: unknown): ParsedNode[] => (Array.isArray(v) ? (v as ParsedNode[]) : v && typeof v === 'object' ? [v as ParsedNode] : []);
const node = (n: ParsedNode | undefined, name: string): ParsedNode | undefined => asList(n?.[name])[0];
const text = (n: ParsedNode | undefined, name: string): string => (n && typeof n[name] === 'string' ? (n[name] as string) : '');

/** Reads and checks a supplier's CFDI; CfdiIntakeError (Spanish) when it cannot be accepted. */
export async function readSupplierCfdi(xml: string): Promise<SupplierCfdi> {
  let doc: ParsedNode | undefined;
  try {
    doc = node(parseCfdi(xml), 'Comprobante');
  } catch {
    doc = undefined;
  }
  if (!doc) throw new CfdiIntakeError('El archivo no es un CFDI: falta el nodo Comprobante.');
  const version = text(doc, 'Version');
  if (version !== '4.0' && version !== '3.3') throw new CfdiIntakeError(`El CFDI es de la versión ${version || 'desconocida'}: se aceptan 3.3 y 4.0.`);
  const timbre = timbreOf(xml);
  if (!timbre?.uuid) throw new CfdiIntakeError('El CFDI no está timbrado: falta el TimbreFiscalDigital con su folio fiscal (UUID).');
  if (version === '4.0') {
    const seal = await verifySeal(xml);
    if (!seal.valid) throw new CfdiIntakeError(`El sello del CFDI no es válido: ${seal.reason}`);
  }
  if (timbre.selloCFD !== text(doc, 'Sello')) throw new CfdiIntakeError('El timbre no corresponde a este comprobante: su SelloCFD no es el Sello del CFDI.');

  const impuestos = node(doc, 'Impuestos');
  let iva = dec(0);
  const ivaRates = new Set<string>();
  for (const t of asList(node(impuestos, 'Traslados')?.Traslado)) {
    if (text(t, 'Impuesto') !== '002') continue;
    iva = iva.plus(text(t, 'Importe') || '0');
    if (text(t, 'TasaOCuota')) ivaRates.add(dec(text(t, 'TasaOCuota')).toFixed(6));
  }
  let isr = dec(0);
  let ivaRet = dec(0);
  for (const r of asList(node(impuestos, 'Retenciones')?.Retencion)) {
    if (text(r, 'Impuesto') === '001') isr = isr.plus(text(r, 'Importe') || '0');
    if (text(r, 'Impuesto') === '002') ivaRet = ivaRet.plus(text(r, 'Importe') || '0');
  }
  const two = (v: Decimal | string) => dec(v || '0').toFixed(2);
  return {
    uuid: timbre.uuid.toUpperCase(),
    version,
    tipo: text(doc, 'TipoDeComprobante'),
    emisorRfc: text(node(doc, 'Emisor'), 'Rfc').toUpperCase(),
    emisorName: text(node(doc, 'Emisor'), 'Nombre'),
    receptorRfc: text(node(doc, 'Receptor'), 'Rfc').toUpperCase(),
    serie: text(doc, 'Serie'),
    folio: text(doc, 'Folio'),
    fecha: text(doc, 'Fecha'),
    subtotal: two(text(doc, 'SubTotal')),
    descuento: two(text(doc, 'Descuento')),
    iva: two(iva),
    ivaRate: ivaRates.size === 1 ? [...ivaRates][0] : null,
    isrRetention: two(isr),
    ivaRetention: two(ivaRet),
    total: two(text(doc, 'Total')),
    satStatus: 'pendiente de consultar',
    satQuery: { uuid: timbre.uuid.toUpperCase(), emisorRfc: text(node(doc, 'Emisor'), 'Rfc'), receptorRfc: text(node(doc, 'Receptor'), 'Rfc'), total: text(doc, 'Total'), selloCFD: timbre.selloCFD },
  };
}
