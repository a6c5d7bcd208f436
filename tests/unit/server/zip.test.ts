// The ZIP of «Descargar XML y PDF»: the entries and their names as given, in order, text as UTF-8,
// bytes untouched, a repeated name kept apart, the same files giving the same bytes.
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFiles } from '../../../server/lib/zip';

const read = (zip: Buffer) => unzipSync(new Uint8Array(zip));

describe('zipFiles', () => {
  it('holds each entry under its name, in order: text as UTF-8, binary bytes unchanged', () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10]);
    const xml = '<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Nombre="UNIVERSIDAD ROBÓTICA ESPAÑOLA"/>';
    const zip = zipFiles([
      { name: 'Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.xml', data: xml },
      { name: 'Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.pdf', data: pdf },
    ]);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const files = read(zip);
    expect(Object.keys(files)).toEqual(['Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.xml', 'Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.pdf']);
    expect(strFromU8(files['Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.xml'])).toBe(xml);
    expect([...files['Factura-A-12-5FB2822E-396D-4725-8521-CDC4BDD20CCF.pdf']]).toEqual([...pdf]);
  });

  it('a repeated name gets " (2)", " (3)" before its extension instead of replacing the first', () => {
    const files = read(zipFiles([{ name: 'a.xml', data: '1' }, { name: 'a.xml', data: '2' }, { name: 'a.xml', data: '3' }, { name: 'LEEME', data: '4' }, { name: 'LEEME', data: '5' }]));
    expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strFromU8(v)]))).toEqual({ 'a.xml': '1', 'a (2).xml': '2', 'a (3).xml': '3', LEEME: '4', 'LEEME (2)': '5' });
  });

  it('the same files give the same bytes (no clock inside), and an empty list an empty ZIP', () => {
    const entries = [{ name: 'x.xml', data: '<x/>' }];
    expect(zipFiles(entries).equals(zipFiles(entries))).toBe(true);
    expect(Object.keys(read(zipFiles([])))).toEqual([]);
  });
});
