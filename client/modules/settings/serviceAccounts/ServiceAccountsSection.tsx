// Cuentas de servicio (integrators): the list (name, role, token prefix, last
// use, status), "Nueva cuenta" (name + role) that shows the token once,
// "Renovar token" and "Revocar", each asking first. A tab of Usuarios: the
// route table (ROUTES.md) has no path of its own for it.
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconBan, IconCheck, IconCopy, IconKey, IconPlus, IconRefresh } from '@tabler/icons-react';
import {
  RoleOptionsDocument,
  ServiceAccountCreateDocument,
  ServiceAccountListDocument,
  ServiceAccountRevokeDocument,
  ServiceAccountRotateDocument,
  type ServiceAccountFieldsFragment,
  type ServiceAccountFilter,
} from '../../../../generated/modules/settings/graphql';
import { CANCEL_COLOR, CONFIRM_COLOR, confirmAsync } from '../../../components/confirm';
import { EditDialogForm } from '../../../components/EditDialog';
import { formatDateTime } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { notifyError, notifySuccess } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useScreenAccess, type ScreenAccess } from '../access';
import { texts } from '../texts';
import { requiredText } from '../validation';

const t = texts.serviceAccounts;
export const SERVICE_ACCOUNT_NAME_MAX = 120;

const STATUS_LABELS = {
  active: { label: t.status.active, color: 'teal' },
  revoked: { label: t.status.revoked, color: 'gray' },
};
const statusOf = (row: ServiceAccountFieldsFragment): 'active' | 'revoked' => (row.revokedAt ? 'revoked' : 'active');

const STATUS_OPTIONS = [
  { value: 'all', label: t.statusOptions.all },
  { value: 'active', label: t.statusOptions.active },
  { value: 'revoked', label: t.statusOptions.revoked },
];

function TokenNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Text size="sm">{t.tokenLabel}</Text>
      <Code block fz="sm" fw={700} data-testid="service-account-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {token}
      </Code>
      <Text size="sm">{t.tokenHint}</Text>
      <Alert color="orange" variant="light" icon={<IconKey size={18} />}>
        {t.tokenOnce}
      </Alert>
      <Group justify="flex-end" gap="xs">
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        <Button color={CONFIRM_COLOR} onClick={onDone} data-autofocus>
          {t.understood}
        </Button>
      </Group>
    </Stack>
  );
}

let sequence = 0;
/** The token, exactly once: the dialog only closes through its button. */
function showToken(token: string): void {
  sequence += 1;
  const modalId = `service-account-token-${sequence}`;
  modals.open({
    modalId,
    title: t.tokenTitle,
    centered: true,
    size: 'lg',
    closeOnClickOutside: false,
    closeOnEscape: false,
    withCloseButton: false,
    children: <TokenNotice token={token} onDone={() => modals.close(modalId)} />,
  });
}

type NewValues = { name: string; roleId: string };
const FIELDS = ['name', 'roleId'] as const;

function NewAccountDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const roles = useQuery(RoleOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const [createAccount] = useMutation(ServiceAccountCreateDocument);
  const form = useForm<NewValues>({
    mode: 'controlled',
    initialValues: { name: '', roleId: '' },
    validate: { name: requiredText(SERVICE_ACCOUNT_NAME_MAX), roleId: (v) => (v ? null : texts.common.required) },
  });
  const token = useRef('');
  const { save, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    onSaved: () => {
      onCreated();
      showToken(token.current);
    },
  });
  const submit = () =>
    save(async (values) => {
      const r = await createAccount({ variables: { input: { name: values.name.trim(), roleId: values.roleId } } });
      token.current = r.data?.serviceAccountCreate.token ?? '';
      return t.created;
    });
  return (
    <Modal opened onClose={onClose} title={t.newTitle} centered size="lg">
      <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} submitLabel={t.create}>
        <Stack gap="md">
          <TextInput label={t.fields.name} required maxLength={SERVICE_ACCOUNT_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <Select
            label={t.fields.roleId}
            placeholder={t.fields.rolePlaceholder}
            required
            searchable
            data={(roles.data?.roleOptions ?? []).map((role) => ({ value: role.id, label: role.name }))}
            {...form.getInputProps('roleId')}
          />
        </Stack>
      </EditDialogForm>
    </Modal>
  );
}

