// Upload checks (SPEC §1 File storage): a size cap and an allow-list of types
// recognised from the bytes themselves. The declared name only supplies the
// display name; its extension is replaced by the detected one.
import { StorageError } from './errors';
import { XMLValidator } from 'fast-xml-parser';

/** `der`: an ASN.1 DER file, the SAT's .cer certificates and .key private keys (Configuración del CSD). */
export type UploadType = 'pdf' | 'png' | 'jpg' | 'webp' | 'xlsx' | 'csv' | 'xml' | 'der';

export type UploadInfo = {
  type: UploadType;
  extension: UploadType;
  contentType: string;
  size: number;
  /** The declared name, cleaned, with the detected extension. */
  fileName: string;
};

export type UploadLimits = {
  maxBytes?: number;
  /** What an XML upload must be: 'cfdi' accepts only a SAT cfdi:Comprobante (versions 3.3 and 4.0). */
  xml?: 'cfdi';
};

export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const UPLOAD_CONTENT_TYPES: Readonly<Record<UploadType, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml',
  der: 'application/octet-stream',
};

const MESSAGES = {
  empty: 'El archivo está vacío.',
  tooLarge: (mb: string) => `El archivo excede el tamaño máximo de ${mb} MB.`,
  notAllowed: 'Tipo de archivo no permitido. Sube un PDF, PNG, JPG, WEBP, XLSX, CSV, XML o un .cer/.key del SAT.',
  zipNotExcel: 'El archivo comprimido no es un libro de Excel (.xlsx).',
  excelDamaged: 'El libro de Excel está dañado o incompleto.',
  excelMacros: 'El libro de Excel contiene macros; guárdalo como .xlsx sin macros.',
  csvEncoding: 'El archivo de texto no está en UTF-8. Guárdalo como «CSV UTF-8» e inténtalo de nuevo.',
  xmlProlog: 'El XML debe comenzar con la declaración <?xml ...?>.',
  xmlDoctype: 'El XML contiene una declaración DOCTYPE, que no se permite.',
  xmlMalformed: 'El XML está dañado o incompleto (no es un documento XML válido).',
  xmlMarkup: 'El archivo es una imagen SVG o una página HTML, no un documento XML de datos.',
  xmlNotCfdi: 'El XML no es un CFDI: se espera un cfdi:Comprobante del SAT (versión 3.3 o 4.0).',
} as const;

const MARKUP_NAMESPACES = /http:\/\/www\.w3\.org\/(2000\/svg|1999\/xhtml)/i;
const CFDI_NAMESPACE = /^http:\/\/www\.sat\.gob\.mx\/cfd\/[34]$/;

/** The root element's name and its attributes' text, after the prolog, comments and processing instructions. */
function xmlRoot(text: string): { name: string; attributes: string } | null {
  const match = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*(?::[\w.-]+)?)([^>]*)>/.exec(text);
  return match ? { name: match[1], attributes: match[2] } : null;
}

/** Uploaded XML is data: well formed, without DTD/entities (tricks for whatever parses it later), never SVG/HTML (a script would come back with it). */
function checkXmlData(text: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refuse(MESSAGES.xmlDoctype);
  if (XMLValidator.validate(text) !== true) throw refuse(MESSAGES.xmlMalformed);
  const root = xmlRoot(text);
  if (!root) throw refuse(MESSAGES.xmlMalformed);
  const local = root.name.split(':').pop()!.toLowerCase();
  if (local === 'svg' || local === 'html' || MARKUP_NAMESPACES.test(text) || /<([\w.-]+:)?script[\s>/]/i.test(text)) throw refuse(MESSAGES.xmlMarkup);
}

