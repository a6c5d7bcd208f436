// Firebase sign-in for deployments that choose the Firebase identity provider
// (SPEC §1 Identity). The SPA imports this module lazily, so the default
// provider never downloads the Firebase SDK. The Firebase user lives only in
// memory: the ERP keeps its own session under its single localStorage key.
import { FirebaseError, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  connectAuthEmulator,
  getAuth,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';

export type FirebaseClientConfig = {
  apiKey: string;
  authDomain?: string | null;
  projectId: string;
  /** e.g. `http://127.0.0.1:9099`; set only in development and tests. */
  emulatorUrl?: string | null;
};

const INVALID_CREDENTIALS = 'Correo o contraseña incorrectos.';
const GENERIC_MESSAGE = 'No se pudo completar la autenticación. Inténtalo de nuevo.';

// Every credential failure shares one message so the screen never reveals
// whether an account exists.
const MESSAGES: Readonly<Record<string, string>> = {
  'auth/wrong-password': INVALID_CREDENTIALS,
  'auth/user-not-found': INVALID_CREDENTIALS,
  'auth/invalid-credential': INVALID_CREDENTIALS,
  'auth/invalid-login-credentials': INVALID_CREDENTIALS,
  'auth/invalid-email': INVALID_CREDENTIALS,
  'auth/missing-password': INVALID_CREDENTIALS,
  'auth/email-already-in-use': 'El correo ya está registrado.',
  'auth/too-many-requests': 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  'auth/expired-action-code': 'El enlace ha expirado. Solicita uno nuevo.',
  'auth/popup-blocked':
    'El navegador bloqueó la ventana emergente. Permite ventanas emergentes e inténtalo de nuevo.',
  'auth/popup-closed-by-user': 'Se cerró la ventana antes de terminar el inicio de sesión.',
  'auth/network-request-failed': 'Error de red. Revisa tu conexión e inténtalo de nuevo.',
};

export function firebaseErrorMessage(code: string): string {
  return MESSAGES[code] ?? GENERIC_MESSAGE;
}

/** A Firebase Auth failure: `message` is for the person, `code` for the code. */
export class FirebaseSignInError extends Error {
  readonly code: string;

  constructor(code: string, options?: { cause?: unknown }) {
    super(firebaseErrorMessage(code), options);
    this.name = 'FirebaseSignInError';
    this.code = code;
  }
}

export function toFirebaseSignInError(error: unknown): FirebaseSignInError {
  if (error instanceof FirebaseSignInError) return error;
  const code =
    error instanceof FirebaseError
      ? error.code
      : typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
        ? error.code
        : 'unknown';
  return new FirebaseSignInError(code, { cause: error });
}

// One Auth instance per distinct configuration; the emulator can only be
// attached before the first request, so it is done here and never again.
const instances = new Map<string, Auth>();

export function getFirebaseAuth(config: FirebaseClientConfig): Auth {
  const name = ['erp', config.projectId, config.apiKey, config.emulatorUrl ?? ''].join('|');
  const known = instances.get(name);
  if (known) return known;

  const existing = getApps().find((app) => app.name === name);
  let auth: Auth;
  if (existing) {
    // The app outlived a previous copy of this module (hot reload): its Auth
    // was already initialised with the settings below.
    auth = getAuth(existing);
  } else {
    const app = initializeApp(
      {
        apiKey: config.apiKey,
        projectId: config.projectId,
        ...(config.authDomain ? { authDomain: config.authDomain } : {}),
      },
      name,
    );
    auth = initializeAuth(app, { persistence: inMemoryPersistence });
  }
  if (config.emulatorUrl && auth.emulatorConfig === null) {
    connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  }
  instances.set(name, auth);
  return auth;
}

/** Signs in with e-mail and password and returns the Firebase ID token. */
export async function signInWithFirebase(
  config: FirebaseClientConfig,
  email: string,
  password: string,
): Promise<string> {
  try {
    const auth = getFirebaseAuth(config);
    const credential = await signInWithEmailAndPassword(auth, email.trim(), password);
    return await credential.user.getIdToken();
  } catch (error) {
    throw toFirebaseSignInError(error);
  }
}

/** Forgets the Firebase user kept in memory (call it on ERP logout). */
export async function signOutFromFirebase(): Promise<void> {
  await Promise.all([...instances.values()].map((auth) => signOut(auth)));
}
