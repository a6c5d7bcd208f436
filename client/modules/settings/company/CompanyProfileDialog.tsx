// The company's fiscal data as CFDI emisor (RFC, razón social, régimen, CP of
// the Lugar de Expedición) and its invoice series; every printed document
// uses it, and the CFDI de nómina its registro patronal and risk class. Editing needs
// "editar" on Configuración-Empresa (the server checks it too). The CSD that seals the CFDI
// has its own dialog on the same screen.
import { Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { CompanyProfileFullDocument, CompanyProfileUpdateDocument, type CompanyProfileFullQuery } from '../../../../generated/modules/settings/graphql';
import { FormDialog } from '../../../components/EditDialog';
import { texts } from './texts';
import { catalogOptions, REGIMENES_FISCALES } from '../../../../schema/sat';
import { RIESGOS_PUESTO } from '../../../../schema/rh/satNomina';
import { placedFields } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';

const t = texts.company;
const RIESGO_OPTIONS = catalogOptions(RIESGOS_PUESTO);
const REGIMEN_OPTIONS = catalogOptions(REGIMENES_FISCALES);
type Profile = CompanyProfileFullQuery['companyProfile'];
const FIELDS = ['rfc', 'name', 'regimenFiscal', 'postalCode', 'address', 'phone', 'email', 'invoiceSeries', 'invoiceSeries.', 'defaultSeries', 'registroPatronal', 'riesgoPuesto'];

function Editor({ profile, readOnly, onClose, onReload }: { profile: Profile; readOnly: boolean; onClose: () => void; onReload: () => void }) {
  const [update] = useMutation(CompanyProfileUpdateDocument);
  const { version: _version, ...initial } = profile;
  const form = useForm({ mode: 'controlled', initialValues: { ...initial, invoiceSeries: [...initial.invoiceSeries] } });
  const { save: runSave, saving, error } = useFormSave({
    form,
    fields: FIELDS,
    onSaved: onClose,
    // A message on one series (invoiceSeries.2) also goes under the series input itself.
    mapError: (appError): Record<string, string> => {
      const series = Object.entries(placedFields(appError, FIELDS)).find(([k]) => k.startsWith('invoiceSeries.'));
      return series ? { invoiceSeries: series[1] } : {};
    },
  });
  const save = () =>
    runSave(async (input) => {
      await update({ variables: { version: profile.version, input } });
      return t.saved;
    });
  return (
    <FormDialog
      title={t.title}
      opened
      onClose={onClose}
      onSubmit={save}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t.rfc} required disabled={readOnly} {...form.getInputProps('rfc')} onChange={(e) => form.setFieldValue('rfc', e.currentTarget.value.toUpperCase())} />
          <TextInput label={t.postalCode} required disabled={readOnly} maxLength={5} {...form.getInputProps('postalCode')} />
        </SimpleGrid>
        <TextInput label={t.name} required disabled={readOnly} {...form.getInputProps('name')} />
        <Select label={t.regimen} data={REGIMEN_OPTIONS} searchable allowDeselect={false} required disabled={readOnly} {...form.getInputProps('regimenFiscal')} />
        <TextInput label={t.address} disabled={readOnly} {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t.phone} disabled={readOnly} {...form.getInputProps('phone')} />
          <TextInput label={t.email} disabled={readOnly} {...form.getInputProps('email')} />
          <TagsInput label={t.series} description={t.seriesHelp} disabled={readOnly} {...form.getInputProps('invoiceSeries')} />
          <Select label={t.defaultSeries} data={form.values.invoiceSeries} allowDeselect={false} disabled={readOnly} {...form.getInputProps('defaultSeries')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t.registroPatronal} description={t.nominaHelp} disabled={readOnly} maxLength={11} {...form.getInputProps('registroPatronal')} onChange={(e) => form.setFieldValue('registroPatronal', e.currentTarget.value.toUpperCase())} />
          <Select label={t.riesgoPuesto} description={t.nominaHelp} data={RIESGO_OPTIONS} clearable disabled={readOnly} {...form.getInputProps('riesgoPuesto')} onChange={(value) => form.setFieldValue('riesgoPuesto', value ?? '')} />
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

export function CompanyProfileDialog({ opened, readOnly, onClose }: { opened: boolean; readOnly: boolean; onClose: () => void }) {
  const query = useQuery(CompanyProfileFullDocument, { skip: !opened, fetchPolicy: 'network-only' });
  const profile = query.data?.companyProfile;
  if (!opened || !profile) return null;
  return <Editor key={profile.version} profile={profile} readOnly={readOnly} onClose={onClose} onReload={() => void query.refetch()} />;
}
