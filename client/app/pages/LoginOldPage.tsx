// /loginOld: the classic form that always checks the password against the
// backend itself, whatever identity provider is configured.
import { Anchor } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { LoginDocument } from '../../../generated/graphql';
import { startSession } from '../session/actions';
import { LOGIN_PATH } from '../routes';
import { texts } from '../texts';
import { SignInForm, type SignInValues } from './signIn/SignInForm';
import { signInErrorMessage } from './signIn/signInError';

export function LoginOldPage() {
  const navigate = useNavigate();
  const [login] = useMutation(LoginDocument);

  async function submit({ email, password }: SignInValues): Promise<string | null> {
    try {
      const result = await login({ variables: { email, password } });
      const session = result.data?.login;
      if (!session) return signInErrorMessage(null);
      await navigate(startSession(session), { replace: true });
      return null;
    } catch (error) {
      return signInErrorMessage(error);
    }
  }

  return (
    <SignInForm
      title={texts.login.classicTitle}
      subtitle={texts.login.classicSubtitle}
      userLabel={texts.login.classicUser}
      onSubmit={submit}
      footer={
        <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
          {texts.login.mainLink}
        </Anchor>
      }
    />
  );
}

export default LoginOldPage;
