// Formulario de Usuarios: no `?id=` creates, `?id=N` edits. Creating may
// return a generated password, shown once before going back to the list.
// The editor is keyed by id + version, so a save, a reload after a conflict
// or an admin action starts it again from what the server now holds.
import { recordGate } from '../../../components/recordGate';
import {
  Alert,
  Badge,
  Button,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconKey, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  RoleOptionsDocument,
  UserCreateDocument,
  UserDeactivateDocument,
  UserDetailDocument,
  UserResetPasswordDocument,
  UserUpdateDocument,
  type UserFieldsFragment,
} from '../../../../generated/modules/settings/graphql';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { FormPage } from '../../../components/FormPage';
import { formatDateTime } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { StatusBadge } from '../../../components/StatusBadge';
import { useSession } from '../../../app/session/session';
import { useScreenAccess, type ScreenAccess } from '../access';
import { idParam, SETTINGS_PATHS } from '../paths';
import { asAppError, errorForForm } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { ACTIVE_LABELS, activeStatus, texts } from '../texts';
import { showTemporaryPassword } from '../users/temporaryPassword';
import {
  EMPTY_USER,
  NAME_MAX,
  toCreateInput,
  toUpdateInput,
  USER_FORM_FIELDS,
  userValues,
  validateEmail,
  validateName,
  validatePassword,
  validateRole,
  type UserFormValues,
} from '../users/userForm';

const t = texts.users;

type RoleOption = { value: string; label: string };

type EditorProps = {
  /** null while creating (or while the record loads). */
  user: UserFieldsFragment | null;
  mode: 'create' | 'edit';
  loading: boolean;
  roleOptions: RoleOption[];
  access: ScreenAccess;
  onReload?: () => void;
};

function AccessInfo({ user }: { user: UserFieldsFragment }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} size="sm" mb="xs">
        {t.info.title}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.info.forcedPasswordReset}
          </Text>
          <div>
            <Badge variant="light" color={user.forcedPasswordReset ? 'orange' : 'gray'} radius="sm">
              {user.forcedPasswordReset ? texts.common.yes : texts.common.no}
            </Badge>
          </div>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.info.lastSignInAt}
          </Text>
          <Text size="sm">{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : texts.common.never}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t.info.createdAt}
          </Text>
          <Text size="sm">{formatDateTime(user.createdAt)}</Text>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

