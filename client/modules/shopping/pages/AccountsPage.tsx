// Cuentas: the company's bank and cash accounts. The balance is never typed:
// it is the sum of the ledger, shown as an account statement (running
// balance, date range, export) under the list when a row is opened (?id=N).
import { useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconAdjustments, IconArrowsExchange, IconDownload, IconEdit, IconPlus, IconArrowBackUp } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { CLABE_MESSAGE, isClabe } from '../../../../schema/validators';
import {
  AccountAdjustPostDocument,
  AccountEntryReverseDocument,
  AccountOptionListDocument,
  AccountStatementViewDocument,
  AccountTransferPostDocument,
  CompanyAccountCreateDocument,
  CompanyAccountListDocument,
  CompanyAccountUpdateDocument,
  type AccountEntryFieldsFragment,
  type CompanyAccountFieldsFragment,
  type CompanyAccountFilter,
} from '../../../../generated/modules/shopping/graphql';
import { exportRows, type ExportColumn } from '../../../components/exportRows';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { notifyError } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { ACTIVE_LABELS, activeLabel, activeStatus, ENTRY_KIND } from '../texts';
import { useScreenAccess, type ScreenAccess } from '../access';
import { firstOfMonthIso, idParam, todayIso } from '../../../components/dates';
import { asAppError } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';
import { FormDialog } from '../../../components/EditDialog';
import { DateField } from '../../../components/DateField';

const COLUMNS: ListColumn<CompanyAccountFieldsFragment>[] = [
  { key: 'name', header: 'Cuenta', sortable: true },
  { key: 'bank', header: 'Banco', sortable: true },
  { key: 'number', header: 'Número' },
  { key: 'clabe', header: 'CLABE' },
  { key: 'currency', header: 'Moneda' },
  { key: 'balance', header: 'Saldo', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.balance), exportValue: (r) => Number(r.balance) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

const isNegative = (v: string) => v.trim().startsWith('-');
const absText = (v: string) => v.replace(/^-/, '');

const STATEMENT_EXPORT: ExportColumn<AccountEntryFieldsFragment>[] = [
  { key: 'date', header: 'Fecha', format: 'date' },
  { key: 'kind', header: 'Tipo', exportValue: (e) => ENTRY_KIND[e.kind] ?? e.kind },
  { key: 'reference', header: 'Referencia' },
  { key: 'deposit', header: 'Depósito', format: 'money', exportValue: (e) => (isNegative(e.amount) ? null : Number(e.amount)) },
  { key: 'withdrawal', header: 'Retiro', format: 'money', exportValue: (e) => (isNegative(e.amount) ? Number(absText(e.amount)) : null) },
  { key: 'runningBalance', header: 'Saldo', format: 'money', exportValue: (e) => Number(e.runningBalance) },
  { key: 'reason', header: 'Motivo' },
  { key: 'createdByName', header: 'Registró' },
];

// ---- dialogs -----------------------------------------------------------------------

type AccountValues = { name: string; bank: string; number: string; clabe: string; openingBalance: string; openingDate: string; active: boolean };

function AccountDialog({ account, onClose }: { account: CompanyAccountFieldsFragment | null; onClose: () => void }) {
  const [create] = useMutation(CompanyAccountCreateDocument);
  const [update] = useMutation(CompanyAccountUpdateDocument);
  const form = useForm<AccountValues>({
    mode: 'controlled',
    initialValues: account
      ? { name: account.name, bank: account.bank, number: account.number, clabe: account.clabe, openingBalance: account.openingBalance, openingDate: account.openingDate, active: account.active }
      : { name: '', bank: '', number: '', clabe: '', openingBalance: '0', openingDate: todayIso(), active: true },
    validate: {
      name: (v) => (v.trim() ? null : 'Este campo es obligatorio.'),
      clabe: (v) => (v.trim() === '' || isClabe(v) ? null : CLABE_MESSAGE),
      openingDate: (v) => (v ? null : 'La fecha es obligatoria.'),
    },
  });
  const FIELDS = ['name', 'bank', 'number', 'clabe', 'openingBalance', 'openingDate', 'active'];
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose });
  const save = () =>
    runSave(async (v) => {
      if (account) await update({ variables: { id: account.id, version: account.version, input: { name: v.name, bank: v.bank, number: v.number, clabe: v.clabe, active: v.active } } });
      else await create({ variables: { input: { name: v.name, bank: v.bank, number: v.number, clabe: v.clabe, openingBalance: v.openingBalance || '0', openingDate: v.openingDate } } });
      return account ? 'Cuenta guardada.' : 'Cuenta registrada con su saldo inicial.';
    });
  return (
    <FormDialog title={account ? `Editar cuenta ${account.name}` : 'Nueva cuenta'} opened onClose={onClose} onSubmit={save} saving={saving} error={error}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Nombre de la cuenta" required maxLength={80} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Banco" maxLength={80} {...form.getInputProps('bank')} />
        <TextInput label="Número de cuenta" maxLength={30} {...form.getInputProps('number')} />
        <TextInput label="CLABE" maxLength={18} {...form.getInputProps('clabe')} />
        {account ? (
          <Switch label="Activa" mt="lg" {...form.getInputProps('active', { type: 'checkbox' })} />
        ) : (
          <>
            <NumberField precision={2} label="Saldo inicial" money min={0} {...form.getInputProps('openingBalance')} />
            <DateField label="Fecha de apertura" required {...form.getInputProps('openingDate')} />
          </>
        )}
      </SimpleGrid>
      {account ? (
        <Text size="xs" c="dimmed">
          El saldo no se edita: se mueve solo con movimientos (pagos, cobros, traspasos y ajustes).
        </Text>
      ) : null}
    </FormDialog>
  );
}

