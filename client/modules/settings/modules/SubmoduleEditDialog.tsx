// "Editar pantalla": a submodule's name, order, active flag and the
// permission names it offers ("ver" always). Removing a permission also takes
// it away from every role, so the dialog says so.
import { Checkbox, Group, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { SubmoduleUpdateDocument, type SubmoduleFieldsFragment } from '../../../../generated/modules/settings/graphql';
import { EditDialogForm, RecordEditDialog } from '../../../components/EditDialog';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import { PERMISSION_COLUMNS } from '../roles/permissionMatrix';
import { permissionLabel, texts } from '../texts';
import { SORT_ORDER_MAX, validateSortOrder } from '../validation';
import {
  NAME_MAX,
  SUBMODULE_FORM_FIELDS,
  submoduleValues,
  toSubmoduleInput,
  validateModuleName,
  validatePermissions,
  type SubmoduleFormValues,
} from './moduleForms';

const t = texts.submodules;

type FormProps = {
  sub: SubmoduleFieldsFragment;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
};

function SubmoduleForm({ sub, canEdit, onClose, onReload }: FormProps) {
  const [updateSubmodule] = useMutation(SubmoduleUpdateDocument);
  const form = useForm<SubmoduleFormValues>({
    mode: 'controlled',
    initialValues: submoduleValues(sub),
    validate: { name: validateModuleName, sortOrder: validateSortOrder, permissions: validatePermissions },
  });
  // A name the server knows but the six columns don't still shows (and can be removed).
  const options = [...PERMISSION_COLUMNS, ...sub.permissions.filter((p) => !(PERMISSION_COLUMNS as readonly string[]).includes(p))];

  const { save, saving, error } = useFormSave({ form, fields: SUBMODULE_FORM_FIELDS, onSaved: onClose });
  const submit = () =>
    save(async (values) => {
      await updateSubmodule({ variables: { id: sub.id, version: sub.version, input: toSubmoduleInput(values) } });
      return t.saved;
    });

  return (
    <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} onReload={onReload} readOnly={!canEdit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t.fields.name}
            required
            maxLength={NAME_MAX}
            disabled={!canEdit}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput label={t.columns.key} value={sub.key} readOnly variant="filled" />
          <NumberField
            label={t.fields.sortOrder}
            required
            precision={0}
            min={0}
            max={SORT_ORDER_MAX}
            disabled={!canEdit}
            {...form.getInputProps('sortOrder')}
          />
        </SimpleGrid>
        <Switch
          label={t.fields.active}
          description={t.fields.activeDescription}
          disabled={!canEdit}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Checkbox.Group
          label={t.fields.permissions}
          description={t.fields.permissionsDescription}
          required
          {...form.getInputProps('permissions')}
        >
          <Group gap="md" mt="xs">
            {options.map((name) => (
              <Checkbox key={name} value={name} label={permissionLabel(name)} disabled={!canEdit} />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </EditDialogForm>
  );
}

export type SubmoduleEditDialogProps = {
  /** The submodule as the page last read it (null: not in this module). */
  sub: SubmoduleFieldsFragment | null;
  loading: boolean;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
};

export function SubmoduleEditDialog({ sub, loading, canEdit, onClose, onReload }: SubmoduleEditDialogProps) {
  return (
    <RecordEditDialog row={sub} title={(s) => t.editTitle(s.name)} loading={loading} error={null} notFoundMessage={t.notFound} onClose={onClose}>
      {(s) => <SubmoduleForm sub={s} canEdit={canEdit} onClose={onClose} onReload={onReload} />}
    </RecordEditDialog>
  );
}
