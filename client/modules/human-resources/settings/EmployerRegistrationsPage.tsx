// Registros patronales (issue 27): the catalogue as Áreas' (server list, edit
// dialog through `?edit=N`), then the state payroll tax rates the company
// captures, per entidad and effective date (their own dialog, `?rate=N`).
import { useMemo } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import {
  RhEmployerRegistrationCreateDocument,
  RhEmployerRegistrationListDocument,
  RhEmployerRegistrationUpdateDocument,
  RhStatePayrollTaxRateCreateDocument,
  RhStatePayrollTaxRatesDocument,
  RhStatePayrollTaxRateUpdateDocument,
  type RhEmployerRegistrationFieldsFragment,
  type RhStatePayrollTaxRateFieldsFragment,
} from '../../../../generated/modules/human-resources/graphql';
import { catalogOptions } from '../../../../schema/sat';
import { ESTADOS, RIESGOS_PUESTO } from '../../../../schema/rh/satNomina';
import { stateName } from '../../../../schema/rh/employerRegistrations';
import { useScreenAccess } from '../../../components/access';
import { CatalogPage } from '../../../components/CatalogPage';
import { DateField } from '../../../components/DateField';
import { NEW_RECORD, useDialogParam } from '../../../components/dialogParam';
import { EditDialogForm, EditDialogFrame } from '../../../components/EditDialog';
import { formatDate, formatNumber } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { NumberField } from '../../../components/NumberField';
import { ReportTable } from '../../../components/ReportTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { requiredText } from './validation';
import { ACTIVE_FILTER_OPTIONS, ACTIVE_LABELS, activeFilter, activeLabel, activeStatus, RH_MODULE, RH_SETTINGS_SCREEN, texts } from './texts';

const t = texts.employerRegistrations;
const tr = texts.payrollTax;
const STATE_OPTIONS = catalogOptions(ESTADOS);
const RISK_OPTIONS = catalogOptions(RIESGOS_PUESTO);
const riskLabel = (code: string) => RISK_OPTIONS.find((o) => o.value === code)?.label ?? code;
const stateLabel = (code: string | null) => (code ? `${code} - ${stateName(code)}` : t.noState);

/** 2 decimals, or as many as the rate has (up to 4). */
const decimals = (v: string) => Math.max(2, Math.min(4, v.split('.')[1]?.length ?? 0));

const FIELDS = ['registro', 'name', 'state', 'riskPremiumPercent', 'riskClass', 'active'] as const;

const COLUMNS: ListColumn<RhEmployerRegistrationFieldsFragment>[] = [
  { key: 'registro', header: t.registro, sortable: true, width: 140 },
  { key: 'name', header: t.name, sortable: true },
  { key: 'state', header: t.stateShort, sortable: true, render: (r) => stateLabel(r.state), exportValue: (r) => stateLabel(r.state) },
  { key: 'riskPremiumPercent', header: t.premiumShort, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.riskPremiumPercent, 5) },
  { key: 'riskClass', header: t.riskClassShort, render: (r) => riskLabel(r.riskClass), exportValue: (r) => riskLabel(r.riskClass) },
  { key: 'employeeCount', header: t.employeesShort, format: 'number', sortable: true, align: 'right', render: (r) => formatNumber(r.employeeCount, 0) },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

type Values = { registro: string; name: string; state: string; riskPremiumPercent: string; riskClass: string; active: boolean };

export function EmployerRegistrationsPage() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const params = useListParams({ sortBy: 'registro', filters: { active: '' } });
  const active = activeFilter(params.filters.active);
  const variables = useMemo(() => ({ active }), [active]);
  const list = useServerList(RhEmployerRegistrationListDocument, params, variables, (d) => d.rhEmployerRegistrations, { entity: 'rh_employer_registration' });
  const [create] = useMutation(RhEmployerRegistrationCreateDocument);
  const [update] = useMutation(RhEmployerRegistrationUpdateDocument);
  return (
    <Stack gap="xl">
      <CatalogPage<RhEmployerRegistrationFieldsFragment, Values>
        description={t.description}
        columns={COLUMNS}
        params={params}
        list={list}
        access={access}
        texts={{ newButton: t.newButton, newTitle: t.newTitle, editTitle: (r) => `Registro patronal ${r.registro}`, created: t.created, saved: texts.saved, notFound: texts.notFound, searchPlaceholder: t.search, exportName: t.exportName }}
        filters={<SegmentedControl aria-label="Estado" data={ACTIVE_FILTER_OPTIONS} value={params.filters.active || 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />}
        fields={FIELDS}
        initialValues={(r) => ({
          registro: r?.registro ?? '',
          name: r?.name ?? '',
          state: r?.state ?? '',
          riskPremiumPercent: r?.riskPremiumPercent ?? '',
          riskClass: r?.riskClass ?? '1',
          active: r?.active ?? true,
        })}
        validate={{ registro: requiredText, name: requiredText, state: requiredText, riskPremiumPercent: requiredText }}
        onCreate={(input) => create({ variables: { input } })}
        onUpdate={(r, input) => update({ variables: { id: r.id, version: r.version, input } })}
        renderFields={(form, { readOnly }) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t.registro} description={t.registroHint} required maxLength={11} disabled={readOnly} data-autofocus {...form.getInputProps('registro')} />
              <TextInput label={t.name} required maxLength={80} disabled={readOnly} {...form.getInputProps('name')} />
              <Select label={t.state} required searchable data={STATE_OPTIONS} disabled={readOnly} {...form.getInputProps('state')} />
              <Select label={t.riskClass} required allowDeselect={false} data={RISK_OPTIONS} disabled={readOnly} {...form.getInputProps('riskClass')} />
              <NumberField label={t.premium} description={t.premiumHint} required precision={5} min={0} max={15} disabled={readOnly} {...form.getInputProps('riskPremiumPercent')} />
            </SimpleGrid>
            <Switch label={texts.activeSwitch} disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
            <Text size="sm" c="dimmed">
              {t.inactiveHint}
            </Text>
          </Stack>
        )}
      />
      <PayrollTaxRatesSection />
    </Stack>
  );
}