type AccountChoice = { value: string; label: string };

function TransferDialog({ accounts, onClose }: { accounts: AccountChoice[]; onClose: () => void }) {
  const [post] = useMutation(AccountTransferPostDocument);
  const form = useForm({ mode: 'controlled', initialValues: { fromAccountId: '', toAccountId: '', date: todayIso(), amount: '', reference: '' } });
  const FIELDS = ['fromAccountId', 'toAccountId', 'date', 'amount', 'reference'];
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose });
  const save = () =>
    runSave(async (input) => {
      await post({ variables: { input } });
      return 'Traspaso registrado.';
    });
  return (
    <FormDialog title="Traspaso entre cuentas" opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel="Registrar traspaso">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label="Cuenta de origen" required data={accounts} searchable {...form.getInputProps('fromAccountId')} />
        <Select label="Cuenta de destino" required data={accounts} searchable {...form.getInputProps('toAccountId')} />
        <DateField label="Fecha" required {...form.getInputProps('date')} />
        <NumberField precision={2} label="Importe" money min={0} required {...form.getInputProps('amount')} />
      </SimpleGrid>
      <TextInput label="Referencia" required maxLength={200} {...form.getInputProps('reference')} />
    </FormDialog>
  );
}

function AdjustDialog({ accounts, initialAccountId, onClose }: { accounts: AccountChoice[]; initialAccountId: string | null; onClose: () => void }) {
  const [post] = useMutation(AccountAdjustPostDocument);
  const form = useForm({ mode: 'controlled', initialValues: { accountId: initialAccountId ?? '', direction: 'retiro', date: todayIso(), amount: '', reason: '' } });
  const FIELDS = ['accountId', 'date', 'amount', 'reason'];
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose });
  const save = () =>
    runSave(async (v) => {
      await post({ variables: { input: { accountId: v.accountId, date: v.date, reason: v.reason, amount: v.direction === 'retiro' && v.amount ? `-${v.amount}` : v.amount } } });
      return 'Ajuste registrado.';
    });
  return (
    <FormDialog title="Ajuste de saldo" opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel="Registrar ajuste">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label="Cuenta" required data={accounts} searchable {...form.getInputProps('accountId')} />
        <SegmentedControl mt="lg" data={[{ value: 'retiro', label: 'Disminuye (cargo)' }, { value: 'deposito', label: 'Aumenta (abono)' }]} {...form.getInputProps('direction')} />
        <DateField label="Fecha" required {...form.getInputProps('date')} />
        <NumberField precision={2} label="Importe" money min={0} required {...form.getInputProps('amount')} />
      </SimpleGrid>
      <TextInput label="Motivo" required maxLength={300} placeholder="Comisión bancaria, intereses, corrección…" {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

function ReverseDialog({ entry, onClose }: { entry: AccountEntryFieldsFragment; onClose: () => void }) {
  const [reverse] = useMutation(AccountEntryReverseDocument);
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' } });
  const { save: runSave, saving, error } = useFormSave({ form, fields: ['reason'], onSaved: onClose });
  const save = () =>
    runSave(async ({ reason }) => {
      await reverse({ variables: { id: entry.id, reason } });
      return entry.kind === 'traspaso' ? 'Traspaso cancelado en ambas cuentas.' : 'Ajuste cancelado.';
    });
  return (
    <FormDialog title={`Cancelar ${ENTRY_KIND[entry.kind]?.toLowerCase() ?? 'movimiento'}`} opened onClose={onClose} onSubmit={save} saving={saving} error={error} submitLabel="Cancelar movimiento" size="md">
      <Text size="sm">
        Se registrará el movimiento contrario por {formatMoney(absText(entry.amount))}; el original se conserva.
      </Text>
      <TextInput label="Motivo" required maxLength={300} data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

// ---- statement ------------------------------------------------------------------------

function Statement({ accountId, access, onEdit }: { accountId: string; access: ScreenAccess; onEdit: (a: CompanyAccountFieldsFragment) => void }) {
  const client = useApolloClient();
  const [from, setFrom] = useState(firstOfMonthIso(todayIso()));
  const [to, setTo] = useState(todayIso());
  const [reversing, setReversing] = useState<AccountEntryFieldsFragment | null>(null);
  const variables = { accountId, from: from || null, to: to || null, list: { page: 1, pageSize: 200 } };
  const { data, loading, error, refetch } = useQuery(AccountStatementViewDocument, { variables, fetchPolicy: 'cache-and-network' });
  const st = data?.accountStatement;
  const loadError = readGraphQLError(error);

  const exportAll = async (format: 'xlsx' | 'csv') => {
    try {
      const rows = await fetchAllPages(async (page, pageSize) => {
        const r = await client.query({ query: AccountStatementViewDocument, variables: { ...variables, list: { page, pageSize } }, fetchPolicy: 'network-only' });
        return r.data ? { items: r.data.accountStatement.items, total: r.data.accountStatement.total } : { items: [], total: 0 };
      });
      await exportRows(`Estado de cuenta ${st?.account.name ?? ''}`.trim(), STATEMENT_EXPORT, rows, format);
    } catch (caught) {
      notifyError(asAppError(caught).message, 'No se pudo exportar');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" aria-label="Estado de cuenta">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={4}>Estado de cuenta{st ? `: ${st.account.name}` : ''}</Title>
            {st ? (
              <Text size="sm" c="dimmed">
                {[st.account.bank, st.account.number, st.account.clabe ? `CLABE ${st.account.clabe}` : ''].filter(Boolean).join(' · ')} — Saldo actual {formatMoney(st.account.balance)}
              </Text>
            ) : null}
          </div>
          <Group gap="xs" align="flex-end">
            <DateField label="Desde" value={from} onChange={setFrom} />
            <DateField label="Hasta" value={to} onChange={setTo} />
            {access.exportar ? (
              <>
                <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => void exportAll('xlsx')}>
                  Excel
                </Button>
                <Button variant="default" onClick={() => void exportAll('csv')}>
                  CSV
                </Button>
              </>
            ) : null}
            {access.editar && st ? (
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => onEdit(st.account)}>
                Editar cuenta
              </Button>
            ) : null}
          </Group>
        </Group>
        {loadError ? <Alert color="red">{loadError.message}</Alert> : null}
        {st ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label="Saldo inicial del periodo" value={st.openingBalance} />
            <Figure label="Depósitos" value={st.deposits} />
            <Figure label="Retiros" value={st.withdrawals} />
            <Figure label="Saldo final del periodo" value={st.closingBalance} />
          </SimpleGrid>
        ) : null}
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover aria-busy={loading}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Referencia</Table.Th>
                <Table.Th ta="right">Depósito</Table.Th>
                <Table.Th ta="right">Retiro</Table.Th>
                <Table.Th ta="right">Saldo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(st?.items ?? []).map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDate(e.date)}</Table.Td>
                  <Table.Td>{ENTRY_KIND[e.kind] ?? e.kind}</Table.Td>
                  <Table.Td>
                    {e.reference}
                    {e.reason ? (
                      <Text size="xs" c="dimmed">
                        Motivo: {e.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{isNegative(e.amount) ? '' : formatMoney(e.amount)}</Table.Td>
                  <Table.Td ta="right">{isNegative(e.amount) ? formatMoney(absText(e.amount)) : ''}</Table.Td>
                  <Table.Td ta="right">{formatMoney(e.runningBalance)}</Table.Td>
                  <Table.Td>
                    {access.eliminar && (e.sourceEntity === 'account_transfer' || e.sourceEntity === 'account_adjustment') && !e.reversalOf && !e.reversedBy ? (
                      <Tooltip label="Cancelar movimiento">
                        <ActionIcon variant="subtle" color="red" aria-label="Cancelar movimiento" onClick={() => setReversing(e)}>
                          <IconArrowBackUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
              {st && st.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center">
                      Sin movimientos en el periodo.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {st && st.total > st.items.length ? (
          <Text size="xs" c="dimmed">
            Se muestran los primeros {st.items.length} de {st.total} movimientos; exporta para verlos todos.
          </Text>
        ) : null}
      </Stack>
      {reversing ? (
        <ReverseDialog
          entry={reversing}
          onClose={() => {
            setReversing(null);
            void refetch();
          }}
        />
      ) : null}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{formatMoney(value)}</Text>
    </Paper>
  );
}

// ---- page -------------------------------------------------------------------------------

type Dialog = { kind: 'account'; account: CompanyAccountFieldsFragment | null } | { kind: 'transfer' } | { kind: 'adjust' } | null;

export function AccountsPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Cuentas');
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = idParam(searchParams.get('id'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const params = useListParams({ sortBy: 'name', filters: { active: 'true' } });
  const { active } = params.filters;
  const filter = useMemo<CompanyAccountFilter>(() => (active ? { active: active === 'true' } : {}), [active]);
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(CompanyAccountListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const options = useQuery(AccountOptionListDocument, { variables: { activeOnly: true }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.accounts;
  const accounts = (options.data?.accountOptions ?? []).map((a) => ({ value: a.id, label: `${a.name} (${formatMoney(a.balance)})` }));

  const closeDialog = () => {
    setDialog(null);
    // Balances and statements moved: ask the server again.
    void client.refetchQueries({ include: [CompanyAccountListDocument, AccountOptionListDocument, AccountStatementViewDocument] });
  };

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: CompanyAccountListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.accounts ?? { items: [], total: 0 };
    });

  const open = (id: string) =>
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('id', id);
      return next;
    });

  return (
    <Stack gap="lg">
      <ListPage
        description="Cuentas bancarias y de efectivo de la empresa. Abre una para ver su estado de cuenta."
        exportName="Cuentas"
        searchPlaceholder="Buscar por nombre, banco, número o CLABE"
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => open(r.id)}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          <Group gap="xs">
            {access.crear ? (
              <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => setDialog({ kind: 'transfer' })}>
                Traspaso
              </Button>
            ) : null}
            {access.editar ? (
              <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => setDialog({ kind: 'adjust' })}>
                Ajuste
              </Button>
            ) : null}
            {access.crear ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'account', account: null })}>
                Nueva cuenta
              </Button>
            ) : null}
          </Group>
        }
        filters={
          <SegmentedControl
            aria-label="Estado"
            data={[{ value: 'all', label: 'Todas' }, { value: 'true', label: 'Activas' }, { value: 'false', label: 'Inactivas' }]}
            value={active === 'true' || active === 'false' ? active : 'all'}
            onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)}
          />
        }
      />
      {selected ? <Statement key={selected} accountId={selected} access={access} onEdit={(account) => setDialog({ kind: 'account', account })} /> : null}
      {dialog?.kind === 'account' ? <AccountDialog account={dialog.account} onClose={closeDialog} /> : null}
      {dialog?.kind === 'transfer' ? <TransferDialog accounts={accounts} onClose={closeDialog} /> : null}
      {dialog?.kind === 'adjust' ? <AdjustDialog accounts={accounts} initialAccountId={selected} onClose={closeDialog} /> : null}
    </Stack>
  );
}
