// The CFDI de nómina of one quincena (issue 27): built from the payroll lines, sealed with SAT's
// test CSD, stamped by the sandbox PAC, then checked apart from the library (checkStampedCfdi:
// xmllint-wasm on SAT's XSDs, SAT's XSLT by the xslt3 command line, the seal and the SelloSAT)
// against figures worked out here by hand.
//
// The quincena (paid 2026-06-15; UMA 117.31, subsidio 535.65 a month, cap 11,492.66 a month):
//   sueldo 350.00 × 15 days = 5,250.00, all gravado
//   4 double overtime hours: 350.00 / 8 × 2 × 4 = 350.00; exempt 50 % = 175.00 (cap 5 UMA × 15/7 = 1,256.89)
//   → percepciones 5,600.00 = gravado 5,425.00 + exento 175.00
//   ISR art. 96 (2026 quincenal row 3,537.16 / 207.75 / 10.88 %): 207.75 + (5,425.00 − 3,537.16) × 10.88 %
//       = 207.75 + 205.396992 = 413.146992 → 413.15
//   subsidio: 5,425.00 ≤ 11,492.66 / 30.4 × 15 = 5,670.72, so 535.65 / 30.4 × 15 = 264.300986 → 264.30
//   ISR retenido 413.15 − 264.30 = 148.85; IMSS obrero (given by the payroll) 131.76
//   → deducciones 280.61; the subsidio is not paid in cash: OtroPago Importe 0.00, SubsidioCausado 264.30
//   → SubTotal 5,600.00, Descuento 280.61, Total 5,319.39 (the net paid).
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPac, loadCsd, MemoryPacStore, sealCfdi, type StampResult } from '../../../server/lib/cfdi';
import { antiguedadWeeks, buildNominaXml, companyNominaGaps, employeeNominaGaps, horasExtraNode, nominaTotals, overtimeGaps, periodicidadOf, type NominaReceipt } from '../../../server/modules/rh/payroll/cfdi';
import { checkStampedCfdi, mexicoTime, satXslt, testCsd } from './fixtures';

const SLOW = 600_000;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseAttributeValue: false });

const RECEIPT = (issuedAt: Date): NominaReceipt => ({
  issuedAt,
  folio: '7-E001',
  emisor: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regimen: '601', postalCode: '42501', registroPatronal: 'Y5012345105', riesgoPuesto: '1' },
  receptor: {
    rfc: 'XOJI740919U48',
    name: 'INGRID XODAR JIMENEZ',
    curp: 'XOJI740919MQTDMN08',
    nss: '12345678901',
    postalCode: '76000',
    startDate: '2025-01-06',
    contractType: '01',
    workState: 'QUE',
    employeeNumber: 'E001',
    department: 'Operaciones',
    position: 'Guardia',
    sbcDaily: '367.26',
    sdiDaily: '367.26',
  },
  payroll: { tipoNomina: 'O', periodicidad: '04', paymentDate: '2026-06-15', periodStart: '2026-06-01', periodEnd: '2026-06-15', paidDays: '15' },
  lines: [
    { kind: 'percepcion', satCode: '001', code: 'SUELDO', name: 'Sueldo', systemKey: 'SUELDO', amount: '5250.00', taxable: '5250.00', exempt: '0.00' },
    { kind: 'percepcion', satCode: '019', code: 'HE-DOBLES', name: 'Horas extra dobles', systemKey: 'HORAS_EXTRA_DOBLES', amount: '350.00', taxable: '175.00', exempt: '175.00', overtime: { tipoHoras: '01', days: 2, hours: '4' } },
    { kind: 'deduccion', satCode: '002', code: 'ISR', name: 'ISR', systemKey: 'ISR', amount: '148.85', taxable: '0.00', exempt: '0.00' },
    { kind: 'deduccion', satCode: '001', code: 'IMSS', name: 'Seguridad social (IMSS)', systemKey: 'IMSS', amount: '131.76', taxable: '0.00', exempt: '0.00' },
    { kind: 'otro_pago', satCode: '002', code: 'SUBSIDIO', name: 'Subsidio para el empleo', systemKey: 'SUBSIDIO', amount: '264.30', taxable: '0.00', exempt: '264.30' },
  ],
});

