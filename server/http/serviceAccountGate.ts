// In front of /api: a request carrying a service-account token is rate limited
// per token (fixed one-minute window, in memory, per server process) and
// refused with 401 when the token is unknown or revoked. The identity it
// resolved travels to the GraphQL context in res.locals, so it is read once.
import type express from 'express';
import type { AuthUser } from '../context';
import { authenticateServiceAccount, hashServiceToken, isServiceToken, SA_MSG } from '../modules/settings/serviceAccounts';
import type { AppServices } from '../services';
import { bearer } from './bearer';

export const RATE_MSG = 'Demasiadas solicitudes con este token. Espera unos segundos e inténtalo de nuevo.';

export type RateLimiter = { hit(key: string, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number } };

export function createRateLimiter(perMinute: number, windowMs = 60_000): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key, now = Date.now()) {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        // Forget finished windows now and then, so random tokens cannot grow the map without bound.
        if (windows.size > 10_000) for (const [k, v] of windows) if (now - v.start >= windowMs) windows.delete(k);
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= perMinute) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
    },
  };
}

/** The service-account identity the gate resolved for this request, if any. */
export const serviceAuthOf = (res: express.Response): AuthUser | undefined => res.locals.serviceAuth as AuthUser | undefined;

export function serviceAccountGate(app: AppServices): express.RequestHandler {
  const limiter = createRateLimiter(app.config.serviceAccountRatePerMin);
  return (req, res, next) => {
    const token = bearer(req.headers.authorization);
    if (!isServiceToken(token)) return next();
    const verdict = limiter.hit(hashServiceToken(token));
    if (!verdict.ok) {
      res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      return void res.status(429).json({ errors: [{ message: RATE_MSG, extensions: { code: 'FORBIDDEN', retryAfter: verdict.retryAfterSeconds } }] });
    }
    authenticateServiceAccount(app, token).then(
      (auth) => {
        if (!auth) return void res.status(401).json({ errors: [{ message: SA_MSG.revoked, extensions: { code: 'UNAUTHENTICATED' } }] });
        res.locals.serviceAuth = auth;
        next();
      },
      (err: unknown) => next(err),
    );
  };
}
