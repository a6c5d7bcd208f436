// Configuración del costo de obra (issue 28), opened from «Costos por contrato»:
// the employer factor over the daily salary (labour cost of the jornadas no
// closed payroll paid; the others take their receipt's employer cost) and the
// margin threshold of the Tablero card. The server
// checks both (JOB_COST_MSG); its messages go under the fields.
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { JobCostSettingsDocument, JobCostSettingsUpdateDocument } from '../../../../generated/modules/sales/graphql';
import { JOB_COST_MSG } from '../../../../schema/sales/jobCost';
import { dec } from '../../../../schema/money';
import { DialogLoadState, EditDialogForm, EditDialogFrame } from '../../../components/EditDialog';
import { NumberField } from '../../../components/NumberField';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { useFormSave } from '../../../components/useFormSave';
import { texts } from '../texts';

const t = texts.jobCost.settings;
type Values = { employerFactor: string; marginThreshold: string };
const FIELDS = ['employerFactor', 'marginThreshold'] as const;

const inRange = (value: string, min: number, max: number) => value.trim() !== '' && dec(value).gte(min) && dec(value).lte(max);

function SettingsForm({ initial, onClose }: { initial: Values; onClose: () => void }) {
  const [update] = useMutation(JobCostSettingsUpdateDocument, { refetchQueries: ['JobCostSettings'] });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate: {
      employerFactor: (v) => (inRange(v, 0, 2) ? null : JOB_COST_MSG.factor),
      marginThreshold: (v) => (inRange(v, -100, 100) ? null : JOB_COST_MSG.threshold),
    },
  });
  const { save: runSave, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: onClose });
  const save = () =>
    runSave(async (values) => {
      await update({ variables: { input: { employerFactor: values.employerFactor, marginThreshold: values.marginThreshold } } });
      return t.saved;
    });
  return (
    <EditDialogForm onSubmit={save} onCancel={onClose} saving={saving} error={error} dirty={form.isDirty()} history={{ entity: 'job_cost_settings', id: 'ventas' }}>
      <Stack gap="md">
        <NumberField label={t.employerFactor} description={t.employerFactorHelp} precision={4} min={0} max={2} required {...form.getInputProps('employerFactor')} />
        <NumberField label={t.marginThreshold} description={t.marginThresholdHelp} precision={2} min={-100} max={100} required {...form.getInputProps('marginThreshold')} />
      </Stack>
    </EditDialogForm>
  );
}

export function JobCostSettingsDialog({ onClose }: { onClose: () => void }) {
  const { data, loading, error } = useQuery(JobCostSettingsDocument, { fetchPolicy: 'network-only' });
  const settings = data?.jobCostSettings;
  return (
    <EditDialogFrame title={t.title} onClose={onClose}>
      {settings ? (
        <SettingsForm initial={{ employerFactor: settings.employerFactor, marginThreshold: settings.marginThreshold }} onClose={onClose} />
      ) : (
        <DialogLoadState loading={loading} error={readGraphQLError(error)} notFoundMessage={texts.common.loadFailed} onClose={onClose} />
      )}
    </EditDialogFrame>
  );
}