function columns(access: ScreenAccess, onRotate: (row: ServiceAccountFieldsFragment) => void, onRevoke: (row: ServiceAccountFieldsFragment) => void): ListColumn<ServiceAccountFieldsFragment>[] {
  return [
    { key: 'name', header: t.columns.name, sortable: true },
    { key: 'role', header: t.columns.role, sortable: true, render: (row) => row.role.name, exportValue: (row) => row.role.name },
    {
      key: 'tokenPrefix',
      header: t.columns.prefix,
      render: (row) => <Code>{row.tokenPrefix}…</Code>,
      exportValue: (row) => row.tokenPrefix,
    },
    {
      key: 'lastUsedAt',
      header: t.columns.lastUsedAt,
      format: 'datetime',
      sortable: true,
      render: (row) =>
        row.lastUsedAt ? (
          formatDateTime(row.lastUsedAt)
        ) : (
          <Text span size="sm" c="dimmed">
            {texts.common.never}
          </Text>
        ),
    },
    {
      key: 'status',
      header: t.columns.status,
      render: (row) => <StatusBadge status={statusOf(row)} labels={STATUS_LABELS} />,
      exportValue: (row) => STATUS_LABELS[statusOf(row)].label,
    },
    {
      key: 'actions',
      header: texts.common.actions,
      exportable: false,
      align: 'right',
      render: (row) =>
        row.revokedAt ? null : (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {access.editar ? (
              <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => onRotate(row)}>
                {t.rotate}
              </Button>
            ) : null}
            {access.eliminar ? (
              <Button size="xs" variant="light" color={CANCEL_COLOR} leftSection={<IconBan size={14} />} onClick={() => onRevoke(row)}>
                {t.revoke}
              </Button>
            ) : null}
          </Group>
        ),
    },
  ];
}

export function ServiceAccountsSection() {
  const access = useScreenAccess('Cuentas de servicio');
  const params = useListParams({ sortBy: 'name', filters: { status: '' } });
  const { status } = params.filters;
  const filter = useMemo<ServiceAccountFilter>(() => (status === 'active' ? { revoked: false } : status === 'revoked' ? { revoked: true } : {}), [status]);
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(ServiceAccountListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.serviceAccounts;
  const [creating, setCreating] = useState(false);
  const [revokeAccount] = useMutation(ServiceAccountRevokeDocument);
  const [rotateAccount] = useMutation(ServiceAccountRotateDocument);

  const onRevoke = async (row: ServiceAccountFieldsFragment) => {
    if (!(await confirmAsync({ title: t.revokeTitle, message: t.revokeMessage(row.name), confirmLabel: t.revoke }))) return;
    try {
      await revokeAccount({ variables: { id: row.id, version: row.version } });
      notifySuccess(t.revoked);
    } catch (caught) {
      notifyError(asAppError(caught).message);
    }
    void refetch();
  };
  const onRotate = async (row: ServiceAccountFieldsFragment) => {
    if (!(await confirmAsync({ title: t.rotateTitle, message: t.rotateMessage(row.name), confirmLabel: t.rotate }))) return;
    try {
      const r = await rotateAccount({ variables: { id: row.id, version: row.version } });
      notifySuccess(t.rotated);
      if (r.data) showToken(r.data.serviceAccountRotate.token);
    } catch (caught) {
      notifyError(asAppError(caught).message);
    }
    void refetch();
  };

  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.searchPlaceholder}
        columns={columns(access, (row) => void onRotate(row), (row) => void onRevoke(row))}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(row) => row.id}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t.newAccount}
            </Button>
          ) : undefined
        }
        filters={
          <SegmentedControl
            aria-label={t.filterStatus}
            data={STATUS_OPTIONS}
            value={status === 'active' || status === 'revoked' ? status : 'all'}
            onChange={(value) => params.setFilter('status', value === 'all' ? '' : value)}
          />
        }
      />
      {creating ? (
        <NewAccountDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void refetch();
          }}
        />
      ) : null}
    </>
  );
}
