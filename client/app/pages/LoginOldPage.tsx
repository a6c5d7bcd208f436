// /loginOld: the classic form that always checks the password against the
// backend itself, whatever identity provider is configured.
import { Anchor } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { Link, useLocation } from 'react-router-dom';
import { LoginDocument } from '../../../generated/app/graphql';
import { LOGIN_PATH } from '../routes';
import { nextSearch } from '../routing/returnTo';
import { texts } from '../texts';
import { SignInForm } from './signIn/SignInForm';
import { useSignIn } from './signIn/useSignIn';

export function LoginOldPage() {
  const [login] = useMutation(LoginDocument);
  const { search } = useLocation();
  const submit = useSignIn(async ({ email, password }) => (await login({ variables: { email, password } })).data?.login);

  return (
    <SignInForm
      title={texts.login.classicTitle}
      subtitle={texts.login.classicSubtitle}
      userLabel={texts.login.classicUser}
      onSubmit={submit}
      footer={
        <Anchor component={Link} to={`${LOGIN_PATH}${nextSearch(search)}`} size="sm" ta="center">
          {texts.login.mainLink}
        </Anchor>
      }
    />
  );
}
