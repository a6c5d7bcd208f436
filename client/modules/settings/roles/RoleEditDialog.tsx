// "Nuevo rol" / "Editar rol": name and description. Editing reads the role
// fresh when the dialog opens and saves with that version.
import { useState } from 'react';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  RoleCreateDocument,
  RoleDetailDocument,
  RoleUpdateDocument,
  type RoleFieldsFragment,
} from '../../../../generated/graphql';
import { applyServerFieldErrors } from '../../../components/FormPage';
import { readGraphQLError, type AppError } from '../../../components/graphqlErrors';
import { notifySuccess } from '../../../components/notify';
import { DialogLoadState, EditDialogForm, EditDialogFrame } from '../EditDialog';
import { asAppError, errorForForm, placedFields } from '../serverErrors';
import { texts } from '../texts';
import {
  EMPTY_ROLE,
  ROLE_DESCRIPTION_MAX,
  ROLE_FORM_FIELDS,
  ROLE_NAME_MAX,
  roleValues,
  toRoleInput,
  validateRoleDescription,
  validateRoleName,
  type RoleFormValues,
} from './roleForm';

const t = texts.roles;

type FormProps = {
  /** null creates a role. */
  role: RoleFieldsFragment | null;
  canSave: boolean;
  onClose: () => void;
  onSaved: () => void;
  onReload?: () => void;
};

function RoleForm({ role, canSave, onClose, onSaved, onReload }: FormProps) {
  const [error, setError] = useState<AppError | null>(null);
  const [createRole, creation] = useMutation(RoleCreateDocument);
  const [updateRole, update] = useMutation(RoleUpdateDocument);
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: role ? roleValues(role) : EMPTY_ROLE,
    validate: { name: validateRoleName, description: validateRoleDescription },
  });

  const save = async () => {
    setError(null);
    if (form.validate().hasErrors) return;
    const input = toRoleInput(form.getValues());
    try {
      if (role) {
        await updateRole({ variables: { id: role.id, version: role.version, input } });
        notifySuccess(t.saved);
      } else {
        await createRole({ variables: { input } });
        notifySuccess(t.created);
      }
      onSaved();
    } catch (caught) {
      const appError = asAppError(caught);
      applyServerFieldErrors(form, placedFields(appError, ROLE_FORM_FIELDS));
      setError(errorForForm(appError, ROLE_FORM_FIELDS));
    }
  };

  return (
    <EditDialogForm
      onSubmit={save}
      onCancel={onClose}
      saving={creation.loading || update.loading}
      error={error}
      onReload={onReload}
      readOnly={!canSave}
    >
      <Stack gap="md">
        <TextInput
          label={t.fields.name}
          required
          maxLength={ROLE_NAME_MAX}
          disabled={!canSave}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t.fields.description}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={ROLE_DESCRIPTION_MAX}
          disabled={!canSave}
          {...form.getInputProps('description')}
        />
      </Stack>
    </EditDialogForm>
  );
}

export function RoleCreateDialog({ canCreate, onClose, onSaved }: { canCreate: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <EditDialogFrame title={t.createTitle} onClose={onClose}>
      <RoleForm role={null} canSave={canCreate} onClose={onClose} onSaved={onSaved} />
    </EditDialogFrame>
  );
}

export function RoleEditDialog({
  roleId,
  canEdit,
  onClose,
  onSaved,
}: {
  roleId: string;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { data, loading, error, refetch } = useQuery(RoleDetailDocument, {
    variables: { id: roleId },
    fetchPolicy: 'network-only',
  });
  const role = data?.role ?? null;
  return (
    <EditDialogFrame title={role ? t.editTitle(role.name) : texts.common.edit} onClose={onClose}>
      {role ? (
        <RoleForm
          key={`${role.id}:${role.version}`}
          role={role}
          canSave={canEdit}
          onClose={onClose}
          onSaved={onSaved}
          onReload={() => void refetch()}
        />
      ) : (
        <DialogLoadState loading={loading} error={readGraphQLError(error)} notFoundMessage={t.notFound} onClose={onClose} />
      )}
    </EditDialogFrame>
  );
}
