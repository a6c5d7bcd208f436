// Ids that cannot exist never reach SQL: every id is a positive 32-bit
// integer (serial keys) or a UUID. A 20-digit id used to overflow the
// integer column and answer INTERNAL_SERVER_ERROR. Checked on the root
// fields' arguments after the permission layer (a user without the ability
// still gets FORBIDDEN, not a hint that the record is missing): an id
// argument of the field → NOT_FOUND; an id inside an input → BAD_USER_INPUT
// with the field path. Both answer HTTP 400.
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLResolveInfo,
} from 'graphql';
import type { IMiddleware } from 'graphql-middleware';
import { relativeToInput } from './inputErrors';

const MAX_SERIAL = 2_147_483_647;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isPossibleId(value: unknown): boolean {
  const text = String(value);
  if (UUID.test(text)) return true;
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= MAX_SERIAL;
}

function collect(type: GraphQLInputType, value: unknown, path: string, out: string[]): void {
  if (value === null || value === undefined) return;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    if (Array.isArray(value)) value.forEach((item, i) => collect(inner.ofType, item, `${path}.${i}`, out));
    return;
  }
  if (isInputObjectType(inner)) {
    for (const field of Object.values(inner.getFields())) {
      collect(field.type, (value as Record<string, unknown>)[field.name], `${path}.${field.name}`, out);
    }
    return;
  }
  if (getNamedType(inner).name === 'ID' && !isPossibleId(value)) out.push(path);
}

const http400 = { status: 400 };

/** Whether an argument type can hold an ID anywhere (computed once per field, not per request). */
function holdsIds(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'ID') return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((field) => holdsIds(field.type, seen));
}

const idArgsByField = new Map<string, GraphQLArgument[]>();

function idArgsOf(info: GraphQLResolveInfo): GraphQLArgument[] {
  const key = `${info.parentType.name}.${info.fieldName}`;
  let args = idArgsByField.get(key);
  if (!args) {
    args = info.parentType.getFields()[info.fieldName].args.filter((arg) => holdsIds(arg.type));
    idArgsByField.set(key, args);
  }
  return args;
}

const guard = async (
  resolve: (root: unknown, args: Record<string, unknown>, context: unknown, info: GraphQLResolveInfo) => unknown,
  root: unknown,
  args: Record<string, unknown>,
  context: unknown,
  info: GraphQLResolveInfo,
) => {
  for (const arg of idArgsOf(info)) {
    const bad: string[] = [];
    collect(arg.type, args[arg.name], arg.name, bad);
    if (bad.length === 0) continue;
    if (getNamedType(arg.type).name === 'ID') {
      throw new GraphQLError('No existe el registro solicitado.', { extensions: { code: 'NOT_FOUND', http: http400 } });
    }
    const fields = Object.fromEntries(bad.map((path) => [relativeToInput(path), 'No existe: el identificador no es válido.']));
    throw new GraphQLError('Hay identificadores que no existen.', { extensions: { code: 'BAD_USER_INPUT', fields, http: http400 } });
  }
  return resolve(root, args, context, info);
};

/** Applies to every root field; nested fields carry no client ids. */
export const idGuard: IMiddleware = { Query: guard, Mutation: guard };
