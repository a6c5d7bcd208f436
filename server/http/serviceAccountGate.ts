// In front of /api: a request carrying a service-account token is rate limited
// per token (fixed one-minute window counted in the database, so the quota is
// the same whatever the number of server processes; see auth/rateLimit.ts) and
// refused with 401 when the token is unknown or revoked. WebSocket
// subscriptions take the same limit through serviceTokenVerdict. The identity it
// resolved travels to the GraphQL context in res.locals, so it is read once.
import type express from 'express';
import type { AuthUser } from '../context';
import { authenticateServiceAccount, hashServiceToken, isServiceToken, SA_MSG } from '../modules/settings/serviceAccounts';
import type { RateVerdict } from '../auth/rateLimit';
import type { AppServices } from '../services';
import { bearer } from './bearer';

export const RATE_MSG = 'Demasiadas solicitudes con este token. Espera unos segundos e inténtalo de nuevo.';

/** The service-account identity the gate resolved for this request, if any. */
export const serviceAuthOf = (res: express.Response): AuthUser | undefined => res.locals.serviceAuth as AuthUser | undefined;

/** The rate-limit verdict for a service-account token (one hit counted), or null for any other token. */
export async function serviceTokenVerdict(app: AppServices, token: string | null): Promise<RateVerdict | null> {
  if (!isServiceToken(token)) return null;
  return app.serviceRateLimit.hit(hashServiceToken(token));
}

/** What the gate answers instead of running the request. */
export type GateRefusal = { status: 401 | 429; headers: Record<string, string>; body: { errors: { message: string; extensions: Record<string, unknown> }[] } };

/**
 * The gate for one request's token: null when it is not a service-account token (the session
 * path decides), the account's identity when it may go on, or the refusal to send.
 */
export async function checkServiceToken(app: AppServices, token: string | null): Promise<AuthUser | GateRefusal | null> {
  if (!isServiceToken(token)) return null;
  const verdict = await serviceTokenVerdict(app, token);
  if (verdict && !verdict.ok) {
    return {
      status: 429,
      headers: { 'Retry-After': String(verdict.retryAfterSeconds) },
      body: { errors: [{ message: RATE_MSG, extensions: { code: 'RATE_LIMITED', retryAfter: verdict.retryAfterSeconds } }] },
    };
  }
  const auth = await authenticateServiceAccount(app, token);
  if (!auth) return { status: 401, headers: {}, body: { errors: [{ message: SA_MSG.revoked, extensions: { code: 'UNAUTHENTICATED' } }] } };
  return auth;
}

export const isGateRefusal = (verdict: AuthUser | GateRefusal): verdict is GateRefusal => 'status' in verdict && 'body' in verdict;

export function serviceAccountGate(app: AppServices): express.RequestHandler {
  return (req, res, next) => {
    const token = bearer(req.headers.authorization);
    if (!isServiceToken(token)) return next();
    checkServiceToken(app, token)
      .then((verdict) => {
        if (verdict === null) return next();
        if (isGateRefusal(verdict)) return void res.status(verdict.status).set(verdict.headers).json(verdict.body);
        res.locals.serviceAuth = verdict;
        next();
      })
      .catch((err: unknown) => next(err));
  };
}
