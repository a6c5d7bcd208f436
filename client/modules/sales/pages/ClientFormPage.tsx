// Formulario de Clientes: no `?id=` creates, `?id=N` edits. Fiscal data for
// CFDI 4.0 (RFC, razón social, régimen, CP, uso), address, credit and
// several contacts. The editor is keyed by id + version so a save or a
// reload after a conflict starts from what the server holds.
import { ActionIcon, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconPlus, IconTrash, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ClientCreateDocument, ClientDeactivateDocument, ClientDetailDocument, ClientUpdateDocument, type ClientDetailQuery } from '../../../../generated/modules/sales/graphql';
import { isPostalCode, POSTAL_CODE_MESSAGE, RFC_MESSAGE, rfcKind } from '../../../../schema/validators';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { FormPage } from '../../../components/FormPage';
import { CURRENCIES, CURRENCY_LABELS, type Currency } from '../../../../schema/sales/currency';
import { NumberField } from '../../../components/NumberField';
import { useFormSave } from '../../../components/useFormSave';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { asAppError } from '../../../components/serverErrors';
import { useScreenAccess, type ScreenAccess } from '../access';
import { REGIMEN_OPTIONS, USO_OPTIONS } from '../components/catalogs';
import { recordGate } from '../../../components/recordGate';
import { idParam, SALES_PATHS } from '../paths';
import { ACTIVE_BADGES, texts } from '../texts';

const t = texts.clients;
type Client = NonNullable<ClientDetailQuery['client']>;
type ContactValues = { key: string; name: string; position: string; email: string; phone: string };
type Values = {
  rfc: string;
  name: string;
  regimenFiscal: string;
  postalCode: string;
  usoCfdi: string;
  address: string;
  city: string;
  state: string;
  email: string;
  phone: string;
  creditDays: string;
  creditLimit: string;
  currency: Currency;
  active: boolean;
  notes: string;
  contacts: ContactValues[];
};

let seq = 0;
const contact = (c: Partial<ContactValues> = {}): ContactValues => ({ key: `c${++seq}`, name: '', position: '', email: '', phone: '', ...c });

const EMPTY: Values = { rfc: '', name: '', regimenFiscal: '601', postalCode: '', usoCfdi: 'G03', address: '', city: '', state: '', email: '', phone: '', creditDays: '30', creditLimit: '0', currency: 'MXN', active: true, notes: '', contacts: [] };

const valuesOf = (c: Client): Values => ({
  rfc: c.rfc,
  name: c.name,
  regimenFiscal: c.regimenFiscal,
  postalCode: c.postalCode,
  usoCfdi: c.usoCfdi,
  address: c.address,
  city: c.city,
  state: c.state,
  email: c.email,
  phone: c.phone,
  creditDays: String(c.creditDays),
  creditLimit: c.creditLimit,
  currency: c.currency,
  active: c.active,
  notes: c.notes,
  contacts: c.contacts.map((x) => contact(x)),
});

const FIELDS = ['rfc', 'name', 'regimenFiscal', 'postalCode', 'usoCfdi', 'address', 'city', 'state', 'email', 'phone', 'creditDays', 'creditLimit', 'currency', 'notes', 'contacts.'];

