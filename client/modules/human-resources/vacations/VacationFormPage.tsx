// Formulario de Vacaciones: no id captures a request (employee, first and last day, days, note) and shows the
// employee's balance; `?id=N` shows one with its balance and, by its state, «Aprobar» (confirm), «Rechazar»
// or «Cancelar vacaciones» (with a reason) for whoever may authorise. A request is not edited once captured.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCheck, IconX } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  RhVacationRequestApproveDocument,
  RhVacationRequestCancelDocument,
  RhVacationRequestCreateDocument,
  RhVacationRequestDetailDocument,
  RhVacationRequestRejectDocument,
  type RhVacationRequestFieldsFragment,
} from '../../../../generated/modules/human-resources/graphql';
import { isIsoDate, todayMx } from '../../../../schema/dates';
import { canAct } from '../../../../schema/lifecycle';
import { formatDate } from '../../../components/format';
import { restDaysOffSundays } from '../../../../schema/rh/holidays';
import { spanDays, VACATION_LIFECYCLE, workingDaysBetween } from '../../../../schema/rh/vacations';
import { useScreenAccess } from '../../../components/access';
import { ConfirmButton } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { EmployeeSelect } from '../../../components/EmployeeSelect';
import { idParam } from '../../../components/dates';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { notifyError, notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { texts, VACATION_BADGES, VACATION_PATHS } from './texts';
import { VacationBalancePanel } from './VacationBalancePanel';

type Request = RhVacationRequestFieldsFragment;
type Values = { employeeId: string; firstDay: string; lastDay: string; days: string; note: string };
const FIELDS = ['employeeId', 'firstDay', 'lastDay', 'days', 'note'] as const;
const f = texts.fields;

const valuesOf = (r: Request | null): Values =>
  r ? { employeeId: r.employeeId, firstDay: r.firstDay, lastDay: r.lastDay, days: String(r.days), note: r.note } : { employeeId: '', firstDay: todayMx(), lastDay: todayMx(), days: '', note: '' };

/** Rejecting and cancelling ask why; the server keeps the reason on the request. */
function ReasonStep({ request, kind, onClose }: { request: Request; kind: 'reject' | 'cancel'; onClose: (done: boolean) => void }) {
  const [reject] = useMutation(RhVacationRequestRejectDocument);
  const [cancel] = useMutation(RhVacationRequestCancelDocument);
  const rejecting = kind === 'reject';
  return (
    <ReasonDialog
      opened
      title={rejecting ? texts.rejectTitle(request.folio) : texts.cancelTitle(request.folio)}
      message={rejecting ? null : texts.cancelHelp}
      confirmLabel={rejecting ? texts.reject : texts.cancel}
      reasonLabel={rejecting ? texts.rejectReason : texts.cancelReason}
      maxLength={300}
      onClose={onClose}
      onConfirm={async (reason) => {
        const variables = { id: request.id, version: request.version, reason };
        await (rejecting ? reject({ variables }) : cancel({ variables }));
        notifySuccess(rejecting ? texts.rejected(request.folio) : texts.cancelled(request.folio));
      }}
    />
  );
}

function VacationEditor({ request, onReload }: { request: Request | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess('Recursos Humanos', 'Vacaciones');
  const [create] = useMutation(RhVacationRequestCreateDocument);
  const [approve, approving] = useMutation(RhVacationRequestApproveDocument);
  const [step, setStep] = useState<'reject' | 'cancel' | null>(null);
  const editable = !request && access.crear;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(request),
    validate: {
      employeeId: (v) => (v ? null : texts.required),
      firstDay: (v) => (v ? null : texts.required),
      lastDay: (v, all) => (!v ? texts.required : all.firstDay && v < all.firstDay ? texts.lastBeforeFirst : null),
    },
  });
  const { save, saving, error } = useFormSave<Values>({ form, fields: FIELDS, readOnly: !editable, onSaved: () => undefined });
  const v = form.values;
  const datesOk = isIsoDate(v.firstDay) && isIsoDate(v.lastDay) && v.lastDay >= v.firstDay;
  const defaultDays = datesOk ? workingDaysBetween(v.firstDay, v.lastDay) : null;

  const submit = () =>
    save(async (values) => {
      const r = await create({ variables: { input: { employeeId: values.employeeId, firstDay: values.firstDay, lastDay: values.lastDay, days: values.days ? Number(values.days) : null, note: values.note } } });
      const created = r.data?.rhVacationRequestCreate;
      void navigate(created ? `${VACATION_PATHS.form}?id=${created.id}` : VACATION_PATHS.list, { replace: true });
      return texts.created(created?.folio ?? 0);
    });

  const doApprove = async () => {
    if (!request) return;
    try {
      await approve({ variables: { id: request.id, version: request.version } });
      notifySuccess(texts.approved(request.folio));
      onReload?.();
    } catch (err) {
      notifyError(readGraphQLError(err)?.message ?? String(err));
    }
  };

  const can = (action: 'approve' | 'reject' | 'cancel') => !!request && access.autorizar && canAct(VACATION_LIFECYCLE, action, request.status);
  return (
    <FormPage
      entity="rh_vacation_request"
      title={request ? texts.titleOf(request.folio, request.employeeName) : texts.newTitle}
      headerActions={
        request ? (
          <Group gap="xs">
            <StatusBadge status={request.status} labels={VACATION_BADGES} />
            {can('approve') ? (
              <ConfirmButton leftSection={<IconCheck size={16} />} loading={approving.loading} confirmTitle={texts.approveTitle(request.folio)} confirmMessage={texts.approveMessage(request.days)} confirmLabel={texts.approve} onConfirm={() => void doApprove()}>
                {texts.approve}
              </ConfirmButton>
            ) : null}
            {can('reject') ? (
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setStep('reject')}>
                {texts.reject}
              </Button>
            ) : null}
            {can('cancel') && request.primaPayrollFolio === null ? (
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setStep('cancel')}>
                {texts.cancel}
              </Button>
            ) : null}
          </Group>
        ) : undefined
      }
      onSubmit={submit}
      onCancel={() => void navigate(VACATION_PATHS.list)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Stack gap="md">
        {request?.decisionNote ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.decisionNote(VACATION_LIFECYCLE.labels[request.status], request.decisionNote)}
          </Alert>
        ) : null}
        {request?.primaPayrollFolio ? (
          <Alert color="blue" variant="light">
            {texts.primaPaid(request.primaPayrollFolio)}
          </Alert>
        ) : request ? (
          <Alert color="gray" variant="light">
            {texts.readOnlyNotice}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <EmployeeSelect
              label={f.employee}
              required
              value={v.employeeId}
              known={request ? { id: request.employeeId, number: request.employeeNumber, fullName: request.employeeName } : null}
              disabled={!editable}
              error={typeof form.errors.employeeId === 'string' ? form.errors.employeeId : undefined}
              onChange={(id) => form.setFieldValue('employeeId', id)}
            />
            <DateField label={f.firstDay} required disabled={!editable} {...form.getInputProps('firstDay')} />
            <DateField label={f.lastDay} required disabled={!editable} {...form.getInputProps('lastDay')} />
            <NumberField
              label={f.days}
              precision={0}
              min={1}
              disabled={!editable}
              placeholder={defaultDays === null ? undefined : String(defaultDays)}
              description={datesOk && editable ? texts.daysHelp(spanDays(v.firstDay, v.lastDay), restDaysOffSundays(v.firstDay, v.lastDay).map(formatDate)) : undefined}
              {...form.getInputProps('days')}
            />
            <TextInput label={f.note} maxLength={300} disabled={!editable} {...form.getInputProps('note')} />
          </SimpleGrid>
        </Paper>
        {v.employeeId ? <VacationBalancePanel key={`${v.employeeId}:${request?.version ?? 0}`} employeeId={v.employeeId} /> : null}
      </Stack>
      {request && step ? (
        <ReasonStep
          request={request}
          kind={step}
          onClose={(done) => {
            setStep(null);
            if (done) onReload?.();
          }}
        />
      ) : null}
    </FormPage>
  );
}

export function VacationFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const detail = useQuery(RhVacationRequestDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const request = detail.data?.rhVacationRequest ?? null;
  const gate = recordGate({
    rawId, id, record: request, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: texts.notFound, back: { label: texts.back, to: VACATION_PATHS.list },
  });
  if (gate) return gate;
  return <VacationEditor key={request ? `${request.id}:${request.version}` : 'new'} request={request} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
