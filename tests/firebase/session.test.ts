// Firebase sign-in end to end: the client module signs in against the Auth
// emulator, a real server process (ERP_AUTH_PROVIDER=firebase) exchanges the
// ID token for an ERP session, and that session works like any other.
import net from 'node:net';
import { type Auth, getAuth as getAdminAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirebaseClientConfig, signInWithFirebase } from '../../client/app/auth/firebase';
import { firebaseAdminApp } from '../../server/auth/firebase';
import { GENERIC_MESSAGE } from '../../server/graphql/errors';
import { type RunningEmulator, startAuthEmulator } from '../../scripts/with-firebase-emulator';
import { type GqlResult, type TestServer, startServer } from '../api/harness';

const PROJECT_ID = 'demo-erp';
const FIREBASE_PASSWORD = 'Secreta-2024';
const ERP_USER = 'ventas@demo.mx';

const MESSAGES = {
  invalid: 'La sesión de Firebase no es válida o expiró.',
  unverified: 'El correo de tu cuenta de Firebase no está verificado. Revisa tu bandeja de entrada.',
  unknownUser: 'Tu cuenta de Firebase no está asociada a un usuario activo del ERP.',
  throttled: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
};

const LOGIN = `mutation ($t: String!) {
  loginWithFirebase(idToken: $t) {
    token
    user { email role { name } }
    rules { module submodules { name permitions { name } } }
  }
}`;

type LoginData = {
  loginWithFirebase: {
    token: string;
    user: { email: string; role: { name: string } };
    rules: { module: string; submodules: { name: string; permitions: { name: string }[] }[] }[];
  };
};

type AuthConfigData = {
  authConfig: {
    provider: string;
    firebaseApiKey: string | null;
    firebaseProjectId: string | null;
    firebaseEmulatorUrl: string | null;
  };
};

let emulator: RunningEmulator;
let server: TestServer;
let client: FirebaseClientConfig;
const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

const firebaseEnv = (emulatorHost: string) => ({
  ERP_AUTH_PROVIDER: 'firebase',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  // The tests act as a proxy on loopback that names each client in X-Forwarded-For.
  ERP_TRUST_PROXY: 'loopback',
});

// firebase-admin in this process talks to the emulator too (it reads the
// variable when it sends a request), to create users the way an operator would.
const adminAuth = (): Auth => getAdminAuth(firebaseAdminApp('session-tests', { projectId: PROJECT_ID }));

/** A Firebase account with that e-mail, replacing one left by an earlier run on a reused emulator. */
async function createFirebaseUser(email: string, emailVerified: boolean): Promise<void> {
  const existing = await adminAuth()
    .getUserByEmail(email)
    .catch(() => null);
  if (existing) await adminAuth().deleteUser(existing.uid);
  await adminAuth().createUser({ email, password: FIREBASE_PASSWORD, emailVerified });
}

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++counter}@ejemplo.mx`;

/** The mutation sent as if from another client address (the server trusts X-Forwarded-For from loopback). */
async function loginFrom(ip: string, idToken: string): Promise<GqlResult<LoginData>> {
  const res = await fetch(`${server.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query: LOGIN, variables: { t: idToken } }),
  });
  return { ...((await res.json()) as GqlResult<LoginData>), status: res.status };
}

