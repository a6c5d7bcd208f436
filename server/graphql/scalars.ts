// Decimal travels as a string and is validated with decimal.js (never a float);
// Date is a calendar day, DateTime an ISO instant.
import Decimal from 'decimal.js';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const bad = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

function parseDecimal(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') throw bad('Número no válido: escribe dígitos con punto decimal, entre comillas (p. ej. "1500.50").');
  const text = String(value).trim();
  if (!/^-?\d{1,18}(\.\d{1,10})?$/.test(text)) throw bad('Número no válido: usa dígitos y punto decimal, máximo 18 enteros y 10 decimales (p. ej. 1500.50).');
  return new Decimal(text).toFixed();
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) throw bad('Fecha no válida: usa el formato AAAA-MM-DD.');
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw bad('Fecha no válida.');
  return value;
}

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw bad('Fecha y hora no válidas.');
  return new Date(value).toISOString();
}

/** Two- and three-digit zero-padded numbers, for isoInstant. */
const PAD2 = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: toISOString's four-digit years. */
const FOUR_DIGIT_YEARS = [-62_167_219_200_000, 253_402_300_800_000] as const;

/**
 * What `d.toISOString()` returns, at a third of its cost: V8's formatter took about 340 ns per
 * instant, and an answer carries one per timestamp of every row (two per row on the users list,
 * issue 24). The calendar day comes from the epoch day by Howard Hinnant's civil_from_days; the
 * six-digit years toISOString writes (before year 0 or after 9999) and an invalid date (which
 * throws) are left to it.
 */
export function isoInstant(d: Date): string {
  const ms = d.getTime();
  if (!(ms >= FOUR_DIGIT_YEARS[0] && ms < FOUR_DIGIT_YEARS[1])) return d.toISOString();
  const epochDay = Math.floor(ms / DAY_MS);
  let rest = ms - epochDay * DAY_MS;
  // Days since 0000-03-01, in 400-year eras that start on a March 1st.
  const shifted = epochDay + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${PAD2[Math.floor(year / 100)]}${PAD2[year % 100]}-${PAD2[month]}-${PAD2[day]}T${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[millis]}Z`;
}

const literal = (parse: (v: unknown) => string) => (ast: ValueNode) => {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return parse(ast.value);
  throw bad('Valor no válido.');
};

export const scalarResolvers = {
  Decimal: new GraphQLScalarType({
    name: 'Decimal',
    serialize: (v) => (v instanceof Decimal ? v.toFixed() : parseDecimal(v)),
    parseValue: parseDecimal,
    parseLiteral: literal(parseDecimal),
  }),
  Date: new GraphQLScalarType({
    name: 'Date',
    serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10)),
    parseValue: parseDate,
    parseLiteral: literal(parseDate),
  }),
  DateTime: new GraphQLScalarType({
    name: 'DateTime',
    serialize: (v) => isoInstant(v instanceof Date ? v : new Date(String(v))),
    parseValue: parseDateTime,
    parseLiteral: literal(parseDateTime),
  }),
  JSON: new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v }),
};
