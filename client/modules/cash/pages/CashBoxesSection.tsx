// Cajas (a tab of Períodos, under the same abilities: Caja-Períodos crear /
// editar): the company's cash boxes with their open period and cash; create,
// rename, describe, activate or deactivate one in a dialog. The server keeps
// active a caja with an open period and the last active one. Few rows:
// searched and sorted in memory.
import { useMemo } from 'react';
import { SegmentedControl, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { CashBoxCreateDocument, CashBoxListDocument, CashBoxUpdateDocument, type CashBoxFieldsFragment } from '../../../../generated/modules/cash/graphql';
import { CatalogPage } from '../../../components/CatalogPage';
import { clientRowsList, queryClientRows } from '../../../components/clientList';
import { formatMoney } from '../../../components/format';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useRecordChanges } from '../../../components/useRecordChanges';
import type { ScreenAccess } from '../access';
import { BOX_ACTIVE_FILTER, BOX_ACTIVE_LABELS, boxTexts as t } from '../texts';

const openPeriod = (r: CashBoxFieldsFragment) => (r.openPeriodFolio === null || r.openPeriodFolio === undefined ? '' : `Período ${r.openPeriodFolio}`);

const COLUMNS: ListColumn<CashBoxFieldsFragment>[] = [
  { key: 'name', header: 'Caja', sortable: true },
  { key: 'description', header: 'Descripción' },
  { key: 'openPeriodFolio', header: 'Período abierto', sortable: true, render: openPeriod, exportValue: openPeriod },
  { key: 'balance', header: 'Efectivo esperado', format: 'money', align: 'right', sortable: true, render: (r) => formatMoney(r.balance), exportValue: (r) => (r.balance === null || r.balance === undefined ? null : Number(r.balance)) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={r.active ? 'active' : 'inactive'} labels={BOX_ACTIVE_LABELS} />, exportValue: (r) => BOX_ACTIVE_LABELS[r.active ? 'active' : 'inactive'].label },
];

const FIELDS = ['name', 'description', 'active'] as const;

type Values = { name: string; description: string; active: boolean };

export function CashBoxesSection({ access }: { access: ScreenAccess }) {
  const params = useListParams({ sortBy: '', filters: { active: '' } });
  const { active } = params.filters;
  const query = useQuery(CashBoxListDocument, { fetchPolicy: 'cache-and-network' });
  useRecordChanges('cash_box', () => void query.refetch().catch(() => undefined));
  const page = useMemo(() => {
    const all = (query.data?.cashBoxes ?? []).filter((b) => (active === 'true' ? b.active : active === 'false' ? !b.active : true));
    return queryClientRows(all, params, {
      searchText: (r) => `${r.name} ${r.description}`,
      sortValue: (r, key) => (key === 'balance' ? (r.balance === null || r.balance === undefined ? null : Number(r.balance)) : key === 'openPeriodFolio' ? r.openPeriodFolio : r.name),
    });
  }, [query.data, params, active]);
  const [create] = useMutation(CashBoxCreateDocument);
  const [update] = useMutation(CashBoxUpdateDocument);
  const list = clientRowsList(query, page);
  return (
    <CatalogPage<CashBoxFieldsFragment, Values>
      description={t.description}
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{
        newButton: t.newButton,
        newTitle: t.newButton,
        editTitle: (r) => `Caja: ${r.name}`,
        created: t.created,
        saved: t.saved,
        notFound: t.notFound,
        searchPlaceholder: t.search,
        exportName: t.exportName,
      }}
      filters={
        <SegmentedControl
          aria-label="Estado"
          data={BOX_ACTIVE_FILTER}
          value={active === 'true' || active === 'false' ? active : 'all'}
          onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)}
        />
      }
      fields={FIELDS}
      initialValues={(b) => ({ name: b?.name ?? '', description: b?.description ?? '', active: b?.active ?? true })}
      validate={{ name: (v) => (v.trim() ? null : 'Este campo es obligatorio.') }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(b, input) => update({ variables: { id: b.id, version: b.version, input } })}
      renderFields={(form, { readOnly, row }) => {
        // Said before saving, as the server would refuse it.
        const locked = row?.active && row.openPeriodFolio ? t.openPeriodLock(row.openPeriodFolio) : null;
        return (
          <Stack gap="md">
            <TextInput label="Nombre" required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
            <Textarea label="Descripción" description={t.descriptionHint} maxLength={300} autosize minRows={2} disabled={readOnly} {...form.getInputProps('description')} />
            <Switch label="Activa" description={locked ?? t.activeHint} disabled={readOnly || locked !== null} {...form.getInputProps('active', { type: 'checkbox' })} />
          </Stack>
        );
      }}
    />
  );
}
