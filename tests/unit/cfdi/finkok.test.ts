// The Finkok adapter against a local fake of Finkok's SOAP services (127.0.0.1), answering in
// the shapes Finkok documents (wiki.finkok.com: stamp, stamped, cancel, get_sat_status).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPac, loadCsd, MemoryPacStore, PacError, sealCfdi, type Csd, type Pac } from '../../../server/lib/cfdi';
import { SandboxPac } from '../../../server/lib/cfdi/sandbox/sandboxPac';
import { invoiceXml, mexicoTime, testCsd } from './fixtures';

const SLOW = 600_000;
const USER = 'erp@demo.mx';
const PASSWORD = 'secreto-finkok';

type Mode = 'ok' | 'drop-answer' | 'refuse-302';
const fake = {
  mode: 'ok' as Mode,
  stampCalls: 0,
  stamper: new SandboxPac({ store: new MemoryPacStore() }),
  stampedBySello: new Map<string, { xml: string; uuid: string; fecha: string; satSeal: string; noCert: string }>(),
  lastCancel: '' as string,
  url: '',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const tag = (body: string, name: string) => new RegExp(`<(?:\\w+:)?${name}>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(body)?.[1] ?? '';
const envelope = (ns: string, inner: string) =>
  `<?xml version='1.0' encoding='UTF-8'?><senv:Envelope xmlns:senv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tns="${ns}" xmlns:s0="apps.services.soap.core.views"><senv:Body>${inner}</senv:Body></senv:Envelope>`;
const incidence = (code: string, message: string) =>
  `<s0:Incidencias><s0:Incidencia><s0:IdIncidencia>1</s0:IdIncidencia><s0:Uuid></s0:Uuid><s0:CodigoError>${code}</s0:CodigoError><s0:WorkProcessId>w</s0:WorkProcessId><s0:MensajeIncidencia>${message}</s0:MensajeIncidencia><s0:ExtraInfo></s0:ExtraInfo><s0:NoCertificadoPac></s0:NoCertificadoPac><s0:FechaRegistro>2026-01-01T00:00:00</s0:FechaRegistro></s0:Incidencia></s0:Incidencias>`;
const stampResult = (method: string, s?: { xml: string; uuid: string; fecha: string; satSeal: string; noCert: string }, incidences = '<s0:Incidencias/>') =>
  envelope('http://facturacion.finkok.com/stamp', `<tns:${method}Response><tns:${method}Result>` +
    (s ? `<s0:xml>${esc(s.xml)}</s0:xml><s0:UUID>${s.uuid}</s0:UUID><s0:Fecha>${s.fecha}</s0:Fecha><s0:CodEstatus>Comprobante timbrado satisfactoriamente</s0:CodEstatus><s0:SatSeal>${s.satSeal}</s0:SatSeal>` : '<s0:xml></s0:xml>') +
    `${incidences}${s ? `<s0:NoCertificadoSAT>${s.noCert}</s0:NoCertificadoSAT>` : ''}</tns:${method}Result></tns:${method}Response>`);

async function handle(path: string, body: string): Promise<string> {
  if (tag(body, 'username') !== USER || tag(body, 'password') !== PASSWORD) throw new Error('credenciales');
  if (path === '/servicios/soap/stamp.wsdl') {
    const method = /<(?:\w+:)?(stamp|stamped)>/.exec(body)![1];
    const xml = Buffer.from(tag(body, 'xml'), 'base64').toString('utf8');
    const sello = /\sSello="([^"]*)"/.exec(xml)![1];
    const previous = fake.stampedBySello.get(sello);
    if (method === 'stamped') return previous ? stampResult('stamped', previous) : stampResult('stamped', undefined, incidence('603', 'El CFDI no fue timbrado'));
    fake.stampCalls++;
    if (previous) return stampResult('stamp', undefined, incidence('307', 'El CFDI contiene un timbre previo'));
    if (fake.mode === 'refuse-302') return stampResult('stamp', undefined, incidence('302', 'Sello mal formado o inválido'));
    const r = await fake.stamper.stamp(xml, crypto.randomUUID());
    const s = { xml: r.xml, uuid: r.uuid, fecha: r.fechaTimbrado, satSeal: r.selloSAT, noCert: r.noCertificadoSAT };
    fake.stampedBySello.set(sello, s);
    if (fake.mode === 'drop-answer') throw new Error('drop');
    return stampResult('stamp', s);
  }
  const ns = 'http://facturacion.finkok.com/cancel';
  if (/<(?:\w+:)?cancel>/.test(body)) {
    fake.lastCancel = body;
    const uuid = /UUID="([^"]+)"/.exec(body)![1];
    const known = [...fake.stampedBySello.values()].some((s) => s.uuid === uuid);
    return envelope(ns, `<tns:cancelResponse><tns:cancelResult><s0:Folios><s0:Folio><s0:EstatusUUID>${known ? '201' : '205'}</s0:EstatusUUID><s0:UUID>${uuid}</s0:UUID><s0:EstatusCancelacion>${known ? 'Cancelado sin aceptación' : 'No Encontrado'}</s0:EstatusCancelacion></s0:Folio></s0:Folios><s0:Acuse>&lt;Acuse/&gt;</s0:Acuse><s0:Fecha>2026-01-01T10:00:00</s0:Fecha><s0:RfcEmisor>EKU9003173C9</s0:RfcEmisor></tns:cancelResult></tns:cancelResponse>`);
  }
  if (/<(?:\w+:)?get_sat_status>/.test(body)) {
    expect(tag(body, 'taxpayer_id')).toBe('EKU9003173C9');
    expect(tag(body, 'rtaxpayer_id')).toBe('URE180429TM6');
    expect(tag(body, 'total')).toBe('2864.18');
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

let csd: Csd;
let folio = 500;
const sealed = () => sealCfdi(invoiceXml({ folio: String(folio++), fecha: mexicoTime(new Date(Date.now() - 60_000)) }), csd);
const finkok = (store = new MemoryPacStore()): Promise<Pac> =>
  createPac({
    store,
    env: { ERP_PAC: 'finkok', ERP_PAC_URL: fake.url, ERP_PAC_USER: USER, ERP_PAC_PASSWORD: PASSWORD },
    cancelCredentials: async () => ({ rfc: 'EKU9003173C9', ...testCsd() }),
  });

beforeAll(async () => {
  csd = loadCsd(testCsd());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, SLOW);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Finkok adapter (fake Finkok on 127.0.0.1)', () => {
  it('is chosen by ERP_PAC=finkok and stamps: UUID, TFD fields from the answer', async () => {
    fake.mode = 'ok';
    const pac = await finkok();
    expect(pac.name).toBe('finkok');
    expect(pac.sandbox).toBe(false);
    const xml = await sealed();
    const r = await pac.stamp(xml, 'f-1');
    expect(r.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(r.xml).toContain(`UUID="${r.uuid}"`);
    expect(r.selloCFD).toBe(/\sSello="([^"]*)"/.exec(xml)![1]);
    expect(r.selloSAT.length).toBeGreaterThan(100);
    expect((await pac.stamp(xml, 'f-1')).uuid).toBe(r.uuid);
  }, SLOW);

  it('a lost answer leaves the document pending; recover() gets the UUID without stamping again', async () => {
    const store = new MemoryPacStore();
    const pac = await finkok(store);
    const xml = await sealed();
    fake.mode = 'drop-answer';
    const calls = fake.stampCalls;
    const err = (await pac.stamp(xml, 'f-2').catch((e) => e)) as PacError;
    expect(err).toBeInstanceOf(PacError);
    expect(err.code).toBe('NO_DISPONIBLE');
    expect(err.retryable).toBe(true);
    expect((await store.byKey('f-2'))?.status).toBe('pendiente');
    fake.mode = 'ok';
    const recovered = await pac.recover('f-2');
    expect(recovered?.uuid).toBe([...fake.stampedBySello.values()].at(-1)!.uuid);
    expect((await pac.stamp(xml, 'f-2')).uuid).toBe(recovered!.uuid);
    expect(fake.stampCalls).toBe(calls + 1);
    expect(await pac.recover('f-never')).toBeNull();
  }, SLOW);

  it("Finkok's 307 for a document it stamped before is answered with that stamp", async () => {
    fake.mode = 'ok';
    const xml = await sealed();
    const first = await (await finkok()).stamp(xml, 'f-3');
    const again = await (await finkok()).stamp(xml, 'f-3'); // another server, its store lost
    expect(again.uuid).toBe(first.uuid);
  }, SLOW);

  it('a refusal carries Finkok’s code and leaves nothing pending', async () => {
    fake.mode = 'refuse-302';
    const store = new MemoryPacStore();
    const err = (await (await finkok(store)).stamp(await sealed(), 'f-4').catch((e) => e)) as PacError;
    expect(err.code).toBe('302');
    expect(err.message).toBe('302 - Sello mal formado o inválido');
    expect(await store.byKey('f-4')).toBeUndefined();
    fake.mode = 'ok';
  }, SLOW);

  it('cancels with motivo and folio de sustitución, sending the CSD as Finkok documents it; status from get_sat_status', async () => {
    fake.mode = 'ok';
    const pac = await finkok();
    const original = await pac.stamp(await sealed(), 'f-5');
    const substitute = await pac.stamp(await sealed(), 'f-6');
    const r = await pac.cancel(original.uuid, '01', substitute.uuid);
    expect(r).toMatchObject({ uuid: original.uuid, codigo: '201', estatus: 'cancelado' });
    expect(fake.lastCancel).toContain(`UUID="${original.uuid}" Motivo="01" FolioSustitucion="${substitute.uuid}"`);
    expect(tag(fake.lastCancel, 'taxpayer_id')).toBe('EKU9003173C9');
    const certPem = Buffer.from(tag(fake.lastCancel, 'cer'), 'base64').toString();
    expect(new crypto.X509Certificate(certPem).raw.equals(testCsd().cer)).toBe(true);
    const keyPem = Buffer.from(tag(fake.lastCancel, 'key'), 'base64').toString();
    expect(keyPem).toMatch(/ENCRYPTED/);
    expect(new crypto.X509Certificate(certPem).checkPrivateKey(crypto.createPrivateKey({ key: keyPem, passphrase: PASSWORD }))).toBe(true);
    expect((await pac.cancel('00000000-0000-4000-8000-000000000000', '02').catch((e) => e)).code).toBe('205');
    expect(await pac.status(substitute.uuid)).toEqual({ uuid: substitute.uuid, estado: 'vigente', esCancelable: 'con_aceptacion', estatusCancelacion: null });
  }, SLOW);

  it('the sandbox is the default when no PAC is configured', async () => {
    expect((await createPac({ store: new MemoryPacStore(), env: {} })).name).toBe('sandbox');
    await expect(createPac({ store: new MemoryPacStore(), env: { ERP_PAC: 'finkok' } })).rejects.toThrow('ERP_PAC=finkok necesita ERP_PAC_USER y ERP_PAC_PASSWORD.');
  });
});
