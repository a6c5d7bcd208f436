import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { StorageError, validateUpload } from '../../../server/storage';
import {
  buildZip,
  sampleCsv,
  sampleDocx,
  sampleExe,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleWebp,
  sampleXlsx,
  sampleXml,
} from './samples';

const refusal = (run: () => unknown): StorageError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    return error as StorageError;
  }
  throw new Error('se esperaba un rechazo');
};

describe('validateUpload: content sniffing', () => {
  it.each([
    ['pdf', samplePdf(), 'application/pdf'],
    ['png', samplePng(), 'image/png'],
    ['jpg', sampleJpeg(), 'image/jpeg'],
    ['webp', sampleWebp(), 'image/webp'],
    ['xlsx', sampleXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['xml', sampleXml(), 'application/xml'],
    ['csv', sampleCsv(), 'text/csv; charset=utf-8'],
  ] as const)('recognises %s from its bytes', (type, bytes, contentType) => {
    const info = validateUpload(bytes, 'documento');
    expect(info).toMatchObject({ type, extension: type, contentType, size: bytes.length });
  });

  it('ignores the declared extension and names the file after the detected type', () => {
    expect(validateUpload(samplePng(), 'C:\\fotos\\licencia.pdf')).toMatchObject({
      type: 'png',
      fileName: 'licencia.png',
    });
    expect(validateUpload(samplePdf(), '../../etc/Póliza seguro 2024.PDF').fileName).toBe('Póliza seguro 2024.pdf');
    expect(validateUpload(samplePdf(), '').fileName).toBe('archivo.pdf');
  });

  it('refuses an executable renamed .pdf', () => {
    const error = refusal(() => validateUpload(sampleExe(), 'factura.pdf'));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('Tipo de archivo no permitido. Sube un PDF, PNG, JPG, WEBP, XLSX, CSV, XML o un .cer/.key del SAT.');
  });

  it('accepts a workbook written by exceljs', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Existencias').addRow(['SKU', 'Cantidad']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(validateUpload(bytes, 'existencias.xlsx').type).toBe('xlsx');
  });

  it('refuses ZIP files that are not Excel workbooks, macro workbooks and broken archives', () => {
    expect(refusal(() => validateUpload(sampleDocx(), 'contrato.xlsx')).message).toBe(
      'El archivo comprimido no es un libro de Excel (.xlsx).',
    );
    expect(refusal(() => validateUpload(buildZip({ 'fotos/a.jpg': 'x' }), 'a.zip')).code).toBe('invalid-argument');
    const macros = buildZip({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml': '<workbook/>',
      'xl/vbaProject.bin': 'VBA',
    });
    expect(refusal(() => validateUpload(macros, 'nomina.xlsx')).message).toMatch(/macros/);
    const truncated = sampleXlsx().subarray(0, 60);
    expect(refusal(() => validateUpload(truncated, 'libro.xlsx')).message).toBe(
      'El libro de Excel está dañado o incompleto.',
    );
  });

  it('treats text as CSV only when it is UTF-8 without NUL bytes', () => {
    expect(validateUpload(Buffer.from('\uFEFFa;b\n1;2\n', 'utf8'), 'datos.txt').type).toBe('csv');
    const latin1 = Buffer.from('descripción,importe\n', 'latin1');
    expect(refusal(() => validateUpload(latin1, 'datos.csv')).message).toMatch(/UTF-8/);
    const withNul = Buffer.from('a,b\n1,\u0000\n', 'utf8');
    expect(refusal(() => validateUpload(withNul, 'datos.csv')).code).toBe('invalid-argument');
  });

  it('refuses SVG and XHTML behind an XML prolog, scripts and malformed XML', () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(refusal(() => validateUpload(svg, 'factura.xml')).message).toMatch(/SVG o una página HTML/);
    const xhtml = Buffer.from('<?xml version="1.0"?><datos><x:p xmlns:x="http://www.w3.org/1999/xhtml">hola</x:p></datos>');
    expect(refusal(() => validateUpload(xhtml, 'datos.xml')).message).toMatch(/SVG o una página HTML/);
    const script = Buffer.from('<?xml version="1.0"?><datos><script>alert(1)</script></datos>');
    expect(refusal(() => validateUpload(script, 'datos.xml')).message).toMatch(/SVG o una página HTML/);
    expect(refusal(() => validateUpload(Buffer.from('<?xml version="1.0"?><a><b></a>'), 'x.xml')).message).toMatch(/dañado/);
  });

  it('where a CFDI is expected, accepts only a SAT cfdi:Comprobante', () => {
    const cfdi = (ns: string) => Buffer.from(`<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="${ns}" Version="4.0"/>`);
    expect(validateUpload(cfdi('http://www.sat.gob.mx/cfd/4'), 'f.xml', { xml: 'cfdi' }).type).toBe('xml');
    expect(validateUpload(cfdi('http://www.sat.gob.mx/cfd/3'), 'f.xml', { xml: 'cfdi' }).type).toBe('xml');
    expect(refusal(() => validateUpload(cfdi('http://example.com/cfd/4'), 'f.xml', { xml: 'cfdi' })).message).toMatch(/no es un CFDI/);
    expect(refusal(() => validateUpload(Buffer.from('<?xml version="1.0"?><pedido/>'), 'f.xml', { xml: 'cfdi' })).message).toMatch(/no es un CFDI/);
    // Without the expectation any well-formed data XML passes.
    expect(validateUpload(Buffer.from('<?xml version="1.0"?><pedido/>'), 'f.xml').type).toBe('xml');
  });

  it('accepts XML only with its prolog and without DOCTYPE', () => {
    expect(validateUpload(Buffer.from('\uFEFF  <?xml version="1.0"?><a/>', 'utf8'), 'x.xml').type).toBe('xml');
    expect(refusal(() => validateUpload(Buffer.from('<svg onload="alert(1)"/>'), 'foto.csv')).message).toMatch(
      /<\?xml/,
    );
    const doctype = Buffer.from('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>');
    expect(refusal(() => validateUpload(doctype, 'cfdi.xml')).message).toMatch(/DOCTYPE/);
  });
});

describe('validateUpload: size', () => {
  it('refuses empty files', () => {
    expect(refusal(() => validateUpload(Buffer.alloc(0), 'vacio.pdf')).message).toBe('El archivo está vacío.');
  });

  it('caps uploads at 20 MB by default', () => {
    const limit = 20 * 1024 * 1024;
    const atLimit = Buffer.alloc(limit, 0x20);
    samplePdf().copy(atLimit);
    expect(validateUpload(atLimit, 'grande.pdf').size).toBe(limit);
    const over = Buffer.concat([atLimit, Buffer.from(' ')]);
    const error = refusal(() => validateUpload(over, 'grande.pdf'));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toBe('El archivo excede el tamaño máximo de 20 MB.');
  });

  it('takes a configured cap', () => {
    const error = refusal(() => validateUpload(samplePdf(), 'a.pdf', { maxBytes: 10 }));
    expect(error.message).toMatch(/tamaño máximo/);
    expect(validateUpload(samplePdf(), 'a.pdf', { maxBytes: 1024 }).type).toBe('pdf');
  });
});
