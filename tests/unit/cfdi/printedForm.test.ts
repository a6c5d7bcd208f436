// The printed form of a stamped CFDI: SAT's verification address (its QR) written by hand here,
// and a PDF with the QR block renders.
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../server/lib/pdf';
import { verificationUrl, type TimbreData } from '../../../server/lib/cfdi/xml';
import { DEFAULT_COMPANY, toCompanyProfile } from '../../../server/lib/company';

const timbre: TimbreData = {
  uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
  fechaTimbrado: '2026-11-27T10:00:00',
  rfcProvCertif: 'AAA010101AAA',
  leyenda: '',
  selloCFD: 'abcdefghijklmnopqrstuvwxyz0123456789+/ABCD1234==',
  noCertificadoSAT: '00001000000500003456',
  selloSAT: 'x',
  noCertificado: '30001000000500003416',
  total: '2864.18',
  emisorRfc: 'EKU9003173C9',
  receptorRfc: 'URE180429TM6',
};

describe('printed form of a CFDI', () => {
  it('the QR carries id, re, rr, tt with 6 decimals and fe = the last 8 characters of the Sello', () => {
    expect(verificationUrl(timbre)).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=5FB2822E-396D-4725-8521-CDC4BDD20CCF&re=EKU9003173C9&rr=URE180429TM6&tt=2864.180000&fe=CD1234==',
    );
    expect(verificationUrl({ ...timbre, total: '100' })).toContain('&tt=100.000000&');
  });

  it('a PDF with the QR block renders', async () => {
    const company = toCompanyProfile(DEFAULT_COMPANY);
    const without = await renderPdf({ company, title: 'Factura', blocks: [{ kind: 'text', text: 'x' }] });
    const withQr = await renderPdf({ company, title: 'Factura', blocks: [{ kind: 'text', text: 'x' }, { kind: 'qr', data: verificationUrl(timbre), caption: 'Verifica' }] });
    expect(withQr.subarray(0, 5).toString()).toBe('%PDF-');
    // Several hundred filled modules add to the page's content.
    expect(withQr.length).toBeGreaterThan(without.length + 500);
  });
});
