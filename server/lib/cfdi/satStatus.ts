// SAT's public «Servicio de Consulta de CFDI» (ConsultaCFDIService.svc, SOAP 1.1, version 1.3 of
// its documentation): given the expression a printed CFDI's QR carries (id, re, rr, tt, fe), it
// answers whether SAT knows the CFDI, vigente or cancelado, whether it may be cancelled and how
// a cancellation stands. Compras records it for a supplier's CFDI (issue 26).
//
// Why not @nodecfdi/sat-estado-cfdi: its core leaves the transport to the caller and maps five
// strings; its SOAP client (@nodecfdi/sat-estado-cfdi-soap) pulls soap@0.39 and axios for one POST.
// fetch and the same tag reading the PAC adapter uses do it with nothing added.
import { verificationUrl, type TimbreData } from './xml';

/** SAT's production service; ERP_SAT_STATUS_URL=off turns the consultation off (the status stays «pendiente de consultar»). */
export const SAT_STATUS_URL = 'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc';
const SOAP_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';

export type SatEstado = 'vigente' | 'cancelado' | 'no encontrado' | 'pendiente de consultar';
export type SatCancelable = 'sin aceptación' | 'con aceptación' | 'no cancelable' | null;
export type SatEstatusCancelacion = 'en proceso' | 'solicitud rechazada' | 'cancelado sin aceptación' | 'cancelado con aceptación' | 'plazo vencido' | null;

export type SatCfdiStatus = {
  /** Spanish words the screens show as they are. */
  estado: SatEstado;
  esCancelable: SatCancelable;
  estatusCancelacion: SatEstatusCancelacion;
  /** ValidacionEFOS other than 200: the emisor is on SAT's list of simulated operations (art. 69-B CFF). */
  efos: boolean;
  /** Why it could not be consulted (offline, timeout, an answer that is not SAT's), in Spanish; null when SAT answered. */
  error: string | null;
};

export type SatStatusQuery = Pick<TimbreData, 'uuid' | 'emisorRfc' | 'receptorRfc' | 'total' | 'selloCFD'>;

const PENDING = (error: string): SatCfdiStatus => ({ estado: 'pendiente de consultar', esCancelable: null, estatusCancelacion: null, efos: false, error });

/** The expression SAT's service takes: the query string of the QR's verification URL (CFDI 3.3 and 4.0). */
export const satExpression = (q: SatStatusQuery): string => verificationUrl(q).replace(/^[^?]*/, '');

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const envelope = (expression: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="http://tempuri.org/"><soapenv:Header/><soapenv:Body><tem:Consulta><tem:expresionImpresa>${cdata(expression)}</tem:expresionImpresa></tem:Consulta></soapenv:Body></soapenv:Envelope>`;
const tag = (body: string, name: string): string | null => {
  const m = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`).exec(body);
  return m ? (m[1] ?? '').trim() : null;
};
const norm = (s: string | null) => (s ?? '').normalize('NFC').toLowerCase();

/** Reads SAT's answer (the same mapping as SAT's documentation's table of mutually exclusive states). */
export function parseSatStatus(body: string): SatCfdiStatus {
  const codigo = tag(body, 'CodigoEstatus');
  if (codigo === null) return PENDING('El servicio del SAT respondió algo que no es una consulta de CFDI.');
  if (!codigo.startsWith('S - ')) return { estado: 'no encontrado', esCancelable: null, estatusCancelacion: null, efos: false, error: null };
  const estado = norm(tag(body, 'Estado'));
  const cancelable = norm(tag(body, 'EsCancelable'));
  const cancelacion = norm(tag(body, 'EstatusCancelacion'));
  const efos = tag(body, 'ValidacionEFOS');
  return {
    estado: estado === 'vigente' ? 'vigente' : estado === 'cancelado' ? 'cancelado' : 'no encontrado',
    esCancelable: cancelable === 'cancelable sin aceptación' ? 'sin aceptación' : cancelable === 'cancelable con aceptación' ? 'con aceptación' : cancelable === 'no cancelable' ? 'no cancelable' : null,
    estatusCancelacion:
      cancelacion === 'en proceso' ? 'en proceso'
      : cancelacion === 'solicitud rechazada' ? 'solicitud rechazada'
      : cancelacion === 'cancelado sin aceptación' ? 'cancelado sin aceptación'
      : cancelacion === 'cancelado con aceptación' ? 'cancelado con aceptación'
      : cancelacion === 'plazo vencido' ? 'plazo vencido'
      : null,
    efos: efos !== null && efos !== '' && efos !== '200',
    error: null,
  };
}

/**
 * Asks SAT. Never throws: without a service (url null), without an answer within `timeoutMs`, or
 * with an answer that is not SAT's, the status is «pendiente de consultar» with the reason.
 */
export async function consultSatStatus(url: string | null, q: SatStatusQuery, opts: { timeoutMs?: number } = {}): Promise<SatCfdiStatus> {
  if (!url) return PENDING('La consulta al SAT está desactivada (ERP_SAT_STATUS_URL=off).');
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${SOAP_ACTION}"` },
      body: envelope(satExpression(q)),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const body = await res.text();
    if (!res.ok) return PENDING(`El servicio del SAT respondió HTTP ${res.status}.`);
    return parseSatStatus(body);
  } catch (err) {
    const timeout = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return PENDING(timeout ? 'El servicio del SAT no respondió a tiempo.' : 'No se pudo conectar con el servicio del SAT.');
  }
}

/** SAT's answers remembered per UUID (ERP_SAT_STATUS_CACHE_SECONDS), so reading the same XML again does not ask again. */
export type SatStatusClient = {
  /** SAT's status, from a definitive answer remembered less than the configured seconds ago unless `fresh`. */
  consult(q: SatStatusQuery, opts?: { fresh?: boolean }): Promise<SatCfdiStatus>;
};

/**
 * Only SAT's definitive answers are remembered (vigente, cancelado, no encontrado); «pendiente de
 * consultar» (off, no answer, not SAT's answer) is asked again next time. One per process.
 */
export function createSatStatusClient(
  url: string | null,
  cacheSeconds: number,
  deps: { now?: () => number; consult?: typeof consultSatStatus } = {},
): SatStatusClient {
  const now = deps.now ?? Date.now;
  const ask = deps.consult ?? consultSatStatus;
  const cache = new Map<string, { status: SatCfdiStatus; until: number }>();
  return {
    async consult(q, opts = {}) {
      const key = q.uuid.toUpperCase();
      const hit = cache.get(key);
      if (!opts.fresh && hit && hit.until > now()) return hit.status;
      const status = await ask(url, q);
      if (status.error === null && cacheSeconds > 0) {
        if (cache.size >= 5_000) for (const [k, v] of cache) if (v.until <= now()) cache.delete(k);
        if (cache.size >= 5_000) cache.clear();
        cache.set(key, { status, until: now() + cacheSeconds * 1000 });
      }
      return status;
    },
  };
}
