// The printed form of a stamped CFDI (invoices, payroll receipts): the timbre fiscal digital's
// data, both seals, the TFD cadena and SAT's verification address, and the legend — one copy
// for every document that prints a CFDI (MX_FISCAL «CFDI sealing, timbre, printed form»).
import { tfdCadena, verificationUrl, type TimbreData } from './cfdi/xml';
import type { PdfBlock } from './pdf';

export const SANDBOX_LEGEND = 'SIN VALIDEZ FISCAL: timbrado por el PAC de pruebas integrado, no por un proveedor autorizado por el SAT.';

/** The blocks under a stamped CFDI's body; `legend` closes them (the sandbox one, or "representación impresa…"). */
export function timbrePdfBlocks(timbre: TimbreData, legend: string): PdfBlock[] {
  return [
    {
      kind: 'fields',
      title: 'Timbre fiscal digital',
      columns: 2,
      fields: [
        { label: 'Folio fiscal (UUID)', value: timbre.uuid },
        { label: 'Fecha y hora de certificación', value: timbre.fechaTimbrado },
        { label: 'No. de certificado del emisor', value: timbre.noCertificado },
        { label: 'No. de certificado del SAT', value: timbre.noCertificadoSAT },
        { label: 'RFC del proveedor de certificación', value: timbre.rfcProvCertif },
      ],
    },
    { kind: 'text', size: 6.5, title: 'Sello digital del CFDI', text: timbre.selloCFD },
    { kind: 'text', size: 6.5, title: 'Sello digital del SAT', text: timbre.selloSAT },
    { kind: 'text', size: 6.5, title: 'Cadena original del complemento de certificación digital del SAT', text: tfdCadena(timbre) },
    { kind: 'qr', data: verificationUrl(timbre), caption: `Verifica este CFDI en el portal del SAT: ${verificationUrl(timbre)}` },
    { kind: 'text', size: 7.5, text: legend },
  ];
}
