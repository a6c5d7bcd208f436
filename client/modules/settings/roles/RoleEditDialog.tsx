// "Nuevo rol" / "Editar rol": name and description. Editing reads the role
// fresh when the dialog opens and saves with that version.
import { Stack, Textarea, TextInput } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  RoleCreateDocument,
  RoleDetailDocument,
  RoleUpdateDocument,
  type RoleFieldsFragment,
} from '../../../../generated/modules/settings/graphql';
import { EditDialogForm, EditDialogFrame, RecordEditDialog } from '../../../components/EditDialog';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useFormSave } from '../../../components/useFormSave';
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
  const [createRole] = useMutation(RoleCreateDocument);
  const [updateRole] = useMutation(RoleUpdateDocument);
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: role ? roleValues(role) : EMPTY_ROLE,
    validate: { name: validateRoleName, description: validateRoleDescription },
  });

  const { save, saving, error } = useFormSave({ form, fields: ROLE_FORM_FIELDS, onSaved });
  const submit = () =>
    save(async (values) => {
      const input = toRoleInput(values);
      if (role) {
        await updateRole({ variables: { id: role.id, version: role.version, input } });
        return t.saved;
      }
      await createRole({ variables: { input } });
      return t.created;
    });

  return (
    <EditDialogForm
      onSubmit={submit}
      onCancel={onClose}
      saving={saving}
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
        <NumberField
          label={t.fields.purchaseOrderLimit}
          description={t.fields.purchaseOrderLimitHelp}
          precision={2}
          min={0}
          money
          disabled={!canSave}
          {...form.getInputProps('purchaseOrderLimit')}
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
  return (
    <RecordEditDialog
      row={data?.role ?? null}
      title={(role) => t.editTitle(role.name)}
      loading={loading}
      error={readGraphQLError(error)}
      notFoundMessage={t.notFound}
      onClose={onClose}
    >
      {(role) => <RoleForm role={role} canSave={canEdit} onClose={onClose} onSaved={onSaved} onReload={() => void refetch()} />}
    </RecordEditDialog>
  );
}
