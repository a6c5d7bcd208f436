// The printed form of a payment complement is read from its XML: receptor, Pago, related invoices
// with parcialidad and balances, the timbre (UUID, certificates, TFD cadena, QR) and, from the
// sandbox, SIN VALIDEZ FISCAL.
import { describe, expect, it } from 'vitest';
import { paymentPdfSpec } from '../../../server/modules/sales/documents';
import { DEFAULT_COMPANY, toCompanyProfile } from '../../../server/lib/company';
import { renderPdf } from '../../../server/lib/pdf';
import { timbreOf } from '../../../server/lib/cfdi/xml';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:pago20="http://www.sat.gob.mx/Pagos20" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="CP" Folio="7" Fecha="2026-11-20T10:00:00" NoCertificado="30001000000500003416" SubTotal="0" Moneda="XXX" Total="0" TipoDeComprobante="P" Exportacion="01" LugarExpedicion="42501" Sello="abcdefghSELLO1234==">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="URE180429TM6" Nombre="UNIVERSIDAD ROBOTICA ESPAÑOLA" DomicilioFiscalReceptor="86991" RegimenFiscalReceptor="601" UsoCFDI="CP01"/>
  <cfdi:Complemento>
    <pago20:Pagos Version="2.0">
      <pago20:Totales MontoTotalPagos="1000.00"/>
      <pago20:Pago FechaPago="2026-11-20T12:00:00" FormaDePagoP="03" MonedaP="MXN" TipoCambioP="1" Monto="1000.00">
        <pago20:DoctoRelacionado IdDocumento="11111111-2222-4333-8444-555555555555" Serie="A" Folio="12" MonedaDR="MXN" EquivalenciaDR="1" NumParcialidad="1" ImpSaldoAnt="2864.18" ImpPagado="1000.00" ImpSaldoInsoluto="1864.18" ObjetoImpDR="02"/>
      </pago20:Pago>
    </pago20:Pagos>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF" FechaTimbrado="2026-11-20T10:00:05" RfcProvCertif="SPR190613I52" SelloCFD="abcdefghSELLO1234==" NoCertificadoSAT="30001000000500003456" SelloSAT="SATSELLO=="/>
  </cfdi:Complemento>
</cfdi:Comprobante>`;

describe('paymentPdfSpec', () => {
  const company = toCompanyProfile(DEFAULT_COMPANY);
  const timbre = timbreOf(XML);

  it('prints the complement as its XML says it, with the timbre and the sandbox legend', async () => {
    const spec = paymentPdfSpec(company, XML, timbre, true, false);
    expect(spec).toMatchObject({ title: 'Complemento de pago', subtitle: 'CP-7', watermark: 'SIN VALIDEZ FISCAL' });
    expect(spec.headerNotes).toContain('CFDI 4.0 · UUID 5FB2822E-396D-4725-8521-CDC4BDD20CCF');
    const table = spec.blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' ? table.rows : null).toEqual([
      { label: 'A-12', uuid: '11111111-2222-4333-8444-555555555555', installment: '1', previous: '2864.18', paid: '1000.00', remaining: '1864.18' },
    ]);
    const texts = spec.blocks.flatMap((b) => (b.kind === 'text' ? [b.text] : []));
    expect(texts).toContain('Importe con letra: MIL PESOS 00/100 M.N.');
    expect(texts).toContain('||1.1|5FB2822E-396D-4725-8521-CDC4BDD20CCF|2026-11-20T10:00:05|SPR190613I52|abcdefghSELLO1234==|30001000000500003456||');
    expect(texts.some((t) => t.startsWith('SIN VALIDEZ FISCAL'))).toBe(true);
    const qr = spec.blocks.find((b) => b.kind === 'qr');
    expect(qr && qr.kind === 'qr' ? qr.data : '').toBe('https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF&re=EKU9003173C9&rr=URE180429TM6&tt=0.000000&fe=LO1234==');
    const fields = spec.blocks.flatMap((b) => (b.kind === 'fields' ? b.fields : []));
    expect(fields).toEqual(expect.arrayContaining([{ label: 'No. de certificado del emisor', value: '30001000000500003416' }, { label: 'No. de certificado del SAT', value: '30001000000500003456' }, { label: 'Monto', value: '1000.00', format: 'money' }]));
    expect((await renderPdf(spec)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a sealed complement the PAC has not stamped says it has no folio fiscal', () => {
    const spec = paymentPdfSpec(company, XML, null, false, false);
    expect(spec.watermark).toBe('SIN TIMBRAR');
    expect(spec.blocks.some((b) => b.kind === 'qr')).toBe(false);
    expect(spec.blocks.at(-1)).toMatchObject({ kind: 'text', text: expect.stringContaining('NO ha sido timbrado') });
  });
});
