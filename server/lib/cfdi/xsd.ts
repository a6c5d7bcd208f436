// XSD validation of every CFDI before it leaves: libxml2's xmllint compiled to WebAssembly
// (xmllint-wasm, MIT: no native build, no network; each call runs in a worker thread, so a
// crash in the WASM module cannot take the server down). The schemas are SAT's vendored files,
// unmodified: CFDI 4.0 (cfdv40.xsd), TimbreFiscalDigital 1.1, Pagos 2.0 and Nómina 1.2 with the
// catalogues and data types they import, loaded into xmllint's in-memory file system with
// SAT's relative layout so their xs:import schemaLocations resolve. catCFDI.xsd is the lax
// stand-in of standin/ unless SAT's own file is dropped in (paths.ts).
import fs from 'node:fs';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
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

/** One entry schema that imports the four document schemas (libxml2 takes one --schema). */
const ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="4/cfdv40.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="Pagos/Pagos20.xsd"/>
  <xs:import namespace="http://www.sat.gob.mx/nomina12" schemaLocation="nomina/nomina12.xsd"/>
</xs:schema>
`;

let preload: XMLFileInfo[] | undefined;
function schemaFiles(): XMLFileInfo[] {
  preload ??= [
    ...SCHEMA_FILES.map((f) => ({ fileName: `cfd/${f}`, contents: fs.readFileSync(satFile(f)) })),
    { fileName: 'cfd/catalogos/catCFDI.xsd', contents: fs.readFileSync(catCfdiPath()) },
  ];
  return preload;
}

export type XsdResult = { valid: boolean; errors: string[] };

/**
 * Validates one CFDI 4.0 document (with TFD, Pagos 2.0 or Nómina 1.2 complements) against SAT's
 * schemas. The errors are libxml2's lines without the file name, e.g.
 * "Element '{http://www.sat.gob.mx/cfd/4}Comprobante', attribute 'Total': '1x' is not a valid value …".
 */
export async function validateCfdiXsd(xml: string): Promise<XsdResult> {
  const result = await validateXML({
    xml: [{ fileName: 'cfdi.xml', contents: xml }],
    schema: [{ fileName: 'cfd/erp-entry.xsd', contents: ENTRY }],
    preload: schemaFiles(),
    // SAT's own catCFDI.xsd (4 MiB of enumerations) does not fit the default 32 MiB.
    maxMemoryPages: 512 * memoryPages.MiB,
  });
  // xmllint's warnings (e.g. "Skipping import of schema … already imported") are not errors.
  const errors = result.errors.map((e) => e.message.trim()).filter((m) => m && !/^warning\b/i.test(m) && !/validates$/.test(m));
  return { valid: result.valid, errors: result.valid ? [] : errors.length ? errors : [result.rawOutput.trim()] };
}
