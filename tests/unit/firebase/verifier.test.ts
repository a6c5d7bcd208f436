// Token shapes that firebase-admin refuses before it needs Google's public keys,
// so these run offline without the emulator. The emulator suite covers the rest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseVerifier, FirebaseTokenError } from '../../../server/auth/firebase';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeEach(() => {
  vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createFirebaseVerifier (offline)', () => {
  const verifier = createFirebaseVerifier({ projectId: 'demo-erp-unit' });
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://securetoken.google.com/demo-erp-unit',
    aud: 'demo-erp-unit',
    sub: 'u1',
    iat: now,
    exp: now + 3600,
    email: 'ana@demo.mx',
  };

  it.each([
    ['an empty token', ''],
    ['garbage', 'no-es-un-token'],
    ['an unsigned token', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['a token for another project', `${b64({ alg: 'RS256', kid: 'k1' })}.${b64({ ...claims, aud: 'otro' })}.firma`],
  ])('refuses %s with FirebaseTokenError', async (_label, token) => {
    const error: unknown = await verifier.verifyIdToken(token).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(FirebaseTokenError);
    expect(error).toMatchObject({ message: 'La sesión de Firebase no es válida o expiró.' });
  });

  it('names its app so it coexists with other firebase-admin apps', () => {
    expect(() => createFirebaseVerifier({ projectId: 'demo-erp-unit' })).not.toThrow();
    expect(() => createFirebaseVerifier({ projectId: '  ' })).toThrow(/proyecto de Firebase/);
  });

  it('explains malformed service-account credentials in Spanish', () => {
    expect(() => createFirebaseVerifier({ projectId: 'demo-erp-cred-1', credentialsJson: '{no' })).toThrow(
      'Las credenciales de Firebase no son un JSON válido.',
    );
    expect(() => createFirebaseVerifier({ projectId: 'demo-erp-cred-2', credentialsJson: '{"type":"x"}' })).toThrow(
      /cuenta de servicio/,
    );
  });
});