/** Where the caller expects a CFDI, the root must be the SAT's cfdi:Comprobante. */
function checkCfdi(bytes: Uint8Array): void {
  const root = xmlRoot(new TextDecoder('utf-8').decode(startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes).trimStart());
  const [prefix, name] = root && root.name.includes(':') ? root.name.split(':') : ['', root?.name];
  const ns = root ? new RegExp(`xmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']+)["']`).exec(root.attributes)?.[1] : undefined;
  if (name !== 'Comprobante' || !ns || !CFDI_NAMESPACE.test(ns)) throw refuse(MESSAGES.xmlNotCfdi);
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const refuse = (message: string) => new StorageError('invalid-argument', message);

/** Entry names from the ZIP central directory, or null when it cannot be read. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder('utf-8');
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let eocd = bytes.length - 22; eocd >= lowest; eocd--) {
    if (view.getUint32(eocd, true) !== 0x06054b50) continue;
    const count = view.getUint16(eocd + 10, true);
    const size = view.getUint32(eocd + 12, true);
    const start = view.getUint32(eocd + 16, true);
    if (start + size > eocd) return null;
    const names: string[] = [];
    let p = start;
    for (let n = 0; n < count; n++) {
      if (p + 46 > eocd || view.getUint32(p, true) !== 0x02014b50) return null;
      const nameLength = view.getUint16(p + 28, true);
      const extraLength = view.getUint16(p + 30, true);
      const commentLength = view.getUint16(p + 32, true);
      if (p + 46 + nameLength > eocd) return null;
      names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)));
      p += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

function sniffXlsx(bytes: Uint8Array): UploadType {
  const names = zipEntryNames(bytes);
  if (names === null) throw refuse(MESSAGES.excelDamaged);
  const isWorkbook = names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('xl/'));
  if (!isWorkbook) throw refuse(MESSAGES.zipNotExcel);
  if (names.some((name) => name.toLowerCase().endsWith('vbaproject.bin'))) throw refuse(MESSAGES.excelMacros);
  return 'xlsx';
}

function sniffText(bytes: Uint8Array): UploadType {
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
  if (body.includes(0)) throw refuse(MESSAGES.notAllowed);
  const head = new TextDecoder('latin1').decode(body.subarray(0, 4096)).trimStart();
  if (head.startsWith('<?xml')) {
    checkXmlData(new TextDecoder('utf-8').decode(body).trimStart());
    return 'xml';
  }
  // Markup without the XML prolog (HTML, SVG) is neither XML we accept nor CSV.
  if (head.startsWith('<')) throw refuse(MESSAGES.xmlProlog);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw refuse(MESSAGES.csvEncoding);
  }
  return 'csv';
}

/** One ASN.1 SEQUENCE whose declared length is exactly the file (a .cer or a PKCS#8 .key in DER). */
function isDerSequence(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x30) return false;
  const first = bytes[1];
  if (first < 0x80) return first + 2 === bytes.length;
  const octets = first & 0x7f;
  if (octets < 1 || octets > 3 || bytes.length < 2 + octets) return false;
  let length = 0;
  for (let i = 0; i < octets; i++) length = length * 256 + bytes[2 + i];
  return length + 2 + octets === bytes.length;
}

export function detectUploadType(bytes: Uint8Array): UploadType {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (startsWith(bytes, ZIP)) return sniffXlsx(bytes);
  if (isDerSequence(bytes)) return 'der';
  return sniffText(bytes);
}

function displayName(declaredName: string, extension: UploadType): string {
  const printable = [...(declaredName.split(/[\\/]/).pop() ?? '').normalize('NFC')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f' && !'<>:"|?*'.includes(char))
    .join('');
  const base = printable.replace(/\s+/g, ' ').trim();
  const stem = base.replace(/\.[^.]*$/, '').replace(/^\.+/, '').trim().slice(0, 120);
  return `${stem === '' ? 'archivo' : stem}.${extension}`;
}

export function validateUpload(bytes: Uint8Array, declaredName: string, limits: UploadLimits = {}): UploadInfo {
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (bytes.length === 0) throw refuse(MESSAGES.empty);
  if (bytes.length > maxBytes) {
    const mb = (maxBytes / (1024 * 1024)).toLocaleString('es-MX', { maximumFractionDigits: 1 });
    throw refuse(MESSAGES.tooLarge(mb));
  }
  const type = detectUploadType(bytes);
  if (type === 'xml' && limits.xml === 'cfdi') checkCfdi(bytes);
  return {
    type,
    extension: type,
    contentType: UPLOAD_CONTENT_TYPES[type],
    size: bytes.length,
    fileName: displayName(declaredName, type),
  };
}
