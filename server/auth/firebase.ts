// Firebase identity provider (SPEC §1 Identity): verifies the ID token the SPA
// obtained with the Firebase SDK. The session service maps the returned e-mail
// to an active ERP user. With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin
// accepts the emulator's unsigned tokens (and asks the emulator whether the
// user still exists); otherwise it checks Google's signatures for projectId.
import { type App, type ServiceAccount, cert, getApps, initializeApp } from 'firebase-admin/app';
import { type DecodedIdToken, getAuth } from 'firebase-admin/auth';

export type FirebaseAdminOptions = {
  projectId: string;
  /** Service-account JSON; without it firebase-admin uses application default credentials. */
  credentialsJson?: string;
  storageBucket?: string;
};

export type FirebaseVerifierOptions = FirebaseAdminOptions & {
  /**
   * Refuse tokens whose e-mail Firebase has not verified (default true).
   * Anyone holding the public API key can sign up with any address, so an
   * unverified e-mail must not open the ERP account that owns it.
   */
  requireVerifiedEmail?: boolean;
  /** Also ask Firebase whether the token was revoked or the user disabled (one extra request). */
  checkRevoked?: boolean;
};

export type FirebaseIdentity = { uid: string; email: string };

export type FirebaseVerifier = {
  verifyIdToken(idToken: string): Promise<FirebaseIdentity>;
};

const MESSAGES = {
  invalid: 'La sesión de Firebase no es válida o expiró.',
  unverified: 'El correo de tu cuenta de Firebase no está verificado. Revisa tu bandeja de entrada.',
} as const;

/** The token cannot open a session (invalid, expired, revoked, no e-mail...). */
export class FirebaseTokenError extends Error {
  /** What firebase-admin (or this module) reported, for the log, never for the person. */
  readonly reason: string;

  constructor(reason: string, options?: { cause?: unknown; message?: string }) {
    super(options?.message ?? MESSAGES.invalid, { cause: options?.cause });
    this.name = 'FirebaseTokenError';
    this.reason = reason;
  }
}

// firebase-admin codes that blame the token itself. Anything else (network,
// credentials, quota) is an infrastructure failure and is rethrown untouched.
const TOKEN_CODES: ReadonlySet<string> = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/tenant-id-mismatch',
]);

const errorCode = (error: unknown): string | null =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;

function parseServiceAccount(json: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('Las credenciales de Firebase no son un JSON válido.');
  }
  const field = (snake: string, camel: string): string | undefined => {
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    const value = record[snake] ?? record[camel];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const account = {
    projectId: field('project_id', 'projectId'),
    clientEmail: field('client_email', 'clientEmail'),
    privateKey: field('private_key', 'privateKey'),
  };
  if (!account.clientEmail || !account.privateKey) {
    throw new Error('Las credenciales de Firebase deben ser la llave JSON de una cuenta de servicio.');
  }
  return account;
}

/**
 * A named firebase-admin app per purpose and project, so several parts of the
 * server (and any default app) coexist; repeated calls return the same app.
 */
export function firebaseAdminApp(purpose: string, options: FirebaseAdminOptions): App {
  const projectId = options.projectId.trim();
  if (projectId === '') throw new Error('Falta el identificador del proyecto de Firebase.');
  const name = `erp-${purpose}-${projectId}`;
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  return initializeApp(
    {
      projectId,
      ...(options.credentialsJson ? { credential: cert(parseServiceAccount(options.credentialsJson)) } : {}),
      ...(options.storageBucket ? { storageBucket: options.storageBucket } : {}),
    },
    name,
  );
}

export function createFirebaseVerifier(options: FirebaseVerifierOptions): FirebaseVerifier {
  const auth = getAuth(firebaseAdminApp('auth', options));
  const requireVerifiedEmail = options.requireVerifiedEmail ?? true;
  const checkRevoked = options.checkRevoked ?? false;

  return {
    async verifyIdToken(idToken) {
      if (typeof idToken !== 'string' || idToken.trim() === '') {
        throw new FirebaseTokenError('missing-token');
      }
      let decoded: DecodedIdToken;
      try {
        decoded = await auth.verifyIdToken(idToken.trim(), checkRevoked);
      } catch (error) {
        const code = errorCode(error);
        if (code !== null && TOKEN_CODES.has(code)) throw new FirebaseTokenError(code, { cause: error });
        throw error;
      }
      const email = typeof decoded.email === 'string' ? decoded.email.trim().toLowerCase() : '';
      if (email === '') throw new FirebaseTokenError('missing-email');
      if (requireVerifiedEmail && decoded.email_verified !== true) {
        throw new FirebaseTokenError('email-not-verified', { message: MESSAGES.unverified });
      }
      return { uid: decoded.uid, email };
    },
  };
}
