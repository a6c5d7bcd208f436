// "Cambiar contraseña": reached from the user menu, and the only screen a
// user with forcedPasswordReset may open. The server answers with a fresh
// session (new token, forcedPasswordReset false), which replaces the old one.
import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { hasLength, isNotEmpty, matchesField, useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordDocument } from '../../../generated/app/graphql';
import { readGraphQLError } from '../../components/graphqlErrors';
import { notifySuccess } from '../../components/notify';
import { LOGIN_PATH } from '../routes';
import { signOut, startSession } from '../session/actions';
import { useSession } from '../session/session';
import { texts } from '../texts';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

const MIN_PASSWORD_LENGTH = 8;

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const { userData } = useSession();
  const forced = userData?.forcedPasswordReset ?? false;
  const [changePassword, { loading }] = useMutation(ChangePasswordDocument);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: isNotEmpty(texts.changePassword.required),
      newPassword: (value, values) =>
        hasLength({ min: MIN_PASSWORD_LENGTH }, texts.changePassword.minLength)(value) ??
        (value === values.currentPassword ? texts.changePassword.sameAsCurrent : null),
      confirmPassword: matchesField('newPassword', texts.changePassword.mismatch),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      const result = await changePassword({ variables: { currentPassword, newPassword } });
      const session = result.data?.changePassword;
      if (!session) return;
      const next = startSession(session);
      notifySuccess(texts.changePassword.done);
      await navigate(next, { replace: true });
    } catch (caught) {
      const appError = readGraphQLError(caught);
      if (appError?.fields.newPassword) form.setFieldError('newPassword', appError.fields.newPassword);
      if (appError?.fields.currentPassword) form.setFieldError('currentPassword', appError.fields.currentPassword);
      setError(appError?.message ?? null);
    }
  });

  async function leave() {
    await signOut();
    await navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <Paper withBorder radius="md" p="lg" maw={480}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {forced ? (
            <Alert color="orange" variant="light" icon={<IconShieldLock />}>
              {texts.changePassword.forcedNotice}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title={texts.changePassword.failedTitle}>
              {error}
            </Alert>
          ) : null}
          <PasswordInput
            label={forced ? texts.changePassword.currentForced : texts.changePassword.current}
            autoComplete="current-password"
            required
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={texts.changePassword.next}
            description={texts.changePassword.minLength}
            autoComplete="new-password"
            required
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={texts.changePassword.confirm}
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="space-between">
            {forced ? (
              <Button variant="subtle" color="gray" onClick={() => void leave()}>
                {texts.changePassword.signOut}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={loading}>
              {texts.changePassword.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
