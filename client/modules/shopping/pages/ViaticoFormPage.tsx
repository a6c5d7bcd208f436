// Formulario de Viáticos: no `?id=` captures an advance; `?id=N` edits it
// while borrador (Pagar withdraws it from the account, or registers an egreso
// in the caja — «Cuenta» or «Caja» and which one; Cancelar with a reason,
// also once paid without comprobantes, giving the payment back), then shows the comprobación — comprobantes as cards on a phone,
// «Agregar comprobante» with the supplier's CFDI XML (read and checked by the
// server) or a receipt without CFDI, no deducible — and the closing of the
// remainder: reintegro, or descuento en nómina with the employee's signed
// consent; an excess is reimbursed. Field staff use it from the phone.
import { recordGate } from '../../../components/recordGate';
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Input, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconCash, IconCheck, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  AccountOptionListDocument,
  ViaticoCancelDocument,
  ViaticoCashBoxOptionListDocument,
  ViaticoCloseDocument,
  ViaticoCreateDocument,
  ViaticoDetailDocument,
  ViaticoEmployeeOptionListDocument,
  ViaticoPayDocument,
  ViaticoProofAddDocument,
  ViaticoProofDeleteDocument,
  ViaticoReferenceOptionsDocument,
  ViaticoUpdateDocument,
  type ViaticoDetailQuery,
  type ViaticoProofKind,
  type ViaticoSettlement,
  type ViaticoSource,
} from '../../../../generated/modules/shopping/graphql';
import { canAct } from '../../../../schema/lifecycle';
import { todayMx } from '../../../../schema/dates';
import { VIATICO_LIFECYCLE } from '../../../../schema/shopping/viaticos';
import { AttachmentList, PendingUploads, UPLOAD_IN_PROGRESS } from '../../../components/Attachments';
import type { FileType, UploadedFile } from '../../../components/attachments';
import { CANCEL_COLOR, ConfirmButton } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { DetailTable } from '../../../components/DetailTable';
import { DocumentActions } from '../../../components/DocumentActions';
import { FormPage } from '../../../components/FormPage';
import { formatDate, formatMoney } from '../../../components/format';
import { InfoField } from '../../../components/InfoField';
import { notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { SearchSelect } from '../../../components/SearchSelect';
import { asAppError, errorForForm } from '../../../components/serverErrors';
import { idParam } from '../../../components/dates';
import { useFormSave } from '../../../components/useFormSave';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useScreenAccess as useSharedScreenAccess } from '../../../components/access';
import { useScreenAccess, type ScreenAccess } from '../access';
import { cashMovementPath, SHOPPING_PATHS, VIATICO_STATUS, viaticoTexts as t, withId } from '../texts';
import { viaticoCharge } from './ViaticosPage';

type Viatico = NonNullable<ViaticoDetailQuery['viatico']>;
type Option = { id: string; label: string };
type Values = { employeeId: string; contractId: string; serviceOrderId: string; source: ViaticoSource; accountId: string; cashBoxId: string; date: string; amount: string; purpose: string };
const FIELDS = ['employeeId', 'contractId', 'serviceOrderId', 'source', 'accountId', 'cashBoxId', 'date', 'amount', 'purpose'];
const XML: readonly FileType[] = ['xml'];
const SIGNED: readonly FileType[] = ['pdf', 'png', 'jpg', 'webp'];
const f = t.fields;

function EmployeePicker({ value, known, onChange, error, disabled }: { value: string; known: Option | null; onChange: (id: string) => void; error?: string; disabled?: boolean }) {
  const [term, setTerm] = useState<string | null>(null);
  const q = useQuery(ViaticoEmployeeOptionListDocument, { variables: { search: term }, fetchPolicy: 'cache-and-network', skip: disabled });
  return (
    <SearchSelect<Option>
      label={f.employee}
      required
      disabled={disabled}
      value={value}
      known={known}
      onChange={(id) => onChange(id)}
      labelOf={(o) => o.label}
      texts={{ placeholder: 'Busca por número o nombre', nothingFound: 'Ningún empleado activo coincide.', searching: 'Buscando…' }}
      results={q.data?.viaticoEmployeeOptions ?? []}
      loading={q.loading}
      onSearch={setTerm}
      error={error}
    />
  );
}

