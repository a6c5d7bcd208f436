// Spanish for what graphql-js and the query limits report in English: a
// variable of the wrong type ("abc" as a quantity, an unknown enum value, an
// integer over 32 bits, a missing field), a document that does not parse or
// validate, and the depth/cost/alias/token limits. Variable errors come back
// as BAD_USER_INPUT with the field path in `fields`, like the services'
// own input errors; document errors keep Apollo's codes.
import type { GraphQLError } from 'graphql';

/** A person's name for a field, from its last path segment (the message names the thing, not the type). */
function fieldLabel(path: string): string {
  const last = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  if (/^(quantity|qty|.*Quantity)$/.test(last)) return 'Cantidad';
  if (/(Cost|Price)$|^(price|cost)$/.test(last)) return 'Precio';
  if (/^(amount|total|subtotal|balance)$|Amount$|Total$/.test(last)) return 'Importe';
  if (/^date$|Date$|^(from|to|asOf)$/.test(last)) return 'Fecha';
  if (/^page$/.test(last)) return 'Página';
  if (/^pageSize$/.test(last)) return 'Tamaño de página';
  if (/^(id|ids)$|Ids?$/.test(last)) return 'Identificador';
  if (/^version$/.test(last)) return 'Versión';
  return 'Valor';
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The reason behind a value graphql-js refused, in Spanish. */
export function coercionReason(inner: string): string {
  let m: RegExpExecArray | null;
  if (/^Int cannot represent non 32-bit signed integer value/.test(inner)) return 'número entero fuera de rango (máximo 2,147,483,647).';
  if (/^Int cannot represent/.test(inner)) return 'debe ser un número entero.';
  if (/^Float cannot represent/.test(inner)) return 'debe ser un número.';
  if (/^String cannot represent/.test(inner)) return 'debe ser texto.';
  if (/^Boolean cannot represent/.test(inner)) return 'debe ser verdadero o falso (true/false).';
  if (/^ID cannot represent/.test(inner)) return 'identificador no válido.';
  if ((m = /^Value (.+) does not exist in "(\w+)" enum/.exec(inner))) return `el valor ${m[1]} no está permitido.`;
  if (/^Expected non-nullable type|of required type .* was not provided|must not be null/.test(inner)) return 'falta este dato (es obligatorio).';
  if (/is not defined by type/.test(inner)) return 'este campo no existe.';
  if ((m = /^Expected type "\w+" to be an object/.exec(inner))) return 'debe ser un objeto con sus campos.';
  if ((m = /^Expected type "\w+"\.\s*(.*)$/s.exec(inner))) return m[1] ? coercionReason(m[1]) : 'valor no válido.';
  // Our own scalars (Decimal, Date, DateTime) already speak Spanish.
  if (/[áéíóúñ]|no válid/i.test(inner) && !/[A-Z][a-z]+ cannot/.test(inner)) return lower(inner);
  return 'valor no válido.';
}

/** Field paths inside the `input` argument are written relative to it, as the services write theirs ("lines.0.quantity"). */
export const relativeToInput = (path: string): string => (path.startsWith('input.') ? path.slice('input.'.length) : path);

/** "input.lines[0].quantity" → "lines.0.quantity"; "list.page" stays. */
function fieldPath(variable: string, at: string | undefined, extra?: string): string {
  const path = (at ?? variable).replace(/\[(\d+)\]/g, '.$1');
  return relativeToInput(extra ? `${path}.${extra}` : path);
}

export type TranslatedInputError = { message: string; fields: Record<string, string> };

/** A variable-coercion error as a Spanish message and `fields`, or null if `error` is not one. */
export function translateVariableError(error: GraphQLError): TranslatedInputError | null {
  const head = /^Variable "\$(\w+)" /.exec(error.message);
  if (!head) return null;
  const variable = head[1];
  const inner = error.originalError?.message ?? error.message;
  const at = /got invalid value .*? at "([^"]+)"; /s.exec(error.message)?.[1];
  const missingField = /^Field "(\w+)" of required type/.exec(inner)?.[1] ?? /^Field "(\w+)" is not defined by type/.exec(inner)?.[1];
  const path = fieldPath(variable, at, missingField);
  const reason = /of required type .* was not provided|of non-null type .* must not be null/.test(error.message)
    ? 'falta este dato (es obligatorio).'
    : coercionReason(inner);
  const text = `${fieldLabel(path)}: ${reason}`;
  return { message: `Dato no válido en «${path}»: ${reason}`, fields: { [path]: text } };
}

