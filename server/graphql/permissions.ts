// The permission layer is built from the SDL declarations
// (@public / @authenticated / @can) — one place says who may call a field.
// Root fields without a declaration are refused; nested object fields are
// allowed because their data can only be reached through a guarded root field.
import { GraphQLError, isObjectType, type GraphQLField, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import type { IMiddleware } from 'graphql-middleware';
import type { RequestContext } from '../context';
import { forbidden, unauthenticated } from '../lib/errors';

export type FieldAccess =
  | { kind: 'public' }
  | { kind: 'authenticated'; allowPasswordReset: boolean }
  | { kind: 'can'; action: string; subject: string };

const ROOTS = ['Query', 'Mutation', 'Subscription'] as const;

export const PASSWORD_RESET_MESSAGE = 'Debes cambiar tu contraseña antes de continuar.';

/** Read the access declaration of a root field from its directives, or null. */
export function accessOf(field: GraphQLField<unknown, unknown>): FieldAccess | null {
  const found: FieldAccess[] = [];
  for (const d of field.astNode?.directives ?? []) {
    const args = Object.fromEntries(
      (d.arguments ?? []).map((a) => [a.name.value, 'value' in a.value ? (a.value as { value: unknown }).value : null]),
    );
    if (d.name.value === 'public') found.push({ kind: 'public' });
    if (d.name.value === 'authenticated') found.push({ kind: 'authenticated', allowPasswordReset: args.allowPasswordReset === true });
    if (d.name.value === 'can') found.push({ kind: 'can', action: String(args.action), subject: String(args.subject) });
  }
  return found.length === 1 ? found[0] : null;
}

/** Every root field and its declaration (null = missing or ambiguous). */
export function rootFieldAccess(schema: GraphQLSchema): { type: string; field: string; access: FieldAccess | null }[] {
  const out: { type: string; field: string; access: FieldAccess | null }[] = [];
  for (const root of ROOTS) {
    const type = schema.getType(root);
    if (!type || !isObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) out.push({ type: root, field: field.name, access: accessOf(field) });
  }
  return out;
}

const signedIn = (ctx: RequestContext, allowPasswordReset: boolean): true | GraphQLError => {
  if (!ctx.auth) return unauthenticated();
  if (ctx.auth.forcedPasswordReset && !allowPasswordReset) return forbidden(PASSWORD_RESET_MESSAGE);
  return true;
};

type Resolve = (root: unknown, args: Record<string, unknown>, ctx: RequestContext, info: GraphQLResolveInfo) => unknown;
type Check = (ctx: RequestContext) => true | GraphQLError;

const denied: Check = () => forbidden();

/**
 * The permission layer: a middleware on each root field only (Query, Mutation,
 * Subscription), built from its declaration; a root field without one is
 * refused (deny by default). Nested object fields get no wrapper at all: their
 * data can only be reached through a guarded root field, and wrapping each of
 * them (as graphql-shield's per-type `allow` did) made every field of every
 * row an extra promise. `enabled: false` (bench only) lets every root field
 * through, keeping the wrapper so the bench compares the rules alone.
 */
export function buildPermissions(schema: GraphQLSchema, opts: { enabled: boolean } = { enabled: true }): IMiddleware {
  const checkFor = (access: FieldAccess | null): Check | null => {
    if (!opts.enabled) return null;
    if (!access) return denied;
    if (access.kind === 'public') return null;
    if (access.kind === 'authenticated') return (ctx) => signedIn(ctx, access.allowPasswordReset);
    return (ctx) => {
      const base = signedIn(ctx, false);
      if (base !== true) return base;
      return ctx.auth?.ability.can(access.action, access.subject) ? true : forbidden();
    };
  };
  const guard =
    (check: Check | null) =>
    (resolve: Resolve, root: unknown, args: Record<string, unknown>, ctx: RequestContext, info: GraphQLResolveInfo) => {
      if (check) {
        const verdict = check(ctx);
        if (verdict !== true) throw verdict;
      }
      return resolve(root, args, ctx, info);
    };
  const tree: Record<string, Record<string, ReturnType<typeof guard>>> = {};
  for (const { type, field, access } of rootFieldAccess(schema)) (tree[type] ??= {})[field] = guard(checkFor(access));
  return tree as unknown as IMiddleware;
}
