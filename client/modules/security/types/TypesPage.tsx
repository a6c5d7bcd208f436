// Tipos: inspection types with their checklist (order, text, weight, critical,
// evidence required). Saving replaces the checklist; inspections already made
// keep their own copy, so their scores never change.
import { useState } from 'react';
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  SecInspectionTypeCreateDocument,
  SecInspectionTypeListDocument,
  SecInspectionTypeUpdateDocument,
  type SecInspectionTypeFieldsFragment,
} from '../../../../generated/modules/security/graphql';
import { DEFAULT_PASSING_SCORE } from '../../../../schema/security/inspections';
import { useScreenAccess } from '../../../components/access';
import { FormDialog } from '../../../components/EditDialog';
import { formatNumber } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { MODULE, common } from '../texts';

type Type = SecInspectionTypeFieldsFragment;
type Item = { text: string; weight: string; critical: boolean; evidenceRequired: boolean };

const COLUMNS: ListColumn<Type>[] = [
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'description', header: 'Descripción' },
  { key: 'itemCount', header: 'Puntos', format: 'number', sortable: true, align: 'right' },
  { key: 'passingScore', header: 'Mínima aprobatoria', format: 'number', sortable: true, align: 'right', render: (r) => `${formatNumber(r.passingScore, 2)} %`, exportValue: (r) => Number(r.passingScore) },
  { key: 'active', header: 'Estado', width: 110, render: (r) => <Badge color={r.active ? 'teal' : 'gray'} variant="light">{r.active ? 'Activo' : 'Inactivo'}</Badge>, exportValue: (r) => (r.active ? 'Activo' : 'Inactivo') },
];

type Values = { name: string; description: string; passingScore: string; active: boolean; items: Item[] };
const newItem = (): Item => ({ text: '', weight: '1', critical: false, evidenceRequired: false });

