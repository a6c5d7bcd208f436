// Formulario de Plazas: no `?id=` creates, `?id=N` edits. Choosing the puesto
// of a new plaza proposes its base salary; an occupied plaza shows its holder
// and keeps its puesto. The editor is keyed by id + version, so a save or a
// reload after a conflict starts from what the server holds.
import { recordGate } from '../../../components/recordGate';
import { Alert, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconUser } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { RhWorkplaceCreateDocument, RhWorkplaceDetailDocument, RhWorkplaceUpdateDocument, type RhWorkplaceFieldsFragment } from '../../../../generated/modules/human-resources/graphql';
import { useScreenAccess } from '../../../components/access';
import { idParam } from '../../../components/dates';
import { formatMoney } from '../../../components/format';
import { FormPage } from '../../../components/FormPage';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useOrganizationOptions } from './organization';
import { RH_MODULE, RH_SETTINGS_PATHS, RH_SETTINGS_SCREEN, texts, WORKPLACE_STATUS } from './texts';
import { codeError, moneyValue, positiveSalary } from './validation';

const t = texts.workplaces;
const FIELDS = ['code', 'positionId', 'authorizedDailySalary', 'location', 'notes', 'active'] as const;

type Values = { code: string; positionId: string; authorizedDailySalary: string; location: string; notes: string; active: boolean };

const EMPTY: Values = { code: '', positionId: '', authorizedDailySalary: '', location: '', notes: '', active: true };

const valuesOf = (w: RhWorkplaceFieldsFragment): Values => ({
  code: w.code,
  positionId: w.positionId,
  authorizedDailySalary: moneyValue(w.authorizedDailySalary),
  location: w.location,
  notes: w.notes,
  active: w.active,
});

function Editor({ workplace, onReload }: { workplace: RhWorkplaceFieldsFragment | null; onReload?: () => void }) {
  const navigate = useNavigate();
  const access = useScreenAccess(RH_MODULE, RH_SETTINGS_SCREEN);
  const organization = useOrganizationOptions();
  const [create] = useMutation(RhWorkplaceCreateDocument);
  const [update] = useMutation(RhWorkplaceUpdateDocument);
  const readOnly = workplace ? !access.editar : !access.crear;
  const occupied = workplace?.status === 'ocupada';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: workplace ? valuesOf(workplace) : EMPTY,
    validate: {
      code: codeError,
      positionId: (v) => (v ? null : texts.required),
      authorizedDailySalary: positiveSalary,
    },
  });
  const back = () => void navigate(RH_SETTINGS_PATHS.workplaces);
  const { save, saving, error } = useFormSave({ form, fields: FIELDS, onSaved: back, readOnly });
  const submit = () =>
    save(async (values) => {
      const input = { ...values, code: values.code.trim().toUpperCase() };
      if (workplace) await update({ variables: { id: workplace.id, version: workplace.version, input } });
      else await create({ variables: { input } });
      return workplace ? texts.saved : t.created;
    });
  const position = organization.position(form.values.positionId);
  const choosePosition = (id: string | null) => {
    form.setFieldValue('positionId', id ?? '');
    // A new plaza is usually authorised at the puesto's base salary.
    const chosen = organization.position(id);
    if (!workplace && chosen && !form.values.authorizedDailySalary) form.setFieldValue('authorizedDailySalary', moneyValue(chosen.baseDailySalary));
  };
  return (
    <FormPage
      entity="rh_workplace"
      title={workplace ? `Plaza ${workplace.code}` : t.newTitle}
      description={workplace ? `${workplace.positionName} · ${workplace.areaName}` : t.newDescription}
      headerActions={workplace ? <StatusBadge status={workplace.status} labels={WORKPLACE_STATUS} /> : undefined}
      onSubmit={submit}
      onCancel={back}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
    >
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            Solo lectura: tu rol no permite modificar esta información.
          </Alert>
        ) : null}
        {occupied && workplace ? (
          <Alert color="teal" variant="light" icon={<IconUser size={18} />}>
            {t.occupiedNotice(`${workplace.holderNumber ?? ''} · ${workplace.holderName ?? ''}`)}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb="sm">
            {t.data}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t.code}
              description={t.codeHint}
              required
              maxLength={20}
              disabled={readOnly}
              data-autofocus
              {...form.getInputProps('code')}
              onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
            />
            <Select
              label={t.position}
              required
              searchable
              allowDeselect={false}
              nothingFoundMessage="Sin coincidencias"
              data={organization.positionGroups({ pick: { keep: workplace?.positionId } })}
              disabled={readOnly || occupied}
              {...form.getInputProps('positionId')}
              onChange={choosePosition}
            />
            <NumberField
              label={t.salary}
              description={position ? t.baseSalary(formatMoney(position.baseDailySalary)) : undefined}
              required
              money
              precision={2}
              min={0}
              disabled={readOnly}
              {...form.getInputProps('authorizedDailySalary')}
            />
            <TextInput label={t.location} maxLength={120} disabled={readOnly} {...form.getInputProps('location')} />
          </SimpleGrid>
          <Textarea label={t.notes} mt="md" maxLength={500} autosize minRows={2} disabled={readOnly} {...form.getInputProps('notes')} />
          <Switch label={texts.activeSwitch} mt="md" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Paper>
      </Stack>
    </FormPage>
  );
}

export function WorkplaceFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = idParam(raw);
  const detail = useQuery(RhWorkplaceDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const workplace = detail.data?.rhWorkplace ?? null;
  const gate = recordGate({
    rawId: raw, id, record: workplace, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: 'La plaza no existe.', back: { label: 'Volver a plazas', to: RH_SETTINGS_PATHS.workplaces },
  });
  if (gate) return gate;
  return <Editor key={workplace ? `${workplace.id}:${workplace.version}` : 'new'} workplace={workplace} onReload={id ? () => void detail.refetch() : undefined} />;
}