function ClientEditor({ client, access, onReload }: { client: Client | null; access: ScreenAccess; onReload?: () => void }) {
  const navigate = useNavigate();
  const [create] = useMutation(ClientCreateDocument);
  const [update] = useMutation(ClientUpdateDocument);
  const [deactivate, deactivation] = useMutation(ClientDeactivateDocument);
  const readOnly = client ? !access.editar : !access.crear;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: client ? valuesOf(client) : EMPTY,
    validate: {
      rfc: (v) => (rfcKind(v, { allowGeneric: true }) ? null : RFC_MESSAGE),
      name: (v) => (v.trim() ? null : 'Este campo es obligatorio.'),
      postalCode: (v) => (isPostalCode(v) ? null : POSTAL_CODE_MESSAGE),
    },
  });
  const v = form.values;
  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => void navigate(SALES_PATHS.clients), readOnly });

  const save = () =>
    runSave(async (values) => {
      const input = {
        rfc: values.rfc.trim().toUpperCase(),
        name: values.name,
        regimenFiscal: values.regimenFiscal,
        postalCode: values.postalCode,
        usoCfdi: values.usoCfdi,
        address: values.address,
        city: values.city,
        state: values.state,
        email: values.email,
        phone: values.phone,
        creditDays: Number(values.creditDays || '0'),
        creditLimit: values.creditLimit || '0',
        currency: values.currency,
        active: values.active,
        notes: values.notes,
        contacts: values.contacts.map(({ key: _key, ...c }) => c),
      };
      if (client) {
        await update({ variables: { id: client.id, version: client.version, input } });
        return texts.common.saved;
      }
      await create({ variables: { input } });
      return t.created;
    });

  // The `eliminar` of Clientes: a deactivation (its documents stay), as Compras does with suppliers.
  const askDeactivate = (c: Client) =>
    confirmAction({
      title: t.deactivateTitle,
      message: t.deactivateMessage(c.name),
      confirmLabel: t.deactivate,
      onConfirm: () => {
        void deactivate({ variables: { id: c.id, version: c.version } })
          .then(() => notifySuccess(t.deactivated))
          .catch((caught: unknown) => {
            const e = asAppError(caught);
            if (e.code === 'CONFLICT') setError(e);
            else notifyError(e.message, t.deactivateFailed);
          });
      },
    });

  const setContact = (index: number, patch: Partial<ContactValues>) =>
    form.setFieldValue(
      'contacts',
      v.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    );
  const contactError = (index: number, field: string) => {
    const e = form.errors[`contacts.${index}.${field}`];
    return typeof e === 'string' ? e : undefined;
  };

  return (
    <FormPage
      entity="client"
      title={client ? client.name : t.formNewTitle}
      description={client ? client.rfc : undefined}
      headerActions={client ? <StatusBadge status={client.active ? 'activo' : 'inactivo'} labels={ACTIVE_BADGES} /> : undefined}
      onSubmit={save}
      onCancel={() => void navigate(SALES_PATHS.clients)}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
      extraActions={
        client && access.eliminar && client.active ? (
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconUserOff size={16} />} loading={deactivation.loading} onClick={() => askDeactivate(client)}>
            {t.deactivate}
          </Button>
        ) : null
      }
    >
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {texts.common.readOnly}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.fiscal}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t.fields.rfc} description={t.fields.rfcDescription} required disabled={readOnly} maxLength={13} {...form.getInputProps('rfc')} onChange={(e) => form.setFieldValue('rfc', e.currentTarget.value.toUpperCase())} />
            <TextInput label={t.fields.name} description={t.fields.nameDescription} required disabled={readOnly} maxLength={254} {...form.getInputProps('name')} />
            <Select label={t.fields.regimenFiscal} data={REGIMEN_OPTIONS} searchable allowDeselect={false} required disabled={readOnly} {...form.getInputProps('regimenFiscal')} />
            <TextInput label={t.fields.postalCode} required disabled={readOnly} maxLength={5} inputMode="numeric" {...form.getInputProps('postalCode')} />
            <Select label={t.fields.usoCfdi} data={USO_OPTIONS} searchable allowDeselect={false} required disabled={readOnly} {...form.getInputProps('usoCfdi')} />
            <Switch label={t.fields.active} mt="lg" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.address}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t.fields.address} disabled={readOnly} {...form.getInputProps('address')} />
            <TextInput label={t.fields.city} disabled={readOnly} {...form.getInputProps('city')} />
            <TextInput label={t.fields.state} disabled={readOnly} {...form.getInputProps('state')} />
            <TextInput label={t.fields.email} type="email" disabled={readOnly} {...form.getInputProps('email')} />
            <TextInput label={t.fields.phone} disabled={readOnly} {...form.getInputProps('phone')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.sections.credit}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberField label={t.fields.creditDays} precision={0} min={0} max={365} disabled={readOnly} {...form.getInputProps('creditDays')} />
            <NumberField precision={2} label={t.fields.creditLimit} description={t.fields.creditLimitDescription} money min={0} disabled={readOnly} {...form.getInputProps('creditLimit')} />
            <Select
              label={t.fields.currency}
              description={t.fields.currencyDescription}
              data={CURRENCIES.map((c) => ({ value: c, label: CURRENCY_LABELS[c] }))}
              allowDeselect={false}
              disabled={readOnly}
              {...form.getInputProps('currency')}
            />
            {client ? <TextInput label={t.fields.openBalance} value={formatMoney(client.openBalance)} readOnly variant="filled" /> : null}
          </SimpleGrid>
          <Textarea label={t.fields.notes} mt="md" autosize minRows={2} disabled={readOnly} {...form.getInputProps('notes')} />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{t.sections.contacts}</Text>
            {readOnly ? null : (
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => form.setFieldValue('contacts', [...v.contacts, contact()])}>
                {t.contact.add}
              </Button>
            )}
          </Group>
          {v.contacts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.contact.empty}
            </Text>
          ) : (
            <Table verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.contact.name}</Table.Th>
                  <Table.Th>{t.contact.position}</Table.Th>
                  <Table.Th>{t.contact.email}</Table.Th>
                  <Table.Th>{t.contact.phone}</Table.Th>
                  {readOnly ? null : <Table.Th style={{ width: '2.5rem' }} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.contacts.map((c, i) => (
                  <Table.Tr key={c.key}>
                    <Table.Td>
                      <TextInput aria-label={`${t.contact.name} ${i + 1}`} value={c.name} onChange={(e) => setContact(i, { name: e.currentTarget.value })} error={contactError(i, 'name')} disabled={readOnly} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`${t.contact.position} ${i + 1}`} value={c.position} onChange={(e) => setContact(i, { position: e.currentTarget.value })} disabled={readOnly} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`${t.contact.email} ${i + 1}`} value={c.email} onChange={(e) => setContact(i, { email: e.currentTarget.value })} error={contactError(i, 'email')} disabled={readOnly} />
                    </Table.Td>
                    <Table.Td>
                      <TextInput aria-label={`${t.contact.phone} ${i + 1}`} value={c.phone} onChange={(e) => setContact(i, { phone: e.currentTarget.value })} disabled={readOnly} />
                    </Table.Td>
                    {readOnly ? null : (
                      <Table.Td>
                        <ActionIcon variant="subtle" color="red" aria-label={`${t.contact.remove} ${i + 1}`} onClick={() => form.setFieldValue('contacts', v.contacts.filter((_, j) => j !== i))}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </Stack>
    </FormPage>
  );
}

export function ClientFormPage() {
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const access = useScreenAccess('Clientes');
  const detail = useQuery(ClientDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const client = detail.data?.client ?? null;
  const gate = recordGate({ rawId, id, record: client, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data, notFound: texts.common.notFound, back: { label: texts.common.back, to: SALES_PATHS.clients } });
  if (gate) return gate;
  return <ClientEditor key={client ? `${client.id}:${client.version}` : 'new'} client={client} access={access} onReload={id === null ? undefined : () => void detail.refetch()} />;
}
