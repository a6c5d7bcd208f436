// DIOT (Declaración Informativa de Operaciones con Terceros), pure rules shared by
// the server and the SPA: what a month's supplier payments add to each third
// party, and the line of SAT's batch TXT («carga batch») for it. Two layouts,
// chosen by the period (diotLayoutFor): the classic 24 fields for periods up to
// December 2024, the 54 fields of SAT's new DIOT platform from January 2025 on.
//
// ── Classic layout (periods ≤ 2024) ─────────────────────────────────────────
// SAT's 24-field carga-batch layout of the DIOT program (with the two fields
// the región fronteriza norte stimulus added in 2019), one line per third
// party, fields separated by «|», an empty field for a zero or n/a value:
//   1 Tipo de tercero (04 nacional, 05 extranjero, 15 global)
//   2 Tipo de operación (03 servicios profesionales, 06 arrendamiento de inmuebles, 85 otros)
//   3 RFC (tercero nacional)
//   4 Número de ID fiscal (extranjero)        5 Nombre del extranjero
//   6 País de residencia (extranjero)         7 Nacionalidad (extranjero)
//   8 Valor de los actos o actividades pagados a la tasa del 15 % o 16 % de IVA
//   9 … a la tasa del 15 %                    10 IVA pagado no acreditable a la tasa del 15 % o 16 %
//  11 … a la tasa del 10 % u 11 %             12 … a la tasa del 10 %
//  13 Valor de los actos pagados sujetos al estímulo de la región fronteriza norte (8 %)
//  14 IVA pagado no acreditable a la tasa del 10 % u 11 %
//  15 IVA pagado no acreditable sujeto al estímulo de la región fronteriza norte
//  16 Importación de bienes y servicios a la tasa del 15 % o 16 %
//  17 IVA no acreditable por importación 15 % o 16 %
//  18 Importación a la tasa del 10 % u 11 %   19 IVA no acreditable por importación 10 % u 11 %
//  20 Importación por la que no se pagará IVA (exentos)
//  21 Valor de los demás actos o actividades pagados a la tasa del 0 %
//  22 Valor de los actos o actividades pagados por los que no se pagará el IVA (exentos)
//  23 IVA retenido por el contribuyente
//  24 IVA correspondiente a las devoluciones, descuentos y bonificaciones sobre compras
// Source: SAT, «Declaración Informativa de Operaciones con Terceros — layout para
// carga batch» (DIOT 2019+, 24 campos).
//
// ── 2025 layout (periods from January 2025) ─────────────────────────────────
// SAT's new DIOT platform (February 2025) takes a TXT of 54 «|»-separated
// fields per third party (53 separators), UTF-8, no header, whole pesos, in
// five sections. Sections 2–4 are split by where the acts were paid: región
// fronteriza norte (RFN, 8 %), región fronteriza sur (RFS, 8 %), resto del país
// 16 %, importación por aduana de bienes tangibles 16 %, importación de bienes
// intangibles y servicios 16 %.
//  1. Datos del tercero declarado
//   1 Tipo de tercero (04 nacional, 05 extranjero, 15 global)
//   2 Tipo de operación
//   3 RFC (nacional / global)
//   4 Número de identificación fiscal (extranjero)
//   5 Nombre del extranjero
//   6 País o jurisdicción de residencia fiscal (extranjero; clave de 3 letras, ZZZ «otro»)
//   7 Especificar el lugar de la jurisdicción fiscal (only when 6 is ZZZ)
//  2. Valor de los actos o actividades pagados (each followed by its devoluciones, descuentos y bonificaciones)
//   8 RFN                         9 devoluciones… RFN
//  10 RFS                        11 devoluciones… RFS
//  12 Tasa 16 % (resto del país) 13 devoluciones… 16 %
//  14 Importación por aduana de bienes tangibles 16 %       15 devoluciones…
//  16 Importación de bienes intangibles y servicios 16 %    17 devoluciones…
//  3. IVA acreditable (per region, two fields: exclusivamente de actividades
//     gravadas | asociado a actividades por las que se aplicó proporción)
//  18 | 19 RFN     20 | 21 RFS     22 | 23 16 %     24 | 25 importación tangibles     26 | 27 importación intangibles y servicios
//  4. IVA no acreditable (per region, four fields: por proporción | por no cumplir
//     requisitos («sin requisitos») | asociado a actividades exentas | asociado a
//     actividades no objeto)
//  28–31 RFN     32–35 RFS     36–39 16 %     40–43 importación tangibles     44–47 importación intangibles y servicios
//  5. Datos adicionales
//  48 IVA retenido por el contribuyente
//  49 Actos o actividades pagados en la importación exentos
//  50 Actos o actividades pagados exentos
//  51 Demás actos o actividades pagados a la tasa del 0 %
//  52 Actos o actividades no objeto del IVA (en territorio nacional)
//  53 Actos no objeto por no tener establecimiento permanente en territorio nacional
//  54 Manifiesto: «se dieron efectos fiscales a los comprobantes que amparan las operaciones» (01 sí, 02 no)
// Sources (read 2026-11-28): contadigital.mx/posts/diot-2025 (54 fields instead of
// 24/25; RFN/RFS split; tangible vs intangible imports; devoluciones per rate);
// documentacion.miskuentas.com/DIOT (24 columns ≤ 2024, 54 columns from 2025, «|»;
// blocks: identification 1–7, base pagada 8–17, IVA acreditable 18–27, IVA no
// acreditable 28–47, otros datos 48–54); CONTPAQi's notes (conocimiento.blob.core.
// windows.net «Nueva plataforma … DIOT», siscofin.com): the 5 sections, UTF-8, no
// missing or extra «|», no blanks; open-source implementations that read SAT's
// «Ayuda carga masiva DIOT 2025» instructivo (Odoo's l10n_mx DIOT handler and its
// test lines; a TypeScript «lineaDiot2025» with golden tests): every position
// above. Facts only; no code taken.
// NOT confirmed (SAT's instructivo itself was not readable here): the exact
// order inside the four IVA-no-acreditable fields of a region (Odoo fills only
// the first one; the TypeScript source puts «no cumple requisitos» second);
// field 53's meaning (Odoo leaves it empty); whether zero is written «0» or
// left empty (Odoo leaves it empty, like the classic layout, and so do we);
// the operation-type catalogue for foreign third parties (one source: 02/03/07,
// no 85) and type 87 for the global line — Compras keeps the supplier's 03/06/85.
//
// Mapping of Compras' data onto the 54 fields: 16 % → 12 (base) and 22 (IVA
// acreditable: the IVA of the paid share; every Compras expense is a deductible
// supplier invoice); 8 % → the región fronteriza norte, 8 and 18 (Compras has no
// northern/southern flag); a foreign supplier's 16 % → import of intangibles
// and services, 16 and 26 (IVA on tangible imports is paid at customs, not to
// the supplier), its exento → 49; 0 % → 51; exento → 50; IVA retenido → 48;
// manifiesto 01. IVA no acreditable (28–47) stays empty: Compras' expenses carry
// no «no deducible» flag, and the viáticos' «no deducible» receipts have no
// supplier and no IVA, so nothing of them reaches the DIOT.
//
// Amounts: both layouts take whole pesos without decimals. Each third party's
// figure is summed at full precision (a partial payment pays its share of the
// expense's base, IVA and IVA retenido: amount applied ÷ expense total) and
// rounded once, half up, to whole pesos (50 centavos round up).
import { dec, type DecimalLike } from '../money';