type RateValues = { state: string; ratePercent: string; effectiveFrom: string; notes: string };
const RATE_FIELDS = ['state', 'ratePercent', 'effectiveFrom', 'notes'] as const;

function PayrollTaxRatesSection() {
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const query = useQuery(RhStatePayrollTaxRatesDocument, { fetchPolicy: 'cache-and-network' });
  const dialog = useDialogParam('rate');
  const rows = query.data?.rhStatePayrollTaxRates ?? [];
  const error = readGraphQLError(query.error);
  const editing = dialog.value === NEW_RECORD ? null : (rows.find((r) => r.id === dialog.value) ?? null);
  const columns: ListColumn<RhStatePayrollTaxRateFieldsFragment>[] = [
    { key: 'state', header: tr.state, render: (r) => stateLabel(r.state) },
    { key: 'ratePercent', header: tr.rate, align: 'right', render: (r) => formatNumber(r.ratePercent, decimals(r.ratePercent)) },
    { key: 'effectiveFrom', header: tr.effectiveFrom, render: (r) => formatDate(r.effectiveFrom) },
    { key: 'notes', header: tr.notes },
    {
      key: 'id',
      header: '',
      align: 'right',
      render: (r) => (
        <Button variant="subtle" size="compact-sm" onClick={() => dialog.open(r.id)}>
          {tr.edit}
        </Button>
      ),
    },
  ];
  const open = dialog.value !== null && (dialog.value === NEW_RECORD || editing !== null);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} maw={760}>
            <Title order={4}>{tr.title}</Title>
            <Text size="sm" c="dimmed">
              {tr.description}
            </Text>
          </Stack>
          {access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => dialog.open(NEW_RECORD)}>
              {tr.newButton}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Alert color="red" variant="light" title={tr.loadFailed}>
            {error.message}
          </Alert>
        ) : null}
        <ReportTable columns={columns} rows={rows} loading={query.loading} emptyText={tr.empty} rowKey={(r) => r.id} minWidth={640} />
      </Stack>
      {open ? (
        <EditDialogFrame title={editing ? `${tr.editTitle}: ${stateLabel(editing.state)}` : tr.newTitle} onClose={dialog.close}>
          <RateForm key={editing?.version ?? 'new'} row={editing} readOnly={editing ? !access.editar : !access.crear} onClose={dialog.close} onSaved={() => void query.refetch()} />
        </EditDialogFrame>
      ) : null}
    </Paper>
  );
}

function RateForm({ row, readOnly, onClose, onSaved }: { row: RhStatePayrollTaxRateFieldsFragment | null; readOnly: boolean; onClose: () => void; onSaved: () => void }) {
  const form = useForm<RateValues>({
    mode: 'controlled',
    initialValues: { state: row?.state ?? '', ratePercent: row?.ratePercent ?? '', effectiveFrom: row?.effectiveFrom ?? '', notes: row?.notes ?? '' },
    validate: { state: requiredText, ratePercent: requiredText, effectiveFrom: requiredText },
  });
  const [create] = useMutation(RhStatePayrollTaxRateCreateDocument);
  const [update] = useMutation(RhStatePayrollTaxRateUpdateDocument);
  const { save, saving, error } = useFormSave({
    form,
    fields: RATE_FIELDS,
    readOnly,
    onSaved: () => {
      onSaved();
      onClose();
    },
  });
  const submit = () =>
    save(async (input) => {
      if (row) await update({ variables: { id: row.id, version: row.version, input } });
      else await create({ variables: { input } });
      return row ? texts.saved : tr.created;
    });
  return (
    <EditDialogForm onSubmit={submit} onCancel={onClose} saving={saving} error={error} readOnly={readOnly}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={tr.state} required searchable data={STATE_OPTIONS} disabled={readOnly} data-autofocus {...form.getInputProps('state')} />
          <NumberField label={tr.rate} required precision={4} min={0} max={100} disabled={readOnly} {...form.getInputProps('ratePercent')} />
          <DateField label={tr.effectiveFrom} required disabled={readOnly} {...form.getInputProps('effectiveFrom')} />
        </SimpleGrid>
        <Textarea label={tr.notes} maxLength={300} autosize minRows={2} disabled={readOnly} {...form.getInputProps('notes')} />
      </Stack>
    </EditDialogForm>
  );
}