/** A TCP port nothing listens on (bound, read, released). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId: PROJECT_ID });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  server = await startServer(firebaseEnv(emulator.host));
  const config = await server.gql<AuthConfigData>('{ authConfig { provider firebaseApiKey firebaseProjectId firebaseEmulatorUrl } }');
  const auth = config.data?.authConfig;
  if (!auth?.firebaseApiKey || !auth.firebaseProjectId) throw new Error(`authConfig incompleto: ${JSON.stringify(config)}`);
  // The client is configured from what the server announces, as the SPA does.
  client = { apiKey: auth.firebaseApiKey, projectId: auth.firebaseProjectId, emulatorUrl: auth.firebaseEmulatorUrl };
  await createFirebaseUser(ERP_USER, true);
});

afterAll(async () => {
  await server?.stop();
  if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  await emulator?.stop();
});

describe('loginWithFirebase on a real server', () => {
  it('announces the Firebase provider and the emulator', async () => {
    const r = await server.gql<AuthConfigData>('{ authConfig { provider firebaseProjectId firebaseEmulatorUrl } }');
    expect(r.errors).toBeUndefined();
    expect(r.data?.authConfig).toEqual({ provider: 'firebase', firebaseProjectId: PROJECT_ID, firebaseEmulatorUrl: emulator.url });
  });

  it('exchanges the ID token of a known, verified e-mail for an ERP session', async () => {
    const idToken = await signInWithFirebase(client, ERP_USER, FIREBASE_PASSWORD);
    const r = await server.gql<LoginData>(LOGIN, { t: idToken });
    expect(r.errors).toBeUndefined();
    const session = r.data!.loginWithFirebase;
    expect(session.user).toEqual({ email: ERP_USER, role: { name: 'Vendedor' } });
    expect(session.rules.map((m) => m.module)).toEqual(['Ventas']);
    expect(session.rules[0].submodules.length).toBeGreaterThan(0);

    const me = await server.gql<{ me: { email: string } | null }>('{ me { email } }', {}, session.token);
    expect(me.errors).toBeUndefined();
    expect(me.data?.me).toEqual({ email: ERP_USER });
  });

  it('refuses a Firebase account that has no ERP user', async () => {
    const email = uniqueEmail('desconocido');
    await createFirebaseUser(email, true);
    const r = await server.gql(LOGIN, { t: await signInWithFirebase(client, email, FIREBASE_PASSWORD) });
    expect(r.data).toBeNull();
    expect(r.errors?.[0]).toMatchObject({ message: MESSAGES.unknownUser, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses an ERP e-mail that Firebase has not verified', async () => {
    // consulta@demo.mx is an ERP user: only the unverified flag stands in the way.
    await createFirebaseUser('consulta@demo.mx', false);
    const r = await server.gql(LOGIN, { t: await signInWithFirebase(client, 'consulta@demo.mx', FIREBASE_PASSWORD) });
    expect(r.errors?.[0]).toMatchObject({ message: MESSAGES.unverified, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a garbage token', async () => {
    const r = await server.gql(LOGIN, { t: 'esto.no.es-un-token' });
    expect(r.data).toBeNull();
    expect(r.errors?.[0]).toMatchObject({ message: MESSAGES.invalid, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('throttles bad tokens per address without locking other addresses out', async () => {
    const attacker = '203.0.113.7';
    // ERP_LOGIN_MAX_ATTEMPTS is 5 in the harness.
    for (let i = 0; i < 5; i++) {
      const r = await loginFrom(attacker, `basura-${i}`);
      expect(r.errors?.[0]?.message).toBe(MESSAGES.invalid);
    }
    const idToken = await signInWithFirebase(client, ERP_USER, FIREBASE_PASSWORD);
    const blocked = await loginFrom(attacker, idToken);
    expect(blocked.errors?.[0]).toMatchObject({ message: MESSAGES.throttled, extensions: { code: 'UNAUTHENTICATED' } });

    const other = await loginFrom('203.0.113.8', idToken);
    expect(other.errors).toBeUndefined();
    expect(other.data?.loginWithFirebase.user.email).toBe(ERP_USER);
  });

  it('answers an unreachable Firebase with the generic error, not as a bad token', async () => {
    // A well-formed emulator token makes firebase-admin ask the (dead) emulator
    // about the account: an infrastructure failure the person cannot fix.
    const idToken = await signInWithFirebase(client, ERP_USER, FIREBASE_PASSWORD);
    const offline = await startServer(firebaseEnv(`127.0.0.1:${await closedPort()}`));
    try {
      const r = await offline.gql(LOGIN, { t: idToken });
      expect(r.data).toBeNull();
      expect(r.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(r.errors?.[0]?.message.startsWith(GENERIC_MESSAGE)).toBe(true);
    } finally {
      await offline.stop();
    }
  }, 60_000);
});
