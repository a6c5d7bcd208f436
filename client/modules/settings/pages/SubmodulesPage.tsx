// Submódulos (?moduleId=N): the screens of one module with the permission
// names each offers; a row edits the screen in a dialog (`&edit=M`).
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { AppModuleDetailDocument, type SubmoduleFieldsFragment } from '../../../../generated/modules/settings/graphql';
import { ModuleIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/PageHeader';
import { StatusBadge } from '../../../components/StatusBadge';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useScreenAccess } from '../access';
import { useDialogParam } from '../../../components/dialogParam';
import { orderedPermissions } from '../modules/moduleForms';
import { SubmoduleEditDialog } from '../modules/SubmoduleEditDialog';
import { idParam, SETTINGS_PATHS } from '../paths';
import { ACTIVE_LABELS, activeStatus, permissionLabel, texts } from '../texts';

const t = texts.submodules;

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

function SubmoduleTable({
  rows,
  loading,
  onEdit,
}: {
  rows: readonly SubmoduleFieldsFragment[];
  loading: boolean;
  /** null: the user may not edit, so no action column. */
  onEdit: ((row: SubmoduleFieldsFragment) => void) | null;
}) {
  const columnCount = onEdit ? 6 : 5;
  const c = t.columns;
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ width: 90, textAlign: 'right' }}>{c.sortOrder}</Table.Th>
              <Table.Th>{c.name}</Table.Th>
              <Table.Th>{c.key}</Table.Th>
              <Table.Th>{c.active}</Table.Th>
              <Table.Th>{c.permissions}</Table.Th>
              {onEdit ? <Table.Th style={{ textAlign: 'right' }}>{texts.common.actions}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && rows.length === 0
              ? Array.from({ length: 5 }, (_, index) => (
                  <Table.Tr key={`skeleton-${index}`}>
                    <Table.Td colSpan={columnCount}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  </Table.Tr>
                ))
              : rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ textAlign: 'right' }}>{row.sortOrder}</Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {row.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={activeStatus(row.active)} labels={ACTIVE_LABELS} />
                    </Table.Td>
                    <Table.Td>
                      <PermissionBadges permissions={row.permissions} />
                    </Table.Td>
                    {onEdit ? (
                      <Table.Td style={{ textAlign: 'right' }}>
                        <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(row)}>
                          {texts.common.edit}
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
            {!loading && rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text size="sm" c="dimmed" ta="center" py="lg">
                    {t.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

export function SubmodulesPage() {
  const [searchParams] = useSearchParams();
  const moduleId = idParam(searchParams.get('moduleId'));
  const access = useScreenAccess('Módulos');
  const dialog = useDialogParam('edit');
  const { data, loading, error, refetch } = useQuery(AppModuleDetailDocument, {
    variables: { id: moduleId ?? '' },
    skip: moduleId === null,
    // Edits send the version back: read it fresh.
    fetchPolicy: 'network-only',
  });

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

  const rows = mod?.submodules ?? [];
  const editingId = dialog.value;
  const editing = editingId ? (rows.find((row) => row.id === editingId) ?? null) : null;

  return (
    <Stack gap="md">
      <PageHeader
        title={
          mod ? (
            <Group gap="xs" wrap="nowrap" component="span">
              <ModuleIcon name={mod.icon} size={26} stroke={1.6} aria-hidden />
              {mod.name}
              {mod.active ? null : <StatusBadge status="inactive" labels={ACTIVE_LABELS} />}
            </Group>
          ) : (
            <Skeleton height={28} width={220} />
          )
        }
        description={t.description}
        actions={<BackToModules />}
      />
      {loadError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={texts.common.loadFailed}>
          {loadError.message}
        </Alert>
      ) : null}
      <SubmoduleTable rows={rows} loading={loading} onEdit={access.editar ? (row) => dialog.open(row.id) : null} />
      {editingId ? (
        <SubmoduleEditDialog
          sub={editing}
          loading={loading}
          canEdit={access.editar}
          onClose={dialog.close}
          onReload={() => void refetch()}
        />
      ) : null}
    </Stack>
  );
}
