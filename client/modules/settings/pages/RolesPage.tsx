// Roles: server-side list; "Nuevo rol" and "Editar" open a dialog
// (`?edit=new` / `?edit=N`), "Permisos" opens the role's permission matrix,
// "Eliminar" only for a role nobody has.
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  RoleDeleteDocument,
  RoleListDocument,
  type RoleFieldsFragment,
} from '../../../../generated/modules/settings/graphql';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useScreenAccess, type ScreenAccess } from '../access';
import { NEW_RECORD, useDialogParam } from '../../../components/dialogParam';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { idParam, rolePermissionsPath } from '../paths';
import { RoleCreateDialog, RoleEditDialog } from '../roles/RoleEditDialog';
import { asAppError } from '../../../components/serverErrors';
import { texts } from '../texts';

const t = texts.roles;

type RowActions = {
  access: ScreenAccess;
  onEdit: (row: RoleFieldsFragment) => void;
  onDelete: (row: RoleFieldsFragment) => void;
};

function roleColumns({ access, onEdit, onDelete }: RowActions): ListColumn<RoleFieldsFragment>[] {
  return [
    { key: 'name', header: t.columns.name, sortable: true },
    {
      key: 'description',
      header: t.columns.description,
      render: (row) => (
        <Text size="sm" c={row.description ? undefined : 'dimmed'} lineClamp={2}>
          {row.description || '—'}
        </Text>
      ),
    },
    {
      key: 'userCount',
      header: t.columns.userCount,
      format: 'number',
      sortable: true,
      align: 'right',
      width: 110,
      render: (row) => formatNumber(row.userCount, 0),
    },
    {
      key: 'actions',
      header: texts.common.actions,
      exportable: false,
      align: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {access.editar ? (
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(row)}>
              {texts.common.edit}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={rolePermissionsPath(row.id)}
            leftSection={<IconLock size={14} />}
          >
            {t.permissionsAction}
          </Button>
          {access.eliminar ? (
            <Tooltip label={t.deleteInUse} disabled={row.userCount === 0} multiline w={260}>
              {/* A disabled button fires no pointer events; the span keeps the tooltip working. */}
              <span>
                <Button
                  size="xs"
                  variant="light"
                  color={CANCEL_COLOR}
                  leftSection={<IconTrash size={14} />}
                  disabled={row.userCount > 0}
                  onClick={() => onDelete(row)}
                >
                  {t.deleteAction}
                </Button>
              </span>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];
}

export function RolesPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Roles');
  const params = useListParams({ sortBy: 'name' });
  const dialog = useDialogParam('edit');
  const [deleteRole] = useMutation(RoleDeleteDocument);

  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(RoleListDocument, {
    variables: { list },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.roles;

  // The role pickers of Usuarios read their options cache-and-network, so
  // refetching this list is all a change needs.
  const refresh = async () => {
    await refetch();
  };

  const askDelete = (row: RoleFieldsFragment) =>
    confirmAction({
      title: t.deleteTitle,
      message: t.deleteMessage(row.name),
      confirmLabel: t.deleteAction,
      onConfirm: () => {
        void (async () => {
          try {
            await deleteRole({ variables: { id: row.id } });
            client.cache.evict({ id: client.cache.identify({ __typename: 'RoleDetail', id: row.id }) });
            client.cache.gc();
            notifySuccess(t.deleted);
          } catch (caught) {
            notifyError(asAppError(caught).message, t.deleteFailed);
          } finally {
            await refresh();
          }
        })();
      },
    });

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const result = await client.query({
        query: RoleListDocument,
        variables: { list: { ...list, page: pageNumber, pageSize } },
        fetchPolicy: 'network-only',
      });
      return result.data?.roles ?? { items: [], total: 0 };
    });

  const closeAndRefresh = () => {
    dialog.close();
    void refresh();
  };

  const editingId = idParam(dialog.value);

  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.searchPlaceholder}
        columns={roleColumns({ access, onEdit: (row) => dialog.open(row.id), onDelete: askDelete })}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(row) => row.id}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open(NEW_RECORD)}>
              {t.newRole}
            </Button>
          ) : undefined
        }
      />
      {dialog.value === NEW_RECORD ? (
        <RoleCreateDialog canCreate={access.crear} onClose={dialog.close} onSaved={closeAndRefresh} />
      ) : null}
      {editingId ? (
        <RoleEditDialog roleId={editingId} canEdit={access.editar} onClose={dialog.close} onSaved={closeAndRefresh} />
      ) : null}
    </>
  );
}
