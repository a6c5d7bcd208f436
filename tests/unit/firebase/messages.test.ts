import { FirebaseError } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import {
  FirebaseSignInError,
  firebaseErrorMessage,
  toFirebaseSignInError,
} from '../../../client/app/auth/firebase';

describe('firebaseErrorMessage', () => {
  it.each([
    'auth/wrong-password',
    'auth/user-not-found',
    'auth/invalid-credential',
    'auth/invalid-login-credentials',
    'auth/invalid-email',
  ])('gives the same message for %s, so accounts cannot be enumerated', (code) => {
    expect(firebaseErrorMessage(code)).toBe('Correo o contraseña incorrectos.');
  });

  it.each([
    ['auth/email-already-in-use', 'El correo ya está registrado.'],
    ['auth/too-many-requests', 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'],
    ['auth/expired-action-code', 'El enlace ha expirado. Solicita uno nuevo.'],
    [
      'auth/popup-blocked',
      'El navegador bloqueó la ventana emergente. Permite ventanas emergentes e inténtalo de nuevo.',
    ],
    ['auth/popup-closed-by-user', 'Se cerró la ventana antes de terminar el inicio de sesión.'],
    ['auth/network-request-failed', 'Error de red. Revisa tu conexión e inténtalo de nuevo.'],
  ])('maps %s', (code, message) => {
    expect(firebaseErrorMessage(code)).toBe(message);
  });

  it.each(['auth/internal-error', 'auth/operation-not-allowed', 'unknown', ''])(
    'falls back to a generic Spanish message for %j',
    (code) => {
      expect(firebaseErrorMessage(code)).toBe('No se pudo completar la autenticación. Inténtalo de nuevo.');
    },
  );
});

describe('toFirebaseSignInError', () => {
  it('keeps the Firebase code and replaces the message with the Spanish one', () => {
    const original = new FirebaseError('auth/wrong-password', 'Firebase: Error (auth/wrong-password).');
    const error = toFirebaseSignInError(original);
    expect(error).toBeInstanceOf(FirebaseSignInError);
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('auth/wrong-password');
    expect(error.message).toBe('Correo o contraseña incorrectos.');
    expect(error.cause).toBe(original);
  });

  it('handles code-carrying objects and unknown failures', () => {
    expect(toFirebaseSignInError({ code: 'auth/too-many-requests' }).message).toMatch(/Demasiados intentos/);
    const unknown = toFirebaseSignInError(new TypeError('fetch failed'));
    expect(unknown.code).toBe('unknown');
    expect(unknown.message).toBe('No se pudo completar la autenticación. Inténtalo de nuevo.');
  });
});
