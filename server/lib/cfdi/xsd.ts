// XSD validation of every CFDI before it leaves, with libxml2 compiled to WebAssembly
// (libxml2-wasm, MIT: no native build, no network). SAT's schemas are parsed ONCE into a warm
// XsdValidator (~15 ms) and each document then validates in ~1 ms; xmllint-wasm, used before,
// started a worker and re-parsed the schemas on every call (0.5–1 s), which the bench of issue
// 26 (≥ 50 sealed + stamped invoices/s) cannot afford. The tests check the same documents with
// xmllint-wasm, an independent binding (tests/unit/cfdi/fixtures.ts).
//
// The schemas are SAT's vendored files, unmodified: CFDI 4.0 (cfdv40.xsd), TimbreFiscalDigital
// 1.1, Pagos 2.0 and Nómina 1.2 with the catalogues and data types they import, served from
// memory under SAT's relative layout so their xs:import schemaLocations resolve. catCFDI.xsd is
// the lax stand-in of standin/ unless SAT's own file is dropped in (paths.ts).
import fs from 'node:fs';
import { XmlBufferInputProvider, XmlDocument, XmlError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { catCfdiPath, satFile } from './paths';

/** SAT schema files by their path under sitio_internet/cfd/. */
const SCHEMA_FILES = [
  '4/cfdv40.xsd',
  'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
  'Pagos/Pagos20.xsd',
  'nomina/nomina12.xsd',
  'tipoDatos/tdCFDI/tdCFDI.xsd',
  'catalogos/Pagos/catPagos.xsd',
  'catalogos/Nomina/catNomina.xsd',
] as const;

/** The in-memory folder libxml2 resolves the schemas' relative imports in. */
const BASE = 'erp-sat:///cfd/';

/** One entry schema that imports the four document schemas. */
const ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos/Pagos20.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/nomina12" schemaLocation="nomina/nomina12.xsd"/>
</xs:schema>
`;

let validator: XsdValidator | undefined;
function warmValidator(): XsdValidator {
  if (!validator) {
    const files: Record<string, Uint8Array> = {};
    for (const f of SCHEMA_FILES) files[`${BASE}${f}`] = fs.readFileSync(satFile(f));
    files[`${BASE}catalogos/catCFDI.xsd`] = fs.readFileSync(catCfdiPath());
    xmlRegisterInputProvider(new XmlBufferInputProvider(files));
    const schema = XmlDocument.fromString(ENTRY, { url: `${BASE}erp-entry.xsd` });
    try {
      validator = XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
  }
  return validator;
}

export type XsdResult = { valid: boolean; errors: string[] };

/**
 * Validates one CFDI 4.0 document (with TFD, Pagos 2.0 or Nómina 1.2 complements) against SAT's
 * schemas. The errors are libxml2's lines, e.g.
 * "Element '{http://www.sat.gob.mx/cfd/4}Comprobante', attribute 'Total': '1x' is not a valid value …".
 * Synchronous inside (libxml2 runs on this thread for about a millisecond); async for callers.
 */
export async function validateCfdiXsd(xml: string): Promise<XsdResult> {
  const schema = warmValidator();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (err) {
    if (err instanceof XmlError) return { valid: false, errors: [err.message.trim()] };
    throw err;
  }
  try {
    schema.validate(doc);
    return { valid: true, errors: [] };
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
    const details = (err as XmlError & { details?: { message: string }[] }).details;
    const errors = (details?.length ? details.map((d) => d.message) : err.message.split('\n')).map((m) => m.trim()).filter(Boolean);
    return { valid: false, errors };
  } finally {
    doc.dispose();
  }
}
