// Formulario de Proveedores: no `?id=` creates, `?id=N` edits. RFC, CP and
// CLABE are checked here with the same validators the server uses.
import { recordGate } from '../../../components/recordGate';
import { Alert, Autocomplete, Button, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconAlertCircle, IconUserOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { catalogOptions, REGIMENES_FISCALES } from '../../../../schema/sat';
import { CLABE_MESSAGE, isClabe, isPostalCode, POSTAL_CODE_MESSAGE, rfcKind, RFC_MESSAGE } from '../../../../schema/validators';
import { DIOT_OPERATION_LABELS, DIOT_OPERATIONS } from '../../../../schema/shopping/diot';
import {
  SupplierCategoryOptionsDocument,
  SupplierCreateDocument,
  SupplierDeactivateDocument,
  SupplierDetailDocument,
  SupplierUpdateDocument,
  type SupplierFieldsFragment,
  type SupplierInput,
} from '../../../../generated/modules/shopping/graphql';
import { CANCEL_COLOR, confirmAction } from '../../../components/confirm';
import { FormPage } from '../../../components/FormPage';
import { formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { notifyError, notifySuccess } from '../../../components/notify';
import { NumberField } from '../../../components/NumberField';
import { StatusBadge } from '../../../components/StatusBadge';
import { ACTIVE_LABELS, activeStatus, SHOPPING_PATHS } from '../texts';
import { useScreenAccess, type ScreenAccess } from '../access';
import { idParam } from '../../../components/dates';
import { asAppError } from '../../../components/serverErrors';
import { useFormSave } from '../../../components/useFormSave';

type Values = { rfc: string; name: string; taxRegime: string; postalCode: string; contactName: string; contactEmail: string; contactPhone: string; bank: string; clabe: string; creditDays: string; category: string; active: boolean; diotOperation: string };

const FIELDS = ['rfc', 'name', 'taxRegime', 'postalCode', 'contactName', 'contactEmail', 'contactPhone', 'bank', 'clabe', 'creditDays', 'category', 'active', 'diotOperation'];

const REGIME_OPTIONS = catalogOptions(REGIMENES_FISCALES);

const EMPTY: Values = { rfc: '', name: '', taxRegime: '601', postalCode: '', contactName: '', contactEmail: '', contactPhone: '', bank: '', clabe: '', creditDays: '30', category: '', active: true, diotOperation: '85' };

const valuesOf = (s: SupplierFieldsFragment): Values => ({
  rfc: s.rfc, name: s.name, taxRegime: s.taxRegime, postalCode: s.postalCode, contactName: s.contactName, contactEmail: s.contactEmail,
  contactPhone: s.contactPhone, bank: s.bank, clabe: s.clabe, creditDays: String(s.creditDays), category: s.category, active: s.active, diotOperation: s.diotOperation,
});

const toInput = (v: Values): SupplierInput => ({
  rfc: v.rfc.trim().toUpperCase(), name: v.name.trim(), taxRegime: v.taxRegime, postalCode: v.postalCode.trim(), contactName: v.contactName.trim(),
  contactEmail: v.contactEmail.trim(), contactPhone: v.contactPhone.trim(), bank: v.bank.trim(), clabe: v.clabe.trim(),
  creditDays: Number(v.creditDays || '0'), category: v.category.trim(), active: v.active, diotOperation: v.diotOperation,
});

function Editor({ supplier, access, onReload, defaults }: { supplier: SupplierFieldsFragment | null; access: ScreenAccess; onReload?: () => void; defaults?: Partial<Values> }) {
  const navigate = useNavigate();
  const mode = supplier ? 'edit' : 'create';
  const [create] = useMutation(SupplierCreateDocument);
  const [update] = useMutation(SupplierUpdateDocument);
  const [deactivate, deactivation] = useMutation(SupplierDeactivateDocument);
  const categories = useQuery(SupplierCategoryOptionsDocument);
  const readOnly = mode === 'create' ? !access.crear : !access.editar;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: supplier ? valuesOf(supplier) : { ...EMPTY, ...defaults },
    validate: {
      rfc: (v) => (rfcKind(v, { allowGeneric: true }) ? null : RFC_MESSAGE),
      name: (v) => (v.trim() ? null : 'Este campo es obligatorio.'),
      postalCode: (v) => (isPostalCode(v) ? null : POSTAL_CODE_MESSAGE),
      clabe: (v) => (v.trim() === '' || isClabe(v) ? null : CLABE_MESSAGE),
      creditDays: (v) => (/^\d+$/.test(v || '0') && Number(v || '0') <= 365 ? null : 'Los días de crédito deben ser un entero entre 0 y 365.'),
    },
  });

  const { save: runSave, saving, error, setError } = useFormSave({ form, fields: FIELDS, onSaved: () => void navigate(SHOPPING_PATHS.suppliers), readOnly });
  const save = () =>
    runSave(async (values) => {
      const input = toInput(values);
      if (supplier) await update({ variables: { id: supplier.id, version: supplier.version, input } });
      else await create({ variables: { input } });
      return supplier ? 'Proveedor guardado.' : 'Proveedor registrado.';
    });

  const askDeactivate = (s: SupplierFieldsFragment) =>
    confirmAction({
      title: 'Desactivar proveedor',
      message: `¿Desactivar a ${s.name}? Sus gastos y pagos se conservan; ya no aparecerá para nuevos gastos.`,
      confirmLabel: 'Desactivar',
      onConfirm: () => {
        void deactivate({ variables: { id: s.id, version: s.version } })
          .then(() => notifySuccess('Proveedor desactivado.'))
          .catch((caught: unknown) => {
            const e = asAppError(caught);
            if (e.code === 'CONFLICT') setError(e);
            else notifyError(e.message, 'No se pudo desactivar');
          });
      },
    });

  return (
    <FormPage
      entity="supplier"
      title={supplier ? supplier.name : 'Nuevo proveedor'}
      description={supplier ? `RFC ${supplier.rfc} · saldo por pagar ${formatMoney(supplier.payable)}` : 'Captura los datos fiscales y bancarios del proveedor.'}
      headerActions={supplier ? <StatusBadge status={activeStatus(supplier.active)} labels={ACTIVE_LABELS} /> : undefined}
      onSubmit={save}
      onCancel={() => void navigate(SHOPPING_PATHS.suppliers)}
      dirty={!readOnly && form.isDirty()}
      saving={saving}
      error={error}
      onReload={onReload}
      readOnly={readOnly}
      extraActions={
        supplier && access.eliminar && supplier.active ? (
          <Button variant="light" color={CANCEL_COLOR} leftSection={<IconUserOff size={16} />} loading={deactivation.loading} onClick={() => askDeactivate(supplier)}>
            Desactivar
          </Button>
        ) : null
      }
    >
      <Stack gap="md">
        {readOnly ? (
          <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />}>
            {mode === 'create' ? 'No tienes permiso para registrar proveedores.' : 'Solo lectura: no tienes permiso para editar.'}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb="sm">
            Datos fiscales
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="RFC" required maxLength={13} disabled={readOnly} data-autofocus {...form.getInputProps('rfc')} onChange={(e) => form.setFieldValue('rfc', e.currentTarget.value.toUpperCase())} />
            <TextInput label="Razón social" required maxLength={200} disabled={readOnly} {...form.getInputProps('name')} />
            <Select
              label="Régimen fiscal"
              required
              allowDeselect={false}
              data={REGIME_OPTIONS}
              disabled={readOnly}
              {...form.getInputProps('taxRegime')}
            />
            <TextInput label="Código postal" required maxLength={5} inputMode="numeric" disabled={readOnly} {...form.getInputProps('postalCode')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb="sm">
            Contacto y condiciones
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput label="Contacto" maxLength={120} disabled={readOnly} {...form.getInputProps('contactName')} />
            <TextInput label="Correo" type="email" maxLength={254} disabled={readOnly} {...form.getInputProps('contactEmail')} />
            <TextInput label="Teléfono" maxLength={20} disabled={readOnly} {...form.getInputProps('contactPhone')} />
            <Autocomplete label="Categoría" maxLength={80} data={categories.data?.supplierCategories ?? []} disabled={readOnly} {...form.getInputProps('category')} />
            <NumberField label="Días de crédito" precision={0} min={0} max={365} disabled={readOnly} {...form.getInputProps('creditDays')} />
            <Select
              label="Tipo de operación (DIOT)"
              allowDeselect={false}
              data={DIOT_OPERATIONS.map((value) => ({ value, label: DIOT_OPERATION_LABELS[value] }))}
              disabled={readOnly}
              {...form.getInputProps('diotOperation')}
            />
            <Switch label="Activo" mt="lg" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb="sm">
            Datos bancarios
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Banco" maxLength={80} disabled={readOnly} {...form.getInputProps('bank')} />
            <TextInput label="CLABE" maxLength={18} inputMode="numeric" disabled={readOnly} {...form.getInputProps('clabe')} />
          </SimpleGrid>
        </Paper>
      </Stack>
    </FormPage>
  );
}

export function SupplierFormPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('id');
  const id = idParam(raw);
  const access = useScreenAccess('Proveedores');
  const detail = useQuery(SupplierDetailDocument, { variables: { id: id ?? '' }, skip: id === null, fetchPolicy: 'network-only' });
  const supplier = detail.data?.supplier ?? null;
  const gate = recordGate({
    rawId: raw, id, record: supplier, loading: detail.loading, error: readGraphQLError(detail.error), hasData: !!detail.data,
    notFound: 'El proveedor no existe o fue eliminado.', back: { label: 'Volver a proveedores', to: SHOPPING_PATHS.suppliers },
  });
  if (gate) return gate;
  // `?rfc=&name=` start a new supplier (the Gasto form's «Registrar proveedor» from a supplier's CFDI).
  const defaults = { rfc: searchParams.get('rfc') ?? '', name: searchParams.get('name') ?? '' };
  return <Editor key={supplier ? `${supplier.id}:${supplier.version}` : 'new'} supplier={supplier} access={access} onReload={id ? () => void detail.refetch() : undefined} defaults={defaults} />;
}
