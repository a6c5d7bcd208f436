// DIOT (Declaración Informativa de Operaciones con Terceros), pure rules shared by
// the server and the SPA: what a month's supplier payments add to each third
// party, and the line of SAT's batch TXT («carga batch») for it.
//
// Layout: SAT's classic 24-field DIOT carga-batch layout (the one the DIOT
// program used for periods up to 2024, with the two fields the región
// fronteriza norte stimulus added in 2019), one line per third party, fields
// separated by «|», an empty field for a zero or not-applicable value:
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
// carga batch» (DIOT 2019+, 24 campos). From 2025 SAT uses a new 54-field layout;
// this module writes the classic one the task asks for.
//
// Amounts: the layout takes whole pesos without decimals. Each third party's
// figure is summed at full precision (a partial payment pays its share of the
// expense's base and IVA retenido: amount applied ÷ expense total) and rounded
// once, half up, to whole pesos (50 centavos round up).
import { dec, type DecimalLike } from '../money';

export const DIOT_OPERATIONS = ['03', '06', '85'] as const;
export type DiotOperation = (typeof DIOT_OPERATIONS)[number];
export const DIOT_OPERATION_LABELS: Record<DiotOperation, string> = {
  '03': '03 · Prestación de servicios profesionales',
  '06': '06 · Arrendamiento de inmuebles',
  '85': '85 · Otros',
};

export type DiotThirdPartyType = '04' | '05' | '15';
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
  /** Applied amount and the expense's total, base, rate, exemption and IVA retenido. */
  applied: DecimalLike;
  total: DecimalLike;
  subtotal: DecimalLike;
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
  ivaRetained: string;
  returns: string;
  /** Paid amount (centavos) behind the line, for the preview. */
  paid: string;
};

const pesos = (v: DecimalLike): string => dec(v).toDecimalPlaces(0, 4 /* ROUND_HALF_UP */).toFixed(0);

/** One line per supplier and operation type, by RFC order; figures rounded to whole pesos once per line. */
export function diotLines(shares: readonly DiotPaidShare[]): DiotLine[] {
  type Acc = { s: DiotPaidShare; base16: ReturnType<typeof dec>; base8: ReturnType<typeof dec>; base0: ReturnType<typeof dec>; exempt: ReturnType<typeof dec>; ret: ReturnType<typeof dec>; paid: ReturnType<typeof dec> };
  const acc = new Map<string, Acc>();
  for (const s of shares) {
    const key = `${s.supplierId}|${s.operation}`;
    const a = acc.get(key) ?? { s, base16: dec(0), base8: dec(0), base0: dec(0), exempt: dec(0), ret: dec(0), paid: dec(0) };
    const fraction = dec(s.applied).dividedBy(s.total);
    const base = dec(s.subtotal).times(fraction);
    const rate = dec(s.ivaRate);
    if (rate.eq('0.16')) a.base16 = a.base16.plus(base);
    else if (rate.eq('0.08')) a.base8 = a.base8.plus(base);
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

/** The TXT: one line per third party, «|»-separated, CRLF line ends (the DIOT program reads Windows text). */
export const diotTxt = (lines: readonly DiotLine[]): string => lines.map((l) => `${diotFields(l).join('|')}\r\n`).join('');

/** A month «AAAA-MM» (the DIOT's period). */
export const isDiotMonth = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
