// Both sign-in screens end the same way: obtain a session (or a Spanish
// message), store it, and open the forced password change, the page the
// visitor asked for before signing in (`?next=`), or the dashboard.
import { useLocation, useNavigate } from 'react-router-dom';
import { CHANGE_PASSWORD_PATH } from '../../routes';
import { nextFromSearch } from '../../routing/returnTo';
import { startSession } from '../../session/actions';
import type { SignInValues } from './SignInForm';
import { signInErrorMessage } from './signInError';

type Obtained = Parameters<typeof startSession>[0] | string | null | undefined;

export function useSignIn(obtain: (values: SignInValues) => Promise<Obtained>) {
  const navigate = useNavigate();
  const { search } = useLocation();
  return async (values: SignInValues): Promise<string | null> => {
    try {
      const session = await obtain(values);
      if (typeof session === 'string') return session;
      if (!session) return signInErrorMessage(null);
      const home = startSession(session);
      const next = nextFromSearch(search);
      await navigate(home !== CHANGE_PASSWORD_PATH && next ? next : home, { replace: true });
      return null;
    } catch (error) {
      return signInErrorMessage(error);
    }
  };
}
