// Herramientas: tools (one unit each) and PPE (by stock) with category and
// status filters in the URL; "Nueva herramienta" adds one; a row opens its
// Edición de Herramientas screen with the history.
import { useState } from 'react';
import { Button, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@apollo/client/react';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { SecToolCreateDocument, SecToolListDocument, type SecToolCategory, type SecToolFieldsFragment, type SecToolStatus } from '../../../../generated/modules/security/graphql';
import { EPP_STOCK_MAX } from '../../../../schema/security/tools';
import { useScreenAccess } from '../../../components/access';
import { formatNumber } from '../../../components/format';
import { NumberField } from '../../../components/NumberField';
import { FormDialog } from '../../../components/EditDialog';
import { ListPage, type ListColumn } from '../../../components/ListPage';
import { useListParams } from '../../../components/listParams';
import { StatusBadge } from '../../../components/StatusBadge';
import { useFormSave } from '../../../components/useFormSave';
import { useServerList } from '../../../components/useServerList';
import { BADGES, MODULE, OPTIONS, SECURITY_PATHS, TOOL_CATEGORY_LABELS, TOOL_STATUS_LABELS, common } from '../texts';

const COLUMNS: ListColumn<SecToolFieldsFragment>[] = [
  { key: 'code', header: 'Código', sortable: true, width: 110 },
  { key: 'name', header: 'Nombre', sortable: true },
  { key: 'serial', header: 'Serie' },
  { key: 'category', header: 'Categoría', sortable: true, render: (r) => TOOL_CATEGORY_LABELS[r.category], exportValue: (r) => TOOL_CATEGORY_LABELS[r.category] },
  { key: 'status', header: 'Estado', sortable: true, render: (r) => <StatusBadge status={r.status} labels={BADGES.tool} />, exportValue: (r) => TOOL_STATUS_LABELS[r.status] },
  { key: 'stock', header: 'Existencia', format: 'number', sortable: true, align: 'right', render: (r) => (r.category === 'epp' ? String(r.stock) : '—'), exportValue: (r) => (r.category === 'epp' ? r.stock : null) },
  { key: 'holder', header: 'En poder de', render: (r) => r.holderName ?? (r.category === 'epp' && r.outstanding ? `${r.outstanding} entregados` : '—'), exportValue: (r) => r.holderName ?? '' },
];

type NewTool = { code: string; name: string; serial: string; category: SecToolCategory; stock: string };
const required = (v: string) => (v.trim() ? null : common.required);

function NewToolDialog({ onClose }: { onClose: (id: string | null) => void }) {
  const [create] = useMutation(SecToolCreateDocument);
  const form = useForm<NewTool>({ mode: 'controlled', initialValues: { code: '', name: '', serial: '', category: 'herramienta', stock: '0' }, validate: { code: required, name: required } });
  const { save, saving, error } = useFormSave({ form, fields: ['code', 'name', 'serial', 'category', 'stock'], onSaved: () => onClose(null) });
  const v = form.values;
  const submit = () =>
    save(async (values) => {
      const r = await create({ variables: { input: { ...values, stock: values.category === 'epp' ? Number(values.stock || 0) : 0 } } });
      const id = r.data?.secToolCreate.id ?? null;
      return { message: `${values.code} dado de alta.`, onSaved: () => onClose(id) };
    });
  return (
    <FormDialog title="Nueva herramienta o EPP" opened onClose={() => onClose(null)} onSubmit={submit} saving={saving} error={error} size="md">
      <Select label="Categoría" data={OPTIONS.toolCategory} value={v.category} onChange={(c) => form.setFieldValue('category', (c ?? 'herramienta') as SecToolCategory)} allowDeselect={false} />
      <TextInput label="Código" required maxLength={40} {...form.getInputProps('code')} />
      <TextInput label="Nombre" required maxLength={150} {...form.getInputProps('name')} />
      <TextInput label="Número de serie" maxLength={80} {...form.getInputProps('serial')} />
      {v.category === 'epp' ? <NumberField label="Existencia inicial" description={`Máximo ${formatNumber(EPP_STOCK_MAX, 0)}.`} precision={0} min={0} max={EPP_STOCK_MAX} {...form.getInputProps('stock')} /> : null}
    </FormDialog>
  );
}

export function ToolsPage() {
  const navigate = useNavigate();
  const access = useScreenAccess(MODULE, 'Herramientas');
  const [creating, setCreating] = useState(false);
  const params = useListParams({ sortBy: 'code', sortDirection: 'ASC', filters: { category: '', status: '' } });
  const { category, status } = params.filters;
  const filter = { ...(category ? { category: category as SecToolCategory } : {}), ...(status ? { status: status as SecToolStatus } : {}) };
  const list = useServerList(SecToolListDocument, params, { filter }, (d) => d.secTools, { entity: 'sec_tool' });
  return (
    <>
      <ListPage
        description="Herramientas controladas por unidad y EPP por existencia. Cada entrega, devolución y reparación queda en su historial."
        exportName="Herramientas"
        searchPlaceholder="Buscar por código, nombre, serie o quien la tiene"
        columns={COLUMNS}
        rows={list.rows}
        total={list.total}
        loading={list.loading}
        error={list.error}
        params={params}
        rowKey={(r) => r.id}
        onRowClick={(r) => void navigate(`${SECURITY_PATHS.tool}?id=${r.id}`)}
        fetchAll={access.exportar ? list.fetchAll : undefined}
        filters={
          <>
            <Select aria-label="Categoría" placeholder="Todas las categorías" data={OPTIONS.toolCategory} value={category || null} onChange={(x) => params.setFilter('category', x ?? '')} clearable w={180} />
            <Select aria-label="Estado" placeholder="Todos los estados" data={OPTIONS.toolStatus} value={status || null} onChange={(x) => params.setFilter('status', x ?? '')} clearable w={170} />
          </>
        }
        actions={
          access.crear ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nueva herramienta
            </Button>
          ) : undefined
        }
      />
      {creating ? (
        <NewToolDialog
          onClose={(id) => {
            setCreating(false);
            if (id) void navigate(`${SECURITY_PATHS.tool}?id=${id}`);
          }}
        />
      ) : null}
    </>
  );
}
