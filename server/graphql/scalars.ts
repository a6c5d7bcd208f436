// Decimal travels as a string and is validated with decimal.js (never a float);
// Date is a calendar day, DateTime an ISO instant.
import Decimal from 'decimal.js';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { isCanonicalInstant, isoInstant } from '../lib/instants';

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
    // Text already in the answer's form (a data layer that read it so, lib/instants.ts) is written as it is.
    serialize: (v) => (v instanceof Date ? isoInstant(v) : typeof v === 'string' && isCanonicalInstant(v) ? v : isoInstant(new Date(String(v)))),
    parseValue: parseDateTime,
    parseLiteral: literal(parseDateTime),
  }),
  JSON: new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v }),
};
