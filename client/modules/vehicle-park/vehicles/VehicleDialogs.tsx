// Baja (date + reason) and reactivation (an optional reason) of a vehicle, and a new odometer
// reading (date, km, source, reference), each in its dialog.
import { useState } from 'react';
import { Select, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { VehicleOdometerAddDocument, VehicleStatusChangeDocument } from '../../../../generated/modules/vehicle-park/graphql';
import { formatDateMx, todayMx } from '../../../../schema/dates';
import { DateField } from '../../../components/DateField';
import { FormDialog } from '../../../components/EditDialog';
import { notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useFormSave } from '../../../components/useFormSave';
import type { Vehicle } from './VehicleFormPage';
import { SOURCE_LABELS, texts } from '../texts';

const t = texts.form;
const required = (v: string) => (v.trim() ? null : texts.required);

export function RetireDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const [change] = useMutation(VehicleStatusChangeDocument);
  const [today] = useState(todayMx);
  const form = useForm({ mode: 'controlled', initialValues: { date: today, reason: '' }, validate: { date: required, reason: (v: string) => (v.trim() ? null : 'Indica el motivo de la baja.') } });
  const { save, saving, error } = useFormSave({ form, fields: ['date', 'reason'], onSaved: onClose });
  return (
    <FormDialog
      title={t.retireTitle}
      opened
      onClose={onClose}
      size="md"
      saving={saving}
      error={error}
      submitLabel={t.retire}
      onSubmit={() =>
        save(async (v) => {
          await change({ variables: { id: vehicle.id, version: vehicle.version, input: { status: 'baja', date: v.date, reason: v.reason } } });
          return t.retired;
        })
      }
    >
      <Text size="sm">{t.retireHelp(vehicle.driverName ?? null)}</Text>
      <DateField label={t.retireDate} required min={vehicle.odometerDate ?? vehicle.acquisitionDate ?? undefined} max={today} {...form.getInputProps('date')} />
      <Textarea label={t.retireReason} required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
    </FormDialog>
  );
}

export function ReactivateDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const [change] = useMutation(VehicleStatusChangeDocument);
  return (
    <ReasonDialog
      opened
      title={t.reactivateTitle}
      message={t.reactivateBody}
      confirmLabel={t.reactivate}
      reasonLabel={t.reactivateReason}
      required={false}
      onClose={onClose}
      onConfirm={async (reason) => {
        await change({ variables: { id: vehicle.id, version: vehicle.version, input: { status: 'activo', reason } } });
        notifySuccess(t.reactivated);
      }}
    />
  );
}

export function OdometerDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const o = t.odometer;
  const [add] = useMutation(VehicleOdometerAddDocument);
  const [today] = useState(todayMx);
  const form = useForm({
    mode: 'controlled',
    initialValues: { readOn: today, km: '', source: 'manual', sourceReference: '', notes: '' },
    validate: {
      readOn: required,
      // The server refuses a reading below the last one with that figure in the message.
      km: (v: string) => (/^\d+$/.test(v.trim()) ? null : 'Captura los kilómetros como un número entero, cero o mayor.'),
    },
  });
  const { save, saving, error } = useFormSave({ form, fields: ['readOn', 'km', 'source', 'sourceReference', 'notes'], onSaved: onClose });
  return (
    <FormDialog
      title={o.add}
      opened
      onClose={onClose}
      size="md"
      saving={saving}
      error={error}
      submitLabel={o.add}
      onSubmit={() =>
        save(async (v) => {
          await add({ variables: { vehicleId: vehicle.id, input: { readOn: v.readOn, km: Number(v.km), source: v.source as 'manual' | 'combustible', sourceReference: v.sourceReference, notes: v.notes } } });
          return o.saved;
        })
      }
    >
      <Text size="sm" c="dimmed">
        {vehicle.odometerDate ? o.last(vehicle.odometerKm, formatDateMx(vehicle.odometerDate)) : o.none}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField label={o.date} required max={today} {...form.getInputProps('readOn')} />
        <NumberField label={o.km} required precision={0} min={0} {...form.getInputProps('km')} />
        <Select
          label={o.source}
          allowDeselect={false}
          data={(['manual', 'combustible'] as const).map((value) => ({ value, label: SOURCE_LABELS[value] }))}
          {...form.getInputProps('source')}
        />
        <TextInput label={o.reference} maxLength={60} {...form.getInputProps('sourceReference')} />
      </SimpleGrid>
      <Textarea label={o.notes} autosize minRows={2} maxLength={500} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
