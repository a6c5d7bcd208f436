// Session resolvers (names used by integrators: keep them).
import type { Resolvers } from '../../graphql/types';
import * as service from './service';

export const sessionResolvers: Resolvers = {
  Query: {
    ping: () => 'pong',
    // A service account is no person: no `me`.
    me: (_p, _a, ctx) =>
      ctx.auth?.id != null ? {
        id: ctx.auth.id,
        email: ctx.auth.email,
        name: ctx.auth.name,
        forcedPasswordReset: ctx.auth.forcedPasswordReset,
        role: { id: ctx.auth.roleId, name: ctx.auth.roleName },
      } : null,
    myRules: (_p, _a, ctx) => ctx.auth?.rules ?? [],
    authConfig: (_p, _a, ctx) => {
      const { config } = ctx.app;
      const emulator = config.firebase.emulatorHost;
      return {
        provider: config.authProvider,
        firebaseApiKey: config.firebase.apiKey ?? (config.authProvider === 'firebase' && emulator ? 'demo-api-key' : null),
        firebaseAuthDomain: config.firebase.authDomain,
        firebaseProjectId: config.firebase.projectId,
        firebaseEmulatorUrl: emulator ? `http://${emulator}` : null,
      };
    },
    myAuditEntries: (_p, a, ctx) => service.myAuditEntries(ctx, a.limit ?? 10),
    // Configuración's Auditoría (its SDL is in settings.graphql): the audit log is read here.
    auditEntries: (_p, a, ctx) => service.listAuditEntries(ctx, a.list, a),
    recordHistory: (_p, a, ctx) => service.recordHistory(ctx, a.entity, a.entityId),
    mySavedViews: (_p, a, ctx) => service.mySavedViews(ctx, a.path),
  },
  Mutation: {
    login: (_p, a, ctx) => service.login(ctx, a),
    loginWithFirebase: (_p, a, ctx) => service.loginWithFirebase(ctx, a),
    logout: (_p, _a, ctx) => service.logout(ctx),
    changePassword: (_p, a, ctx) => service.changePassword(ctx, a),
    recordNoteAdd: (_p, a, ctx) => service.addRecordNote(ctx, a.entity, a.entityId, a.body),
    savedViewSave: (_p, a, ctx) => service.saveView(ctx, a.input),
    savedViewDelete: (_p, a, ctx) => service.deleteView(ctx, a.id),
  },
  Subscription: {
    rulesChanged: {
      subscribe: (_p, _a, ctx) => rulesChangedStream(ctx),
      resolve: (payload: import('../../../schema/abilities').RuleModule[]) => payload,
    },
    recordChanged: {
      subscribe: (_p, a, ctx) => recordChangedStream(ctx, a.entity),
      // Who saved it stays on the server; each subscriber only learns whether it was itself.
      resolve: (payload: import('../../lib/events').RecordChangedEvent, _a: unknown, ctx: import('../../context').RequestContext) => ({ entity: payload.entity, id: payload.id, byMe: payload.userId !== null && payload.userId === ctx.auth?.id }),
    },
  },
};

async function* recordChangedStream(ctx: import('../../context').RequestContext, entity: string) {
  service.requireAuth(ctx);
  const abort = new AbortController();
  try {
    yield* ctx.app.events.recordChanged(entity, abort.signal);
  } finally {
    abort.abort();
  }
}

/** Yields the user's fresh rules whenever a change may concern them (and they really changed). */
async function* rulesChangedStream(ctx: import('../../context').RequestContext) {
  const auth = service.requireUser(ctx);
  const abort = new AbortController();
  let last = JSON.stringify(auth.rules);
  try {
    for await (const event of ctx.app.events.rulesChanged(abort.signal)) {
      const current = await service.currentRulesOf(ctx.app, auth.id);
      if (!current) return;
      if (event.roleIds !== 'all' && !event.roleIds.includes(current.roleId)) continue;
      const next = JSON.stringify(current.rules);
      if (next === last) continue;
      last = next;
      yield current.rules;
    }
  } finally {
    abort.abort();
  }
}