/** A parse/validation/limit message in Spanish (document errors: the query itself is wrong). */
export function translateDocumentError(message: string): string {
  let m: RegExpExecArray | null;
  // graphql-armor reports its limits as "Syntax Error: <limit> exceeded".
  const limit = limitMessage(message.replace(/^Syntax Error: /, ''));
  if (limit) return limit;
  if ((m = /^Syntax Error: (.*)$/s.exec(message))) return `Error de sintaxis en la consulta: ${syntaxDetail(m[1])}`;
  if ((m = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(message))) return `Consulta no válida: el campo «${m[1]}» no existe en «${m[2]}».`;
  if ((m = /^Unknown argument "(\w+)" on field "([\w.]+)"/.exec(message))) return `Consulta no válida: el argumento «${m[1]}» no existe en «${m[2]}».`;
  if ((m = /^Field "(\w+)" argument "(\w+)" of type "(.+)" is required, but it was not provided/.exec(message)))
    return `Consulta no válida: falta el argumento obligatorio «${m[2]}» de «${m[1]}».`;
  if ((m = /^Variable "\$(\w+)" is never used/.exec(message))) return `Consulta no válida: la variable «$${m[1]}» no se usa.`;
  if ((m = /^Variable "\$(\w+)" is not defined/.exec(message))) return `Consulta no válida: la variable «$${m[1]}» no está declarada.`;
  if ((m = /^Unknown type "(\w+)"/.exec(message))) return `Consulta no válida: el tipo «${m[1]}» no existe.`;
  if ((m = /^Field "(\w+)" of type "(.+)" must have a selection of subfields/.exec(message))) return `Consulta no válida: el campo «${m[1]}» necesita elegir subcampos.`;
  if ((m = /^Field "(\w+)" must not have a selection/.exec(message))) return `Consulta no válida: el campo «${m[1]}» no tiene subcampos.`;
  if ((m = /^Expected value of type "(.+?)", found (.+?)(?:; (.*))?\.?$/s.exec(message)))
    return `Consulta no válida: ${m[2]} no sirve como «${m[1]}»${m[3] ? ` (${coercionReason(m[3]).replace(/\.$/, '')})` : ''}.`;
  if (/introspection is not allowed/i.test(message)) return 'La introspección del esquema está desactivada en producción.';
  if (/batching disabled/i.test(message)) return 'No se aceptan varias operaciones en una sola solicitud: envía una a la vez.';
  if (/must contain a non-empty .?query|POST body missing/i.test(message)) return 'La solicitud no trae una consulta GraphQL.';
  // Apollo's CSRF prevention: a GET or a "simple" POST (text/plain, a form) without a preflight header.
  if (/Cross-Site Request Forgery/i.test(message))
    return 'Solicitud bloqueada como posible CSRF: envía el cuerpo como JSON (Content-Type: application/json) o, en un GET, el encabezado «apollo-require-preflight: true».';
  if (/Unknown operation named|Must provide operation name/i.test(message)) return 'Consulta no válida: indica qué operación ejecutar (operationName).';
  return 'Consulta no válida: revísala contra el esquema publicado.';
}

/** True for graphql-armor's limit messages (reported as syntax errors). */
export const isLimitMessage = (message: string): boolean => limitMessage(message.replace(/^Syntax Error: /, '')) !== null;

function limitMessage(detail: string): string | null {
  let m: RegExpExecArray | null;
  const found = (text: string | undefined) => (text ? `${text} ` : '');
  if ((m = /^Aliases limit of (\d+) exceeded(?:, found (\d+))?/i.exec(detail))) return `La consulta usa demasiados alias: ${found(m[2])}(máximo ${m[1]}).`;
  if ((m = /depth limit of (\d+) exceeded(?:, found (\d+))?/i.exec(detail))) return `La consulta es demasiado profunda: ${found(m[2])}niveles (máximo ${m[1]}).`;
  if ((m = /cost limit of (\d+) exceeded(?:, found (\d+))?/i.exec(detail))) return `La consulta es demasiado costosa: ${found(m[2])}puntos (máximo ${m[1]}).`;
  if ((m = /Document contains more tha[nt] (\d+) tokens/i.exec(detail))) return `La consulta es demasiado larga: más de ${m[1]} elementos.`;
  if ((m = /token limit of (\d+) exceeded(?:, found (\d+))?/i.exec(detail))) return `La consulta es demasiado larga: más de ${m[1]} elementos.`;
  if ((m = /directives limit of (\d+) exceeded(?:, found (\d+))?/i.exec(detail))) return `La consulta usa demasiadas directivas: ${found(m[2])}(máximo ${m[1]}).`;
  return null;
}

function syntaxDetail(detail: string): string {
  let m: RegExpExecArray | null;
  if ((m = /^Expected (.+), found <EOF>/.exec(detail))) return `la consulta termina antes de tiempo (se esperaba ${m[1]}).`;
  if ((m = /^Expected (.+), found (.+)\.$/.exec(detail))) return `se esperaba ${m[1]} y se encontró ${m[2]}.`;
  if ((m = /^Unexpected (.+)\.$/.exec(detail))) return `${m[1]} inesperado.`;
  if (/Unterminated string/.test(detail)) return 'una cadena de texto no se cerró.';
  return 'revisa llaves, paréntesis y comillas.';
}