function UserEditor({ user, mode, loading, roleOptions, access, onReload }: EditorProps) {
  const navigate = useNavigate();
  const { userData } = useSession();
  const [createUser] = useMutation(UserCreateDocument);
  const [updateUser] = useMutation(UserUpdateDocument);
  const [deactivateUser, deactivation] = useMutation(UserDeactivateDocument);
  const [resetPassword, reset] = useMutation(UserResetPasswordDocument);

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: user ? userValues(user) : EMPTY_USER,
    validate: {
      name: validateName,
      email: validateEmail,
      roleId: validateRole,
      password: validatePassword,
    },
  });

  const readOnly = mode === 'create' ? !access.crear : !access.editar;
  const isSelf = user !== null && userData?.id === user.id;

  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: USER_FORM_FIELDS, onSaved: () => void navigate(SETTINGS_PATHS.users), readOnly });

  const save = () =>
    runSave(async (values) => {
      if (mode === 'create') {
        const result = await createUser({ variables: { input: toCreateInput(values) } });
        // The hook resets dirty before the dialog: leaving afterwards must not ask.
        const temporaryPassword = result.data?.userCreate.temporaryPassword;
        return {
          message: t.created,
          onSaved: () =>
            void (async () => {
              if (temporaryPassword) await showTemporaryPassword(temporaryPassword);
              await navigate(SETTINGS_PATHS.users);
            })(),
        };
      }
      if (user) await updateUser({ variables: { id: user.id, version: user.version, input: toUpdateInput(values) } });
      return t.saved;
    });

  // Actions on the stored record; a conflict goes to the form's reload banner,
  // anything else (a guard rail, say) is a toast.
  const actionFailed = (caught: unknown) => {
    const appError = asAppError(caught);
    if (appError.code === 'CONFLICT') setError(appError);
    else notifyError(errorForForm(appError, []).message, t.actionFailed);
  };

  const discardNote = () => (form.isDirty() ? texts.common.dirtyDiscard : '');

  const askResetPassword = (target: UserFieldsFragment) =>
    confirmAction({
      title: t.resetPasswordTitle,
      message: t.resetPasswordMessage(target.name) + discardNote(),
      confirmLabel: t.resetPassword,
      onConfirm: () => {
        void (async () => {
          try {
            const result = await resetPassword({ variables: { id: target.id } });
            const temporaryPassword = result.data?.userResetPassword.temporaryPassword;
            notifySuccess(t.resetPasswordDone);
            if (temporaryPassword) await showTemporaryPassword(temporaryPassword);
          } catch (caught) {
            actionFailed(caught);
          }
        })();
      },
    });

  const askDeactivate = (target: UserFieldsFragment) =>
    confirmAction({
      title: t.deactivateTitle,
      message: t.deactivateMessage(target.name) + discardNote(),
      confirmLabel: t.deactivate,
      onConfirm: () => {
        void (async () => {
          try {
            await deactivateUser({ variables: { id: target.id, version: target.version } });
            notifySuccess(t.deactivated);
          } catch (caught) {
            actionFailed(caught);
          }
        })();
      },
    });

  const extraActions =
    mode === 'edit' && user ? (
      <>
        {access.editar ? (
          <Button
            variant="default"
            leftSection={<IconKey size={16} />}
            loading={reset.loading}
            onClick={() => askResetPassword(user)}
          >
            {t.resetPassword}
          </Button>
        ) : null}
        {access.eliminar && user.active ? (
          <Tooltip label={t.deactivateSelf} disabled={!isSelf}>
            <Button
              variant="light"
              color={CANCEL_COLOR}
              leftSection={<IconUserOff size={16} />}
              loading={deactivation.loading}
              disabled={isSelf}
              onClick={() => askDeactivate(user)}
            >
              {t.deactivate}
            </Button>
          </Tooltip>
        ) : null}
      </>
    ) : null;

  return (
    <FormPage
      entity="user"
      title={mode === 'create' ? t.formNewTitle : (user?.name ?? '')}
      description={mode === 'create' ? t.formNewDescription : user?.email}
      headerActions={
        user ? <StatusBadge status={activeStatus(user.active)} labels={ACTIVE_LABELS} /> : undefined
      }
      onSubmit={save}
      onCancel={() => void navigate(SETTINGS_PATHS.users)}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      loading={loading}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
      extraActions={extraActions}
    >
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {mode === 'create' ? t.noCreatePermission : texts.common.readOnly}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t.fields.name}
              required
              maxLength={NAME_MAX}
              disabled={readOnly}
              data-autofocus
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t.fields.email}
              placeholder={t.fields.emailPlaceholder}
              type="email"
              autoComplete="off"
              required
              disabled={readOnly}
              {...form.getInputProps('email')}
            />
            <Select
              label={t.fields.role}
              placeholder={t.fields.rolePlaceholder}
              data={roleOptions}
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage={t.filterRoleNothingFound}
              disabled={readOnly}
              {...form.getInputProps('roleId')}
              value={form.values.roleId || null}
              onChange={(value) => form.setFieldValue('roleId', value ?? '')}
            />
            {mode === 'create' ? (
              <PasswordInput
                label={t.fields.password}
                description={t.fields.passwordDescription}
                autoComplete="new-password"
                disabled={readOnly}
                {...form.getInputProps('password')}
              />
            ) : (
              <Switch
                label={t.fields.active}
                description={isSelf && form.values.active ? t.fields.selfActiveDescription : t.fields.activeDescription}
                disabled={readOnly || (isSelf && form.values.active)}
                mt="lg"
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            )}
          </SimpleGrid>
        </Paper>
        {user ? <AccessInfo user={user} /> : null}
      </Stack>
    </FormPage>
  );
}

export function UserFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess('Usuarios');
  const roles = useQuery(RoleOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const detail = useQuery(UserDetailDocument, {
    variables: { id: id ?? '' },
    skip: id === null,
    // The version sent back on save must be the current one.
    fetchPolicy: 'network-only',
  });

  const roleOptions = (roles.data?.roleOptions ?? []).map((role) => ({ value: role.id, label: role.name }));
  const user = detail.data?.user ?? null;
  const gate = recordGate({
    rawId, id, record: user, loading: detail.loading, error: readGraphQLError(detail.error ?? roles.error), hasData: !!(id === null || detail.data),
    notFound: t.notFound, back: { label: t.backToList, to: SETTINGS_PATHS.users },
  });
  if (gate) return gate;

  return (
    <UserEditor
      key={user ? `${user.id}:${user.version}` : 'new'}
      user={user}
      mode={id === null ? 'create' : 'edit'}
      loading={id !== null && user === null}
      roleOptions={roleOptions}
      access={access}
      onReload={id === null ? undefined : () => void detail.refetch()}
    />
  );
}
