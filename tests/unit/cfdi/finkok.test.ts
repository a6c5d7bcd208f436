// The Finkok adapter against a local fake of Finkok's SOAP services (127.0.0.1), answering in
// the shapes Finkok documents (wiki.finkok.com: stamp, stamped, cancel, get_sat_status).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPac, loadCsd, MemoryPacStore, PacError, sealCfdi, type Csd, type Pac } from '../../../server/lib/cfdi';
import { FINKOK_PASSWORD as PASSWORD, soapTag as tag, startFakeFinkok, type FakeFinkok } from './fakeFinkok';
import { invoiceXml, mexicoTime, testCsd } from './fixtures';

const SLOW = 600_000;
let fake: FakeFinkok;

let csd: Csd;
let folio = 500;
const sealed = () => sealCfdi(invoiceXml({ folio: String(folio++), fecha: mexicoTime(new Date(Date.now() - 60_000)) }), csd);
const finkok = (store = new MemoryPacStore()): Promise<Pac> =>
  createPac({
    store,
    env: fake.env(),
    cancelCredentials: async () => ({ rfc: 'EKU9003173C9', ...testCsd() }),
  });

beforeAll(async () => {
  csd = loadCsd(testCsd());
  fake = await startFakeFinkok();
}, SLOW);
afterAll(() => fake.close());

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
    expect(tag(fake.lastStatus, 'taxpayer_id')).toBe('EKU9003173C9');
    expect(tag(fake.lastStatus, 'rtaxpayer_id')).toBe('URE180429TM6');
    expect(tag(fake.lastStatus, 'total')).toBe('2864.18');
  }, SLOW);

  it('the sandbox is the default when no PAC is configured', async () => {
    expect((await createPac({ store: new MemoryPacStore(), env: {} })).name).toBe('sandbox');
    await expect(createPac({ store: new MemoryPacStore(), env: { ERP_PAC: 'finkok' } })).rejects.toThrow('ERP_PAC=finkok necesita ERP_PAC_USER y ERP_PAC_PASSWORD.');
  });
});
