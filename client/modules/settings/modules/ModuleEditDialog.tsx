// "Editar módulo": name, icon, menu order and active, saved with the version
// it was read at. The record is read fresh when the dialog opens.
import { Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  AppModuleDetailDocument,
  AppModuleUpdateDocument,
  type AppModuleFieldsFragment,
} from '../../../../generated/modules/settings/graphql';
import { EditDialogForm, RecordEditDialog } from '../../../components/EditDialog';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { MODULE_ICONS, ModuleIcon } from '../../../components/icons';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import { ICON_LABELS, texts } from '../texts';
import { SORT_ORDER_MAX, validateSortOrder } from '../validation';
import {
  MODULE_FORM_FIELDS,
  moduleValues,
  NAME_MAX,
  toModuleInput,
  validateIcon,
  validateModuleName,
  type ModuleFormValues,
} from './moduleForms';

const t = texts.modules;

function iconOptions(current: string): { value: string; label: string }[] {
  const keys = Object.keys(MODULE_ICONS);
  if (current !== '' && !keys.includes(current)) keys.push(current);
  return keys.map((key) => ({ value: key, label: ICON_LABELS[key] ? `${ICON_LABELS[key]} (${key})` : key }));
}

type FormProps = {
  mod: AppModuleFieldsFragment;
  canEdit: boolean;
  onClose: () => void;
  onReload: () => void;
};

function ModuleForm({ mod, canEdit, onClose, onReload }: FormProps) {
  const [updateModule] = useMutation(AppModuleUpdateDocument);
  const form = useForm<ModuleFormValues>({
    mode: 'controlled',
    initialValues: moduleValues(mod),
    validate: { name: validateModuleName, icon: validateIcon, sortOrder: validateSortOrder },
  });

  const { save, saving, error } = useFormSave({ form, fields: MODULE_FORM_FIELDS, onSaved: onClose });
  const submit = () =>
    save(async (values) => {
      await updateModule({ variables: { id: mod.id, version: mod.version, input: toModuleInput(values) } });
      return t.saved;
    });

  return (
    <EditDialogForm
      onSubmit={submit}
      onCancel={onClose}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!canEdit}
    >
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
          <TextInput label={t.columns.key} value={mod.key} readOnly variant="filled" />
          <Select
            label={t.fields.icon}
            placeholder={t.fields.iconPlaceholder}
            data={iconOptions(mod.icon)}
            required
            allowDeselect={false}
            disabled={!canEdit}
            leftSection={<ModuleIcon name={form.values.icon} size={18} />}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <ModuleIcon name={option.value} size={18} />
                <Text size="sm">{option.label}</Text>
              </Group>
            )}
            {...form.getInputProps('icon')}
            value={form.values.icon || null}
            onChange={(value) => form.setFieldValue('icon', value ?? '')}
          />
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
      </Stack>
    </EditDialogForm>
  );
}

export type ModuleEditDialogProps = {
  moduleId: string;
  canEdit: boolean;
  onClose: () => void;
};

export function ModuleEditDialog({ moduleId, canEdit, onClose }: ModuleEditDialogProps) {
  const { data, loading, error, refetch } = useQuery(AppModuleDetailDocument, {
    variables: { id: moduleId },
    // The version sent back on save must be the current one.
    fetchPolicy: 'network-only',
  });
  return (
    <RecordEditDialog
      row={data?.appModule ?? null}
      title={(mod) => t.editTitle(mod.name)}
      loading={loading}
      error={readGraphQLError(error)}
      notFoundMessage={t.notFound}
      onClose={onClose}
    >
      {(mod) => <ModuleForm mod={mod} canEdit={canEdit} onClose={onClose} onReload={() => void refetch()} />}
    </RecordEditDialog>
  );
}