export const DIOT_OPERATIONS = ['03', '06', '85'] as const;
export type DiotOperation = (typeof DIOT_OPERATIONS)[number];
export const DIOT_OPERATION_LABELS: Record<DiotOperation, string> = {
  '03': '03 · Prestación de servicios profesionales',
  '06': '06 · Arrendamiento de inmuebles',
  '85': '85 · Otros',
};

export type DiotThirdPartyType = '04' | '05' | '15';

/** The TXT layout of a period: the classic 24 fields up to December 2024, the 54 fields from January 2025. */
export type DiotLayout = 'CLASSIC_24' | 'BATCH_54';
export const DIOT_LAYOUT_LABELS: Record<DiotLayout, string> = {
  CLASSIC_24: 'Formato clásico de 24 campos (periodos hasta 2024)',
  BATCH_54: 'Formato 2025 de 54 campos (periodos desde enero de 2025)',
};
export const DIOT_LAYOUT_FIELDS: Record<DiotLayout, number> = { CLASSIC_24: 24, BATCH_54: 54 };
/** The layout SAT takes for a month «AAAA-MM». */
export const diotLayoutFor = (month: string): DiotLayout => (month >= '2025-01' ? 'BATCH_54' : 'CLASSIC_24');
export const DIOT_THIRD_PARTY_LABELS: Record<DiotThirdPartyType, string> = { '04': '04 · Nacional', '05': '05 · Extranjero', '15': '15 · Global' };

