// The sandbox PAC: every refusal code with its Spanish message naming the field, idempotency
// (retries, parallel requests, recover), cancellation and status.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cadenaOriginal, loadCsd, MemoryPacStore, PacError, sealCfdi, type Csd } from '../../../server/lib/cfdi';
import { SandboxPac } from '../../../server/lib/cfdi/sandbox/sandboxPac';
import { setComprobanteAttributes } from '../../../server/lib/cfdi/xml';
import { fakeFiel, invoiceXml, mexicoTime, testCsd } from './fixtures';

const SLOW = 600_000;
let csd: Csd;
let folio = 200;
const nextFolio = () => String(folio++);
const recent = () => mexicoTime(new Date(Date.now() - 10 * 60_000));

async function refusal(p: Promise<unknown>): Promise<PacError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PacError);
    return err as PacError;
  }
  throw new Error('el PAC no rechazó el comprobante');
}

const sealedInvoice = (o: Parameters<typeof invoiceXml>[0] = {}, validate = true) =>
  sealCfdi(invoiceXml({ folio: nextFolio(), fecha: recent(), ...o }), csd, { validate });

beforeAll(async () => {
  csd = loadCsd({ ...testCsd(), companyRfc: 'EKU9003173C9' });
  await cadenaOriginal(invoiceXml()); // compiles (or loads) SAT's stylesheet once
}, SLOW);

