// The built-in sandbox PAC: the default when no provider is configured (demo company, tests,
// development). It checks what a PAC checks and answers a TimbreFiscalDigital 1.1 signed with
// its OWN self-signed test certificate (sandbox-pac-SOLO-PRUEBAS.*, RFC AAA010101AAA, Leyenda
// "SIN VALIDEZ FISCAL"): nothing it stamps has fiscal validity, and SAT never saw it.
//
// Checks, each refused with the code PACs use (Anexo 20, matriz de errores) and a Spanish
// message naming the field: 301 XML mal formado or not valid against SAT's XSDs; 302 sello
// mal formado o inválido; 303 sello no corresponde al emisor (Emisor Rfc ≠ certificate RFC);
// 305 fecha de emisión fuera de la vigencia del certificado; 306 certificate is an e.firma;
// 307 ya timbrado (a TFD inside, or the same Sello stamped before under another key);
// 401 fecha de emisión fuera de rango (more than 72 h before stamping, or in the future).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fromRoot } from '../../paths';
import { CsdError, readCertificate, type CertificateInfo } from '../csd';
import {
  PacError,
  sealDigest,
  type CancelMotivo,
  type CancelResult,
  type Pac,
  type PacStore,
  type StampRecord,
  type StampResult,
  type StatusResult,
  CANCEL_MOTIVOS,
} from '../pac';
import { describeXsdError, verifySeal } from '../seal';
import { cfdiLocalTime, instantOfCfdiTime } from '../time';
import { escapeAttr, addComplemento, comprobanteAttribute, parseCfdi, wellFormedError, type ParsedNode } from '../xml';
import { validateCfdiXsd } from '../xsd';
import { cadenaTimbre } from '../xslt';

export const SANDBOX_CERT_FILE = fromRoot('server/lib/cfdi/sandbox/sandbox-pac-SOLO-PRUEBAS.cer.pem');
const SANDBOX_KEY_FILE = fromRoot('server/lib/cfdi/sandbox/sandbox-pac-SOLO-PRUEBAS.key.pem');
export const SANDBOX_RFC_PROV_CERTIF = 'AAA010101AAA';
export const SANDBOX_LEYENDA = 'PAC SANDBOX: SIN VALIDEZ FISCAL';
const TFD_NS = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const TFD_LOCATION = `${TFD_NS} http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd`;

const HOURS_72 = 72 * 3600_000;
/** Quintana Roo's clock runs an hour ahead of Mexico City's; anything later is in the future. */
const FUTURE_TOLERANCE = 3600_000;

let sandboxCert: { info: CertificateInfo; key: crypto.KeyObject } | undefined;
function sandboxCredentials(): { info: CertificateInfo; key: crypto.KeyObject } {
  if (!sandboxCert) {
    const pem = fs.readFileSync(SANDBOX_CERT_FILE, 'utf8');
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s+/g, ''), 'base64');
    sandboxCert = { info: readCertificate(der), key: crypto.createPrivateKey(fs.readFileSync(SANDBOX_KEY_FILE)) };
  }
  return sandboxCert;
}

/** The sandbox's certificate (to verify its SelloSAT). */
export const sandboxCertificate = (): CertificateInfo => sandboxCredentials().info;

const child = (node: ParsedNode | undefined, name: string): ParsedNode | undefined => {
  const v = node?.[name];
  return v && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
};
const attr = (node: ParsedNode | undefined, name: string): string => {
  const v = node?.[name];
  return typeof v === 'string' ? v : '';
};

/** "Nodo Comprobante, atributo Total: …" → "Comprobante.Total". */
function fieldOf(message: string): string | undefined {
  const m = /^Nodo (\w+)(?:, atributo (\w+)|: falta el atributo requerido (\w+)|: el atributo (\w+))?/.exec(message);
  if (!m) return undefined;
  const a = m[2] ?? m[3] ?? m[4];
  return a ? `${m[1]}.${a}` : m[1];
}

