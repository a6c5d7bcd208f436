// Submódulos (?moduleId=N): the screens of one module with the permission
// names each offers, on the shared list page (search, sort, Activo filter and
// export over the module's screens, already loaded: a module has a handful);
// a row's Editar edits the screen in a dialog (`&edit=M`).
import { useMemo } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { AppModuleDetailDocument, type SubmoduleFieldsFragment } from '../../../../generated/modules/settings/graphql';
import { ACTIVE_FILTER_OPTIONS, activeFilter } from '../../../components/active';
import { queryClientRows } from '../../../components/clientList';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams, type ListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useScreenAccess } from '../access';
import { useDialogParam } from '../../../components/dialogParam';
import { orderedPermissions } from '../modules/moduleForms';
import { SubmoduleEditDialog } from '../modules/SubmoduleEditDialog';
import { idParam, SETTINGS_PATHS } from '../paths';
import { ACTIVE_LABELS, activeLabel, activeStatus, permissionLabel, texts } from '../texts';

const t = texts.submodules;
const NO_ROWS: readonly SubmoduleFieldsFragment[] = [];

function BackToModules() {
  return (
    <Button component={Link} to={SETTINGS_PATHS.modules} variant="default" leftSection={<IconArrowLeft size={16} />}>
      {t.backToModules}
    </Button>
  );
}

function PermissionBadges({ permissions }: { permissions: readonly string[] }) {
  return (
    <Group gap={4}>
      {orderedPermissions(permissions).map((name) => (
        <Badge key={name} variant="light" color="blue" radius="sm" tt="none">
          {permissionLabel(name)}
        </Badge>
      ))}
    </Group>
  );
}

const permissionsText = (row: SubmoduleFieldsFragment) => orderedPermissions(row.permissions).map(permissionLabel).join(', ');

function submoduleColumns(onEdit: ((row: SubmoduleFieldsFragment) => void) | null): ListColumn<SubmoduleFieldsFragment>[] {
  const c = t.columns;
  const columns: ListColumn<SubmoduleFieldsFragment>[] = [
    { key: 'sortOrder', header: c.sortOrder, format: 'number', sortable: true, align: 'right', width: 90 },
    { key: 'name', header: c.name, sortable: true },
    {
      key: 'key',
      header: c.key,
      sortable: true,
      render: (row) => (
        <Text size="sm" c="dimmed">
          {row.key}
        </Text>
      ),
    },
    {
      key: 'active',
      header: c.active,
      sortable: true,
      render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
      exportValue: (row) => activeLabel(row.active),
    },
    { key: 'permissions', header: c.permissions, render: (row) => <PermissionBadges permissions={row.permissions} />, exportValue: permissionsText },
  ];
  if (onEdit) {
    columns.push({
      key: 'actions',
      header: texts.common.actions,
      exportable: false,
      align: 'right',
      render: (row) => (
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(row)}>
          {texts.common.edit}
        </Button>
      ),
    });
  }
  return columns;
}

/** Search, sort, paging and the Activo filter over the module's screens, already loaded (a module has a handful). */
function useSubmoduleRows(rows: readonly SubmoduleFieldsFragment[], params: ListParams) {
  const { active } = params.filters;
  return useMemo(() => {
    const wanted = activeFilter(active);
    const filtered = wanted === undefined ? rows : rows.filter((row) => row.active === wanted);
    return queryClientRows(filtered, params, {
      searchText: (row) => `${row.name} ${row.key} ${permissionsText(row)}`,
      sortValue: (row, key) => (key === 'sortOrder' ? row.sortOrder : key === 'active' ? activeLabel(row.active) : key === 'key' ? row.key : row.name),
    });
  }, [rows, params, active]);
}

export function SubmodulesPage() {
  const [searchParams] = useSearchParams();
  const moduleId = idParam(searchParams.get('moduleId'));
  const access = useScreenAccess('Módulos');
  const dialog = useDialogParam('edit');
  const params = useListParams({ sortBy: 'sortOrder', filters: { active: '' } });
  const { data, loading, error, refetch } = useQuery(AppModuleDetailDocument, {
    variables: { id: moduleId ?? '' },
    skip: moduleId === null,
    // Edits send the version back: read it fresh.
    fetchPolicy: 'network-only',
  });
  const rows = data?.appModule?.submodules ?? NO_ROWS;
  const list = useSubmoduleRows(rows, params);

  if (moduleId === null) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
          {t.missingModule}
        </Alert>
        <BackToModules />
      </Stack>
    );
  }

  const loadError = readGraphQLError(error);
  const mod = data?.appModule ?? null;
  if (!loading && !mod) {
    return (
      <Stack gap="md" align="flex-start">
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
          {loadError && loadError.code !== 'NOT_FOUND' ? loadError.message : texts.modules.notFound}
        </Alert>
        <BackToModules />
      </Stack>
    );
  }

  const editingId = dialog.value;
  const editing = editingId ? (rows.find((row) => row.id === editingId) ?? null) : null;

  return (
    <>
      <ListPage
        title={mod ? t.heading(mod.name, mod.active) : undefined}
        description={t.description}
        exportName={mod ? t.exportName(mod.name) : t.exportName('')}
        searchPlaceholder={t.searchPlaceholder}
        columns={submoduleColumns(access.editar ? (row) => dialog.open(row.id) : null)}
        rows={list.items}
        total={list.total}
        loading={loading}
        error={loadError}
        params={params}
        rowKey={(row) => row.id}
        fetchAll={access.exportar ? () => Promise.resolve(list.matching) : undefined}
        actions={<BackToModules />}
        filters={
          <SegmentedControl
            aria-label={t.filterActive}
            data={ACTIVE_FILTER_OPTIONS}
            value={params.filters.active === 'true' || params.filters.active === 'false' ? params.filters.active : 'all'}
            onChange={(value) => params.setFilter('active', value === 'all' ? '' : value)}
          />
        }
      />
      {editingId ? (
        <SubmoduleEditDialog
          sub={editing}
          loading={loading}
          canEdit={access.editar}
          onClose={dialog.close}
          onReload={() => void refetch()}
        />
      ) : null}
    </>
  );
}