describe('sandbox PAC refusals', () => {
  const pac = new SandboxPac({ store: new MemoryPacStore() });

  it('301 XML mal formado', async () => {
    const xml = (await sealedInvoice()).replace('</cfdi:Comprobante>', '');
    const err = await refusal(pac.stamp(xml, 'k-301a'));
    expect(err.code).toBe('301');
    expect(err.message).toMatch(/^301 - XML mal formado: /);
  }, SLOW);

  it('301 when the XML does not pass the XSD, naming the node and attribute', async () => {
    const xml = await sealedInvoice({ total: '2864.1x' }, false);
    const err = await refusal(pac.stamp(xml, 'k-301b'));
    expect(err.code).toBe('301');
    expect(err.field).toBe('Comprobante.Total');
    expect(err.message).toContain('301 - XML mal formado: no cumple el esquema del SAT. Nodo Comprobante, atributo Total: el valor «2864.1x»');
  }, SLOW);

  it('302 sello inválido when an amount changed after sealing', async () => {
    const xml = (await sealedInvoice()).replace('Total="2864.18"', 'Total="2864.19"');
    const err = await refusal(pac.stamp(xml, 'k-302a'));
    expect(err.code).toBe('302');
    expect(err.field).toBe('Comprobante.Sello');
    expect(err.message).toBe('302 - Sello mal formado o inválido: El atributo Sello no corresponde a la cadena original del comprobante firmada con el certificado incluido.');
  }, SLOW);

  it('302 sello mal formado, and a NoCertificado that is not the certificate’s', async () => {
    const sealed = await sealedInvoice();
    const garbage = setComprobanteAttributes(sealed, { Sello: 'no es base64!' });
    expect((await refusal(pac.stamp(garbage, 'k-302b'))).message).toBe('302 - Sello mal formado o inválido: El atributo Sello está vacío o no es base64.');
    const wrongNumber = setComprobanteAttributes(sealed, { NoCertificado: '30001000000500003417' });
    const err = await refusal(pac.stamp(wrongNumber, 'k-302c'));
    expect(err.code).toBe('302');
    expect(err.field).toBe('Comprobante.NoCertificado');
    expect(err.message).toContain('El atributo NoCertificado (30001000000500003417) no es el número del certificado incluido (30001000000500003416).');
  }, SLOW);

  it('303 sello no corresponde al emisor: Emisor Rfc ≠ certificate RFC', async () => {
    const xml = await sealedInvoice({ emisorRfc: 'AAA010101AAA' });
    const err = await refusal(pac.stamp(xml, 'k-303'));
    expect(err.code).toBe('303');
    expect(err.field).toBe('Emisor.Rfc');
    expect(err.message).toBe('303 - Sello no corresponde al emisor: el atributo Rfc del Emisor (AAA010101AAA) no es el RFC del certificado que selló (EKU9003173C9).');
  }, SLOW);

  it('305 fecha de emisión fuera de la vigencia del certificado', async () => {
    const xml = await sealedInvoice({ fecha: '2023-01-02T10:00:00' });
    const err = await refusal(pac.stamp(xml, 'k-305'));
    expect(err.code).toBe('305');
    expect(err.field).toBe('Comprobante.Fecha');
    expect(err.message).toBe('305 - La fecha de emisión no está dentro de la vigencia del CSD del emisor: el atributo Fecha (2023-01-02T10:00:00) no cae entre 2023-05-18T05:43:51 y 2027-05-18T05:43:51.');
  }, SLOW);

  it('306 when sealed with an e.firma', async () => {
    const fiel = fakeFiel();
    const x509 = new crypto.X509Certificate(fiel.cer);
    const key = crypto.createPrivateKey({ key: fiel.key, format: 'der', type: 'pkcs8', passphrase: fiel.password });
    const prepared = setComprobanteAttributes(invoiceXml({ folio: nextFolio(), fecha: recent() }), {
      NoCertificado: Buffer.from(x509.serialNumber, 'hex').toString('latin1'),
      Certificado: fiel.cer.toString('base64'),
      Sello: '',
    });
    const xml = setComprobanteAttributes(prepared, { Sello: crypto.sign('sha256', Buffer.from(await cadenaOriginal(prepared)), key).toString('base64') });
    const err = await refusal(pac.stamp(xml, 'k-306'));
    expect(err.code).toBe('306');
    expect(err.field).toBe('Comprobante.Certificado');
    expect(err.message).toBe('306 - El certificado no es de tipo CSD: el atributo Certificado trae una e.firma (FIEL), que no sirve para sellar comprobantes.');
  }, SLOW);

  it('307 ya timbrado: the same document under another key, or a document that already has a TFD', async () => {
    const xml = await sealedInvoice();
    const first = await pac.stamp(xml, 'k-307a');
    const again = await refusal(pac.stamp(xml, 'k-307b'));
    expect(again.code).toBe('307');
    expect(again.field).toBe('Comprobante.Sello');
    expect(again.message).toBe(`307 - El CFDI contiene un timbre previo: este comprobante (mismo Sello) ya fue timbrado con el UUID ${first.uuid}.`);
    const withTfd = await refusal(pac.stamp(first.xml, 'k-307c'));
    expect(withTfd.code).toBe('307');
    expect(withTfd.message).toBe('307 - El CFDI contiene un timbre previo: el Complemento ya trae un TimbreFiscalDigital.');
  }, SLOW);

  it('401 fecha fuera de rango: more than 72 h old, or in the future', async () => {
    const xml = await sealedInvoice();
    const later = new SandboxPac({ store: new MemoryPacStore(), now: () => new Date(Date.now() + 73 * 3600_000) });
    const old = await refusal(later.stamp(xml, 'k-401a'));
    expect(old.code).toBe('401');
    expect(old.field).toBe('Comprobante.Fecha');
    expect(old.message).toMatch(/^401 - Fecha y hora de generación fuera de rango: el atributo Fecha \(.+\) tiene más de 72 horas; el SAT solo timbra comprobantes emitidos en las últimas 72 horas\.$/);
    const future = await refusal(pac.stamp(await sealedInvoice({ fecha: mexicoTime(new Date(Date.now() + 3 * 3600_000)) }), 'k-401b'));
    expect(future.code).toBe('401');
    expect(future.message).toMatch(/es posterior a la hora actual/);
  }, SLOW);
});

