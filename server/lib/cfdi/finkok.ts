// Finkok (PAC) through its documented SOAP API (wiki.finkok.com): stamp, stamped (recover a
// stamp), cancel and get_sat_status. Demo: https://demo-facturacion.finkok.com, production:
// https://facturacion.finkok.com (ERP_PAC_URL); account in ERP_PAC_USER / ERP_PAC_PASSWORD.
// The password is sent to Finkok only, inside the SOAP body over HTTPS, and never logged.
import crypto from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { readCertificate } from './csd';
import {
  PacError,
  sealDigest,
  type CancelCredentials,
  type CancelMotivo,
  type CancelResult,
  type Pac,
  type PacStore,
  type StampRecord,
  type StampResult,
  type StatusResult,
} from './pac';
import { comprobanteAttribute, escapeAttr, parseCfdi, type ParsedNode } from './xml';

const STAMP_NS = 'http://facturacion.finkok.com/stamp';
const CANCEL_NS = 'http://facturacion.finkok.com/cancel';
const APPS_NS = 'apps.services.soap.core.views';

export type FinkokOptions = {
  url: string;
  user: string;
  password: string;
  store: PacStore;
  cancelCredentials?: () => Promise<CancelCredentials>;
  /** Per request (default 60 s). */
  timeoutMs?: number;
};

type Node = Record<string, unknown>;
const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? String((v as Node)['#text'] ?? '') : String(v));
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);

function find(node: unknown, name: string): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node as Node)) {
    if (k === name && v && typeof v === 'object' && !Array.isArray(v)) return v as Node;
    const inner = find(v, name);
    if (inner) return inner;
  }
  return undefined;
}

const soapParser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, processEntities: true });

export class FinkokPac implements Pac {
  readonly name = 'finkok';
  readonly sandbox = false;
  constructor(private readonly options: FinkokOptions) {}

