// Áreas: server list with search, sort, the active filter and export; a row
// opens its edit dialog (`?edit=N`), "Nueva área" an empty one (`?edit=new`).
import { useMemo } from 'react';
import { Button, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { RhAreaCreateDocument, RhAreaListDocument, RhAreaUpdateDocument, type RhAreaFieldsFragment } from '../../../../generated/graphql';
import { useScreenAccess } from '../../../components/access';
import { EditDialogForm } from '../../../components/EditDialog';
import { formatNumber } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NEW_RECORD, useDialogParam } from '../../../components/dialogParam';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { CatalogDialog } from './catalogDialog';
import { requiredText } from './validation';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

const t = texts.areas;
const FIELDS = ['name', 'active'] as const;

const COLUMNS: ListColumn<RhAreaFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'positionCount', header: t.positions, sortable: true, align: 'right', render: (r) => formatNumber(r.positionCount, 0) },
  { key: 'employeeCount', header: t.employees, sortable: true, align: 'right', render: (r) => formatNumber(r.employeeCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { name: string; active: boolean };

function AreaForm({ area, readOnly, onClose, onReload }: { area: RhAreaFieldsFragment | null; readOnly: boolean; onClose: () => void; onReload: () => void }) {
  const [create] = useMutation(RhAreaCreateDocument);
  const [update] = useMutation(RhAreaUpdateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: area?.name ?? '', active: area?.active ?? true },
    validate: { name: requiredText },
  });
  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose, readOnly });
  const submit = () =>
    save(async (input) => {
      if (area) await update({ variables: { id: area.id, version: area.version, input } });
      else await create({ variables: { input } });
      return area ? texts.saved : t.created;
    });
  return (
    <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} onReload={onReload} readOnly={readOnly}>
      <Stack gap="md">
        <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
        <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        <Text size="sm" c="dimmed">
          {t.inactiveHint}
        </Text>
      </Stack>
    </EditDialogForm>
  );
}

export function AreasPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { active: '' } });
  const dialog = useDialogParam('edit');
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const { rows, total, loading, error, fetchAll, refetch } = useServerList(RhAreaListDocument, params, variables, (d) => d.rhAreas, { entity: 'rh_area' });
  const reload = () => void refetch().catch(() => undefined);
  return (
    <>
      <ListPage
        description={t.description}
        exportName={t.exportName}
        searchPlaceholder={t.search}
        columns={COLUMNS}
        rows={rows}
        total={total}
        loading={loading}
        error={error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => dialog.open(r.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={access.crear ? <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open(NEW_RECORD)}>{t.newButton}</Button> : undefined}
        filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
      />
      <CatalogDialog dialog={dialog} rows={rows} loading={loading} error={error} newTitle={t.newTitle} editTitle={(r) => `Área: ${r.name}`}>
        {(area) => (
          <AreaForm
            area={area}
            readOnly={area ? !access.editar : !access.crear}
            onClose={() => {
              dialog.close();
              reload();
            }}
            onReload={reload}
          />
        )}
      </CatalogDialog>
    </>
  );
}

export default AreasPage;