describe('sandbox PAC: exactly once', () => {
  it('a retry with the same key returns the same stamp; parallel requests give one UUID; recover finds it', async () => {
    const pac = new SandboxPac({ store: new MemoryPacStore() });
    const xml = await sealedInvoice();
    const [a, b, c] = await Promise.all([pac.stamp(xml, 'inv-1'), pac.stamp(xml, 'inv-1'), pac.stamp(xml, 'inv-1')]);
    expect(new Set([a.uuid, b.uuid, c.uuid]).size).toBe(1);
    expect((await pac.stamp(xml, 'inv-1')).uuid).toBe(a.uuid);
    expect((await pac.recover('inv-1'))?.uuid).toBe(a.uuid);
    expect(await pac.recover('never-sent')).toBeNull();
    const other = await refusal(pac.stamp(await sealedInvoice(), 'inv-1'));
    expect(other.code).toBe('CLAVE_REPETIDA');
  }, SLOW);
});

describe('sandbox PAC: cancellation and status', () => {
  it('motivos 01–04, substitution, acceptance, plazo vencido, 202 and 205', async () => {
    let now = new Date();
    const pac = new SandboxPac({ store: new MemoryPacStore(), now: () => now });
    const original = await pac.stamp(await sealedInvoice(), 'c-1');
    const substitute = await pac.stamp(await sealedInvoice(), 'c-2');

    expect((await refusal(pac.cancel('00000000-0000-4000-8000-000000000000', '02'))).code).toBe('205');
    const noFolio = await refusal(pac.cancel(original.uuid, '01'));
    expect(noFolio.code).toBe('MOTIVO');
    expect(noFolio.field).toBe('FolioSustitucion');
    expect(noFolio.message).toBe('El motivo 01 (comprobante emitido con errores con relación) requiere el folio fiscal (UUID) del comprobante que lo sustituye.');
    expect((await refusal(pac.cancel(original.uuid, '01', '11111111-1111-4111-8111-111111111111'))).message).toMatch(/no es un CFDI timbrado y vigente/);
    expect((await refusal(pac.cancel(original.uuid, '05' as never))).message).toBe('El motivo de cancelación «05» no existe: usa 01, 02, 03 o 04.');

    expect(await pac.status(original.uuid)).toEqual({ uuid: original.uuid, estado: 'vigente', esCancelable: 'con_aceptacion', estatusCancelacion: null });
    // 2864.18 MXN to a company: the receptor must accept.
    const requested = await pac.cancel(original.uuid, '01', substitute.uuid);
    expect(requested).toMatchObject({ uuid: original.uuid, codigo: '201', estatus: 'en_proceso' });
    expect((await pac.status(original.uuid)).estatusCancelacion).toBe('en_proceso');
    expect((await refusal(pac.cancel(original.uuid, '02'))).message).toMatch(/ya tiene una solicitud de cancelación en proceso/);
    await pac.answerCancellation(original.uuid, true);
    expect(await pac.status(original.uuid)).toMatchObject({ estado: 'cancelado', estatusCancelacion: 'cancelado' });
    expect((await refusal(pac.cancel(original.uuid, '02'))).code).toBe('202');

    // Rejected by the receptor: stays vigente; then no answer for 72 h: plazo vencido.
    await pac.cancel(substitute.uuid, '02');
    await pac.answerCancellation(substitute.uuid, false);
    expect(await pac.status(substitute.uuid)).toMatchObject({ estado: 'vigente', estatusCancelacion: 'rechazado' });
    await pac.cancel(substitute.uuid, '03');
    now = new Date(now.getTime() + 73 * 3600_000);
    expect(await pac.status(substitute.uuid)).toMatchObject({ estado: 'cancelado', estatusCancelacion: 'plazo_vencido' });
    expect((await pac.status('00000000-0000-4000-8000-000000000000')).estado).toBe('no_encontrado');
  }, SLOW);
});
