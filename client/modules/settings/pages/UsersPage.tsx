// Usuarios: server-side list with role and status filters in the URL; a row
// opens the user form, "Nuevo usuario" opens it empty.
import { useMemo } from 'react';
import { Button, SegmentedControl, Select, Tabs, Text } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconKey, IconPlus, IconUserOff, IconUsers } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  RoleOptionsDocument,
  UserBulkDeactivateDocument,
  UserListDocument,
  type UserFieldsFragment,
  type UserFilter,
} from '../../../../generated/modules/settings/graphql';
import type { BulkConfig } from '../../../components/BulkBar';
import { CANCEL_COLOR } from '../../../components/confirm';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { toListInput, useListParams } from '../../../components/listParams';
import { useScreenAccess } from '../access';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { userFormPath } from '../paths';
import { ServiceAccountsSection } from '../serviceAccounts/ServiceAccountsSection';
import { ACTIVE_LABELS, activeLabel, activeStatus, texts } from '../texts';
import { activeFilter } from '../users/userForm';

const t = texts.users;

const ACTIVE_OPTIONS = [
  { value: 'all', label: t.activeOptions.all },
  { value: 'true', label: t.activeOptions.active },
  { value: 'false', label: t.activeOptions.inactive },
];

const COLUMNS: ListColumn<UserFieldsFragment>[] = [
  { key: 'name', header: t.columns.name, sortable: true },
  { key: 'email', header: t.columns.email, sortable: true },
  {
    key: 'role',
    header: t.columns.role,
    sortable: true,
    render: (row) => row.role.name,
    exportValue: (row) => row.role.name,
  },
  {
    key: 'active',
    header: t.columns.status,
    render: (row) => <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />,
    exportValue: (row) => activeLabel(row.active),
  },
  {
    key: 'lastSignInAt',
    header: t.columns.lastSignInAt,
    format: 'datetime',
    sortable: true,
    render: (row) =>
      row.lastSignInAt ? (
        formatDateTime(row.lastSignInAt)
      ) : (
        <Text span size="sm" c="dimmed">
          {texts.common.never}
        </Text>
      ),
  },
];

/** Query-string value of the "Cuentas de servicio" tab (ROUTES.md has no path of its own for it). */
export const SERVICE_ACCOUNTS_TAB = 'service-accounts';

/**
 * Usuarios, and — for a role that may see them — the integrators' service
 * accounts as a second tab (`?tab=service-accounts`); each tab keeps its own
 * list state in the query string, so switching starts the other list afresh.
 */
export function UsersPage() {
  const accounts = useServiceAccountsAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!accounts.ver) return <UsersList />;
  const tab = searchParams.get('tab') === SERVICE_ACCOUNTS_TAB ? SERVICE_ACCOUNTS_TAB : 'users';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setSearchParams(value === SERVICE_ACCOUNTS_TAB ? { tab: SERVICE_ACCOUNTS_TAB } : {})}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        <Tabs.Tab value="users" leftSection={<IconUsers size={16} />}>
          {texts.serviceAccounts.tabUsers}
        </Tabs.Tab>
        <Tabs.Tab value={SERVICE_ACCOUNTS_TAB} leftSection={<IconKey size={16} />}>
          {texts.serviceAccounts.tab}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users">
        <UsersList />
      </Tabs.Panel>
      <Tabs.Panel value={SERVICE_ACCOUNTS_TAB}>
        <ServiceAccountsSection />
      </Tabs.Panel>
    </Tabs>
  );
}

function useServiceAccountsAccess() {
  return useScreenAccess('Cuentas de servicio');
}

function UsersList() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Usuarios');
  const params = useListParams({ sortBy: 'name', filters: { roleId: '', active: '' } });
  const { roleId, active } = params.filters;

  const filter = useMemo<UserFilter>(() => {
    const value: UserFilter = {};
    if (roleId) value.roleId = roleId;
    const activeValue = activeFilter(active ?? '');
    if (activeValue !== undefined) value.active = activeValue;
    return value;
  }, [roleId, active]);

  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(UserListDocument, {
    variables: { list, filter },
    // Coming back from the form must show what was just saved.
    fetchPolicy: 'cache-and-network',
  });
  const roles = useQuery(RoleOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.users;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const result = await client.query({
        query: UserListDocument,
        variables: { list: { ...list, page: pageNumber, pageSize }, filter },
        fetchPolicy: 'network-only',
      });
      return result.data?.users ?? { items: [], total: 0 };
    });

  const bulk: BulkConfig<UserFieldsFragment> = {
    loadAll: fetchAll,
    describe: (row) => `${row.name} (${row.email})`,
    actions: [
      {
        key: 'deactivate',
        label: t.bulkDeactivate,
        icon: <IconUserOff size={14} />,
        color: CANCEL_COLOR,
        allowed: access.eliminar,
        confirm: { title: t.bulkDeactivateTitle, message: t.bulkDeactivateMessage },
        run: async (ids) => {
          const r = await client.mutate({ mutation: UserBulkDeactivateDocument, variables: { ids } });
          await refetch();
          return r.data?.userBulkDeactivate;
        },
      },
    ],
  };

  return (
    <ListPage
      bulk={bulk}
      description={t.listDescription}
      exportName={t.exportName}
      searchPlaceholder={t.searchPlaceholder}
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(row) => row.id}
      onRowClick={(row) => void navigate(userFormPath(row.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(userFormPath())}>
            {t.newUser}
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select
            aria-label={t.filterRole}
            placeholder={t.filterRolePlaceholder}
            data={(roles.data?.roleOptions ?? []).map((role) => ({ value: role.id, label: role.name }))}
            value={roleId || null}
            onChange={(value) => params.setFilter('roleId', value ?? '')}
            clearable
            searchable
            nothingFoundMessage={t.filterRoleNothingFound}
            w={220}
          />
          <SegmentedControl
            aria-label={t.filterActive}
            data={ACTIVE_OPTIONS}
            value={active === 'true' || active === 'false' ? active : 'all'}
            onChange={(value) => params.setFilter('active', value === 'all' ? '' : value)}
          />
        </>
      }
    />
  );
}
