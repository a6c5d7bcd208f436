// Proveedores: server-side list with search, sort, filters in the URL and
// export; a row opens the supplier form, "Nuevo proveedor" opens it empty.
import { useMemo } from 'react';
import { Button, SegmentedControl, Select } from '@mantine/core';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { SupplierCategoryOptionsDocument, SupplierListDocument, type SupplierFieldsFragment, type SupplierFilter } from '../../../../generated/modules/shopping/graphql';
import { fetchAllPages } from '../../../components/fetchAllPages';
import { formatMoney } from '../../../components/format';
import { readGraphQLError } from '../../../components/graphqlErrors';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { toListInput, useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { ACTIVE_LABELS, activeLabel, activeStatus, SHOPPING_PATHS, withId } from '../texts';
import { useScreenAccess } from '../access';

const COLUMNS: ListColumn<SupplierFieldsFragment>[] = [
  { key: 'name', header: 'Razón social', sortable: true },
  { key: 'rfc', header: 'RFC', sortable: true },
  { key: 'taxRegime', header: 'Régimen', render: (r) => `${r.taxRegime} - ${r.taxRegimeName}`, exportValue: (r) => `${r.taxRegime} - ${r.taxRegimeName}` },
  { key: 'category', header: 'Categoría', sortable: true },
  { key: 'creditDays', header: 'Días de crédito', format: 'number', sortable: true, align: 'right' },
  { key: 'payable', header: 'Saldo por pagar', format: 'money', sortable: true, align: 'right', render: (r) => formatMoney(r.payable), exportValue: (r) => Number(r.payable) },
  { key: 'contactName', header: 'Contacto' },
  { key: 'contactPhone', header: 'Teléfono' },
  { key: 'bank', header: 'Banco' },
  { key: 'clabe', header: 'CLABE' },
  { key: 'active', header: 'Estado', render: (r) => <StatusBadge status={activeStatus(r.active)} labels={ACTIVE_LABELS} />, exportValue: (r) => activeLabel(r.active) },
];

const ACTIVE_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

export function SuppliersPage() {
  const navigate = useNavigate();
  const client = useApolloClient();
  const access = useScreenAccess('Proveedores');
  const params = useListParams({ sortBy: 'name', filters: { active: 'true', category: '' } });
  const { active, category } = params.filters;
  const filter = useMemo<SupplierFilter>(() => ({ ...(active ? { active: active === 'true' } : {}), ...(category ? { category } : {}) }), [active, category]);
  const list = toListInput(params);
  const { data, previousData, loading, error } = useQuery(SupplierListDocument, { variables: { list, filter }, fetchPolicy: 'cache-and-network' });
  const categories = useQuery(SupplierCategoryOptionsDocument, { fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.suppliers;

  const fetchAll = () =>
    fetchAllPages(async (pageNumber, pageSize) => {
      const result = await client.query({ query: SupplierListDocument, variables: { list: { ...list, page: pageNumber, pageSize }, filter }, fetchPolicy: 'network-only' });
      return result.data?.suppliers ?? { items: [], total: 0 };
    });

  return (
    <ListPage
      description="Catálogo de proveedores con sus datos fiscales y bancarios."
      exportName="Proveedores"
      searchPlaceholder="Buscar por razón social, RFC, contacto o categoría"
      columns={COLUMNS}
      rows={page?.items ?? []}
      total={page?.total ?? 0}
      loading={loading}
      error={readGraphQLError(error)}
      params={params}
      rowKey={(r) => r.id}
      onRowClick={(r) => void navigate(withId(SHOPPING_PATHS.supplierForm, r.id))}
      fetchAll={access.exportar ? fetchAll : undefined}
      actions={
        access.crear ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate(SHOPPING_PATHS.supplierForm)}>
            Nuevo proveedor
          </Button>
        ) : undefined
      }
      filters={
        <>
          <Select
            aria-label="Categoría"
            placeholder="Todas las categorías"
            data={categories.data?.supplierCategories ?? []}
            value={category || null}
            onChange={(v) => params.setFilter('category', v ?? '')}
            clearable
            searchable
            w={220}
          />
          <SegmentedControl aria-label="Estado" data={ACTIVE_OPTIONS} value={active === 'true' || active === 'false' ? active : 'all'} onChange={(v) => params.setFilter('active', v === 'all' ? '' : v)} />
        </>
      }
    />
  );
}