function AdvanceEditor({ viatico, access, onReload }: { viatico: Viatico | null; access: ScreenAccess; onReload: () => void }) {
  const navigate = useNavigate();
  const [create] = useMutation(ViaticoCreateDocument);
  const [update] = useMutation(ViaticoUpdateDocument);
  const editable = viatico === null ? access.crear : access.editar && viatico.status === 'borrador';
  const cash = useSharedScreenAccess('Caja', 'Movimientos');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: viatico
      ? {
          employeeId: viatico.employeeId,
          contractId: viatico.contractId ?? '',
          serviceOrderId: viatico.serviceOrderId ?? '',
          source: viatico.source,
          accountId: viatico.accountId ?? '',
          cashBoxId: viatico.cashBoxId ?? '',
          date: viatico.date,
          amount: viatico.amount,
          purpose: viatico.purpose,
        }
      : { employeeId: '', contractId: '', serviceOrderId: '', source: 'cuenta', accountId: '', cashBoxId: '', date: todayMx(), amount: '', purpose: '' },
    validate: {
      employeeId: (v) => (v ? null : 'Selecciona el empleado.'),
      accountId: (v, all) => (all.source !== 'cuenta' || v ? null : 'Selecciona la cuenta de la que se paga.'),
      cashBoxId: (v, all) => (all.source !== 'caja' || v ? null : 'Selecciona la caja de la que se paga.'),
      amount: (v) => (Number(v) > 0 ? null : 'El importe debe ser mayor a cero, con máximo 2 decimales.'),
      purpose: (v) => (v.trim() ? null : 'Este campo es obligatorio.'),
    },
  });
  const v = form.getValues();
  const refs = useQuery(ViaticoReferenceOptionsDocument, { variables: { contractId: v.contractId || null }, fetchPolicy: 'cache-and-network' });
  const accounts = useQuery(AccountOptionListDocument, { variables: { activeOnly: true }, fetchPolicy: 'cache-and-network', skip: v.source !== 'cuenta' });
  const boxes = useQuery(ViaticoCashBoxOptionListDocument, { fetchPolicy: 'cache-and-network', skip: v.source !== 'caja' });
  const chosenBox = (boxes.data?.viaticoCashBoxOptions ?? []).find((b) => b.id === v.cashBoxId) ?? null;
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onReload, readOnly: !editable });
  const save = () =>
    runSave(async (values) => {
      const input = {
        ...values,
        contractId: values.contractId || null,
        serviceOrderId: values.serviceOrderId || null,
        accountId: values.source === 'cuenta' ? values.accountId || null : null,
        cashBoxId: values.source === 'caja' ? values.cashBoxId || null : null,
        purpose: values.purpose.trim(),
        amount: values.amount.trim(),
      };
      if (viatico) {
        await update({ variables: { id: viatico.id, version: viatico.version, input } });
        return t.done.saved;
      }
      const created = (await create({ variables: { input } })).data?.viaticoCreate;
      return created ? { message: t.done.created, onSaved: () => void navigate(withId(SHOPPING_PATHS.viaticoForm, created.id), { replace: true }) } : t.done.created;
    });

  return (
    <FormPage
      entity="viatico"
      record={viatico ? { noun: 'el viático', reference: viatico.folioText } : undefined}
      title={viatico ? `${viatico.folioText} · ${viatico.employeeName}` : t.newTitle}
      description={viatico ? [`Del ${formatDate(viatico.date)}`, viaticoCharge(viatico), viatico.sourceName].filter(Boolean).join(' · ') : t.intro}
      headerActions={viatico ? <Actions viatico={viatico} access={access} onReload={onReload} /> : undefined}
      onSubmit={save}
      onCancel={() => void navigate(SHOPPING_PATHS.viaticos)}
      dirty={editable && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={!editable}
    >
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t.sections.advance}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EmployeePicker
            value={v.employeeId}
            known={viatico ? { id: viatico.employeeId, label: `${viatico.employeeNumber} · ${viatico.employeeName}` } : null}
            onChange={(id) => form.setFieldValue('employeeId', id)}
            error={form.errors.employeeId as string | undefined}
            disabled={!editable}
          />
          <DateField label={f.date} required disabled={!editable} {...form.getInputProps('date')} />
          <Input.Wrapper label={f.source} required>
            <SegmentedControl
              aria-label={f.source}
              fullWidth
              disabled={!editable}
              data={[...t.sources]}
              value={v.source}
              onChange={(x) => {
                form.setFieldValue('source', x as ViaticoSource);
                form.clearFieldError('accountId');
                form.clearFieldError('cashBoxId');
              }}
            />
          </Input.Wrapper>
          {v.source === 'cuenta' ? (
            <Select
              label={f.account}
              required
              disabled={!editable}
              data={(accounts.data?.accountOptions ?? []).map((a) => ({ value: a.id, label: `${a.name} (${formatMoney(a.balance)})` }))}
              {...form.getInputProps('accountId')}
              value={v.accountId || null}
              onChange={(id) => form.setFieldValue('accountId', id ?? '')}
            />
          ) : (
            <Select
              label={f.cashBox}
              required
              disabled={!editable}
              data={(boxes.data?.viaticoCashBoxOptions ?? []).map((b) => ({ value: b.id, label: t.cashBoxLabel(b.name, b.open, b.balance ? formatMoney(b.balance) : null) }))}
              description={editable && chosenBox && !chosenBox.open ? t.cashBoxClosed : undefined}
              {...form.getInputProps('cashBoxId')}
              value={v.cashBoxId || null}
              onChange={(id) => form.setFieldValue('cashBoxId', id ?? '')}
            />
          )}
          <Select
            label={f.contract}
            clearable
            searchable
            disabled={!editable}
            data={(refs.data?.viaticoContractOptions ?? []).map((o) => ({ value: o.id, label: o.label }))}
            {...form.getInputProps('contractId')}
            value={v.contractId || null}
            onChange={(id) => {
              form.setFieldValue('contractId', id ?? '');
              form.setFieldValue('serviceOrderId', '');
            }}
          />
          <Select
            label={f.serviceOrder}
            clearable
            searchable
            disabled={!editable}
            data={(refs.data?.viaticoServiceOrderOptions ?? []).map((o) => ({ value: o.id, label: o.label }))}
            {...form.getInputProps('serviceOrderId')}
            value={v.serviceOrderId || null}
            onChange={(id) => form.setFieldValue('serviceOrderId', id ?? '')}
          />
          <NumberField label={f.amount} required precision={2} money min={0} disabled={!editable} {...form.getInputProps('amount')} />
        </SimpleGrid>
        <Textarea label={f.purpose} required mt="md" autosize minRows={2} maxLength={500} disabled={!editable} {...form.getInputProps('purpose')} />
        {v.source === 'caja' && access.autorizar && !cash.crear && (viatico === null || viatico.status === 'borrador') ? (
          <Text size="xs" c="dimmed" mt="xs">
            {t.needsCashPost}
          </Text>
        ) : null}
        {viatico?.paymentCashMovementId || viatico?.settlementCashMovementId ? <CashMovements viatico={viatico} /> : null}
      </Paper>
      {viatico && viatico.status !== 'borrador' ? <Comprobacion viatico={viatico} access={access} onReload={onReload} /> : null}
    </FormPage>
  );
}

