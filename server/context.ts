// What every resolver receives: the request's identity and the app services.
import type { AppAbility, RuleModule } from '../schema/abilities';
import type { Actor } from './db/audit';
import type { AppServices } from './services';

export type AuthUser = {
  /** The signed-in user; null when a service account's token made the request. */
  id: number | null;
  email: string;
  name: string;
  roleId: number;
  roleName: string;
  forcedPasswordReset: boolean;
  /** Session row of a user's token; null for a service account. */
  sessionId: string | null;
  /** Set when an integrator's service-account token made the request (then id is null). */
  serviceAccount: { id: number; name: string } | null;
  rules: RuleModule[];
  ability: AppAbility;
};

export type RequestContext = {
  requestId: string;
  ip: string;
  app: AppServices;
  auth: AuthUser | null;
};

export const actorOf = (ctx: RequestContext): Actor => ({
  userId: ctx.auth?.id ?? null,
  requestId: ctx.requestId,
  serviceAccountId: ctx.auth?.serviceAccount?.id ?? null,
});
