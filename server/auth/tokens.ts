// Short-lived signed session tokens (HS256). The token names a session row;
// revocation (logout, password change, deactivation) marks that row.
import { SignJWT, jwtVerify } from 'jose';

export type TokenSigner = {
  sign(sessionId: string, userId: number, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<{ sessionId: string; userId: number } | null>;
};

/** Tokens whose signature checked out, until they expire (bounded; emptied when full). */
const VERIFIED_MAX = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // The signature of a token never changes, so it is checked once: WebCrypto's HMAC cost more CPU
  // per request than the rest of the identity lookup. Revocation is not affected: every request
  // still checks the session row (findLiveSession, remembered a few seconds by app.identity and
  // forgotten by every process before a revocation is answered).
  const verified = new Map<string, { claims: { sessionId: string; userId: number }; expiresAtMs: number }>();
  return {
    sign: (sessionId, userId, expiresAt) =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .setIssuer('erp')
        .sign(key),
    verify: async (token) => {
      const now = Date.now();
      const hit = verified.get(token);
      if (hit) {
        if (now < hit.expiresAtMs) return hit.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'erp', algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
        const claims = { sessionId: payload.sid, userId: Number(payload.sub) };
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