/** The caja's movements of an advance paid from one, opening each in Caja for who may see it. */
function CashMovements({ viatico }: { viatico: Viatico }) {
  const cash = useSharedScreenAccess('Caja', 'Movimientos');
  const link = (id: string, folio: number) =>
    cash.ver ? (
      <Anchor component={Link} to={cashMovementPath(viatico.folioText, id, viatico.cashBoxId ?? '')} size="sm">
        {t.cashMovementLink(folio)}
      </Anchor>
    ) : (
      t.cashMovementLink(folio)
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
      {viatico.paymentCashMovementId && viatico.paymentCashMovementFolio ? <InfoField label={`${f.cashMovement} · ${viatico.cashBoxName ?? ''}`} value={link(viatico.paymentCashMovementId, viatico.paymentCashMovementFolio)} /> : null}
      {viatico.settlementCashMovementId && viatico.settlementCashMovementFolio ? <InfoField label={f.settlementCashMovement} value={link(viatico.settlementCashMovementId, viatico.settlementCashMovementFolio)} /> : null}
    </SimpleGrid>
  );
}

function Actions({ viatico, access, onReload }: { viatico: Viatico; access: ScreenAccess; onReload: () => void }) {
  const [pay] = useMutation(ViaticoPayDocument);
  const [cancel] = useMutation(ViaticoCancelDocument);
  const [cancelling, setCancelling] = useState(false);
  // From a caja, Caja's own abilities are asked too (the server refuses the same).
  const cash = useSharedScreenAccess('Caja', 'Movimientos');
  const fromBox = viatico.source === 'caja';
  const mayPay = access.autorizar && (!fromBox || cash.crear);
  const mayCancel = access.eliminar && (viatico.status === 'borrador' || !fromBox || cash.eliminar);
  return (
    <>
      <DocumentActions
        status={{ status: viatico.status, labels: VIATICO_STATUS }}
        actions={[
          {
            key: 'pay',
            label: t.actions.pay,
            icon: <IconCash size={16} />,
            color: 'teal',
            show: canAct(VIATICO_LIFECYCLE, 'pagar', viatico.status) && mayPay,
            irreversible: true,
            run: async () => {
              await pay({ variables: { id: viatico.id, version: viatico.version } });
              notifySuccess(t.done.paid);
              onReload();
            },
          },
          { key: 'cancel', label: t.actions.cancel, icon: <IconX size={16} />, color: CANCEL_COLOR, variant: 'light', show: canAct(VIATICO_LIFECYCLE, 'cancelar', viatico.status) && mayCancel, run: () => setCancelling(true) },
        ]}
      />
      {cancelling ? (
        <ReasonDialog
          opened
          title={`${t.actions.cancel} ${viatico.folioText}`}
          message={
            <Stack gap={4}>
              <Text size="sm">{irreversibleQuestion('cancelar', { noun: 'el viático', reference: viatico.folioText })}</Text>
              {viatico.status === 'pagado' ? <Text size="sm">{t.cancelGivesBack(formatMoney(viatico.amount), viatico.sourceName)}</Text> : null}
            </Stack>
          }
          confirmLabel={t.actions.cancel}
          reasonLabel="Motivo"
          onClose={() => {
            setCancelling(false);
            onReload();
          }}
          onConfirm={async (reason) => {
            await cancel({ variables: { id: viatico.id, version: viatico.version, reason } });
            notifySuccess(t.done.cancelled);
          }}
        />
      ) : null}
    </>
  );
}

