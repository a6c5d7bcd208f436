// The same pipeline for a payment complement (Pagos 2.0, tipo P) and a payroll receipt
// (Nómina 1.2, tipo N): SAT's XSDs pass (checked by the test with xmllint-wasm), the cadena the
// library signs is what SAT's XSLT gives when run by the xslt3 command line (it includes the
// complement's own segment), the Sello verifies, and the sandbox stamps it.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cadenaOriginal, createPac, loadCsd, MemoryPacStore, sealCfdi, validateCfdiXsd, type Csd } from '../../../server/lib/cfdi';
import { mexicoTime, satXslt, testCsd, xsdCheck } from './fixtures';

const SLOW = 600_000;
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

const pagoXml = (fecha: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20" ${XSI} xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd" Version="4.0" Serie="P" Folio="7" Fecha="${fecha}" SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P" Exportacion="01" LugarExpedicion="42501">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991" RegimenFiscalReceptor="601" UsoCFDI="CP01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="84111506" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago" ValorUnitario="0" Importe="0" ObjetoImp="01"/>
  </cfdi:Conceptos>
  <cfdi:Complemento>
    <pago20:Pagos Version="2.0">
      <pago20:Totales TotalTrasladosBaseIVA16="1000.00" TotalTrasladosImpuestoIVA16="160.00" MontoTotalPagos="1160.00"/>
      <pago20:Pago FechaPago="2026-11-20T12:00:00" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="1160.00">
        <pago20:DoctoRelacionado IdDocumento="5FB2822E-396D-4725-8521-CDC4BDD20CCF" Serie="A" Folio="101" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="1" ImpSaldoAnt="2320.00" ImpPagado="1160.00" ImpSaldoInsoluto="1160.00" ObjetoImpDR="02">
          <pago20:ImpuestosDR><pago20:TrasladosDR><pago20:TrasladoDR BaseDR="1000.00" ImpuestoDR="002" TipoFactorDR="Tasa" TasaOCuotaDR="0.160000" ImporteDR="160.00"/></pago20:TrasladosDR></pago20:ImpuestosDR>
        </pago20:DoctoRelacionado>
        <pago20:ImpuestosP><pago20:TrasladosP><pago20:TrasladoP BaseP="1000.00" ImpuestoP="002" TipoFactorP="Tasa" TasaOCuotaP="0.160000" ImporteP="160.00"/></pago20:TrasladosP></pago20:ImpuestosP>
      </pago20:Pago>
    </pago20:Pagos>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;

// 15 days of 500.00 = 7500.00 gravado; ISR 600.00; Total = 7500.00 − 600.00 = 6900.00.
const nominaXml = (fecha: string) => `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:nomina12="http://www.sat.gob.mx/nomina12" ${XSI} xsi:schemaLocation="http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd http://www.sat.gob.mx/nomina12 http://www.sat.gob.mx/sitio_internet/cfd/nomina/nomina12.xsd" Version="4.0" Serie="N" Folio="15" Fecha="${fecha}" SubTotal="7500.00" Descuento="600.00" Moneda="MXN" Total="6900.00" TipoDeComprobante="N" Exportacion="01" MetodoPago="PUE" LugarExpedicion="42501">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="XOJI740919U48" Nombre="INGRID XODAR JIMENEZ" DomicilioFiscalReceptor="76028" RegimenFiscalReceptor="605" UsoCFDI="CN01"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="84111505" Cantidad="1" ClaveUnidad="ACT" Descripcion="Pago de nómina" ValorUnitario="7500.00" Importe="7500.00" Descuento="600.00" ObjetoImp="01"/>
  </cfdi:Conceptos>
  <cfdi:Complemento>
    <nomina12:Nomina Version="1.2" TipoNomina="O" FechaPago="2026-11-15" FechaInicialPago="2026-11-01" FechaFinalPago="2026-11-15" NumDiasPagados="15" TotalPercepciones="7500.00" TotalDeducciones="600.00">
      <nomina12:Emisor RegistroPatronal="B5510768108"/>
      <nomina12:Receptor Curp="XOJI740919MQTDMN02" NumSeguridadSocial="04078873454" FechaInicioRelLaboral="2020-01-06" Antigüedad="P358W" TipoContrato="01" TipoJornada="01" TipoRegimen="02" NumEmpleado="001" Departamento="Operaciones" Puesto="Guardia" RiesgoPuesto="1" PeriodicidadPago="04" SalarioBaseCotApor="520.00" SalarioDiarioIntegrado="520.00" ClaveEntFed="QUE"/>
      <nomina12:Percepciones TotalSueldos="7500.00" TotalGravado="7500.00" TotalExento="0.00">
        <nomina12:Percepcion TipoPercepcion="001" Clave="001" Concepto="Sueldo" ImporteGravado="7500.00" ImporteExento="0.00"/>
      </nomina12:Percepciones>
      <nomina12:Deducciones TotalImpuestosRetenidos="600.00">
        <nomina12:Deduccion TipoDeduccion="002" Clave="002" Concepto="ISR" Importe="600.00"/>
      </nomina12:Deducciones>
    </nomina12:Nomina>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;


let csd: Csd;
beforeAll(() => {
  csd = loadCsd(testCsd());
});

describe.each([
  { kind: 'Pagos 2.0 (tipo P)', build: pagoXml, segment: '|2.0|1000.00|160.00|1160.00|2026-11-20T12:00:00|03|MXN|1|1160.00|5FB2822E-396D-4725-8521-CDC4BDD20CCF|A|101|MXN|1|1|2320.00|1160.00|1160.00|02|' },
  { kind: 'Nómina 1.2 (tipo N)', build: nominaXml, segment: '|1.2|O|2026-11-15|2026-11-01|2026-11-15|15|7500.00|600.00|B5510768108|XOJI740919MQTDMN02|04078873454|2020-01-06|P358W|01|01|02|001|' },
])('$kind through the same pipeline', ({ build, segment }) => {
  let sealed: string;
  beforeAll(async () => {
    sealed = await sealCfdi(build(mexicoTime(new Date(Date.now() - 60_000))), csd);
  }, SLOW);

  it('passes SAT XSDs (the library and the test’s own xmllint run)', async () => {
    expect((await validateCfdiXsd(sealed)).errors).toEqual([]);
    const own = await xsdCheck(sealed);
    expect(own.errors).toEqual([]);
    expect(own.valid).toBe(true);
  }, SLOW);

  it("signs SAT's cadena, complement included, and the sandbox stamps it", async () => {
    const cadena = await satXslt('4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt', sealed);
    expect(cadena).toContain(segment);
    expect(await cadenaOriginal(sealed)).toBe(cadena);
    const sello = /\sSello="([^"]*)"/.exec(sealed)![1];
    expect(crypto.verify('sha256', Buffer.from(cadena), new crypto.X509Certificate(testCsd().cer).publicKey, Buffer.from(sello, 'base64'))).toBe(true);
    const stamped = await (await createPac({ store: new MemoryPacStore(), env: {} })).stamp(sealed, 'k');
    expect(stamped.selloCFD).toBe(sello);
    const r = await xsdCheck(stamped.xml);
    expect(r.errors).toEqual([]);
    // The TFD went into the existing Complemento, after the document's own complement.
    expect(stamped.xml).toMatch(/<\/(pago20:Pagos|nomina12:Nomina)>\s*<tfd:TimbreFiscalDigital [^>]*\/>\s*<\/cfdi:Complemento>/);
  }, SLOW);
});