export type SandboxPacOptions = { store: PacStore; now?: () => Date };

export class SandboxPac implements Pac {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private readonly store: PacStore;
  private readonly now: () => Date;

  constructor(options: SandboxPacOptions) {
    this.store = options.store;
    this.now = options.now ?? (() => new Date());
  }

  async stamp(sealedXml: string, idempotencyKey: string): Promise<StampResult> {
    const previous = await this.store.byKey(idempotencyKey);
    if (previous) return this.replay(previous, sealedXml);

    const document = await this.check(sealedXml);
    const stamped = this.timbrar(sealedXml, document.sello);
    const record: StampRecord = {
      idempotencyKey,
      sealDigest: sealDigest(document.sello),
      status: 'vigente',
      sentXml: sealedXml,
      emisorRfc: document.emisorRfc,
      receptorRfc: document.receptorRfc,
      total: document.total,
      stamped: await stamped,
    };
    const kept = await this.store.claim(record);
    if (kept.idempotencyKey !== idempotencyKey) {
      throw new PacError('307', `307 - El CFDI contiene un timbre previo: este comprobante (mismo Sello) ya fue timbrado con el UUID ${kept.stamped?.uuid ?? '(pendiente)'}.`, 'Comprobante.Sello');
    }
    // A parallel request with the same key won the claim: its stamp is the one.
    return this.replay(kept, sealedXml);
  }

  private replay(record: StampRecord, sealedXml: string): StampResult {
    if (record.sentXml !== sealedXml) {
      throw new PacError('CLAVE_REPETIDA', 'La clave de idempotencia ya se usó para timbrar otro XML: cada comprobante necesita su propia clave.');
    }
    if (!record.stamped) throw new PacError('NO_DISPONIBLE', 'El timbrado de este comprobante sigue en proceso; consulta de nuevo.', undefined, true);
    return record.stamped;
  }

  async recover(idempotencyKey: string): Promise<StampResult | null> {
    return (await this.store.byKey(idempotencyKey))?.stamped ?? null;
  }

