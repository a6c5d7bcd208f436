// Baja (date + reason; frees the plaza and the vehicles they drive) and reingreso (new hire date after
// the baja, optional plaza and salary) of an employee, each in its dialog.
import { useState } from 'react';
import { Select, SimpleGrid, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { RhEmployeeRehireDocument, RhEmployeeTerminateDocument } from '../../../../generated/modules/human-resources/graphql';
import { todayMx } from '../../../../schema/dates';
import { IMSS_BAJA_CAUSES } from '../../../../schema/rh/imssMovements';
import { DateField } from '../../../components/DateField';
import { FormDialog } from '../../../components/EditDialog';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import type { Employee } from './EmployeeFormPage';
import { texts } from './texts';

const t = texts.form;
const required = (v: string) => (v.trim() ? null : 'Este campo es obligatorio.');

export function TerminateDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const [terminate] = useMutation(RhEmployeeTerminateDocument);
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: todayMx(), reason: '', imssCause: '' },
    validate: { date: required, reason: (v: string) => (v.trim() ? null : 'Indica el motivo.'), imssCause: required },
  });
  const { save, saving, error } = useFormSave({ form, fields: ['date', 'reason', 'imssCause'], onSaved: onClose });
  return (
    <FormDialog
      title={t.terminateTitle}
      opened
      onClose={onClose}
      size="md"
      saving={saving}
      error={error}
      submitLabel={t.terminate}
      onSubmit={() =>
        save(async (v) => {
          await terminate({ variables: { id: employee.id, version: employee.version, input: v } });
          return t.terminated;
        })
      }
    >
      <Text size="sm">{t.terminateHelp}</Text>
      <DateField label={t.terminationDate} required min={employee.hireDate} {...form.getInputProps('date')} />
      <Textarea label={t.terminationReason} required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
      <Select
        label={texts.form.fields.imssCause}
        required
        allowDeselect={false}
        data={IMSS_BAJA_CAUSES.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))}
        {...form.getInputProps('imssCause')}
      />
    </FormDialog>
  );
}

type WorkplaceOption = { id: string; code: string; location: string };

export function RehireDialog({ employee, workplaces, onClose }: { employee: Employee; workplaces: readonly WorkplaceOption[]; onClose: () => void }) {
  const [rehire] = useMutation(RhEmployeeRehireDocument);
  const [today] = useState(todayMx);
  const form = useForm({ mode: 'controlled', initialValues: { hireDate: today, workplaceId: '', dailySalary: employee.dailySalary, reason: '' }, validate: { hireDate: required } });
  const { save, saving, error } = useFormSave({ form, fields: ['hireDate', 'workplaceId', 'dailySalary', 'reason'], onSaved: onClose });
  return (
    <FormDialog
      title={t.rehireTitle}
      opened
      onClose={onClose}
      size="md"
      saving={saving}
      error={error}
      submitLabel={t.rehire}
      onSubmit={() =>
        save(async (v) => {
          await rehire({ variables: { id: employee.id, version: employee.version, input: { hireDate: v.hireDate, workplaceId: v.workplaceId || null, dailySalary: v.dailySalary || null, reason: v.reason } } });
          return t.rehired;
        })
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField label={t.rehireDate} required {...form.getInputProps('hireDate')} />
        <NumberField label={t.rehireSalary} precision={2} money min={0} {...form.getInputProps('dailySalary')} />
      </SimpleGrid>
      <Select
        label={t.rehireWorkplace}
        clearable
        placeholder={t.fields.workplaceNone}
        data={workplaces.map((w) => ({ value: w.id, label: w.location ? `${w.code} · ${w.location}` : w.code }))}
        {...form.getInputProps('workplaceId')}
        onChange={(value) => form.setFieldValue('workplaceId', value ?? '')}
      />
      <Textarea label={t.rehireReason} autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
    </FormDialog>
  );
}