/** Tipo de tercero from the supplier's RFC: the generic foreign RFC is a foreign supplier, the generic domestic one the «global» line. */
export function diotThirdPartyType(rfc: string): DiotThirdPartyType {
  const r = rfc.toUpperCase();
  if (r === 'XEXX010101000') return '05';
  if (r === 'XAXX010101000') return '15';
  return '04';
}

/** What one payment application contributes: its share of the expense. */
export type DiotPaidShare = {
  supplierId: number;
  supplierRfc: string;
  supplierName: string;
  operation: DiotOperation;
  /** Applied amount and the expense's total, base, IVA, rate, exemption and IVA retenido. */
  applied: DecimalLike;
  total: DecimalLike;
  subtotal: DecimalLike;
  iva: DecimalLike;
  ivaRate: DecimalLike;
  ivaExempt: boolean;
  ivaRetention: DecimalLike;
};

export type DiotLine = {
  supplierId: number;
  thirdPartyType: DiotThirdPartyType;
  operation: DiotOperation;
  rfc: string;
  name: string;
  /** Whole pesos. */
  base16: string;
  base8: string;
  base0: string;
  exempt: string;
  /** IVA paid (acreditable) on the 16 % and 8 % acts: only the 54-field layout reports it. */
  iva16: string;
  iva8: string;
  ivaRetained: string;
  returns: string;
  /** Paid amount (centavos) behind the line, for the preview. */
  paid: string;
};

const pesos = (v: DecimalLike): string => dec(v).toDecimalPlaces(0, 4 /* ROUND_HALF_UP */).toFixed(0);

/** One line per supplier and operation type, by RFC order; figures rounded to whole pesos once per line. */
export function diotLines(shares: readonly DiotPaidShare[]): DiotLine[] {
  type D = ReturnType<typeof dec>;
  type Acc = { s: DiotPaidShare; base16: D; base8: D; base0: D; exempt: D; iva16: D; iva8: D; ret: D; paid: D };
  const acc = new Map<string, Acc>();
  for (const s of shares) {
    const key = `${s.supplierId}|${s.operation}`;
    const a = acc.get(key) ?? { s, base16: dec(0), base8: dec(0), base0: dec(0), exempt: dec(0), iva16: dec(0), iva8: dec(0), ret: dec(0), paid: dec(0) };
    const fraction = dec(s.applied).dividedBy(s.total);
    const base = dec(s.subtotal).times(fraction);
    const rate = dec(s.ivaRate);
    const iva = dec(s.iva).times(fraction);
    if (rate.eq('0.16')) {
      a.base16 = a.base16.plus(base);
      a.iva16 = a.iva16.plus(iva);
    } else if (rate.eq('0.08')) {
      a.base8 = a.base8.plus(base);
      a.iva8 = a.iva8.plus(iva);
    }
    else if (s.ivaExempt) a.exempt = a.exempt.plus(base);
    else a.base0 = a.base0.plus(base);
    a.ret = a.ret.plus(dec(s.ivaRetention).times(fraction));
    a.paid = a.paid.plus(s.applied);
    acc.set(key, a);
  }
  return [...acc.values()]
    .map((a) => ({
      supplierId: a.s.supplierId,
      thirdPartyType: diotThirdPartyType(a.s.supplierRfc),
      operation: a.s.operation,
      rfc: a.s.supplierRfc.toUpperCase(),
      name: a.s.supplierName,
      base16: pesos(a.base16),
      base8: pesos(a.base8),
      base0: pesos(a.base0),
      exempt: pesos(a.exempt),
      iva16: pesos(a.iva16),
      iva8: pesos(a.iva8),
      ivaRetained: pesos(a.ret),
      returns: '0',
      paid: a.paid.toFixed(2),
    }))
    .sort((x, y) => x.rfc.localeCompare(y.rfc) || x.name.localeCompare(y.name) || x.operation.localeCompare(y.operation));
}