  private async call(service: 'stamp' | 'cancel', body: string): Promise<Node> {
    const url = `${this.options.url.replace(/\/$/, '')}/servicios/soap/${service}.wsdl`;
    const envelope = `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:stamp="${STAMP_NS}" xmlns:can="${CANCEL_NS}" xmlns:apps="${APPS_NS}"><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8' },
        body: envelope,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw new PacError('NO_DISPONIBLE', `Finkok no respondió (${(err as Error).name}): el resultado es incierto; se recuperará sin timbrar de nuevo.`, undefined, true);
    }
    const raw = await response.text();
    const parsed = soapParser.parse(raw) as Node;
    const fault = find(parsed, 'Fault');
    if (fault || !response.ok) {
      throw new PacError('NO_DISPONIBLE', `Finkok respondió con error HTTP ${response.status}: ${text(fault?.faultstring) || 'sin detalle'}.`, undefined, response.status >= 500);
    }
    return parsed;
  }

  private auth(prefix: string): string {
    return `<${prefix}:username>${escapeAttr(this.options.user)}</${prefix}:username><${prefix}:password>${escapeAttr(this.options.password)}</${prefix}:password>`;
  }

  private stampBody(method: 'stamp' | 'stamped', xml: string): string {
    return `<stamp:${method}><stamp:xml>${Buffer.from(xml, 'utf8').toString('base64')}</stamp:xml>${this.auth('stamp')}</stamp:${method}>`;
  }

  /** stampResult / stampedResult → StampResult, or the incidences. */
  private readStamp(parsed: Node, method: 'stamp' | 'stamped'): { result?: StampResult; incidences: { code: string; message: string }[] } {
    const r = find(parsed, `${method}Result`) ?? {};
    const incidences = list(find(r, 'Incidencias')?.Incidencia).map((i) => ({ code: text(i.CodigoError), message: text(i.MensajeIncidencia) }));
    const xml = text(r.xml);
    const uuid = text(r.UUID);
    if (!xml || !uuid) return { incidences };
    const tfd = (parseCfdi(xml).Comprobante as ParsedNode | undefined)?.Complemento as ParsedNode | undefined;
    const t = (tfd?.TimbreFiscalDigital ?? {}) as ParsedNode;
    const a = (k: string): string => (typeof t[k] === 'string' ? (t[k] as string) : '');
    return {
      incidences,
      result: {
        uuid: uuid.toUpperCase(),
        xml,
        fechaTimbrado: a('FechaTimbrado') || text(r.Fecha),
        rfcProvCertif: a('RfcProvCertif'),
        noCertificadoSAT: a('NoCertificadoSAT') || text(r.NoCertificadoSAT),
        selloCFD: a('SelloCFD'),
        selloSAT: a('SelloSAT') || text(r.SatSeal),
      },
    };
  }

  async stamp(sealedXml: string, idempotencyKey: string): Promise<StampResult> {
    const { store } = this.options;
    const previous = await store.byKey(idempotencyKey);
    if (previous) {
      if (previous.sentXml !== sealedXml) throw new PacError('CLAVE_REPETIDA', 'La clave de idempotencia ya se usó para timbrar otro XML: cada comprobante necesita su propia clave.');
      if (previous.stamped) return previous.stamped;
      const recovered = await this.recover(idempotencyKey);
      if (recovered) return recovered;
    }
    const sello = comprobanteAttribute(sealedXml, 'Sello') ?? '';
    const doc = parseCfdi(sealedXml).Comprobante as ParsedNode | undefined;
    const record: StampRecord = {
      idempotencyKey,
      sealDigest: sealDigest(sello),
      status: 'pendiente',
      sentXml: sealedXml,
      emisorRfc: String((doc?.Emisor as ParsedNode | undefined)?.Rfc ?? ''),
      receptorRfc: String((doc?.Receptor as ParsedNode | undefined)?.Rfc ?? ''),
      total: String(doc?.Total ?? ''),
    };
    const kept = await store.claim(record);
    if (kept.idempotencyKey !== idempotencyKey) {
      throw new PacError('307', `307 - El CFDI contiene un timbre previo: este comprobante ya se envió a timbrar con otra clave${kept.stamped ? ` (UUID ${kept.stamped.uuid})` : ''}.`, 'Comprobante.Sello');
    }
    // Pending is kept when the answer is lost (NO_DISPONIBLE): recover() asks Finkok later.
    const parsed = await this.call('stamp', this.stampBody('stamp', sealedXml));
    const { result, incidences } = this.readStamp(parsed, 'stamp');
    if (result) {
      await store.save({ ...record, status: 'vigente', stamped: result });
      return result;
    }
    if (incidences.some((i) => i.code === '307')) {
      // Finkok answers 307 for a document it stamped before; its `stamped` method returns it.
      const recovered = await this.recover(idempotencyKey);
      if (recovered) return recovered;
    }
    await store.remove(idempotencyKey);
    const first = incidences[0] ?? { code: 'PAC', message: 'Finkok no timbró el comprobante y no dio el motivo.' };
    const code = /^(301|302|303|304|305|306|307|401)$/.test(first.code) ? (first.code as PacError['code']) : 'PAC';
    throw new PacError(code, `${first.code} - ${first.message}`);
  }

  async recover(idempotencyKey: string): Promise<StampResult | null> {
    const { store } = this.options;
    const record = await store.byKey(idempotencyKey);
    if (!record) return null;
    if (record.stamped) return record.stamped;
    const { result } = this.readStamp(await this.call('stamp', this.stampBody('stamped', record.sentXml)), 'stamped');
    if (!result) return null;
    await store.save({ ...record, status: 'vigente', stamped: result });
    return result;
  }

  async cancel(uuid: string, motivo: CancelMotivo, folioSustitucion?: string): Promise<CancelResult> {
    if (!this.options.cancelCredentials) throw new PacError('PAC', 'Para cancelar con Finkok se necesita el CSD de la empresa.');
    if (motivo === '01' && !folioSustitucion) throw new PacError('MOTIVO', 'El motivo 01 requiere el folio fiscal (UUID) del comprobante que lo sustituye.', 'FolioSustitucion');
    const csd = await this.options.cancelCredentials();
    // Finkok's documented form: the .cer as PEM and the .key as PEM encrypted (3DES) with the Finkok password, each base64.
    const certPem = readCertificate(csd.cer).x509.toString();
    const keyPem = crypto
      .createPrivateKey({ key: csd.key, format: 'der', type: 'pkcs8', passphrase: csd.password })
      .export({ format: 'pem', type: 'pkcs1', cipher: 'des-ede3-cbc', passphrase: this.options.password })
      .toString();
    const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');
    const folio = folioSustitucion ? ` FolioSustitucion="${escapeAttr(folioSustitucion)}"` : '';
    const body =
      `<can:cancel><can:UUIDS><apps:UUID UUID="${escapeAttr(uuid)}" Motivo="${motivo}"${folio}/></can:UUIDS>${this.auth('can')}` +
      `<can:taxpayer_id>${escapeAttr(csd.rfc)}</can:taxpayer_id><can:cer>${b64(certPem)}</can:cer><can:key>${b64(keyPem)}</can:key><can:store_pending>false</can:store_pending></can:cancel>`;
    const r = find(await this.call('cancel', body), 'cancelResult') ?? {};
    const folioNode = list(find(r, 'Folios')?.Folio)[0];
    if (!folioNode) throw new PacError('PAC', `Finkok no canceló el UUID ${uuid}: ${text(r.CodEstatus) || 'sin detalle'}.`, 'UUID');
    const codigo = text(folioNode.EstatusUUID);
    if (codigo === '205') throw new PacError('205', `205 - El UUID ${uuid} no existe para el SAT.`, 'UUID');
    if (codigo === '202') throw new PacError('202', `202 - El UUID ${uuid} ya fue cancelado.`, 'UUID');
    if (codigo !== '201') throw new PacError('PAC', `${codigo} - ${text(folioNode.EstatusCancelacion) || text(r.CodEstatus) || 'cancelación rechazada'}`, 'UUID');
    const estatusText = text(folioNode.EstatusCancelacion).toLowerCase();
    const record = await this.options.store.byUuid(uuid);
    const estatus: CancelResult['estatus'] = estatusText.includes('proceso') ? 'en_proceso' : estatusText.includes('rechaz') ? 'rechazado' : 'cancelado';
    const fecha = text(r.Fecha);
    if (record) await this.options.store.save({ ...record, status: estatus === 'cancelado' ? 'cancelado' : record.status, cancellation: { motivo, folioSustitucion, fecha, estatus } });
    return { uuid, codigo, estatus, fecha, acuse: text(r.Acuse) || undefined };
  }

  async status(uuid: string): Promise<StatusResult> {
    const record = await this.options.store.byUuid(uuid);
    if (!record) return { uuid, estado: 'no_encontrado', esCancelable: null, estatusCancelacion: null };
    const body =
      `<can:get_sat_status>${this.auth('can')}<can:taxpayer_id>${escapeAttr(record.emisorRfc)}</can:taxpayer_id>` +
      `<can:rtaxpayer_id>${escapeAttr(record.receptorRfc)}</can:rtaxpayer_id><can:uuid>${escapeAttr(uuid)}</can:uuid><can:total>${escapeAttr(record.total)}</can:total></can:get_sat_status>`;
    const sat = find(find(await this.call('cancel', body), 'get_sat_statusResult'), 'sat') ?? {};
    const estado = text(sat.Estado).toLowerCase();
    const cancelable = text(sat.EsCancelable).toLowerCase();
    const cancelacion = text(sat.EstatusCancelacion).toLowerCase();
    return {
      uuid,
      estado: estado.startsWith('vigente') ? 'vigente' : estado.startsWith('cancelado') ? 'cancelado' : 'no_encontrado',
      esCancelable: cancelable.includes('sin aceptaci') ? 'sin_aceptacion' : cancelable.includes('con aceptaci') ? 'con_aceptacion' : cancelable.includes('no cancelable') ? 'no_cancelable' : null,
      estatusCancelacion: cancelacion.includes('plazo') ? 'plazo_vencido' : cancelacion.includes('proceso') ? 'en_proceso' : cancelacion.includes('rechaz') ? 'rechazado' : cancelacion.includes('cancelado') ? 'cancelado' : null,
    };
  }
}