describe('CFDI de nómina 1.2 of a quincena: build → seal → sandbox stamp → independent checks', () => {
  let stamped: StampResult;
  let doc: any;
  let nomina: any;
  const issuedAt = new Date(Date.now() - 60_000);

  beforeAll(async () => {
    const csd = loadCsd({ ...testCsd(), companyRfc: 'EKU9003173C9' });
    const sealed = await sealCfdi(await buildNominaXml(RECEIPT(issuedAt)), csd);
    const pac = await createPac({ store: new MemoryPacStore(), env: {} });
    stamped = await pac.stamp(sealed, 'nomina-7-1');
    doc = parser.parse(stamped.xml).Comprobante;
    nomina = doc.Complemento.Nomina;
  }, SLOW);

  it('passes SAT XSDs, its Sello verifies over SAT cadena and the timbre is the sandbox PAC’s', async () => {
    const check = await checkStampedCfdi(stamped.xml);
    expect(check.xsdErrors).toEqual([]);
    expect(check).toMatchObject({ xsdValid: true, selloValid: true, selloCfdMatches: true, selloSatValid: true, uuid: stamped.uuid });
  }, SLOW);

  it('the wrapper: tipo N, one Concepto «Pago de nómina», SubTotal = percepciones + otros pagos, Descuento = deducciones, Total = net', () => {
    expect(doc).toMatchObject({
      '@Version': '4.0',
      '@TipoDeComprobante': 'N',
      '@Fecha': mexicoTime(issuedAt),
      '@SubTotal': '5600.00',
      '@Descuento': '280.61',
      '@Total': '5319.39',
      '@Moneda': 'MXN',
      '@Exportacion': '01',
      '@MetodoPago': 'PUE',
      '@LugarExpedicion': '42501',
    });
    expect(doc['@FormaPago']).toBeUndefined();
    expect(doc.Impuestos).toBeUndefined();
    expect(doc.Receptor).toMatchObject({ '@Rfc': 'XOJI740919U48', '@DomicilioFiscalReceptor': '76000', '@RegimenFiscalReceptor': '605', '@UsoCFDI': 'CN01' });
    expect(doc.Conceptos.Concepto).toMatchObject({
      '@ClaveProdServ': '84111505',
      '@Cantidad': '1',
      '@ClaveUnidad': 'ACT',
      '@Descripcion': 'Pago de nómina',
      '@ValorUnitario': '5600.00',
      '@Importe': '5600.00',
      '@Descuento': '280.61',
      '@ObjetoImp': '01',
    });
  });

  it('the complement: totals, emisor, receptor and every line with its SAT code', () => {
    expect(nomina).toMatchObject({
      '@Version': '1.2',
      '@TipoNomina': 'O',
      '@FechaPago': '2026-06-15',
      '@FechaInicialPago': '2026-06-01',
      '@FechaFinalPago': '2026-06-15',
      '@NumDiasPagados': '15.000',
      '@TotalPercepciones': '5600.00',
      '@TotalDeducciones': '280.61',
      '@TotalOtrosPagos': '0.00',
    });
    expect(nomina.Emisor['@RegistroPatronal']).toBe('Y5012345105');
    // 2025-01-06 → 2026-06-15: 365 + 160 = 525 days between, 526 with both ends, 75 complete weeks.
    expect(nomina.Receptor).toMatchObject({
      '@Curp': 'XOJI740919MQTDMN08',
      '@NumSeguridadSocial': '12345678901',
      '@FechaInicioRelLaboral': '2025-01-06',
      '@Antigüedad': 'P75W',
      '@TipoContrato': '01',
      '@TipoRegimen': '02',
      '@NumEmpleado': 'E001',
      '@RiesgoPuesto': '1',
      '@PeriodicidadPago': '04',
      '@SalarioBaseCotApor': '367.26',
      '@SalarioDiarioIntegrado': '367.26',
      '@ClaveEntFed': 'QUE',
    });
    expect(nomina.Percepciones).toMatchObject({ '@TotalSueldos': '5600.00', '@TotalGravado': '5425.00', '@TotalExento': '175.00' });
    expect(nomina.Percepciones.Percepcion.map((p: any) => [p['@TipoPercepcion'], p['@Clave'], p['@ImporteGravado'], p['@ImporteExento']])).toEqual([
      ['001', 'SUELDO', '5250.00', '0.00'],
      ['019', 'HE-DOBLES', '175.00', '175.00'],
    ]);
    // 4 double hours on 2 days, 350.00 paid (175.00 gravado + 175.00 exento).
    expect(nomina.Percepciones.Percepcion[1].HorasExtra).toEqual({ '@Dias': '2', '@TipoHoras': '01', '@HorasExtra': '4', '@ImportePagado': '350.00' });
    expect(nomina.Deducciones).toMatchObject({ '@TotalOtrasDeducciones': '131.76', '@TotalImpuestosRetenidos': '148.85' });
    expect(nomina.Deducciones.Deduccion.map((d: any) => [d['@TipoDeduccion'], d['@Importe']])).toEqual([
      ['002', '148.85'],
      ['001', '131.76'],
    ]);
    expect(nomina.OtrosPagos.OtroPago).toMatchObject({ '@TipoOtroPago': '002', '@Importe': '0.00', SubsidioAlEmpleo: { '@SubsidioCausado': '264.30' } });
  });

  it('SAT’s cadena (xslt3 command line) carries the complement: totals, receptor and the subsidy caused', async () => {
    const cadena = await satXslt('4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt', stamped.xml);
    expect(cadena).toContain('|1.2|O|2026-06-15|2026-06-01|2026-06-15|15.000|5600.00|280.61|0.00|Y5012345105|XOJI740919MQTDMN08|12345678901|2025-01-06|P75W|01|02|E001|');
    expect(cadena).toContain('|002|SUBSIDIO|Subsidio para el empleo|0.00|264.30||');
    expect(cadena).toContain('|019|HE-DOBLES|Horas extra dobles|175.00|175.00|2|01|4|350.00|');
  }, SLOW);
});