const field = (v: string): string => (dec(v).isZero() ? '' : v);

/** The 24 fields of a line, in the layout's order (see the header). A foreign supplier carries its name; ID fiscal, país and nacionalidad are not kept by Compras and stay empty. */
export function diotFields(l: DiotLine): string[] {
  const national = l.thirdPartyType === '04';
  return [
    l.thirdPartyType,
    l.operation,
    national ? l.rfc : '',
    '',
    l.thirdPartyType === '05' ? l.name.toUpperCase().slice(0, 43) : '',
    '',
    '',
    field(l.base16),
    '',
    '',
    '',
    '',
    field(l.base8),
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    field(l.base0),
    field(l.exempt),
    field(l.ivaRetained),
    field(l.returns),
  ];
}

/**
 * The 54 fields of a line of the 2025 layout (see the header for every position and what is unconfirmed).
 * A foreign supplier's 16 % goes to the import of intangibles and services and its exento to the exempt imports.
 */
export function diotFields2025(l: DiotLine): string[] {
  const f: string[] = new Array<string>(54).fill('');
  const foreign = l.thirdPartyType === '05';
  f[0] = l.thirdPartyType;
  f[1] = l.operation;
  f[2] = foreign ? '' : l.rfc;
  // 4 ID fiscal, 6 país, 7 jurisdicción: not kept by Compras (left empty, to complete on SAT's platform).
  f[4] = foreign ? l.name.toUpperCase().slice(0, 300) : '';
  // Sección 2: 8 RFN, 12 16 %, 16 importación de intangibles y servicios.
  f[7] = field(l.base8);
  f[foreign ? 15 : 11] = field(l.base16);
  // 9, 11, 13, 15, 17 devoluciones, descuentos y bonificaciones: Compras records none (returns is always 0).
  // Sección 3 (exclusivamente de actividades gravadas): 18 RFN, 22 16 %, 26 importación de intangibles.
  f[17] = field(l.iva8);
  f[foreign ? 25 : 21] = field(l.iva16);
  // Sección 4 (28–47, IVA no acreditable): nothing in Compras' data.
  // Sección 5: 48 retenido, 49 importación exenta, 50 exento, 51 tasa 0 %, 52–53 no objeto, 54 manifiesto.
  f[47] = field(l.ivaRetained);
  f[foreign ? 48 : 49] = field(l.exempt);
  f[50] = field(l.base0);
  f[53] = '01';
  return f;
}

/** A line's fields in the layout of its period. */
export const diotFieldsFor = (layout: DiotLayout, l: DiotLine): string[] => (layout === 'BATCH_54' ? diotFields2025(l) : diotFields(l));

/** The TXT: one line per third party, «|»-separated, CRLF line ends (SAT's programs read Windows text). */
export const diotTxt = (lines: readonly DiotLine[], layout: DiotLayout = 'CLASSIC_24'): string => lines.map((l) => `${diotFieldsFor(layout, l).join('|')}\r\n`).join('');

/** A month «AAAA-MM» (the DIOT's period). */
export const isDiotMonth = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
