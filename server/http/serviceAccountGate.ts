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

export function serviceAccountGate(app: AppServices): express.RequestHandler {
  return (req, res, next) => {
    const token = bearer(req.headers.authorization);
    if (!isServiceToken(token)) return next();
    serviceTokenVerdict(app, token)
      .then(async (verdict) => {
        if (verdict && !verdict.ok) {
          res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
          return void res.status(429).json({ errors: [{ message: RATE_MSG, extensions: { code: 'RATE_LIMITED', retryAfter: verdict.retryAfterSeconds } }] });
        }
        const auth = await authenticateServiceAccount(app, token);
        if (!auth) return void res.status(401).json({ errors: [{ message: SA_MSG.revoked, extensions: { code: 'UNAUTHENTICATED' } }] });
        res.locals.serviceAuth = auth;
        next();
      })
      .catch((err: unknown) => next(err));
  };
}
