// The whole pipeline on a CFDI 4.0 ingreso (EKU9003173C9 → URE180429TM6, one concept with IVA
// 16 %): seal with the test CSD, stamp with the sandbox PAC, then check the result with code
// paths of the test's own — xmllint-wasm on SAT's XSDs, SAT's XSLT run by the xslt3 command
// line, crypto.verify with the certificates read back from the XML and from the sandbox's PEM,
// totals to the cent — and against values worked out by hand.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCsd, sealCfdi, verifySeal, MemoryPacStore, createPac, type StampResult } from '../../../server/lib/cfdi';
import { INVOICE, ROOT, expectedCadena, invoiceXml, mexicoTime, satXslt, testCsd, xsdCheck } from './fixtures';

const SLOW = 600_000; // the machine is shared and loaded; compiling SAT's XSLT takes 10–30 s of CPU


const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });
const cents = (v: string): number => {
  expect(v).toMatch(/^\d+(\.\d{1,2})?$/);
  const [i, d = ''] = v.split('.');
  return Number(i) * 100 + Number(d.padEnd(2, '0'));
};

describe('CFDI 4.0: seal → sandbox stamp → independent checks', () => {
  const fecha = mexicoTime(new Date(Date.now() - 5 * 60_000));
  let sealed: string;
  let stamped: StampResult;
  let doc: any;
  let tfd: any;

  beforeAll(async () => {
    const csd = loadCsd({ ...testCsd(), companyRfc: 'EKU9003173C9' });
    sealed = await sealCfdi(invoiceXml({ fecha }), csd);
    const pac = await createPac({ store: new MemoryPacStore(), env: {} });
    expect(pac.sandbox).toBe(true);
    stamped = await pac.stamp(sealed, 'factura-A-101');
    doc = parser.parse(stamped.xml).Comprobante;
    tfd = doc.Complemento.TimbreFiscalDigital;
  }, SLOW);

  it('passes SAT XSDs for CFDI 4.0 and TFD 1.1 (xmllint-wasm run by the test)', async () => {
    const r = await xsdCheck(stamped.xml);
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
  }, SLOW);

  it('carries the CSD: NoCertificado as SAT writes it and Certificado = the .cer in base64', () => {
    expect(doc['@NoCertificado']).toBe('30001000000500003416');
    expect(doc['@Certificado']).toBe(testCsd().cer.toString('base64'));
  });

  it('the cadena by SAT XSLT (xslt3 command line) is the hand-written one, and the Sello verifies over it', async () => {
    const cadena = await satXslt('4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt', stamped.xml);
    expect(cadena).toBe(expectedCadena(fecha));
    const cert = new crypto.X509Certificate(Buffer.from(doc['@Certificado'], 'base64'));
    expect(crypto.verify('sha256', Buffer.from(cadena, 'utf8'), cert.publicKey, Buffer.from(doc['@Sello'], 'base64'))).toBe(true);
    // …and not over anything else.
    expect(crypto.verify('sha256', Buffer.from(cadena.replace('2864.18', '2864.19'), 'utf8'), cert.publicKey, Buffer.from(doc['@Sello'], 'base64'))).toBe(false);
  }, SLOW);

  it('the TFD: SelloCFD = Sello, UUID v4, and SelloSAT verifies with the sandbox certificate over the TFD cadena', async () => {
    expect(tfd['@Version']).toBe('1.1');
    expect(tfd['@UUID']).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(tfd['@UUID']).toBe(stamped.uuid);
    expect(tfd['@SelloCFD']).toBe(doc['@Sello']);
    expect(tfd['@RfcProvCertif']).toBe('AAA010101AAA');
    expect(tfd['@Leyenda']).toMatch(/SIN VALIDEZ FISCAL/);
    const stampedAt = Date.parse(`${tfd['@FechaTimbrado']}-06:00`);
    expect(Math.abs(stampedAt - Date.now())).toBeLessThan(30 * 60_000);
    const sandboxCert = new crypto.X509Certificate(fs.readFileSync(path.join(ROOT, 'server/lib/cfdi/sandbox/sandbox-pac-SOLO-PRUEBAS.cer.pem')));
    expect(Buffer.from(sandboxCert.serialNumber, 'hex').toString('latin1')).toBe(tfd['@NoCertificadoSAT']);
    const tfdElement = /<tfd:TimbreFiscalDigital\b[^>]*\/>/.exec(stamped.xml)![0];
    const cadena = await satXslt('TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt', tfdElement);
    expect(cadena).toBe(`||1.1|${tfd['@UUID']}|${tfd['@FechaTimbrado']}|AAA010101AAA|${tfd['@Leyenda']}|${doc['@Sello']}|${tfd['@NoCertificadoSAT']}||`);
    expect(crypto.verify('sha256', Buffer.from(cadena, 'utf8'), sandboxCert.publicKey, Buffer.from(tfd['@SelloSAT'], 'base64'))).toBe(true);
  }, SLOW);

  it('totals to the cent: Importe = Cantidad × ValorUnitario, IVA = 16 % rounded, Total = SubTotal + traslados', () => {
    const concepto = doc.Conceptos.Concepto;
    expect(cents(concepto['@Importe'])).toBe(Math.round(Number(concepto['@Cantidad']) * cents(concepto['@ValorUnitario'])));
    const traslado = concepto.Impuestos.Traslados.Traslado;
    expect(cents(traslado['@Importe'])).toBe(Math.round(cents(traslado['@Base']) * 0.16));
    expect(cents(doc['@SubTotal'])).toBe(cents(concepto['@Importe']));
    expect(cents(doc.Impuestos['@TotalImpuestosTrasladados'])).toBe(cents(traslado['@Importe']));
    expect(cents(doc['@Total'])).toBe(cents(doc['@SubTotal']) + cents(doc.Impuestos['@TotalImpuestosTrasladados']));
    expect(doc['@Total']).toBe(INVOICE.total);
  });

  it('the document sealed is the document stamped: only the Complemento was added', () => {
    expect(stamped.xml.replace(/<cfdi:Complemento>[\s\S]*<\/cfdi:Complemento>/, '')).toBe(sealed);
  });

  it("the library's own verifySeal agrees, and catches a changed amount", async () => {
    expect((await verifySeal(stamped.xml)).valid).toBe(true);
    const tampered = await verifySeal(sealed.replace(`Total="${INVOICE.total}"`, 'Total="2864.19"'));
    expect(tampered.valid).toBe(false);
  }, SLOW);
});
