// Short-lived signed session tokens (HS256). The token names a session row;
// revocation (logout, password change, deactivation) marks that row.
import { SignJWT, jwtVerify } from 'jose';

export type TokenSigner = {
  sign(sessionId: string, userId: number, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<{ sessionId: string; userId: number } | null>;
};

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: 'erp', algorithms: ['HS256'] });
        if (typeof payload.sid !== 'string' || !payload.sub) return null;
        return { sessionId: payload.sid, userId: Number(payload.sub) };
      } catch {
        return null;
      }
    },
  };
}