describe('totals and gaps', () => {
  it('nominaTotals sums to the cent (the hand figures above)', () => {
    expect(nominaTotals(RECEIPT(new Date()).lines)).toEqual({
      totalSueldos: '5600.00',
      totalSeparacion: '0.00',
      totalJubilacion: '0.00',
      totalGravado: '5425.00',
      totalExento: '175.00',
      totalPercepciones: '5600.00',
      totalImpuestosRetenidos: '148.85',
      totalOtrasDeducciones: '131.76',
      totalDeducciones: '280.61',
      totalOtrosPagos: '0.00',
      subTotal: '5600.00',
      total: '5319.39',
    });
  });

  it('Antigüedad counts both ends: 6 days is P0W, 7 days is P1W', () => {
    expect(antiguedadWeeks('2026-06-01', '2026-06-06')).toBe('P0W');
    expect(antiguedadWeeks('2026-06-01', '2026-06-07')).toBe('P1W');
  });

  it('an extraordinary payment: TipoNomina E, PeriodicidadPago 99, no days reported as 1; no ISR and no subsidy leave out their nodes', async () => {
    expect([periodicidadOf('semanal'), periodicidadOf('quincenal'), periodicidadOf('extraordinaria')]).toEqual(['02', '04', '99']);
    const base = RECEIPT(new Date());
    // A bonus of 1,000.00 (038 otros ingresos por salarios), all gravado, and nothing withheld.
    const xml = await buildNominaXml({
      ...base,
      payroll: { ...base.payroll, tipoNomina: 'E', periodicidad: '99', paidDays: '0' },
      lines: [{ kind: 'percepcion', satCode: '038', code: 'BONO', name: 'Bono', systemKey: null, amount: '1000.00', taxable: '1000.00', exempt: '0.00' }],
    });
    const doc = parser.parse(xml).Comprobante;
    expect(doc).toMatchObject({ '@SubTotal': '1000.00', '@Total': '1000.00' });
    expect(doc['@Descuento']).toBeUndefined();
    expect(doc.Conceptos.Concepto['@Descuento']).toBeUndefined();
    const n = doc.Complemento.Nomina;
    expect(n).toMatchObject({ '@TipoNomina': 'E', '@NumDiasPagados': '1.000', '@TotalPercepciones': '1000.00' });
    expect(n['@TotalDeducciones']).toBeUndefined();
    expect(n['@TotalOtrosPagos']).toBeUndefined();
    expect([n.Deducciones, n.OtrosPagos]).toEqual([undefined, undefined]);
    expect(n.Receptor['@PeriodicidadPago']).toBe('99');
  });

  it('HorasExtra: whole hours rounded up (2.5 → 3); a 019 without its days or hours data is not stamped, with the reason', () => {
    const line = { kind: 'percepcion', satCode: '019', code: 'HE-TRIPLES', name: 'Horas extra triples', systemKey: 'HORAS_EXTRA_TRIPLES', amount: '393.75', taxable: '393.75', exempt: '0.00' } as const;
    // 350.00 / 8 × 3 = 131.25 an hour × 3 = 393.75 — whatever the amount, the node carries it.
    expect(horasExtraNode({ ...line, overtime: { tipoHoras: '02', days: 1, hours: '2.5' } })).toEqual({ Dias: '1', TipoHoras: '02', HorasExtra: '3', ImportePagado: '393.75' });
    expect(horasExtraNode({ ...line, overtime: { tipoHoras: '02', days: 2, hours: '3.00' } })?.HorasExtra).toBe('3');
    expect(overtimeGaps('E001 X', [{ ...line, overtime: { tipoHoras: '02', days: 1, hours: '2.5' } }])).toEqual([]);
    expect(overtimeGaps('E001 X', [{ ...line, overtime: { tipoHoras: '02', days: 0, hours: '2.5' } }])).toEqual([
      { field: 'overtimeDays', message: 'No se puede timbrar el recibo de E001 X: faltan los días en que trabajó las horas extra triples (nodo HorasExtra del CFDI); captúralos en sus incidencias.' },
    ]);
    expect(overtimeGaps('E001 X', [{ ...line, code: 'BONO-HE', systemKey: null }]).map((g) => g.field)).toEqual(['overtime']);
  });

  it('a missing datum is named in Spanish', () => {
    expect(employeeNominaGaps('E001 XODAR JIMENEZ INGRID', { curp: 'XOJI740919MQTDMN08', nss: '12345678901', postalCode: null, workState: 'QUE', contractType: '01' })).toEqual([
      { field: 'postalCode', message: 'No se puede timbrar el recibo de E001 XODAR JIMENEZ INGRID: falta el código postal de su domicilio fiscal (DomicilioFiscalReceptor) en su expediente.' },
    ]);
    expect(companyNominaGaps({ personType: 'moral', postalCode: '42501', registroPatronal: null, riesgoPuesto: '1' }).map((g) => g.field)).toEqual(['registroPatronal']);
    expect(companyNominaGaps({ personType: 'moral', postalCode: '42501', registroPatronal: 'Y5012345105', riesgoPuesto: '1' })).toEqual([]);
  });
});
