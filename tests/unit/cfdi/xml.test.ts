// The exact text edits the seal and the PAC make: only the Comprobante's own attributes and the
// Complemento change, whatever the values contain.
import { describe, expect, it } from 'vitest';
import { addComplemento, comprobanteAttribute, setComprobanteAttributes } from '../../../server/lib/cfdi/xml';
import { describeXsdError } from '../../../server/lib/cfdi/seal';
import { cfdiLocalTime, instantOfCfdiTime } from '../../../server/lib/cfdi/time';

const doc = `<?xml version="1.0"?><cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Serie='a>b' Folio="1" Sello="">
<cfdi:Emisor Rfc="EKU9003173C9" Sello="no-tocar"/></cfdi:Comprobante>`;

describe('CFDI text edits', () => {
  it('sets existing and new root attributes only, even with ">" and single quotes in values', () => {
    const out = setComprobanteAttributes(doc, { Sello: 'abc+/=', NoCertificado: '30001000000500003416', Folio: 'F&2' });
    expect(comprobanteAttribute(out, 'Sello')).toBe('abc+/=');
    expect(comprobanteAttribute(out, 'NoCertificado')).toBe('30001000000500003416');
    expect(comprobanteAttribute(out, 'Folio')).toBe('F&2');
    expect(comprobanteAttribute(out, 'Serie')).toBe('a>b');
    expect(out).toContain('Folio="F&amp;2"');
    expect(out).toContain('<cfdi:Emisor Rfc="EKU9003173C9" Sello="no-tocar"/>');
  });

  it('adds a complement to an existing Complemento, an empty one, or a new one before the Addenda', () => {
    const tfd = '<tfd:T/>';
    expect(addComplemento(doc, tfd)).toContain(`<cfdi:Complemento>${tfd}</cfdi:Complemento></cfdi:Comprobante>`);
    expect(addComplemento(doc.replace('</cfdi:Comprobante>', '<cfdi:Complemento><p:P/></cfdi:Complemento></cfdi:Comprobante>'), tfd)).toContain(`<p:P/>${tfd}</cfdi:Complemento>`);
    expect(addComplemento(doc.replace('</cfdi:Comprobante>', '<cfdi:Complemento/></cfdi:Comprobante>'), tfd)).toContain(`<cfdi:Complemento>${tfd}</cfdi:Complemento>`);
    expect(addComplemento(doc.replace('</cfdi:Comprobante>', '<cfdi:Addenda><x/></cfdi:Addenda></cfdi:Comprobante>'), tfd)).toContain(`<cfdi:Complemento>${tfd}</cfdi:Complemento><cfdi:Addenda>`);
  });

  it("describes libxml2's schema errors in Spanish, naming node and attribute", () => {
    expect(describeXsdError("Schemas validity error : Element '{http://www.sat.gob.mx/cfd/4}Receptor': The attribute 'UsoCFDI' is required but missing.")).toBe('Nodo Receptor: falta el atributo requerido UsoCFDI.');
    expect(describeXsdError("Schemas validity error : Element '{http://www.sat.gob.mx/cfd/4}Comprobante', attribute 'Moneda': [facet 'pattern'] The value 'pesos' is not accepted by the pattern '[A-Z]{3}'.")).toBe('Nodo Comprobante, atributo Moneda: el valor «pesos» no cumple la restricción pattern del SAT.');
    expect(describeXsdError("Schemas validity error : Element '{http://www.sat.gob.mx/cfd/4}Conceptos': Missing child element(s). Expected is ( {http://www.sat.gob.mx/cfd/4}Concepto ).")).toBe('Nodo Conceptos: falta el nodo hijo Concepto.');
  });

  it('reads and writes CFDI wall time in Mexico City (UTC−6)', () => {
    expect(cfdiLocalTime(new Date('2026-01-31T18:20:30Z'))).toBe('2026-01-31T12:20:30');
    expect(instantOfCfdiTime('2026-01-31T12:20:30')?.toISOString()).toBe('2026-01-31T18:20:30.000Z');
    expect(instantOfCfdiTime('2026-07-01T00:00:00')?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    expect(instantOfCfdiTime('31/01/2026')).toBeNull();
  });
});
