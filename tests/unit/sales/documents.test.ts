import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, toCompanyProfile } from '../../../server/lib/company';
import { formatCell, formatMoneyMx, formatQuantityMx, renderPdf } from '../../../server/lib/pdf';
import { buildCfdiXml, cfdiAmount } from '../../../server/modules/sales/cfdi';
import type { InvoiceLineRow, InvoiceRow } from '../../../server/modules/sales/data';
import { amountInWords, integerInWords } from '../../../server/modules/sales/documents';
import { canMove, folioLabel, INVOICE_LIFECYCLE, QUOTE_LIFECYCLE } from '../../../schema/sales/labels';

describe('importe con letra', () => {
  it.each([
    ['3530.84', 'TRES MIL QUINIENTOS TREINTA PESOS 84/100 M.N.'],
    ['1.00', 'UN PESO 00/100 M.N.'],
    ['21', 'VEINTIÚN PESOS 00/100 M.N.'],
    ['100', 'CIEN PESOS 00/100 M.N.'],
    ['101.5', 'CIENTO UN PESOS 50/100 M.N.'],
    ['1000000', 'UN MILLÓN DE PESOS 00/100 M.N.'],
    ['2345678.905', 'DOS MILLONES TRESCIENTOS CUARENTA Y CINCO MIL SEISCIENTOS SETENTA Y OCHO PESOS 91/100 M.N.'],
    ['0.99', 'CERO PESOS 99/100 M.N.'],
  ])('%s → %s', (value, words) => expect(amountInWords(value)).toBe(words));

  it('apocopates 21 000 and handles 1 000', () => {
    expect(integerInWords(21000)).toBe('VEINTIÚN MIL');
    expect(integerInWords(1000)).toBe('MIL');
  });
});

describe('CFDI amounts', () => {
  it('keeps 2 to 6 decimals', () => {
    expect(['3703.68', '592.5888', '370.368000', '10', '0.1234567'].map(cfdiAmount)).toEqual(['3703.68', '592.5888', '370.368', '10.00', '0.123457']);
  });
});

describe('lifecycles and folios', () => {
  it('offers only the legal moves', () => {
    expect(canMove(QUOTE_LIFECYCLE, 'borrador', 'aceptada')).toBe(false);
    expect(canMove(QUOTE_LIFECYCLE, 'enviada', 'aceptada')).toBe(true);
    expect(canMove(INVOICE_LIFECYCLE, 'pagada', 'cancelada')).toBe(false);
    expect(canMove(INVOICE_LIFECYCLE, 'borrador', 'cancelada')).toBe(true);
  });
  it('formats folios', () => {
    expect(folioLabel('quote', 12)).toBe('COT-00012');
    expect(folioLabel('payment', null)).toBe('');
  });
});

describe('shared PDF builder', () => {
  it('formats money, quantities and dates the Mexican way', () => {
    expect(formatMoneyMx('1234567.005')).toBe('$1,234,567.01');
    expect(formatMoneyMx('-5')).toBe('-$5.00');
    expect(formatQuantityMx('2.5000')).toBe('2.5');
    expect(formatCell('2026-03-09', 'date')).toBe('09/03/2026');
    expect(formatCell('16', 'percent')).toBe('16.00 %');
  });

  it('renders a multi-page document with a header, tables and totals', async () => {
    const company = toCompanyProfile({ ...DEFAULT_COMPANY, name: 'EMPRESA DE PRUEBA' });
    const rows = Array.from({ length: 120 }, (_, i) => ({ d: `Renglón ${i + 1} con acentos: ñ á é í ó ú`, t: String(i * 10.5) }));
    const pdf = await renderPdf({
      company,
      title: 'Reporte',
      blocks: [
        { kind: 'fields', fields: [{ label: 'Periodo', value: 'Enero' }] },
        { kind: 'table', columns: [{ header: 'Descripción', key: 'd', width: 4 }, { header: 'Importe', key: 't', format: 'money' }], rows, footer: { d: 'Total', t: '74970' } },
        { kind: 'totals', rows: [{ label: 'Total', value: '74970', bold: true }] },
      ],
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });
});

describe('CFDI XML builder', () => {
  const invoice = {
    id: 1, serie: 'A', folio: 7, label: 'A-7', client: { id: 1, name: 'X', rfc: 'X' }, clientId: 1, contractId: null, date: '2026-01-15', dueDate: '2026-02-14',
    formaPago: '03', metodoPago: 'PUE', usoCfdi: 'G03', status: 'emitida', ivaRate: '0.160000', ivaFactor: 'Tasa', isrRetentionRate: '0', ivaRetentionRate: '0',
    subtotal: '100.00', discount: '0.00', iva: '16.00', isrRetained: '0.00', ivaRetained: '0.00', total: '116.00', balance: '116.00', notes: '',
    emisorRfc: 'EKU9003173C9', emisorName: 'ESCUELA KEMPER URGATE', emisorRegimen: '601', lugarExpedicion: '42501',
    receptorRfc: 'URE180429TM6', receptorName: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', receptorRegimen: '601', receptorPostalCode: '86991',
    emittedAt: new Date('2026-01-15T18:30:00Z'), cancelReason: null, cancelledAt: null, createdAt: new Date(), version: 2,
    stampStatus: null, cfdiUuid: null, stampedAt: null, stampSandbox: null, satCancelStatus: null, satCancelMotivo: null, satCancelSubstitute: null, kind: 'normal', globalPeriodicidad: null, globalMeses: null, globalAnio: null, currency: 'MXN', exchangeRate: '1.000000',
  } satisfies InvoiceRow;
  const line: InvoiceLineRow = {
    id: 1, invoiceId: 1, lineNo: 1, generatorId: null, conceptId: null, description: 'Servicio & <reparación>', prodServKey: '72102900', unitKey: 'E48', unitName: 'Servicio',
    quantity: '1', unitPrice: '100', discountPercent: '0', objetoImp: '02', amount: '100', discount: '0', base: '100', iva: '16', isrRetained: '0', ivaRetained: '0',
  };

  it('escapes text, uses Mexico City local time and omits retentions when there are none', async () => {
    const xml = await buildCfdiXml(invoice, [line], {
      emisor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regimen: '601', postalCode: '42501' },
      receptor: { rfc: 'URE180429TM6', name: 'UNIVERSIDAD ROBOTICA ESPAÑOLA', regimen: '601', postalCode: '86991' },
    });
    expect(xml).toContain('Descripcion="Servicio &amp; &lt;reparación&gt;"');
    const c = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml)['cfdi:Comprobante'];
    expect(c.Fecha).toBe('2026-01-15T12:30:00');
    expect(c['cfdi:Impuestos']).toEqual({ TotalImpuestosTrasladados: '16.00', 'cfdi:Traslados': { 'cfdi:Traslado': { Base: '100.00', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: '16.00' } } });
    expect(c.Total).toBe('116.00');
  });
});
