// An employee's IMSS incapacity certificates (issue 27): the list with their days and state,
// «Registrar incapacidad» (the same validateIncapacity the server runs) and «Cancelar» with a
// reason, unless a closed payroll already applied the certificate.
import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlus, IconX } from '@tabler/icons-react';
import { RhIncapacitiesDocument, RhIncapacityCancelDocument, RhIncapacityCreateDocument, type RhIncapacitiesQuery } from '../../../../generated/modules/human-resources/graphql';
import { INCAPACITY_TYPE_LABEL, INCAPACITY_TYPES, validateIncapacity } from '../../../../schema/rh/incapacities';
import { DateField } from '../../../components/DateField';
import { FormDialog } from '../../../components/EditDialog';
import { formatDate } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { notifySuccess } from '../../../components/notify';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { irreversibleQuestion } from '../../../components/recordActions';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { INCAPACITY_BADGES, texts } from './texts';

const t = texts.form.incapacities;
type Incapacity = RhIncapacitiesQuery['rhIncapacities'][number];
const TYPE_OPTIONS = INCAPACITY_TYPES.map((code) => ({ value: code, label: `${code} ${INCAPACITY_TYPE_LABEL[code]}` }));

export function IncapacitiesPanel({ employee, canEdit }: { employee: { id: string; hireDate: string }; canEdit: boolean }) {
  const q = useQuery(RhIncapacitiesDocument, { variables: { employeeId: employee.id }, fetchPolicy: 'network-only' });
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<Incapacity | null>(null);
  const error = readGraphQLError(q.error);
  const rows = q.data?.rhIncapacities ?? [];
  const done = (changed: boolean) => {
    setAdding(false);
    setCancelling(null);
    if (changed) void q.refetch();
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb={4}>
        <Text fw={600}>{texts.form.sections.incapacities}</Text>
        {canEdit ? (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t.help}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          {error.message}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {q.loading ? '…' : t.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label={texts.form.sections.incapacities}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.type}</Table.Th>
                <Table.Th>{t.folio}</Table.Th>
                <Table.Th>{t.startDate}</Table.Th>
                <Table.Th>{t.endDate}</Table.Th>
                <Table.Th ta="right">{t.days}</Table.Th>
                <Table.Th>{t.status}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{`${i.type} ${i.typeLabel}`}</Table.Td>
                  <Table.Td>{i.folio}</Table.Td>
                  <Table.Td>{formatDate(i.startDate)}</Table.Td>
                  <Table.Td>{formatDate(i.endDate)}</Table.Td>
                  <Table.Td ta="right">{i.days}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={i.status} labels={INCAPACITY_BADGES} />
                    {i.cancelReason ? (
                      <Text size="xs" c="dimmed">
                        {i.cancelReason}
                      </Text>
                    ) : null}
                    {i.closedPayrollFolio !== null && i.status === 'activa' ? (
                      <Text size="xs" c="dimmed">
                        {t.appliedBy(i.closedPayrollFolio)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">
                    {canEdit && i.status === 'activa' && i.closedPayrollFolio === null ? (
                      <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} onClick={() => setCancelling(i)} aria-label={`${t.cancel} ${i.folio}`}>
                        {t.cancel}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding ? <AddDialog employee={employee} onClose={done} /> : null}
      {cancelling ? <CancelDialog incapacity={cancelling} onClose={done} /> : null}
    </Paper>
  );
}

type Values = { type: string; folio: string; startDate: string; days: string; notes: string };
const FIELDS = ['type', 'folio', 'startDate', 'days', 'notes'];

function AddDialog({ employee, onClose }: { employee: { id: string; hireDate: string }; onClose: (changed: boolean) => void }) {
  const [create] = useMutation(RhIncapacityCreateDocument);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { type: '', folio: '', startDate: '', days: '', notes: '' },
    validate: (v) => validateIncapacity({ type: v.type, folio: v.folio, startDate: v.startDate, days: Number(v.days || 'x') }),
  });
  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: () => onClose(true) });
  return (
    <FormDialog
      title={t.addTitle}
      opened
      onClose={() => onClose(false)}
      size="md"
      saving={saving}
      error={error}
      submitLabel={t.add}
      onSubmit={() =>
        save(async (v) => {
          const r = await create({ variables: { input: { employeeId: employee.id, type: v.type, folio: v.folio, startDate: v.startDate, days: Number(v.days), notes: v.notes || null } } });
          return t.created(r.data?.rhIncapacityCreate.folio ?? v.folio.toUpperCase());
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select label={t.type} required allowDeselect={false} data={TYPE_OPTIONS} {...form.getInputProps('type')} />
        <TextInput label={t.folio} required maxLength={20} {...form.getInputProps('folio')} onChange={(e) => form.setFieldValue('folio', e.currentTarget.value.toUpperCase())} />
        <DateField label={t.startDate} required min={employee.hireDate} {...form.getInputProps('startDate')} />
        <NumberField label={t.days} required precision={0} min={1} max={546} {...form.getInputProps('days')} />
      </SimpleGrid>
      <TextInput label={t.notes} maxLength={300} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}

function CancelDialog({ incapacity, onClose }: { incapacity: Incapacity; onClose: (changed: boolean) => void }) {
  const [cancel] = useMutation(RhIncapacityCancelDocument);
  return (
    <ReasonDialog
      opened
      title={t.cancelTitle(incapacity.folio)}
      message={`${irreversibleQuestion('cancelar', { noun: 'la incapacidad', reference: incapacity.folio })} ${t.cancelHelp}`}
      confirmLabel={t.cancel}
      maxLength={300}
      onClose={onClose}
      onConfirm={async (reason) => {
        await cancel({ variables: { id: incapacity.id, version: incapacity.version, reason } });
        notifySuccess(t.cancelled(incapacity.folio));
      }}
    />
  );
}
