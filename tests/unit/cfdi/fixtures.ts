// Shared test material: SAT's public test CSD and a CFDI 4.0 ingreso written by hand, with its
// totals and its expected cadena original worked out by hand (not by the library).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const CSD_DIR = path.join(ROOT, 'server/lib/cfdi/demo-csd');
const FAKE_DIR = path.join(ROOT, 'tests/fixtures/csd');
export const SAT_DIR = path.join(ROOT, 'server/lib/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd');

export const testCsd = () => ({
  cer: fs.readFileSync(path.join(CSD_DIR, 'EKU9003173C9.cer')),
  key: fs.readFileSync(path.join(CSD_DIR, 'EKU9003173C9.key')),
  password: fs.readFileSync(path.join(CSD_DIR, 'EKU9003173C9.password.txt'), 'utf8').trim(),
});
export const fakeFiel = () => ({
  cer: fs.readFileSync(path.join(FAKE_DIR, 'FAKE-FIEL-EKU9003173C9.cer')),
  key: fs.readFileSync(path.join(FAKE_DIR, 'FAKE-FIEL-EKU9003173C9.key')),
  password: '12345678a',
});

/** Mexico City wall time (UTC−6, no DST since 2022), computed here without the library. */
export const mexicoTime = (at: Date): string => new Date(at.getTime() - 6 * 3600_000).toISOString().slice(0, 19);

// Hand-computed: 2 × 1234.56 = 2469.12; IVA 16 % = 395.0592 → 395.06; Total = 2469.12 + 395.06 = 2864.18.
export const INVOICE = {
  cantidad: '2',
  valorUnitario: '1234.56',
  importe: '2469.12',
  iva: '395.06',
  subTotal: '2469.12',
  total: '2864.18',
};

export type InvoiceOverrides = { fecha?: string; folio?: string; emisorRfc?: string; total?: string; extraRoot?: string };

export function invoiceXml(o: InvoiceOverrides = {}): string {
  const fecha = o.fecha ?? mexicoTime(new Date(Date.now() - 60_000));
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd" Version="4.0" Serie="A" Folio="${o.folio ?? '101'}" Fecha="${fecha}" FormaPago="03" SubTotal="${INVOICE.subTotal}" Moneda="MXN" Total="${o.total ?? INVOICE.total}" TipoDeComprobante="I" Exportacion="01" MetodoPago="PUE" LugarExpedicion="42501"${o.extraRoot ?? ''}>
  <cfdi:Emisor Rfc="${o.emisorRfc ?? 'EKU9003173C9'}" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991" RegimenFiscalReceptor="601" UsoCFDI="G03"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="80111600" NoIdentificacion="SRV-01" Cantidad="${INVOICE.cantidad}" ClaveUnidad="E48" Unidad="Servicio" Descripcion="Servicio de   vigilancia, enero" ValorUnitario="${INVOICE.valorUnitario}" Importe="${INVOICE.importe}" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados>
          <cfdi:Traslado Base="${INVOICE.importe}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${INVOICE.iva}"/>
        </cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${INVOICE.iva}">
    <cfdi:Traslados>
      <cfdi:Traslado Base="${INVOICE.importe}" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="${INVOICE.iva}"/>
    </cfdi:Traslados>
  </cfdi:Impuestos>
</cfdi:Comprobante>
`;
}

/** The cadena original Anexo 20 prescribes for invoiceXml(), written by hand (whitespace collapsed in Descripcion). */
export const expectedCadena = (fecha: string): string =>
  `||4.0|A|101|${fecha}|03|30001000000500003416|2469.12|MXN|2864.18|I|01|PUE|42501` +
  `|EKU9003173C9|ESCUELA KEMPER URGATE|601` +
  `|URE180429TM6|UNIVERSIDAD ROBOTICA ESPAÑOLA|86991|601|G03` +
  `|80111600|SRV-01|2|E48|Servicio|Servicio de vigilancia, enero|1234.56|2469.12|02|2469.12|002|Tasa|0.160000|395.06` +
  `|2469.12|002|Tasa|0.160000|395.06|395.06||`;

const run = promisify(execFile);
const require = createRequire(import.meta.url);
type SaxonJs = { transform(options: Record<string, unknown>, mode: 'sync'): { principalResult: string } };
const saxon = require('saxon-js') as SaxonJs;

// The test compiles SAT's stylesheet itself (the xslt3 command line, -export) and runs that compiled
// form with Saxon-JS in this process: nothing of the library's code or SEF cache is used. Compiling
// the CFDI 4.0 cadena takes about 7 s of CPU, so the compiled file is kept in a folder of the
// machine's temp dir named by a hash of the stylesheets and of xslt3's version, shared by every
// test file of a run (and the next run on the same machine); it is written under a temporary name
// and renamed, so a file reading it never sees half of it. Spawning the command line for every
// document cost about a second each.
const compiled = new Map<string, Promise<unknown>>();
function stylesheetHash(relativeXslt: string): string {
  // The cadena stylesheets include their complements' ones: hash the whole SAT folder's .xslt files.
  const hash = crypto.createHash('sha256');
  hash.update(require('xslt3/package.json').version as string);
  hash.update(relativeXslt);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.xslt')) hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(SAT_DIR);
  return hash.digest('hex').slice(0, 16);
}
function ownSef(relativeXslt: string): Promise<unknown> {
  let entry = compiled.get(relativeXslt);
  if (!entry) {
    const dir = path.join(os.tmpdir(), 'erp-test-sat-sef');
    fs.mkdirSync(dir, { recursive: true });
    const target = path.join(dir, `${stylesheetHash(relativeXslt)}.sef.json`);
    const ready = fs.existsSync(target)
      ? Promise.resolve()
      : (async () => {
          const partial = `${target}.${process.pid}.${Date.now()}.tmp`;
          await run(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${path.join(SAT_DIR, relativeXslt)}`, `-export:${partial}`, '-nogo']);
          fs.renameSync(partial, target);
        })();
    entry = ready.then(() => JSON.parse(fs.readFileSync(target, 'utf8')) as unknown);
    compiled.set(relativeXslt, entry);
  }
  return entry;
}

