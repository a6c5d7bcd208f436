// Catálogo de Conceptos de caja (ingreso / egreso): list, create and edit in
// a dialog; a concept with movements keeps its type and is deactivated, not deleted.
import { useMemo } from 'react';
import { SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { CashConceptCreateDocument, CashConceptListDocument, CashConceptUpdateDocument, type CashConceptFieldsFragment, type CashConceptFilter, type CashKind } from '../../../../generated/modules/cash/graphql';
import { CatalogPage } from '../../../components/CatalogPage';
import type { ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useServerList } from '../../../components/useServerList';
import { useScreenAccess } from '../access';
import { ACTIVE_LABELS, KIND_LABELS } from '../texts';

const COLUMNS: ListColumn<CashConceptFieldsFragment>[] = [
  { key: 'name', header: 'Concepto', sortable: true },
  { key: 'kind', header: 'Tipo', sortable: true, render: (r) => <StatusBadge status={r.kind} labels={KIND_LABELS} />, exportValue: (r) => KIND_LABELS[r.kind]?.label ?? r.kind },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={r.active ? 'active' : 'inactive'} labels={ACTIVE_LABELS} />, exportValue: (r) => (r.active ? 'Activo' : 'Inactivo') },
];

const FIELDS = ['name', 'kind', 'active'] as const;

type Values = { name: string; kind: CashKind; active: boolean };

export function ConceptsPage() {
  const access = useScreenAccess('Conceptos');
  const params = useListParams({ sortBy: 'name', filters: { kind: '', active: 'true' } });
  const { kind, active } = params.filters;
  const filter = useMemo<CashConceptFilter>(() => ({ ...(kind ? { kind: kind as CashKind } : {}), ...(active ? { active: active === 'true' } : {}) }), [kind, active]);
  const list = useServerList(CashConceptListDocument, params, { filter }, (d) => d.cashConcepts, { entity: 'cash_concept' });
  const [create] = useMutation(CashConceptCreateDocument);
  const [update] = useMutation(CashConceptUpdateDocument);
  return (
    <CatalogPage<CashConceptFieldsFragment, Values>
      description="Conceptos de ingreso y egreso de la caja chica."
      columns={COLUMNS}
      params={params}
      list={list}
      access={access}
      texts={{
        newButton: 'Nuevo concepto',
        newTitle: 'Nuevo concepto',
        editTitle: (r) => `Concepto: ${r.name}`,
        created: 'Concepto registrado.',
        saved: 'Concepto guardado.',
        notFound: 'El concepto no existe o ya no está en esta página de la lista.',
        searchPlaceholder: 'Buscar concepto',
        exportName: 'Conceptos de caja',
      }}
      filters={
        <>
          <Select aria-label="Tipo" placeholder="Ingresos y egresos" data={[{ value: 'ingreso', label: 'Ingresos' }, { value: 'egreso', label: 'Egresos' }]} value={kind || null} onChange={(v) => params.setFilter('kind', v ?? '')} clearable w={180} />
          <SegmentedControl aria-label="Estado" data={[{ value: 'all', label: 'Todos' }, { value: 'true', label: 'Activos' }, { value: 'false', label: 'Inactivos' }]} value={active === 'true' || active === 'false' ? active : 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
      fields={FIELDS}
      initialValues={(concept) => ({ name: concept?.name ?? '', kind: concept?.kind ?? 'egreso', active: concept?.active ?? true })}
      validate={{ name: (v) => (v.trim() ? null : 'Este campo es obligatorio.') }}
      onCreate={(input) => create({ variables: { input } })}
      onUpdate={(concept, input) => update({ variables: { id: concept.id, version: concept.version, input } })}
      renderFields={(form, { readOnly }) => (
        <Stack gap="md">
          <TextInput label="Nombre" required maxLength={80} disabled={readOnly} data-autofocus {...form.getInputProps('name')} />
          <SegmentedControl disabled={readOnly} data={[{ value: 'ingreso', label: 'Ingreso' }, { value: 'egreso', label: 'Egreso' }]} {...form.getInputProps('kind')} />
          <Switch label="Activo" disabled={readOnly} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      )}
    />
  );
}
