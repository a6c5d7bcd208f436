// What every resolver receives: the request's identity and the app services.
import type { AppAbility, RuleModule } from '../schema/abilities';
import type { Actor } from './db/audit';
import type { AppServices } from './services';

export type AuthUser = {
  id: number;
  email: string;
  name: string;
  roleId: number;
  roleName: string;
  forcedPasswordReset: boolean;
  sessionId: string;
  rules: RuleModule[];
  ability: AppAbility;
};

export type RequestContext = {
  requestId: string;
  ip: string;
  app: AppServices;
  auth: AuthUser | null;
};

export const actorOf = (ctx: RequestContext): Actor => ({ userId: ctx.auth?.id ?? null, requestId: ctx.requestId });
