// Otros Ingresos: income that is not an invoice (scrap sales, refunds…),
// deposited into a company account through the Compras ledger; cancelling
// reverses the deposit.
import { useState } from 'react';
import { Button, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlus, IconX } from '@tabler/icons-react';
import { DepositAccountOptionListDocument, OtherIncomeCancelDocument, OtherIncomeCreateDocument, OtherIncomeListDocument, type IncomeStatus, type OtherIncomeFieldsFragment } from '../../../../generated/modules/sales/graphql';
import { folioLabel, INCOME_LIFECYCLE } from '../../../../schema/sales/labels';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate, formatMoney } from '../../../components/format';
import { useListParams } from '../../../components/listParams';
import { SALES_RANGE_KEYS } from '../components/dateRange';
import { DateRangeFilter, dateRangeDefaults, dateRangeFilter } from '../../../components/DateRangeFilter';
import { FormDialog } from '../../../components/EditDialog';
import { DateField } from '../../../components/DateField';
import { useScreenAccess } from '../access';

import { notifySuccess } from '../../../components/notify';
import { useFormSave } from '../../../components/useFormSave';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useServerList } from '../../../components/useServerList';
import { INCOME_BADGES, statusOptions, texts } from '../texts';
import { todayIso } from '../../../components/dates';

const t = texts.otherIncome;
type Values = { date: string; concept: string; amount: string; accountId: string; reference: string; notes: string };
const FIELDS = ['date', 'concept', 'amount', 'accountId', 'reference', 'notes'];

function IncomeDialog({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const [create] = useMutation(OtherIncomeCreateDocument);
  const accounts = useQuery(DepositAccountOptionListDocument, { skip: !opened, fetchPolicy: 'cache-and-network' });
  const form = useForm<Values>({ mode: 'controlled', initialValues: { date: todayIso(), concept: '', amount: '', accountId: '', reference: '', notes: '' } });
  const { save: runSave, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    onSaved: () => {
      form.reset();
      onSaved();
      onClose();
    },
  });
  const save = () =>
    runSave(async (v) => {
      await create({ variables: { input: { ...v, amount: v.amount || '0' } } });
      return t.created;
    });
  return (
    <FormDialog title={t.newIncome} opened={opened} onClose={onClose} onSubmit={save} saving={saving} error={error}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField label={t.fields.date} required {...form.getInputProps('date')} />
          <NumberField precision={2} label={t.fields.amount} money min={0} required {...form.getInputProps('amount')} />
        </SimpleGrid>
        <TextInput label={t.fields.concept} required maxLength={200} {...form.getInputProps('concept')} />
        <Select
          label={t.fields.account}
          required
          data={(accounts.data?.depositAccountOptions ?? []).map((a) => ({ value: a.id, label: [a.name, a.bank, a.number].filter(Boolean).join(' · ') }))}
          {...form.getInputProps('accountId')}
          value={form.values.accountId || null}
          onChange={(value) => form.setFieldValue('accountId', value ?? '')}
        />
        <TextInput label={t.fields.reference} maxLength={200} {...form.getInputProps('reference')} />
        <Textarea label={t.fields.notes} autosize minRows={2} {...form.getInputProps('notes')} />
      </Stack>
    </FormDialog>
  );
}

export function OtherEarningsPage() {
  const access = useScreenAccess('Otros Ingresos');
  const [opened, setOpened] = useState(false);
  const [cancelling, setCancelling] = useState<OtherIncomeFieldsFragment | null>(null);
  const [cancel] = useMutation(OtherIncomeCancelDocument);
  const params = useListParams({ sortBy: 'folio', sortDirection: 'DESC', filters: { status: '', ...dateRangeDefaults(SALES_RANGE_KEYS) } });
  const { status } = params.filters;
  const list = useServerList(OtherIncomeListDocument, params, { filter: { ...(status ? { status: status as IncomeStatus } : {}), ...dateRangeFilter(params.filters, SALES_RANGE_KEYS) } }, (d) => d.otherIncomes, { entity: 'other_income' });

  const columns: ListColumn<OtherIncomeFieldsFragment>[] = [
    { key: 'folio', header: t.columns.folio, sortable: true, render: (r) => folioLabel('otherIncome', r.folio), exportValue: (r) => folioLabel('otherIncome', r.folio) },
    { key: 'date', header: t.columns.date, format: 'date', sortable: true, render: (r) => formatDate(r.date) },
    { key: 'concept', header: t.columns.concept, sortable: true },
    { key: 'accountName', header: t.columns.account },
    { key: 'reference', header: t.columns.reference },
    { key: 'amount', header: t.columns.amount, format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.amount), exportValue: (r) => Number(r.amount) },
    { key: 'status', header: t.columns.status, sortable: true, render: (r) => <StatusBadge status={r.status} labels={INCOME_BADGES} />, exportValue: (r) => INCOME_LIFECYCLE.labels[r.status] },
    {
      key: 'actions',
      header: '',
      exportable: false,
      render: (r) =>
        r.status === 'aplicado' && access.eliminar ? (
          <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconX size={12} />} onClick={() => setCancelling(r)}>
            {t.cancel}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage
        description={t.listDescription}
        exportName={t.exportName}
        searchPlaceholder={t.searchPlaceholder}
        columns={columns}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
              {t.newIncome}
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label={texts.common.filterStatus} placeholder={texts.common.allStatuses} data={statusOptions(INCOME_LIFECYCLE.labels)} value={status || null} onChange={(v) => params.setFilter('status', v ?? '')} clearable w={180} />
            <DateRangeFilter params={params} keys={SALES_RANGE_KEYS} label="Fecha del ingreso" />
          </>
        }
      />
      {access.crear ? <IncomeDialog opened={opened} onClose={() => setOpened(false)} onSaved={() => void list.refetch()} /> : null}
      <ReasonDialog
        opened={cancelling !== null}
        title={t.cancelTitle}
        message={cancelling ? `${folioLabel('otherIncome', cancelling.folio)} · ${cancelling.concept} · ${formatMoney(cancelling.amount)}` : undefined}
        confirmLabel={t.cancel}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          await cancel({ variables: { id: cancelling.id, version: cancelling.version, reason } });
          notifySuccess(t.cancelled);
          void list.refetch();
        }}
      />
    </>
  );
}
