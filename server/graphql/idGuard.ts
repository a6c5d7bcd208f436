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
  type GraphQLInputType,
  type GraphQLResolveInfo,
} from 'graphql';
import type { IMiddleware } from 'graphql-middleware';

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

function check(args: Record<string, unknown>, info: GraphQLResolveInfo): void {
  const field = info.parentType.getFields()[info.fieldName];
  for (const arg of field.args) {
    const bad: string[] = [];
    collect(arg.type, args[arg.name], arg.name, bad);
    if (bad.length === 0) continue;
    const direct = getNamedType(arg.type).name === 'ID';
    if (direct) throw new GraphQLError('No existe el registro solicitado.', { extensions: { code: 'NOT_FOUND', http: http400 } });
    const fields = Object.fromEntries(
      bad.map((p) => [arg.name === 'input' ? p.slice('input.'.length) : p, 'No existe: el identificador no es válido.']),
    );
    throw new GraphQLError('Hay identificadores que no existen.', { extensions: { code: 'BAD_USER_INPUT', fields, http: http400 } });
  }
}

const guard = async (
  resolve: (root: unknown, args: Record<string, unknown>, context: unknown, info: GraphQLResolveInfo) => unknown,
  root: unknown,
  args: Record<string, unknown>,
  context: unknown,
  info: GraphQLResolveInfo,
) => {
  if (info.parentType.getFields()[info.fieldName]?.args.length) check(args, info);
  return resolve(root, args, context, info);
};

/** Applies to every root field; nested fields carry no client ids. */
export const idGuard: IMiddleware = { Query: guard, Mutation: guard };
