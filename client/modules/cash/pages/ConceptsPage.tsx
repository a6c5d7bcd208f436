// Catálogo de Conceptos de caja (ingreso / egreso): list, create and edit in
// a dialog; a concept with movements keeps its type and is deactivated, not deleted.
import { useMemo, useState } from 'react';
import { Button, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { CashConceptCreateDocument, CashConceptListDocument, CashConceptUpdateDocument, type CashConceptFieldsFragment, type CashConceptFilter, type CashKind } from '../../../../generated/graphql';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { applyServerFieldErrors } from '../../../components/FormPage';
import { readGraphQLError, type AppError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { notifySuccess } from '../../../components/notify';
import { StatusBadge } from '../../../components/StatusBadge';
import { useScreenAccess } from '../access';
import { asAppError, errorForForm, placedFields } from '../../../components/serverErrors';
import { FormDialog } from '../../../components/EditDialog';
import { ACTIVE_LABELS, KIND_LABELS } from '../texts';

const COLUMNS: ListColumn<CashConceptFieldsFragment>[] = [
  { key: 'name', header: 'Concepto', sortable: true },
  { key: 'kind', header: 'Tipo', sortable: true, render: (r) => <StatusBadge status={r.kind} labels={KIND_LABELS} />, exportValue: (r) => KIND_LABELS[r.kind]?.label ?? r.kind },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={r.active ? 'active' : 'inactive'} labels={ACTIVE_LABELS} />, exportValue: (r) => (r.active ? 'Activo' : 'Inactivo') },
];

function ConceptDialog({ concept, readOnly, onClose }: { concept: CashConceptFieldsFragment | null; readOnly: boolean; onClose: () => void }) {
  const [create] = useMutation(CashConceptCreateDocument);
  const [update] = useMutation(CashConceptUpdateDocument);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: concept?.name ?? '', kind: (concept?.kind ?? 'egreso') as CashKind, active: concept?.active ?? true },
    validate: { name: (v) => (v.trim() ? null : 'Este campo es obligatorio.') },
  });
  const FIELDS = ['name', 'kind', 'active'];
  const save = async () => {
    setError(null);
    if (form.validate().hasErrors) return;
    setSaving(true);
    try {
      const input = form.getValues();
      if (concept) await update({ variables: { id: concept.id, version: concept.version, input } });
      else await create({ variables: { input } });
      notifySuccess(concept ? 'Concepto guardado.' : 'Concepto registrado.');
      onClose();
    } catch (caught) {
      const e = asAppError(caught);
      applyServerFieldErrors(form, placedFields(e, FIELDS));
      setError(errorForForm(e, FIELDS));
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog title={concept ? `Concepto: ${concept.name}` : 'Nuevo concepto'} opened onClose={onClose} onSubmit={save} saving={saving} error={error} readOnly={readOnly} size="md">
      <Stack gap="md">
        <TextInput label="Nombre" required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
        <SegmentedControl disabled={readOnly} data={[{ value: 'ingreso', label: 'Ingreso' }, { value: 'egreso', label: 'Egreso' }]} {...form.getInputProps('kind')} />
        <Switch label="Activo" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
      </Stack>
    </FormDialog>
  );
}

export function ConceptsPage() {
  const client = useApolloClient();
  const access = useScreenAccess('Conceptos');
  const [open, setOpen] = useState<{ concept: CashConceptFieldsFragment | null } | null>(null);
  const params = useListParams({ sortBy: 'name', filters: { kind: '', active: 'true' } });
  const { kind, active } = params.filters;
  const filter = useMemo<CashConceptFilter>(() => ({ ...(kind ? { kind: kind as CashKind } : {}), ...(active ? { active: active === 'true' } : {}) }), [kind, active]);
  const list = toListInput(params);
  const { data, previousData, loading, error, refetch } = useQuery(CashConceptListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.cashConcepts;
  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const r = await client.query({ query: CashConceptListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return r.data?.cashConcepts ?? { items: [], total: 0 };
    });
  return (
    <>
      <ListPage
        description="Conceptos de ingreso y egreso de la caja chica."
        exportName="Conceptos de caja"
        searchPlaceholder="Buscar concepto"
        columns={COLUMNS}
        rows={page?.items ?? []}
        total={page?.total ?? 0}
        loading={loading}
        error={readGraphQLError(error)}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => setOpen({ concept: r })}
        fetchAll={access.exportar ? fetchAll : undefined}
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen({ concept: null })}>
              Nuevo concepto
            </Button>
          ) : undefined
        }
        filters={
          <>
            <Select aria-label="Tipo" placeholder="Ingresos y egresos" data={[{ value: 'ingreso', label: 'Ingresos' }, { value: 'egreso', label: 'Egresos' }]} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={180} />
            <SegmentedControl aria-label="Estado" data={[{ value: 'all', label: 'Todos' }, { value: 'true', label: 'Activos' }, { value: 'false', label: 'Inactivos' }]} value={active === 'true' || active === 'false' ? active : 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
          </>
        }
      />
      {open ? (
        <ConceptDialog
          concept={open.concept}
          readOnly={open.concept ? !access.editar : !access.crear}
          onClose={() => {
            setOpen(null);
            void refetch();
          }}
        />
      ) : null}
    </>
  );
}