function Comprobacion({ viatico, access, onReload }: { viatico: Viatico; access: ScreenAccess; onReload: () => void }) {
  const [remove] = useMutation(ViaticoProofDeleteDocument);
  const open = canAct(VIATICO_LIFECYCLE, 'comprobar', viatico.status);
  const s = viatico.summary;
  return (
    <>
      {viatico.status === 'cancelado' ? (
        <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} title={VIATICO_STATUS.cancelado.label}>
          {viatico.cancelReason}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t.sections.proofs}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" mb="md">
          <InfoField label={t.summary.amount} value={formatMoney(viatico.amount)} />
          <InfoField label={t.summary.comprobado} value={formatMoney(s.comprobado)} />
          <InfoField label={t.summary.deductible} value={formatMoney(s.deductible)} />
          <InfoField label={t.summary.nonDeductible} value={formatMoney(s.nonDeductible)} />
          <InfoField label={t.summary.remainder} value={formatMoney(s.remainder)} />
          <InfoField label={t.summary.excess} value={formatMoney(s.excess)} />
        </SimpleGrid>
        {viatico.proofs.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noProofs}
          </Text>
        ) : (
          <DetailTable
            aria-label={t.sections.proofs}
            rows={viatico.proofs}
            rowKey={(p) => p.id}
            columns={[
              { key: 'concept', header: t.proofColumns.concept, render: (p) => p.concept },
              { key: 'date', header: t.proofColumns.date, render: (p) => formatDate(p.date) },
              { key: 'kind', header: t.proofColumns.kind, render: (p) => (p.kind === 'cfdi' ? `CFDI ${p.emisorRfc ?? ''}` : 'No deducible') },
              { key: 'subtotal', header: t.proofColumns.subtotal, align: 'right', render: (p) => formatMoney(p.subtotal) },
              { key: 'iva', header: t.proofColumns.iva, align: 'right', render: (p) => formatMoney(p.iva) },
              { key: 'total', header: t.proofColumns.total, align: 'right', render: (p) => formatMoney(p.total) },
              {
                key: 'actions',
                header: '',
                exportable: false,
                render: (p) => (
                  <Group gap="xs" wrap="nowrap">
                    {p.cfdiFile ? <AttachmentList files={[p.cfdiFile]} /> : null}
                    {open && access.editar ? (
                      <ConfirmButton
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        confirmTitle={t.actions.remove}
                        confirmMessage={`${t.actions.remove}: ${p.concept}`}
                        confirmLabel={t.actions.remove}
                        onConfirm={() =>
                          void remove({ variables: { id: p.id } }).then(() => {
                            notifySuccess(t.done.removed);
                            onReload();
                          })
                        }
                      >
                        {t.actions.remove}
                      </ConfirmButton>
                    ) : null}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
      {open && access.editar ? <AddProof key={viatico.version} viatico={viatico} onDone={onReload} /> : null}
      {open && access.autorizar ? <ClosePanel key={`c${viatico.version}`} viatico={viatico} onDone={onReload} /> : null}
      {viatico.status === 'cerrado' && viatico.settlement ? (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />} title={t.sections.close}>
          <Stack gap={4}>
            <Text size="sm">{t.closedAs(t.settlementLabels[viatico.settlement] ?? viatico.settlement, formatMoney(viatico.settlementAmount ?? '0'))}</Text>
            {viatico.agreementFolio ? <Text size="sm">{t.agreement(viatico.agreementFolio)}</Text> : null}
            {viatico.consentFile ? <AttachmentList files={[viatico.consentFile]} /> : null}
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}

function AddProof({ viatico, onDone }: { viatico: Viatico; onDone: () => void }) {
  const [add, adding] = useMutation(ViaticoProofAddDocument);
  const [kind, setKind] = useState<ViaticoProofKind>('cfdi');
  const [xml, setXml] = useState<UploadedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState(todayMx());
  const [concept, setConcept] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const submit = async () => {
    setErrors({});
    setMessage(null);
    if (busy) return setMessage(UPLOAD_IN_PROGRESS);
    try {
      const input = kind === 'cfdi' ? { kind, fileId: xml[0]?.id ?? null, concept: concept.trim() || null } : { kind, date, concept: concept.trim(), amount: amount.trim() };
      await add({ variables: { viaticoId: viatico.id, input } });
      notifySuccess(t.done.proof);
      onDone();
    } catch (caught) {
      const e = asAppError(caught);
      setErrors(e.fields);
      setMessage(errorForForm(e, ['fileId', 'date', 'concept', 'amount']).message);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t.sections.addProof}</Text>
        {message ? (
          <Alert color="red" variant="light">
            {message}
          </Alert>
        ) : null}
        <SegmentedControl aria-label={f.kind} data={[...t.kinds]} value={kind} onChange={(k) => setKind(k as ViaticoProofKind)} fullWidth />
        {kind === 'cfdi' ? (
          <PendingUploads files={xml} onChange={setXml} types={XML} max={1} label={f.cfdi} hint={f.cfdiHint} error={errors.fileId} onBusyChange={setBusy} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <DateField label={f.date} required value={date} onChange={(d) => setDate(d ?? todayMx())} error={errors.date} />
            <NumberField label={f.amount} required precision={2} money min={0} value={amount} onChange={setAmount} error={errors.amount} />
          </SimpleGrid>
        )}
        <TextInput label={f.concept} required={kind === 'no_deducible'} maxLength={300} value={concept} onChange={(e) => setConcept(e.currentTarget.value)} error={errors.concept} />
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} loading={adding.loading} onClick={() => void submit()}>
            {t.actions.add}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ClosePanel({ viatico, onDone }: { viatico: Viatico; onDone: () => void }) {
  const [close, closing] = useMutation(ViaticoCloseDocument);
  const cash = useSharedScreenAccess('Caja', 'Movimientos');
  const owes = Number(viatico.summary.remainder) > 0;
  const [settlement, setSettlement] = useState<ViaticoSettlement>('reintegro');
  const [consent, setConsent] = useState(false);
  const [signed, setSigned] = useState<UploadedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const hint = owes
    ? t.closeHint.remainder(formatMoney(viatico.summary.remainder))
    : Number(viatico.summary.excess) > 0
      ? t.closeHint.excess(formatMoney(viatico.summary.excess), viatico.sourceName)
      : t.closeHint.exact;
  const submit = async () => {
    setErrors({});
    setMessage(null);
    if (busy) return setMessage(UPLOAD_IN_PROGRESS);
    try {
      const input = owes ? { settlement, ...(settlement === 'descuento_nomina' ? { consent, consentFileId: signed[0]?.id ?? null } : {}) } : {};
      await close({ variables: { id: viatico.id, version: viatico.version, input } });
      notifySuccess(t.done.closed);
      onDone();
    } catch (caught) {
      const e = asAppError(caught);
      setErrors(e.fields);
      setMessage(errorForForm(e, ['settlement', 'consent', 'consentFileId']).message);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Text fw={600}>{t.sections.close}</Text>
        <Text size="sm">{hint}</Text>
        {viatico.source === 'caja' && !cash.crear && ((owes && settlement === 'reintegro') || Number(viatico.summary.excess) > 0) ? (
          <Text size="xs" c="dimmed">
            {t.needsCashPost}
          </Text>
        ) : null}
        {message ? (
          <Alert color="red" variant="light">
            {message}
          </Alert>
        ) : null}
        {owes ? (
          <>
            <SegmentedControl aria-label={f.settlement} data={[...t.settlements]} value={settlement} onChange={(x) => setSettlement(x as ViaticoSettlement)} fullWidth />
            {errors.settlement ? (
              <Text size="sm" c="red">
                {errors.settlement}
              </Text>
            ) : null}
            {settlement === 'descuento_nomina' ? (
              <>
                <Checkbox label={f.consent} checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} error={errors.consent} />
                <PendingUploads files={signed} onChange={setSigned} types={SIGNED} max={1} label={f.consentFile} error={errors.consentFileId} onBusyChange={setBusy} />
              </>
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button color="teal" leftSection={<IconCheck size={16} />} loading={closing.loading} onClick={() => void submit()}>
            {t.actions.close}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function ViaticoFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = idParam(raw);
  const access = useScreenAccess('Viáticos');
  const detail = useQuery(ViaticoDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const viatico = detail.data?.viatico ?? null;
  const gate = recordGate({
    rawId: raw, id, record: viatico, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: t.notFound, back: { label: 'Volver a viáticos', to: SHOPPING_PATHS.viaticos },
  });
  if (gate) return gate;
  return <AdvanceEditor key={viatico ? `${viatico.id}:${viatico.version}` : 'new'} viatico={viatico} access={access} onReload={() => void detail.refetch()} />;
}