  /** Everything a PAC checks before stamping; throws PacError. */
  private async check(xml: string): Promise<{ sello: string; emisorRfc: string; receptorRfc: string; total: string }> {
    const malformed = wellFormedError(xml);
    if (malformed) throw new PacError('301', `301 - XML mal formado: ${malformed}.`);
    const xsd = await validateCfdiXsd(xml);
    if (!xsd.valid) {
      const described = xsd.errors.map(describeXsdError);
      throw new PacError('301', `301 - XML mal formado: no cumple el esquema del SAT. ${described.slice(0, 3).join(' ')}`, fieldOf(described[0] ?? ''));
    }
    const doc = child(parseCfdi(xml), 'Comprobante');
    if (child(child(doc, 'Complemento'), 'TimbreFiscalDigital')) {
      throw new PacError('307', '307 - El CFDI contiene un timbre previo: el Complemento ya trae un TimbreFiscalDigital.', 'Complemento.TimbreFiscalDigital');
    }
    let certificate: CertificateInfo;
    try {
      certificate = readCertificate(comprobanteAttribute(xml, 'Certificado') ?? '');
    } catch (err) {
      throw new PacError('302', `302 - Sello mal formado o inválido: el atributo Certificado no es válido (${err instanceof CsdError ? err.message : 'no se pudo leer'}).`, 'Comprobante.Certificado');
    }
    if (certificate.kind !== 'CSD') {
      throw new PacError('306', '306 - El certificado no es de tipo CSD: el atributo Certificado trae una e.firma (FIEL), que no sirve para sellar comprobantes.', 'Comprobante.Certificado');
    }
    const seal = await verifySeal(xml);
    if (!seal.valid) throw new PacError('302', `302 - Sello mal formado o inválido: ${seal.reason}`, /NoCertificado/.test(seal.reason) ? 'Comprobante.NoCertificado' : 'Comprobante.Sello');
    const emisorRfc = attr(child(doc, 'Emisor'), 'Rfc');
    if (emisorRfc.toUpperCase() !== certificate.rfc) {
      throw new PacError('303', `303 - Sello no corresponde al emisor: el atributo Rfc del Emisor (${emisorRfc}) no es el RFC del certificado que selló (${certificate.rfc}).`, 'Emisor.Rfc');
    }
    const fecha = attr(doc, 'Fecha');
    const issued = instantOfCfdiTime(fecha);
    if (!issued) throw new PacError('301', `301 - XML mal formado: el atributo Fecha (${fecha}) no es una fecha válida.`, 'Comprobante.Fecha');
    if (issued < certificate.validFrom || issued > certificate.validTo) {
      throw new PacError('305', `305 - La fecha de emisión no está dentro de la vigencia del CSD del emisor: el atributo Fecha (${fecha}) no cae entre ${cfdiLocalTime(certificate.validFrom)} y ${cfdiLocalTime(certificate.validTo)}.`, 'Comprobante.Fecha');
    }
    const now = this.now().getTime();
    if (issued.getTime() < now - HOURS_72) {
      throw new PacError('401', `401 - Fecha y hora de generación fuera de rango: el atributo Fecha (${fecha}) tiene más de 72 horas; el SAT solo timbra comprobantes emitidos en las últimas 72 horas.`, 'Comprobante.Fecha');
    }
    if (issued.getTime() > now + FUTURE_TOLERANCE) {
      throw new PacError('401', `401 - Fecha y hora de generación fuera de rango: el atributo Fecha (${fecha}) es posterior a la hora actual (${cfdiLocalTime(new Date(now))}).`, 'Comprobante.Fecha');
    }
    return { sello: comprobanteAttribute(xml, 'Sello') ?? '', emisorRfc, receptorRfc: attr(child(doc, 'Receptor'), 'Rfc'), total: attr(doc, 'Total') };
  }

  private async timbrar(xml: string, selloCFD: string): Promise<StampResult> {
    const { info, key } = sandboxCredentials();
    const fields = {
      uuid: crypto.randomUUID().toUpperCase(),
      fechaTimbrado: cfdiLocalTime(this.now()),
      rfcProvCertif: SANDBOX_RFC_PROV_CERTIF,
      selloCFD,
      noCertificadoSAT: info.noCertificado,
    };
    const attrs = (selloSAT?: string): string =>
      `Version="1.1" UUID="${fields.uuid}" FechaTimbrado="${fields.fechaTimbrado}" RfcProvCertif="${fields.rfcProvCertif}" Leyenda="${escapeAttr(SANDBOX_LEYENDA)}" SelloCFD="${fields.selloCFD}" NoCertificadoSAT="${fields.noCertificadoSAT}"` +
      (selloSAT ? ` SelloSAT="${selloSAT}"` : '');
    const open = `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${TFD_LOCATION}"`;
    const cadena = await cadenaTimbre(`<?xml version="1.0" encoding="UTF-8"?>${open} ${attrs()}/>`);
    const selloSAT = crypto.sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64');
    const tfd = `${open} ${attrs(selloSAT)}/>`;
    return { ...fields, selloSAT, xml: addComplemento(xml, tfd) };
  }

