// /login: signs in with the identity provider the server is configured for
// (authConfig.provider): the server's own passwords, or Firebase first and
// then the ERP session for the Firebase ID token.
import { Alert, Anchor } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import {
  AuthConfigDocument,
  LoginDocument,
  LoginWithFirebaseDocument,
  type AuthConfigQuery,
} from '../../../generated/app/graphql';
import { loadFirebaseAuth } from '../session/actions';
import { nextSearch } from '../routing/returnTo';
import { texts } from '../texts';
import { SignInForm, type SignInValues } from './signIn/SignInForm';
import { useSignIn } from './signIn/useSignIn';

type AuthConfig = AuthConfigQuery['authConfig'];

/** The Firebase web config, or null when the server left a required part out. */
function firebaseConfigOf(config: AuthConfig) {
  if (!config.firebaseApiKey || !config.firebaseProjectId) return null;
  return {
    apiKey: config.firebaseApiKey,
    authDomain: config.firebaseAuthDomain,
    projectId: config.firebaseProjectId,
    emulatorUrl: config.firebaseEmulatorUrl,
  };
}

export function LoginPage() {
  const config = useQuery(AuthConfigDocument, { fetchPolicy: 'cache-first' });
  const [login] = useMutation(LoginDocument);
  const [loginWithFirebase] = useMutation(LoginWithFirebaseDocument);
  const authConfig = config.data?.authConfig;
  const { search } = useLocation();

  async function signInWithProvider({ email, password }: SignInValues) {
    if (authConfig?.provider === 'firebase') {
      const firebase = firebaseConfigOf(authConfig);
      if (!firebase) return texts.login.firebaseMisconfigured;
      const { signInWithFirebase } = await loadFirebaseAuth();
      const idToken = await signInWithFirebase(firebase, email, password);
      const result = await loginWithFirebase({ variables: { idToken } });
      return result.data?.loginWithFirebase ?? null;
    }
    const result = await login({ variables: { email, password } });
    return result.data?.login ?? null;
  }

  const submit = useSignIn(signInWithProvider);

  return (
    <SignInForm
      title={texts.login.title}
      subtitle={texts.login.subtitle}
      userLabel={texts.login.email}
      onSubmit={submit}
      busy={config.loading}
      notice={
        config.error ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
            {texts.login.configFailed}
          </Alert>
        ) : null
      }
      footer={
        <Anchor component={Link} to={`/loginOld${nextSearch(search)}`} size="sm" ta="center">
          {texts.login.classicLink}
        </Anchor>
      }
    />
  );
}