/** Runs one of SAT's stylesheets on a document with Saxon-JS, compiled by the test itself (not by the library). */
export async function satXslt(relativeXslt: string, xml: string): Promise<string> {
  const stylesheetInternal = await ownSef(relativeXslt);
  return saxon.transform({ stylesheetInternal, sourceText: xml, destination: 'serialized' }, 'sync').principalResult;
}

/**
 * The tests' own XSD check, apart from the library's: xmllint-wasm on SAT's CFDI 4.0, TFD 1.1,
 * Pagos 2.0 and Nómina 1.2 schemas (with the stand-in catCFDI.xsd).
 */
export async function xsdCheck(xml: string) {
  const files = ['4/cfdv40.xsd', 'Pagos/Pagos20.xsd', 'nomina/nomina12.xsd', 'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd', 'tipoDatos/tdCFDI/tdCFDI.xsd', 'catalogos/Pagos/catPagos.xsd', 'catalogos/Nomina/catNomina.xsd'];
  return validateXML({
    xml: [{ fileName: 'doc.xml', contents: xml }],
    schema: [{
      fileName: 'cfd/entry.xsd',
      contents: `<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
        <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
        <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos/Pagos20.xsd"/>
        <xs:import namespace="http://www.sat.gob.mx/nomina12" schemaLocation="nomina/nomina12.xsd"/>
        <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/></xs:schema>`,
    }],
    preload: [
      ...files.map((f) => ({ fileName: `cfd/${f}`, contents: fs.readFileSync(path.join(SAT_DIR, f)) })),
      { fileName: 'cfd/catalogos/catCFDI.xsd', contents: fs.readFileSync(path.join(ROOT, 'server/lib/cfdi/standin/catCFDI.xsd')) },
    ],
  });
}

/**
 * A stamped CFDI checked apart from the library: SAT's XSDs (xmllint-wasm), the Sello verified
 * over SAT's cadena (xslt3 command line) with the certificate the file carries, the TFD's
 * SelloCFD = Sello, and its SelloSAT verified with the sandbox PAC's certificate over the TFD's
 * own cadena.
 */
export async function checkStampedCfdi(xml: string, cadenaXslt = '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt') {
  const xsd = await xsdCheck(xml);
  const attr = (tag: string, name: string): string => new RegExp(`<${tag}\\b[^>]*?\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? '';
  const sello = attr('cfdi:Comprobante', 'Sello');
  const cert = new crypto.X509Certificate(Buffer.from(attr('cfdi:Comprobante', 'Certificado'), 'base64'));
  const cadena = await satXslt(cadenaXslt, xml);
  const tfdElement = /<tfd:TimbreFiscalDigital\b[^>]*\/>/.exec(xml)?.[0] ?? '';
  const tfdCadena = tfdElement ? await satXslt('TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt', tfdElement) : '';
  const sandboxCert = new crypto.X509Certificate(fs.readFileSync(path.join(ROOT, 'server/lib/cfdi/sandbox/sandbox-pac-SOLO-PRUEBAS.cer.pem')));
  return {
    xsdValid: xsd.valid,
    xsdErrors: xsd.valid ? [] : xsd.errors.map((e) => e.message),
    selloValid: crypto.verify('sha256', Buffer.from(cadena, 'utf8'), cert.publicKey, Buffer.from(sello, 'base64')),
    selloCfdMatches: tfdElement !== '' && attr('tfd:TimbreFiscalDigital', 'SelloCFD') === sello,
    selloSatValid: tfdElement !== '' && crypto.verify('sha256', Buffer.from(tfdCadena, 'utf8'), sandboxCert.publicKey, Buffer.from(attr('tfd:TimbreFiscalDigital', 'SelloSAT'), 'base64')),
    uuid: attr('tfd:TimbreFiscalDigital', 'UUID'),
    certificateRfc: cert.subject,
    /** The cadena original SAT's XSLT gives (what the Sello signs). */
    cadena,
  };
}
