// The graphql-shield rule tree is built from the SDL declarations
// (@public / @authenticated / @can) — one place says who may call a field.
// Root fields without a declaration fall to deny; nested object fields are
// allowed because their data can only be reached through a guarded root field.
import { GraphQLError, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import type { IMiddleware } from 'graphql-middleware';
import { allow, rule, shield } from 'graphql-shield';
import type { IRule, IRules } from 'graphql-shield';
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

type ShieldRule = IRule | typeof allow;

/**
 * The permission layer: graphql-shield rules built from each root field's
 * declaration (Query, Mutation, Subscription), deny by default for a root field
 * without one, and a FORBIDDEN / UNAUTHENTICATED GraphQLError in Spanish.
 * Only the root fields keep shield's middleware: shield wraps every field of
 * every object type (nested ones with its fallback), which made every field of
 * every row an extra async call, while nested data can only be reached through
 * a guarded root field (issue 12: CPU per request). `enabled: false` (bench
 * only) lets every root field through, keeping the wrapper so the bench
 * compares the rules alone.
 */
export function buildPermissions(schema: GraphQLSchema, opts: { enabled: boolean } = { enabled: true }): IMiddleware {
  const cache = new Map<string, ShieldRule>();
  const ruleFor = (access: FieldAccess): ShieldRule => {
    const key = JSON.stringify(access);
    const hit = cache.get(key);
    if (hit) return hit;
    let r: ShieldRule;
    if (access.kind === 'public') r = allow;
    // No cache: a check is a property read and an ability lookup, cheaper than shield's per-request
    // cache (an object written on the context, keyed by the rule's name) it would be kept in.
    else if (access.kind === 'authenticated') r = rule(`auth:${access.allowPasswordReset}`, { cache: 'no_cache' })((_p, _a, ctx: RequestContext) => signedIn(ctx, access.allowPasswordReset));
    else
      r = rule(`can:${access.action}:${access.subject}`, { cache: 'no_cache' })((_p, _a, ctx: RequestContext) => {
        const base = signedIn(ctx, false);
        if (base !== true) return base;
        return ctx.auth?.ability.can(access.action, access.subject) ? true : forbidden();
      });
    cache.set(key, r);
    return r;
  };

  const tree: Record<string, Record<string, ShieldRule>> = {};
  for (const { type, field, access } of rootFieldAccess(schema)) {
    if (!access) continue; // falls to deny
    (tree[type] ??= {})[field] = opts.enabled ? ruleFor(access) : allow;
  }
  const generator = shield(tree as IRules, {
    fallbackRule: rule('deny-by-default', { cache: 'no_cache' })(() => forbidden()),
    fallbackError: (thrown) => (thrown instanceof GraphQLError ? thrown : forbidden()),
    allowExternalErrors: true,
    debug: false,
  });
  const generated = generator.generate(schema) as Record<string, unknown>;
  return Object.fromEntries(ROOTS.filter((root) => generated[root]).map((root) => [root, generated[root]])) as IMiddleware;
}
