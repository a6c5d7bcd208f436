// Small, exact edits of a CFDI's text: the Comprobante's own attributes (NoCertificado,
// Certificado, Sello) and the TimbreFiscalDigital inside Complemento. The rest of the
// document is left byte-for-byte as the caller built it, so what was sealed is what is sent.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** CFDI 4.0's namespace and schema location, for every document this product writes (invoices, nómina). */
export const CFDI_NS = 'http://www.sat.gob.mx/cfd/4';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const CFDI_SCHEMA_LOCATION = `${CFDI_NS} http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd`;

const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("[^"]*"|'[^']*')/y;

export const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/>/g, '&gt;');
const unescapeAttr = (value: string): string =>
  value.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&amp;/g, '&');

type StartTag = { start: number; end: number; prefix: string; attrs: { name: string; value: string; start: number; end: number }[]; selfClosing: boolean };

/** The start tag of the root Comprobante (any prefix), with its attributes' positions. */
export function comprobanteTag(xml: string): StartTag | null {
  const open = /<(?:([A-Za-z_][\w.-]*):)?Comprobante\b/g.exec(xml);
  if (!open) return null;
  const attrs: StartTag['attrs'] = [];
  let at = open.index + open[0].length;
  for (;;) {
    ATTR.lastIndex = at;
    const m = ATTR.exec(xml);
    if (!m) break;
    attrs.push({ name: m[1], value: unescapeAttr(m[2].slice(1, -1)), start: m.index, end: ATTR.lastIndex });
    at = ATTR.lastIndex;
  }
  const close = /\s*(\/?)>/y;
  close.lastIndex = at;
  const c = close.exec(xml);
  if (!c) return null;
  return { start: open.index, end: close.lastIndex, prefix: open[1] ?? '', attrs, selfClosing: c[1] === '/' };
}

/** Sets (or adds) attributes of the root Comprobante. */
export function setComprobanteAttributes(xml: string, values: Record<string, string>): string {
  const tag = comprobanteTag(xml);
  if (!tag) throw new Error('El XML no tiene el nodo Comprobante.');
  let out = xml;
  // Right to left, so earlier positions stay valid.
  const edits: { start: number; end: number; text: string }[] = [];
  const missing: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    const a = tag.attrs.find((x) => x.name === name);
    if (a) edits.push({ start: a.start, end: a.end, text: ` ${name}="${escapeAttr(value)}"` });
    else missing.push(` ${name}="${escapeAttr(value)}"`);
  }
  const insertAt = tag.attrs.length ? tag.attrs[tag.attrs.length - 1].end : tag.end - (tag.selfClosing ? 2 : 1);
  if (missing.length) edits.push({ start: insertAt, end: insertAt, text: missing.join('') });
  edits.sort((a, b) => b.start - a.start);
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

export function comprobanteAttribute(xml: string, name: string): string | undefined {
  return comprobanteTag(xml)?.attrs.find((a) => a.name === name)?.value;
}

/** Adds a complement (e.g. the TimbreFiscalDigital) as the last child of cfdi:Complemento, creating it if absent. */
export function addComplemento(xml: string, fragment: string): string {
  const tag = comprobanteTag(xml);
  if (!tag || tag.selfClosing) throw new Error('El XML no tiene el nodo Comprobante.');
  const p = tag.prefix ? `${tag.prefix}:` : '';
  const closeComplemento = xml.lastIndexOf(`</${p}Complemento>`);
  if (closeComplemento >= 0) return xml.slice(0, closeComplemento) + fragment + xml.slice(closeComplemento);
  const emptyComplemento = new RegExp(`<${p}Complemento\\s*/>`).exec(xml);
  if (emptyComplemento) {
    return xml.slice(0, emptyComplemento.index) + `<${p}Complemento>${fragment}</${p}Complemento>` + xml.slice(emptyComplemento.index + emptyComplemento[0].length);
  }
  // Complemento goes before Addenda, else last.
  const addenda = xml.indexOf(`<${p}Addenda`);
  const at = addenda >= 0 ? addenda : xml.lastIndexOf(`</${p}Comprobante>`);
  return xml.slice(0, at) + `<${p}Complemento>${fragment}</${p}Complemento>` + xml.slice(at);
}

/** null when the text is well-formed XML, else the parser's message. */
export function wellFormedError(xml: string): string | null {
  const r = XMLValidator.validate(xml);
  return r === true ? null : `${r.err.msg} (línea ${r.err.line})`;
}

export type ParsedNode = { [key: string]: string | ParsedNode | ParsedNode[] };

/** The document as nested objects, namespace prefixes removed, attributes under their own names. */
export function parseCfdi(xml: string): ParsedNode {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true, parseAttributeValue: false, parseTagValue: false });
  return parser.parse(xml) as ParsedNode;
}

export type TimbreData = {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  leyenda: string;
  selloCFD: string;
  noCertificadoSAT: string;
  selloSAT: string;
  /** The emisor's certificate number (Comprobante NoCertificado). */
  noCertificado: string;
  total: string;
  emisorRfc: string;
  receptorRfc: string;
};

/** What the printed form of a stamped CFDI shows, read from its XML; null when it has no TimbreFiscalDigital. */
export function timbreOf(xml: string): TimbreData | null {
  const doc = parseCfdi(xml).Comprobante as ParsedNode | undefined;
  const node = (n: ParsedNode | undefined, name: string) => (n && typeof n[name] === 'object' && !Array.isArray(n[name]) ? (n[name] as ParsedNode) : undefined);
  const text = (n: ParsedNode | undefined, name: string) => (n && typeof n[name] === 'string' ? (n[name] as string) : '');
  const tfd = node(node(doc, 'Complemento'), 'TimbreFiscalDigital');
  if (!doc || !tfd) return null;
  return {
    uuid: text(tfd, 'UUID'),
    fechaTimbrado: text(tfd, 'FechaTimbrado'),
    rfcProvCertif: text(tfd, 'RfcProvCertif'),
    leyenda: text(tfd, 'Leyenda'),
    selloCFD: text(tfd, 'SelloCFD'),
    noCertificadoSAT: text(tfd, 'NoCertificadoSAT'),
    selloSAT: text(tfd, 'SelloSAT'),
    noCertificado: text(doc, 'NoCertificado'),
    total: text(doc, 'Total'),
    emisorRfc: text(node(doc, 'Emisor'), 'Rfc'),
    receptorRfc: text(node(doc, 'Receptor'), 'Rfc'),
  };
}

/** The cadena original del complemento de certificación digital del SAT (TFD 1.1), as printed forms show it. */
export const tfdCadena = (t: TimbreData): string =>
  `||1.1|${t.uuid}|${t.fechaTimbrado}|${t.rfcProvCertif}|${t.leyenda ? `${t.leyenda}|` : ''}${t.selloCFD}|${t.noCertificadoSAT}||`;

/** SAT's verification URL the printed form's QR carries (id, re, rr, tt, fe = last 8 characters of the Sello). */
export function verificationUrl(t: Pick<TimbreData, 'uuid' | 'emisorRfc' | 'receptorRfc' | 'total' | 'selloCFD'>): string {
  const [int, frac = ''] = t.total.split('.');
  // Anexo 20: up to 18 integer digits and 6 decimals; written with its 6 decimals.
  const tt = `${int}.${frac.padEnd(6, '0').slice(0, 6)}`;
  return `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${t.uuid}&re=${encodeURIComponent(t.emisorRfc)}&rr=${encodeURIComponent(t.receptorRfc)}&tt=${tt}&fe=${t.selloCFD.slice(-8)}`;
}