function TypeDialog({ type, readOnly, onClose }: { type: Type | null; readOnly: boolean; onClose: (saved: boolean) => void }) {
  const [create] = useMutation(SecInspectionTypeCreateDocument);
  const [update] = useMutation(SecInspectionTypeUpdateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: type?.name ?? '',
      description: type?.description ?? '',
      passingScore: type?.passingScore ?? DEFAULT_PASSING_SCORE,
      active: type?.active ?? true,
      items: type?.items.map((i) => ({ text: i.text, weight: i.weight, critical: i.critical, evidenceRequired: i.evidenceRequired })) ?? [newItem()],
    },
    validate: {
      name: (v) => (v.trim() ? null : common.required),
      items: {
        text: (v) => (v.trim() ? null : common.required),
        weight: (v) => (!v || Number(v) <= 0 ? 'El peso debe ser mayor a cero.' : null),
      },
    },
  });
  const { items } = form.values;
  const placed = ['name', 'description', 'passingScore', 'items', ...items.flatMap((_, i) => [`items.${i}.text`, `items.${i}.weight`])];
  const { save, saving, error } = useFormSave({
    form,
    fields: placed,
    readOnly,
    onSaved: () => onClose(true),
    validate: (values): Record<string, string> => (values.items.length ? {} : { items: 'Agrega al menos un punto al checklist.' }),
  });
  const setItem = (i: number, patch: Partial<Item>) => form.setFieldValue(`items.${i}`, { ...items[i], ...patch });
  const move = (i: number, d: number) => form.reorderListItem('items', { from: i, to: i + d });
  const submit = () =>
    save(async (input) => {
      if (type) await update({ variables: { id: type.id, version: type.version, input } });
      else await create({ variables: { input } });
      return `Tipo «${input.name}» guardado.`;
    });
  return (
    <FormDialog title={type ? type.name : 'Nuevo tipo de inspección'} opened onClose={() => onClose(false)} onSubmit={submit} saving={saving} error={error} readOnly={readOnly} size="xl">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label="Nombre" required maxLength={120} disabled={readOnly} {...form.getInputProps('name')} />
          <NumberField label="Mínima aprobatoria (%)" precision={2} min={0} max={100} required disabled={readOnly} {...form.getInputProps('passingScore')} />
        </Group>
        <Textarea label="Descripción" autosize minRows={1} maxLength={500} disabled={readOnly} {...form.getInputProps('description')} />
        <Switch label="Activo" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        {type ? (
          <Text size="xs" c="dimmed">
            Los cambios al checklist aplican a las inspecciones nuevas; las ya hechas conservan su copia.
          </Text>
        ) : null}
        <Text fw={600} size="sm">
          Checklist
        </Text>
        {form.errors.items ? (
          <Text size="xs" c="red">
            {form.errors.items}
          </Text>
        ) : null}
        {items.map((it, i) => (
          <Paper key={i} withBorder p="xs" radius="sm">
            <Group align="flex-start" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} w={24} pt={8}>
                {i + 1}.
              </Text>
              <TextInput aria-label={`Texto del punto ${i + 1}`} placeholder="Texto del punto" style={{ flex: 1, minWidth: 200 }} value={it.text} onChange={(e) => setItem(i, { text: e.currentTarget.value })} error={form.errors[`items.${i}.text`]} maxLength={300} disabled={readOnly} />
              <NumberField aria-label={`Peso del punto ${i + 1}`} placeholder="Peso" precision={2} min={0} w={90} value={it.weight} onChange={(w) => setItem(i, { weight: w })} error={form.errors[`items.${i}.weight`]} disabled={readOnly} />
              <Stack gap={4} pt={4}>
                <Checkbox label="Crítico" checked={it.critical} onChange={(e) => setItem(i, { critical: e.currentTarget.checked })} disabled={readOnly} />
                <Checkbox label="Requiere foto" checked={it.evidenceRequired} onChange={(e) => setItem(i, { evidenceRequired: e.currentTarget.checked })} disabled={readOnly} />
              </Stack>
              {readOnly ? null : (
                <Group gap={2}>
                  <ActionIcon variant="subtle" aria-label={`Subir el punto ${i + 1}`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={`Bajar el punto ${i + 1}`} disabled={i === items.length - 1} onClick={() => move(i, 1)}>
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Quitar el punto ${i + 1}`} onClick={() => form.removeListItem('items', i)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          </Paper>
        ))}
        {readOnly ? null : (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('items', newItem())} disabled={items.length >= 60}>
            Agregar punto
          </Button>
        )}
      </Stack>
    </FormDialog>
  );
}

export function TypesPage() {
  const access = useScreenAccess(MODULE, 'Tipos');
  const [open, setOpen] = useState<Type | 'new' | null>(null);
  const params = useListParams({ sortBy: 'name', sortDirection: 'ASC', filters: { active: '' } });
  const active = params.filters.active;
  const list = useServerList(SecInspectionTypeListDocument, params, { active: active ? active === 'true' : null }, (d) => d.secInspectionTypes, { entity: 'sec_inspection_type' });
  return (
    <>
      <ListPage
        description="Cada tipo define su checklist: el peso de cada punto en la calificación, los puntos críticos (un «no cumple» reprueba) y los que requieren foto."
        exportName="Tipos de inspección"
        searchPlaceholder="Buscar por nombre o descripción"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpen(r)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <Select aria-label="Estado" placeholder="Activos e inactivos" data={[{ value: 'true', label: 'Activos' }, { value: 'false', label: 'Inactivos' }]} value={active || null} onChange={(v) => params.setFilter('active', v ?? '')} clearable w={180} />
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen('new')}>
              Nuevo tipo
            </Button>
          ) : undefined
        }
      />
      {open ? (
        <TypeDialog
          type={open === 'new' ? null : open}
          readOnly={open === 'new' ? !access.crear : !access.editar}
          onClose={(saved) => {
            setOpen(null);
            if (saved) void list.refetch();
          }}
        />
      ) : null}
    </>
  );
}
