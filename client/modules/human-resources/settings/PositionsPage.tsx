// Puestos por áreas: server list filtered by área (and active) in the URL; a
// row opens its edit dialog (`?edit=N`), "Nuevo puesto" an empty one.
import { useMemo } from 'react';
import { Button, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { RhPositionCreateDocument, RhPositionListDocument, RhPositionUpdateDocument, type RhPositionFieldsFragment, type RhPositionFilter } from '../../../../generated/graphql';
import { useScreenAccess } from '../../../components/access';
import { NEW_RECORD, useDialogParam } from '../../../components/dialogParam';
import { EditDialogForm } from '../../../components/EditDialog';
import { formatMoney, formatNumber } from '../../../components/format';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { CatalogDialog } from './catalogDialog';
import { useOrganizationOptions } from './organization';
import { moneyValue, positiveSalary, requiredText } from './validation';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

const t = texts.positions;
const FIELDS = ['areaId', 'name', 'baseDailySalary', 'active'] as const;

const COLUMNS: ListColumn<RhPositionFieldsFragment>[] = [
  { key: 'name', header: t.name, sortable: true },
  { key: 'areaName', header: t.area, sortable: true },
  { key: 'baseDailySalary', header: t.salary, sortable: true, align: 'right', render: (r) => formatMoney(r.baseDailySalary), exportValue: (r) => Number(r.baseDailySalary) },
  { key: 'workplaceCount', header: t.workplaces, sortable: true, align: 'right', render: (r) => formatNumber(r.workplaceCount, 0) },
  { key: 'employeeCount', header: t.employees, sortable: true, align: 'right', render: (r) => formatNumber(r.employeeCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { areaId: string; name: string; baseDailySalary: string; active: boolean };

function PositionForm({ position, defaultAreaId, readOnly, onClose, onReload }: { position: RhPositionFieldsFragment | null; defaultAreaId: string; readOnly: boolean; onClose: () => void; onReload: () => void }) {
  const [create] = useMutation(RhPositionCreateDocument);
  const [update] = useMutation(RhPositionUpdateDocument);
  const organization = useOrganizationOptions();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: position
      ? { areaId: position.areaId, name: position.name, baseDailySalary: moneyValue(position.baseDailySalary), active: position.active }
      : { areaId: defaultAreaId, name: '', baseDailySalary: '', active: true },
    validate: {
      areaId: (v) => (v ? null : texts.required),
      name: requiredText,
      baseDailySalary: positiveSalary,
    },
  });
  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose, readOnly });
  const submit = () =>
    save(async (input) => {
      if (position) await update({ variables: { id: position.id, version: position.version, input } });
      else await create({ variables: { input } });
      return position ? texts.saved : t.created;
    });
  const used = position !== null && (position.workplaceCount > 0 || position.employeeCount > 0);
  return (
    <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} onReload={onReload} readOnly={readOnly}>
      <Stack gap="md">
        <Select
          label={t.area}
          required
          allowDeselect={false}
          searchable
          data={organization.areaOptions({ keep: position?.areaId })}
          disabled={readOnly || used}
          description={used ? t.areaLockedHint : undefined}
          {...form.getInputProps('areaId')}
        />
        <TextInput label={t.name} required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
        <NumberField label={t.salary} required money precision={2} min={0} disabled={readOnly} {...form.getInputProps('baseDailySalary')} />
        <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
      </Stack>
    </EditDialogForm>
  );
}

export function PositionsPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'name', filters: { areaId: '', active: '' } });
  const dialog = useDialogParam('edit');
  const organization = useOrganizationOptions();
  const { areaId } = params.filters;
  const active = activeFilter(params.filters.active);
  const variables = useMemo<{ filter: RhPositionFilter }>(() => ({ filter: { ...(areaId ? { areaId } : {}), ...(active === undefined ? {} : { active }) } }), [areaId, active]);
  const { rows, total, loading, error, fetchAll, refetch } = useServerList(RhPositionListDocument, params, variables, (d) => d.rhPositions, { entity: 'rh_position' });
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
        filters={
          <>
            <Select aria-label={t.area} placeholder={t.allAreas} data={organization.areaOptions()} value={areaId || null} onChange={(v) => params.setFilter('areaId', v ?? '')} clearable w={240} />
            <SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
          </>
        }
      />
      <CatalogDialog dialog={dialog} rows={rows} loading={loading} error={error} newTitle={t.newTitle} editTitle={(r) => `Puesto: ${r.name}`}>
        {(position) => (
          <PositionForm
            position={position}
            defaultAreaId={areaId}
            readOnly={position ? !access.editar : !access.crear}
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

export default PositionsPage;
