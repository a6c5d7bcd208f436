// The e-mail + password form both sign-in screens share. The parent decides
// how to check the credentials; this only validates, shows progress and the
// Spanish error the parent returns.
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { isEmail, isNotEmpty, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LANDING_PATH } from '../../routes';
import { texts } from '../../texts';

export type SignInValues = { email: string; password: string };

type SignInFormProps = {
  title: string;
  subtitle: string;
  userLabel: string;
  /** Resolves to a Spanish error message, or null when the user is in. */
  onSubmit: (values: SignInValues) => Promise<string | null>;
  /** Disables the form while something it depends on is still loading. */
  busy?: boolean;
  notice?: ReactNode;
  footer?: ReactNode;
};

export function SignInForm({ title, subtitle, userLabel, onSubmit, busy = false, notice, footer }: SignInFormProps) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) =>
        isNotEmpty(texts.login.emailRequired)(value.trim()) ?? isEmail(texts.login.emailInvalid)(value.trim()),
      password: isNotEmpty(texts.login.passwordRequired),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const message = await onSubmit({ email: values.email.trim(), password: values.password });
      if (message) setError(message);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2}>{title}</Title>
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            </div>
            {notice}
            {error ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle />} title={texts.login.failedTitle}>
                {error}
              </Alert>
            ) : null}
            <TextInput
              label={userLabel}
              placeholder={texts.login.emailPlaceholder}
              type="email"
              autoComplete="username"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={texts.login.password}
              autoComplete="current-password"
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" fullWidth loading={submitting} disabled={busy}>
              {texts.login.submit}
            </Button>
            {footer}
            <Anchor component={Link} to={LANDING_PATH} size="sm" ta="center">
              {texts.login.backHome}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
