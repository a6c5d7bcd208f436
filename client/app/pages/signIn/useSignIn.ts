// Both sign-in screens end the same way: obtain a session (or a Spanish
// message), store it, and open the dashboard or the forced password change.
import { useNavigate } from 'react-router-dom';
import { startSession } from '../../session/actions';
import type { SignInValues } from './SignInForm';
import { signInErrorMessage } from './signInError';

type Obtained = Parameters<typeof startSession>[0] | string | null | undefined;

export function useSignIn(obtain: (values: SignInValues) => Promise<Obtained>) {
  const navigate = useNavigate();
  return async (values: SignInValues): Promise<string | null> => {
    try {
      const session = await obtain(values);
      if (typeof session === 'string') return session;
      if (!session) return signInErrorMessage(null);
      await navigate(startSession(session), { replace: true });
      return null;
    } catch (error) {
      return signInErrorMessage(error);
    }
  };
}