  async cancel(uuid: string, motivo: CancelMotivo, folioSustitucion?: string): Promise<CancelResult> {
    const record = await this.store.byUuid(uuid);
    if (!record?.stamped) throw new PacError('205', `205 - El UUID ${uuid} no existe: este PAC no lo timbró.`, 'UUID');
    if (record.cancellation && record.cancellation.estatus !== 'rechazado') {
      if (record.status === 'cancelado') throw new PacError('202', `202 - El UUID ${uuid} ya fue cancelado.`, 'UUID');
      throw new PacError('202', `202 - El UUID ${uuid} ya tiene una solicitud de cancelación en proceso.`, 'UUID');
    }
    if (!(motivo in CANCEL_MOTIVOS)) throw new PacError('MOTIVO', `El motivo de cancelación «${motivo}» no existe: usa 01, 02, 03 o 04.`, 'Motivo');
    if (motivo === '01') {
      if (!folioSustitucion) throw new PacError('MOTIVO', 'El motivo 01 (comprobante emitido con errores con relación) requiere el folio fiscal (UUID) del comprobante que lo sustituye.', 'FolioSustitucion');
      const substitute = await this.store.byUuid(folioSustitucion);
      if (!substitute?.stamped || substitute.status !== 'vigente') {
        throw new PacError('MOTIVO', `El folio de sustitución ${folioSustitucion} no es un CFDI timbrado y vigente: timbra primero el comprobante que sustituye.`, 'FolioSustitucion');
      }
    } else if (folioSustitucion) {
      throw new PacError('MOTIVO', `El folio de sustitución solo se envía con el motivo 01 (se recibió con el motivo ${motivo}).`, 'FolioSustitucion');
    }
    const fecha = cfdiLocalTime(this.now());
    const withoutAcceptance = this.cancelableWithoutAcceptance(record);
    const estatus: CancelResult['estatus'] = withoutAcceptance ? 'cancelado' : 'en_proceso';
    await this.store.save({ ...record, status: withoutAcceptance ? 'cancelado' : record.status, cancellation: { motivo, folioSustitucion, fecha, estatus } });
    return { uuid: record.stamped.uuid, codigo: '201', estatus, fecha };
  }

  /** SAT (RMF 2.7.1.35): the receptor must accept, except small amounts, público en general, nómina, egresos, pagos… */
  private cancelableWithoutAcceptance(record: StampRecord): boolean {
    const tipo = comprobanteAttribute(record.sentXml, 'TipoDeComprobante');
    return Number(record.total) <= 1000 || ['XAXX010101000', 'XEXX010101000'].includes(record.receptorRfc) || ['N', 'P', 'E', 'T'].includes(tipo ?? '');
  }

  /** Sandbox only: the receptor's answer to a cancellation that needs acceptance. */
  async answerCancellation(uuid: string, accepted: boolean): Promise<void> {
    const record = await this.store.byUuid(uuid);
    if (!record?.cancellation || record.cancellation.estatus !== 'en_proceso') throw new PacError('205', `205 - El UUID ${uuid} no tiene una cancelación en proceso.`, 'UUID');
    await this.store.save({ ...record, status: accepted ? 'cancelado' : 'vigente', cancellation: { ...record.cancellation, estatus: accepted ? 'cancelado' : 'rechazado' } });
  }

  async status(uuid: string): Promise<StatusResult> {
    let record = await this.store.byUuid(uuid);
    if (!record?.stamped) return { uuid, estado: 'no_encontrado', esCancelable: null, estatusCancelacion: null };
    const c = record.cancellation;
    // Three business days without an answer: SAT cancels it (plazo vencido); 72 h here.
    if (c?.estatus === 'en_proceso' && this.now().getTime() - (instantOfCfdiTime(c.fecha)?.getTime() ?? 0) > HOURS_72) {
      record = { ...record, status: 'cancelado', cancellation: { ...c, estatus: 'cancelado' } };
      await this.store.save(record);
      return { uuid: record.stamped!.uuid, estado: 'cancelado', esCancelable: 'con_aceptacion', estatusCancelacion: 'plazo_vencido' };
    }
    return {
      uuid: record.stamped!.uuid,
      estado: record.status === 'cancelado' ? 'cancelado' : 'vigente',
      esCancelable: this.cancelableWithoutAcceptance(record) ? 'sin_aceptacion' : 'con_aceptacion',
      estatusCancelacion: c ? (c.estatus === 'en_proceso' ? 'en_proceso' : c.estatus === 'rechazado' ? 'rechazado' : 'cancelado') : null,
    };
  }
}
