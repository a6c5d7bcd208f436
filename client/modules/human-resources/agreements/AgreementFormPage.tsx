// Formulario de Convenios: `?id=N` opens one, no id creates. Every figure is
// editable until a payroll applies an installment; then only description and
// reference. Shows the installments applied per payroll and, while activo,
// "Cancelar convenio" with a required reason.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Select, Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  RhAgreementCancelDocument,
  RhAgreementCreateDocument,
  RhAgreementDetailDocument,
  RhAgreementUpdateDocument,
  type RhAgreementDetailQuery,
  type RhAgreementKind,
  type RhAgreementMethod,
} from '../../../../generated/modules/human-resources/graphql';
import { AGREEMENT_STATUS_LABELS, type AgreementKind } from '../../../../schema/rh/payroll';
import { discountIssues, hasTotal, METHODS_BY_KIND, usesRate, type DiscountMethod } from '../../../../schema/rh/agreementDiscounts';
import { useScreenAccess } from '../../../components/access';
import { DateField } from '../../../components/DateField';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { todayIso, idParam } from '../../../components/dates';
import { UiDecimal } from '../../../components/decimal';
import { FormPage } from '../../../components/FormPage';
import { formatDate, formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { AGREEMENT_BADGES, AGREEMENT_PATHS, kindOptions, methodOptions, texts } from './texts';

type Agreement = NonNullable<RhAgreementDetailQuery['rhAgreement']>;
type Values = { employeeId: string; kind: AgreementKind; method: DiscountMethod; description: string; reference: string; startDate: string; rate: string; total: string; installment: string };
const FIELDS = ['employeeId', 'kind', 'method', 'description', 'reference', 'startDate', 'rate', 'total', 'installment'] as const;
const f = texts.fields;

const valuesOf = (a: Agreement | null): Values =>
  a
    ? {
        employeeId: a.employeeId,
        kind: a.kind,
        method: a.method,
        description: a.description,
        reference: a.reference,
        startDate: a.startDate,
        rate: a.rate ?? '',
        total: a.total ?? '',
        installment: a.installment ?? '',
      }
    : { employeeId: '', kind: 'prestamo', method: 'monto', description: '', reference: '', startDate: todayIso(), rate: '', total: '', installment: '' };

/** The method's own rules (schema/rh/agreementDiscounts.ts), as the form's messages. */
const methodError = (field: 'method' | 'rate' | 'total' | 'installment') => (_v: string, all: Values) =>
  discountIssues({ kind: all.kind, method: all.method, rate: all.rate || null, total: all.total || null, installment: all.installment || null })[field] ?? null;

/** Cancelling asks first, naming the convenio, and why. */
function CancelDialog({ agreement, onClose }: { agreement: Agreement; onClose: (cancelled: boolean) => void }) {
  const [cancel] = useMutation(RhAgreementCancelDocument);
  return (
    <ReasonDialog
      opened
      title={texts.cancelTitle(agreement.folio)}
      message={
        <Stack gap={4}>
          <Text size="sm">{irreversibleQuestion('cancelar', { noun: 'el convenio', reference: String(agreement.folio) })}</Text>
          <Text size="sm">{texts.cancelHelp}</Text>
        </Stack>
      }
      confirmLabel={texts.cancel}
      reasonLabel={texts.cancelReason}
      maxLength={300}
      onClose={onClose}
      onConfirm={async (reason) => {
        await cancel({ variables: { id: agreement.id, version: agreement.version, reason } });
        notifySuccess(texts.cancelled(agreement.folio));
      }}
    />
  );
}

function Payments({ agreement }: { agreement: Agreement }) {
  const c = texts.paymentCols;
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        {texts.payments}
      </Text>
      {agreement.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.noPayments}
        </Text>
      ) : (
        <Table striped aria-label={texts.payments}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.payroll}</Table.Th>
              <Table.Th>{c.date}</Table.Th>
              <Table.Th ta="right">{c.amount}</Table.Th>
              <Table.Th ta="right">{c.balance}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agreement.payments.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Link to={`/system/rh/payroll/payroll-detail?id=${p.payrollId}`}>{p.payrollFolio}</Link>
                </Table.Td>
                <Table.Td>{formatDate(p.paymentDate)}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
                <Table.Td ta="right">{p.balanceAfter === null ? texts.noTotal : formatMoney(p.balanceAfter)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function AgreementEditor({ agreement, onReload }: { agreement: Agreement | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Convenios');
  const [create] = useMutation(RhAgreementCreateDocument);
  const [update] = useMutation(RhAgreementUpdateDocument);
  const [cancelling, setCancelling] = useState(false);
  const active = !agreement || agreement.status === 'activo';
  const editable = active && (agreement ? access.editar : access.crear);
  const paid = (agreement?.payments.length ?? 0) > 0;
  const figuresLocked = !editable || paid;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(agreement),
    validate: {
      employeeId: (v) => (v ? null : texts.required),
      method: methodError('method'),
      rate: methodError('rate'),
      total: methodError('total'),
      installment: (v, all) => methodError('installment')(v, all) ?? (hasTotal(all.method) && all.total && new UiDecimal(v).gt(all.total) ? texts.installmentOverTotal : null),
    },
  });
  const { save, saving, error } = useFormSave<Values>({
    form,
    fields: FIELDS,
    readOnly: !editable,
    onSaved: () => undefined,
  });
  const v = form.values;
  const withTotal = hasTotal(v.method);
  const remaining =
    withTotal && v.total && v.installment && new UiDecimal(v.installment).gt(0) ? new UiDecimal((agreement && paid ? agreement.balance : null) ?? v.total).dividedBy(v.installment).ceil().toNumber() : null;
  const rateHelp = v.method === 'factor' ? texts.methodHelp.factor : v.kind === 'pension_alimenticia' ? texts.methodHelp.percentPension : texts.methodHelp.percentInfonavit;

  const submit = () =>
    save(async (values) => {
      // Only the figures of the method travel; the others go empty (the server stores them null).
      const input = {
        ...values,
        kind: values.kind as RhAgreementKind,
        method: values.method as RhAgreementMethod,
        rate: usesRate(values.method) ? values.rate : null,
        total: hasTotal(values.method) ? values.total : null,
        installment: usesRate(values.method) ? null : values.installment,
      };
      if (agreement) {
        await update({ variables: { id: agreement.id, version: agreement.version, input } });
        onReload?.();
        return texts.saved;
      }
      const r = await create({ variables: { input } });
      const created = r.data?.rhAgreementCreate;
      void navigate(created ? `${AGREEMENT_PATHS.form}?id=${created.id}` : AGREEMENT_PATHS.list, { replace: true });
      return texts.created(created?.folio ?? 0);
    });

  return (
    <FormPage
      entity="rh_agreement"
      title={agreement ? texts.titleOf(agreement.folio, agreement.employeeName) : texts.newTitle}
      headerActions={
        agreement ? (
          <Group gap="xs">
            <StatusBadge status={agreement.status} labels={AGREEMENT_BADGES} />
            {agreement.status === 'activo' && access.eliminar ? (
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setCancelling(true)}>
                {texts.cancel}
              </Button>
            ) : null}
          </Group>
        ) : undefined
      }
      onSubmit={submit}
      onCancel={() => void navigate(AGREEMENT_PATHS.list)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Stack gap="md">
        {agreement?.cancelReason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.cancelledBecause(agreement.cancelReason)}
          </Alert>
        ) : null}
        {agreement && !active ? (
          <Alert color="gray" variant="light">
            {texts.closedNotice(AGREEMENT_STATUS_LABELS[agreement.status].toLowerCase())}
          </Alert>
        ) : paid ? (
          <Alert color="blue" variant="light">
            {texts.lockedNotice}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <EmployeeSelect
              label={f.employee}
              required
              value={v.employeeId}
              known={agreement ? { id: agreement.employeeId, number: agreement.employeeNumber, fullName: agreement.employeeName } : null}
              disabled={figuresLocked}
              error={typeof form.errors.employeeId === 'string' ? form.errors.employeeId : undefined}
              onChange={(id) => form.setFieldValue('employeeId', id)}
            />
            <Select
              label={f.kind}
              required
              data={kindOptions}
              allowDeselect={false}
              disabled={figuresLocked}
              {...form.getInputProps('kind')}
              onChange={(kind) => {
                if (!kind) return;
                form.setFieldValue('kind', kind as AgreementKind);
                // A kind keeps a method without total it also takes (INFONAVIT % → pensión %); otherwise its own default.
                const methods = METHODS_BY_KIND[kind as AgreementKind];
                if (v.method === 'monto' || !methods.includes(v.method)) form.setFieldValue('method', methods[0]);
              }}
            />
            <Select
              label={f.method}
              required
              data={methodOptions(v.kind)}
              allowDeselect={false}
              disabled={figuresLocked}
              description={withTotal ? undefined : texts.methodHelp.noTotal}
              {...form.getInputProps('method')}
            />
            <DateField label={f.startDate} required disabled={figuresLocked} {...form.getInputProps('startDate')} />
            {usesRate(v.method) ? (
              <NumberField
                label={v.method === 'factor' ? f.factor : f.percent}
                precision={4}
                min={0}
                max={v.method === 'porcentaje' ? 100 : undefined}
                required
                disabled={figuresLocked}
                description={rateHelp}
                {...form.getInputProps('rate')}
              />
            ) : null}
            {v.method === 'cuota_fija' ? (
              <NumberField label={f.monthly} precision={2} money min={0} required disabled={figuresLocked} description={texts.methodHelp.monthly} {...form.getInputProps('installment')} />
            ) : null}
            {withTotal ? (
              <>
                <NumberField label={f.total} precision={2} money min={0} required disabled={figuresLocked} {...form.getInputProps('total')} />
                <NumberField label={f.installment} precision={2} money min={0} required disabled={figuresLocked} description={remaining ? texts.installments(remaining) : undefined} {...form.getInputProps('installment')} />
                <TextInput label={f.balance} value={formatMoney((agreement ? agreement.balance : null) ?? (v.total || '0'))} readOnly variant="filled" />
              </>
            ) : null}
            <TextInput label={f.description} maxLength={300} disabled={!editable} {...form.getInputProps('description')} />
            <TextInput label={f.reference} maxLength={100} disabled={!editable} {...form.getInputProps('reference')} />
          </SimpleGrid>
        </Paper>
        {agreement ? <Payments agreement={agreement} /> : null}
      </Stack>
      {agreement && cancelling ? (
        <CancelDialog
          agreement={agreement}
          onClose={(cancelled) => {
            setCancelling(false);
            if (cancelled) onReload?.();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function AgreementFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const detail = useQuery(RhAgreementDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const agreement = detail.data?.rhAgreement ?? null;
  const gate = recordGate({
    rawId, id, record: agreement, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: 'El convenio no existe.', back: { label: 'Volver a Convenios', to: AGREEMENT_PATHS.list },
  });
  if (gate) return gate;
  return <AgreementEditor key={agreement ? `${agreement.id}:${agreement.version}` : 'new'} agreement={agreement} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
