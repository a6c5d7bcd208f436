// Módulos: the modules of the system in menu order, filtered by Activo
// (Todos / Activos / Inactivos, in the URL); each row edits the module in a
// dialog (`?edit=N`) or opens its screens (Submódulos).
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconLayoutList, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AppModuleListDocument, type AppModuleListQuery } from '../../../../generated/modules/settings/graphql';
import { ACTIVE_FILTER_OPTIONS, activeFilter } from '../../../components/active';
import { ModuleIcon } from '../../../components/icons';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { toListInput, useListParams } from '../../../components/listParams';
import { useScreenAccess } from '../access';
import { useDialogParam } from '../../../components/dialogParam';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { ModuleEditDialog } from '../modules/ModuleEditDialog';
import { idParam, submodulesPath } from '../paths';
import { ACTIVE_LABELS, activeLabel, activeStatus, texts } from '../texts';

const t = texts.modules;

type ModuleRow = AppModuleListQuery['appModules']['items'][number];

function moduleColumns(onEdit: ((row: ModuleRow) => void) | null): ListColumn<ModuleRow>[] {
  return [
    { key: 'sortOrder', header: t.columns.sortOrder, format: 'number', sortable: true, align: 'right', width: 90 },
    { key: 'name', header: t.columns.name, sortable: true },
    { key: 'key', header: t.columns.key, sortable: true },
    {
      key: 'icon',
      header: t.columns.icon,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <ModuleIcon name={row.icon} size={20} stroke={1.6} aria-hidden />
          <Text size="xs" c="dimmed">
            {row.icon}
          </Text>
        </Group>
      ),
    },
    {
      key: 'active',
      header: t.columns.active,
      render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
      exportValue: (row) => activeLabel(row.active),
    },
    {
      key: 'submodules',
      header: t.columns.submodules,
      format: 'number',
      align: 'right',
      render: (row) => row.submodules.length,
      exportValue: (row) => row.submodules.length,
    },
    {
      key: 'actions',
      header: texts.common.actions,
      exportable: false,
      align: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {onEdit ? (
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(row)}>
              {texts.common.edit}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={submodulesPath(row.id)}
            leftSection={<IconLayoutList size={14} />}
          >
            {t.submodulesAction}
          </Button>
        </Group>
      ),
    },
  ];
}

export function ModulesPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Módulos');
  const params = useListParams({ sortBy: 'sortOrder', filters: { active: '' } });
  const { active } = params.filters;
  const activeValue = activeFilter(active);
  const filter = activeValue === undefined ? {} : { active: activeValue };
  const dialog = useDialogParam('edit');
  const editingId = idParam(dialog.value);

  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(AppModuleListDocument, {
    variables: { list, filter },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.appModules;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const result = await client.query({
        query: AppModuleListDocument,
        variables: { list: { ...list, page: pageNumber, pageSize }, filter },
        fetchPolicy: 'network-only',
      });
      return result.data?.appModules ?? { items: [], total: 0 };
    });

  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.searchPlaceholder}
        columns={moduleColumns(access.editar ? (row) => dialog.open(row.id) : null)}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(row) => row.id}
        fetchAll={access.exportar ? fetchAll : undefined}
        filters={
          <SegmentedControl
            aria-label={t.filterActive}
            data={ACTIVE_FILTER_OPTIONS}
            value={active === 'true' || active === 'false' ? active : 'all'}
            onChange={(value) => params.setFilter('active', value === 'all' ? '' : value)}
          />
        }
      />
      {editingId ? <ModuleEditDialog moduleId={editingId} canEdit={access.editar} onClose={dialog.close} /> : null}
    </>
  );
}
