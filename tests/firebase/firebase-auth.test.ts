// Sign-in and token verification against the local Firebase Auth emulator: the
// browser module signs in (the Firebase JS SDK also runs in Node) and the server
// verifier checks the ID token it returns.
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FirebaseClientConfig,
  FirebaseSignInError,
  getFirebaseAuth,
  signInWithFirebase,
  toFirebaseSignInError,
} from '../../client/app/auth/firebase';
import { createFirebaseVerifier, firebaseAdminApp, FirebaseTokenError } from '../../server/auth/firebase';
import { type RunningEmulator, startAuthEmulator } from '../../scripts/with-firebase-emulator';

const PROJECT_ID = 'demo-erp';
const PASSWORD = 'Secreta-2024';

let emulator: RunningEmulator;
let client: FirebaseClientConfig;
const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId: PROJECT_ID });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  client = { apiKey: 'demo-api-key', projectId: PROJECT_ID, emulatorUrl: emulator.url };
});

afterAll(async () => {
  if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  await emulator?.stop();
});

let counter = 0;
const uniqueEmail = () => `usuario.${Date.now()}.${++counter}@demo.mx`;

type SignUpResponse = { localId: string; idToken: string; email?: string };

/** Creates an account through the emulator's REST API (what the Identity Toolkit exposes). */
async function signUp(body: Record<string, unknown>): Promise<SignUpResponse> {
  const response = await fetch(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as SignUpResponse;
}

const adminAuth = () => getAdminAuth(firebaseAdminApp('tests', { projectId: PROJECT_ID }));

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => new Error('se esperaba un rechazo'),
    (reason: unknown) => reason,
  );

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token shaped like the emulator's own, with the claims given. */
function unsignedToken(claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    ...claims,
  })}.`;
}

describe('Firebase Auth against the emulator', () => {
  it('signs in with the client module and verifies the token on the server', async () => {
    const email = uniqueEmail();
    const created = await signUp({ email, password: PASSWORD });
    const idToken = await signInWithFirebase(client, email.toUpperCase(), PASSWORD);
    expect(idToken.split('.')).toHaveLength(3);

    const lenient = createFirebaseVerifier({ projectId: PROJECT_ID, requireVerifiedEmail: false });
    await expect(lenient.verifyIdToken(idToken)).resolves.toEqual({ uid: created.localId, email });
  });

  it('requires a verified e-mail by default', async () => {
    const email = uniqueEmail();
    const { localId } = await signUp({ email, password: PASSWORD });
    const verifier = createFirebaseVerifier({ projectId: PROJECT_ID });

    const unverified = await rejection(verifier.verifyIdToken(await signInWithFirebase(client, email, PASSWORD)));
    expect(unverified).toBeInstanceOf(FirebaseTokenError);
    expect(unverified).toMatchObject({ reason: 'email-not-verified' });

    await adminAuth().updateUser(localId, { emailVerified: true });
    const verified = await signInWithFirebase(client, email, PASSWORD);
    await expect(verifier.verifyIdToken(verified)).resolves.toEqual({ uid: localId, email });
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: PASSWORD });

    const wrong = await rejection(signInWithFirebase(client, email, 'otra-clave-123'));
    expect(wrong).toBeInstanceOf(FirebaseSignInError);
    expect(wrong).toMatchObject({ message: 'Correo o contraseña incorrectos.' });
    expect((wrong as FirebaseSignInError).code).toMatch(/^auth\//);

    const unknown = await rejection(signInWithFirebase(client, uniqueEmail(), PASSWORD));
    expect(unknown).toMatchObject({ message: 'Correo o contraseña incorrectos.' });
  });

  it('reports an e-mail that is already registered', async () => {
    const email = uniqueEmail();
    await signUp({ email, password: PASSWORD });
    const error = await rejection(createUserWithEmailAndPassword(getFirebaseAuth(client), email, PASSWORD));
    const mapped = toFirebaseSignInError(error);
    expect(mapped.code).toBe('auth/email-already-in-use');
    expect(mapped.message).toBe('El correo ya está registrado.');
  });

  it('refuses forged, foreign, expired and e-mail-less tokens', async () => {
    const verifier = createFirebaseVerifier({ projectId: PROJECT_ID, requireVerifiedEmail: false });
    const email = uniqueEmail();
    const { localId } = await signUp({ email, password: PASSWORD });
    const anonymous = await signUp({});
    const now = Math.floor(Date.now() / 1000);

    // The emulator's tokens carry no signature, so the server cannot tell a
    // forged emulator token by its signature: these cases pin the checks that
    // remain (shape, project, expiry, the account existing). Production tokens
    // are also checked against Google's keys.
    const cases: [string, string, string][] = [
      ['garbage', 'esto.no.es-un-token', 'auth/argument-error'],
      ['an unknown account', unsignedToken({ sub: 'no-existe', user_id: 'no-existe', email }), 'auth/user-not-found'],
      ['another project', unsignedToken({ sub: localId, email, aud: 'demo-otro' }), 'auth/argument-error'],
      ['an expired token', unsignedToken({ sub: localId, email, iat: now - 7200, exp: now - 3600 }), 'auth/id-token-expired'],
      ['a token without e-mail', anonymous.idToken, 'missing-email'],
    ];
    for (const [label, token, reason] of cases) {
      const error = await rejection(verifier.verifyIdToken(token));
      expect(error, label).toBeInstanceOf(FirebaseTokenError);
      expect(error, label).toMatchObject({ reason, message: 'La sesión de Firebase no es válida o expiró.' });
    }
  });

  it('refuses the token of a user disabled in Firebase', async () => {
    const email = uniqueEmail();
    const { localId } = await signUp({ email, password: PASSWORD });
    const token = await signInWithFirebase(client, email, PASSWORD);
    await adminAuth().updateUser(localId, { disabled: true });
    const verifier = createFirebaseVerifier({ projectId: PROJECT_ID, requireVerifiedEmail: false });
    await expect(verifier.verifyIdToken(token)).rejects.toMatchObject({ reason: 'auth/user-disabled' });
  });
});
