// A local fake of Finkok's SOAP services (127.0.0.1), answering in the shapes Finkok documents
// (wiki.finkok.com: stamp, stamped, cancel, get_sat_status). The Finkok adapter's unit tests and
// the API's refusal tests (a server started with ERP_PAC=finkok and ERP_PAC_URL pointing here) share it.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryPacStore } from '../../../server/lib/cfdi';
import { SandboxPac } from '../../../server/lib/cfdi/sandbox/sandboxPac';

export const FINKOK_USER = 'erp@demo.mx';
export const FINKOK_PASSWORD = 'secreto-finkok';

/** ok: stamps like a PAC; drop-answer: stamps, then resets the connection; refuse-302: refuses every new document. */
export type FakeFinkokMode = 'ok' | 'drop-answer' | 'refuse-302';
type Stamp = { xml: string; uuid: string; fecha: string; satSeal: string; noCert: string };

export type FakeFinkok = {
  url: string;
  mode: FakeFinkokMode;
  /** 'drop': a cancel request gets no answer (the connection is cut), as a PAC that went silent. */
  cancelMode: 'ok' | 'drop';
  stampCalls: number;
  stampedBySello: Map<string, Stamp>;
  /** The last cancel and get_sat_status request bodies, for the tests to read. */
  lastCancel: string;
  lastStatus: string;
  /** The environment a server (or createPac) needs to use this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const soapTag = (body: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(body)?.[1] ?? '';
const envelope = (ns: string, inner: string) =>
  `<?xml version='1.0' encoding='UTF-8'?><senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="${ns}" xmlns:s0="apps.services.soap.core.views"><senv:Body>${inner}</senv:Body></senv:Envelope>`;
const incidence = (code: string, message: string) =>
  `<s0:Incidencias><s0:Incidencia><s0:IdIncidencia>1</s0:IdIncidencia><s0:Uuid></s0:Uuid><s0:CodigoError>${code}</s0:CodigoError><s0:WorkProcessId>w</s0:WorkProcessId><s0:MensajeIncidencia>${message}</s0:MensajeIncidencia><s0:ExtraInfo></s0:ExtraInfo><s0:NoCertificadoPac></s0:NoCertificadoPac><s0:FechaRegistro>2026-01-01T00:00:00</s0:FechaRegistro></s0:Incidencia></s0:Incidencias>`;
const stampResult = (method: string, s?: Stamp, incidences = '<s0:Incidencias/>') =>
  envelope('http://facturacion.finkok.com/stamp', `<tns:${method}Response><tns:${method}Result>` +
    (s ? `<s0:xml>${esc(s.xml)}</s0:xml><s0:UUID>${s.uuid}</s0:UUID><s0:Fecha>${s.fecha}</s0:Fecha><s0:CodEstatus>Comprobante timbrado satisfactoriamente</s0:CodEstatus><s0:SatSeal>${s.satSeal}</s0:SatSeal>` : '<s0:xml></s0:xml>') +
    `${incidences}${s ? `<s0:NoCertificadoSAT>${s.noCert}</s0:NoCertificadoSAT>` : ''}</tns:${method}Result></tns:${method}Response>`);

/** Starts the fake on a free port of 127.0.0.1. */
export async function startFakeFinkok(mode: FakeFinkokMode = 'ok'): Promise<FakeFinkok> {
  const stamper = new SandboxPac({ store: new MemoryPacStore() });
  const fake: FakeFinkok = {
    url: '',
    mode,
    cancelMode: 'ok',
    stampCalls: 0,
    stampedBySello: new Map(),
    lastCancel: '',
    lastStatus: '',
    env: () => ({ ERP_PAC: 'finkok', ERP_PAC_URL: fake.url, ERP_PAC_USER: FINKOK_USER, ERP_PAC_PASSWORD: FINKOK_PASSWORD }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function handle(path: string, body: string): Promise<string> {
    if (soapTag(body, 'username') !== FINKOK_USER || soapTag(body, 'password') !== FINKOK_PASSWORD) throw new Error('credenciales');
    if (path === '/servicios/soap/stamp.wsdl') {
      const method = /<(?:\w+:)?(stamp|stamped)>/.exec(body)![1];
      const xml = Buffer.from(soapTag(body, 'xml'), 'base64').toString('utf8');
      const sello = /\sSello="([^"]*)"/.exec(xml)![1];
      const previous = fake.stampedBySello.get(sello);
      if (method === 'stamped') return previous ? stampResult('stamped', previous) : stampResult('stamped', undefined, incidence('603', 'El CFDI no fue timbrado'));
      fake.stampCalls++;
      if (previous) return stampResult('stamp', undefined, incidence('307', 'El CFDI contiene un timbre previo'));
      if (fake.mode === 'refuse-302') return stampResult('stamp', undefined, incidence('302', 'Sello mal formado o inválido'));
      const r = await stamper.stamp(xml, crypto.randomUUID());
      const s = { xml: r.xml, uuid: r.uuid, fecha: r.fechaTimbrado, satSeal: r.selloSAT, noCert: r.noCertificadoSAT };
      fake.stampedBySello.set(sello, s);
      if (fake.mode === 'drop-answer') throw new Error('drop');
      return stampResult('stamp', s);
    }
    const ns = 'http://facturacion.finkok.com/cancel';
    if (/<(?:\w+:)?cancel>/.test(body)) {
      fake.lastCancel = body;
      if (fake.cancelMode === 'drop') throw new Error('drop');
      const uuid = /UUID="([^"]+)"/.exec(body)![1];
      const known = [...fake.stampedBySello.values()].some((s) => s.uuid === uuid);
      return envelope(ns, `<tns:cancelResponse><tns:cancelResult><s0:Folios><s0:Folio><s0:EstatusUUID>${known ? '201' : '205'}</s0:EstatusUUID><s0:UUID>${uuid}</s0:UUID><s0:EstatusCancelacion>${known ? 'Cancelado sin aceptación' : 'No Encontrado'}</s0:EstatusCancelacion></s0:Folio></s0:Folios><s0:Acuse>&lt;Acuse/&gt;</s0:Acuse><s0:Fecha>2026-01-01T10:00:00</s0:Fecha><s0:RfcEmisor>EKU9003173C9</s0:RfcEmisor></tns:cancelResult></tns:cancelResponse>`);
    }
    if (/<(?:\w+:)?get_sat_status>/.test(body)) {
      fake.lastStatus = body;
      return envelope(ns, `<tns:get_sat_statusResponse><tns:get_sat_statusResult><s0:sat><s0:CodigoEstatus>S - Comprobante obtenido satisfactoriamente.</s0:CodigoEstatus><s0:EsCancelable>Cancelable con aceptación</s0:EsCancelable><s0:Estado>Vigente</s0:Estado><s0:EstatusCancelacion></s0:EstatusCancelacion></s0:sat></tns:get_sat_statusResult></tns:get_sat_statusResponse>`);
    }
    throw new Error('operación desconocida');
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      handle(req.url ?? '', body).then(
        (xml) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(xml),
        (err: Error) => (err.message === 'drop' ? req.socket.destroy() : res.writeHead(500).end(envelope('x', `<senv:Fault><faultstring>${err.message}</faultstring></senv:Fault>`))),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
